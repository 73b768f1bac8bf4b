#include "fecontact/bvh/dual_search.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>

#include "find_pairs_impl.hpp"
#include "normal_slab.hpp"

namespace fecontact {
namespace {

// The patches' normal slabs, fitted in blocks of consecutive patches when a search first asks
// for one of a block's: a scene whose AABBs cull well fits a few blocks (fitting all 121k slabs
// of the sphere of bvh_scenes cost 2.4 ms a search, for its 84 pairs), and a scene that needs
// them all fits them in order, a block per atomic state (fitted one by one, two threads fitting
// neighbouring patches shared cache lines: the cylinders' search scaled 1.3× on 2 threads).
// Whichever task asks first fits the block and the others wait; the fit depends on the patch
// alone, so the slabs do not depend on the thread count. Storage is left uninitialised: only the
// blocks fitted are touched.
class LazyNormalSlabs {
 public:
  explicit LazyNormalSlabs(const PatchGeometry& geometry)
      : geometry_(geometry),
        state_(std::make_unique<std::atomic<std::uint8_t>[]>(block_count(geometry.size()))),
        storage_(std::make_unique_for_overwrite<detail::NormalSlab[]>(static_cast<std::size_t>(geometry.size()))) {}

  const detail::NormalSlab& operator[](Index patch) {
    const auto p = static_cast<std::size_t>(patch);
    std::atomic<std::uint8_t>& state = state_[p / block_size];
    std::uint8_t seen = state.load(std::memory_order_acquire);
    if (seen == unfitted && state.compare_exchange_strong(seen, fitting, std::memory_order_acquire)) {
      fit_block(p / block_size);
      state.store(fitted, std::memory_order_release);
    }
    while (state.load(std::memory_order_acquire) != fitted)  // another task is fitting the block
      std::this_thread::yield();
    return storage_[p];
  }

 private:
  static constexpr std::size_t block_size = 64;  // 64 slabs: 48 cache lines, a few µs to fit
  static constexpr std::uint8_t unfitted = 0, fitting = 1, fitted = 2;

  static std::size_t block_count(Index patches) {
    return (static_cast<std::size_t>(patches) + block_size - 1) / block_size;
  }
  void fit_block(std::size_t block) {
    const std::size_t end = std::min((block + 1) * block_size, static_cast<std::size_t>(geometry_.size()));
    for (std::size_t p = block * block_size; p < end; ++p)
      storage_[p] = detail::normal_slab(geometry_, static_cast<Index>(p));
  }

  const PatchGeometry& geometry_;
  std::unique_ptr<std::atomic<std::uint8_t>[]> state_;  // one per block
  std::unique_ptr<detail::NormalSlab[]> storage_;       // NormalSlab is trivial: left unwritten
};

// The slab test of a pair whose AABBs overlap (one BV test), with a gap of twice the tolerance:
// the AABBs are each inflated by it. a's slab first: where facets face each other across a gap
// it culls alone, and b's slab is not fitted (on the cylinders, half the fits).
bool slabs_overlap(const PatchGeometry& a, LazyNormalSlabs& a_slabs, Index p, const PatchGeometry& b,
                   LazyNormalSlabs& b_slabs, Index q, double tolerance, TraversalCounters& counters) {
  ++counters.bv_tests;
  const auto a_points = a.points_of(p), b_points = b.points_of(q);
  return !detail::beyond_slab(a_slabs[p], a_points.front(), b_points, 2 * tolerance) &&
         !detail::beyond_slab(b_slabs[q], b_points.front(), a_points, 2 * tolerance);
}

}  // namespace

PairSearch find_pairs_dual(const Bvh<Aabb>& a, const PatchGeometry& a_geometry, const Bvh<Aabb>& b,
                           const PatchGeometry& b_geometry, double tolerance) {
  FECONTACT_ASSERT(a_geometry.size() == a.size() && b_geometry.size() == b.size() && tolerance >= 0,
                   "find_pairs_dual: the geometry of each tree's patches and a tolerance >= 0 expected");
  LazyNormalSlabs a_slabs(a_geometry), b_slabs(b_geometry);
  const auto dual_test = [&](Index p, Index q, TraversalCounters& counters) {
    return slabs_overlap(a_geometry, a_slabs, p, b_geometry, b_slabs, q, tolerance, counters);
  };
  return detail::merged(detail::search_parts<false>(a, b, dual_test), a.size());
}

PairSearch find_self_pairs_dual(const Bvh<Aabb>& tree, const PatchGeometry& geometry, const PatchSet& patches,
                                double tolerance) {
  FECONTACT_ASSERT(geometry.size() == tree.size() && patches.size() == tree.size() && tolerance >= 0,
                   "find_self_pairs_dual: the tree's patches, their geometry and a tolerance >= 0 expected");
  LazyNormalSlabs slabs(geometry);
  const auto apart_and_dual_test = [&](Index p, Index q, TraversalCounters& counters) {
    return !share_node(patches, p, patches, q) &&
           slabs_overlap(geometry, slabs, p, geometry, slabs, q, tolerance, counters);
  };
  return detail::merged(detail::search_parts<true>(tree, tree, apart_and_dual_test), tree.size());
}

}  // namespace fecontact
