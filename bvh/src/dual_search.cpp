#include "fecontact/bvh/dual_search.hpp"

#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>

#include "find_pairs_impl.hpp"
#include "normal_slab.hpp"

namespace fecontact {
namespace {

// The patches' normal slabs, each fitted when a search first asks for it: a scene whose AABBs
// cull well fits a handful (a sweep over all patches cost the sphere of bvh_scenes 5 ms a search
// for its 84 pairs). Whichever task asks first fits it and the others wait; the fit depends on
// the patch alone, so the slabs do not depend on the thread count. Storage is left
// uninitialised: only the slabs fitted are touched.
class LazyNormalSlabs {
 public:
  explicit LazyNormalSlabs(const PatchGeometry& geometry)
      : geometry_(geometry),
        state_(std::make_unique<std::atomic<std::uint8_t>[]>(static_cast<std::size_t>(geometry.size()))),
        storage_(std::make_unique_for_overwrite<detail::NormalSlab[]>(static_cast<std::size_t>(geometry.size()))) {}

  const detail::NormalSlab& operator[](Index patch) {
    const auto p = static_cast<std::size_t>(patch);
    std::uint8_t state = state_[p].load(std::memory_order_acquire);
    if (state == unfitted && state_[p].compare_exchange_strong(state, fitting, std::memory_order_acquire)) {
      storage_[p] = detail::normal_slab(geometry_, patch);
      state_[p].store(fitted, std::memory_order_release);
    }
    while (state_[p].load(std::memory_order_acquire) != fitted)  // another task is fitting it
      std::this_thread::yield();
    return storage_[p];
  }

 private:
  static constexpr std::uint8_t unfitted = 0, fitting = 1, fitted = 2;
  const PatchGeometry& geometry_;
  std::unique_ptr<std::atomic<std::uint8_t>[]> state_;
  std::unique_ptr<detail::NormalSlab[]> storage_;  // NormalSlab is trivial: left unwritten
};

// The slab test of a pair whose AABBs overlap (one BV test), with a gap of twice the tolerance:
// the AABBs are each inflated by it.
bool slabs_overlap(const PatchGeometry& a, LazyNormalSlabs& a_slabs, Index p, const PatchGeometry& b,
                   LazyNormalSlabs& b_slabs, Index q, double tolerance, TraversalCounters& counters) {
  ++counters.bv_tests;
  return detail::slabs_within_reach(a_slabs[p], a.points_of(p), b_slabs[q], b.points_of(q), 2 * tolerance);
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
