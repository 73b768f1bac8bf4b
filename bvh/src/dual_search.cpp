#include "fecontact/bvh/dual_search.hpp"

#include <atomic>
#include <cstdint>
#include <memory>
#include <new>
#include <thread>

#include "find_pairs_impl.hpp"
#include "normal_slab.hpp"
#include "uninitialized_vector.hpp"

namespace fecontact {
namespace {

using ObbOps = BoundingVolumeOps<Obb>;

// The patches' OBBs, each fitted (and inflated) as Bvh<Obb> fits its patch volumes, when a
// search first asks for it: only the pairs that the AABBs and the slabs leave need them (none
// on the cylinders of bvh_scenes). Whichever task asks first fits it and the others wait; the
// fit depends on the patch alone, so the boxes do not depend on the thread count. Storage is
// left uninitialised: only the boxes fitted are touched.
class LazyPatchObbs {
 public:
  LazyPatchObbs(const PatchGeometry& geometry, double tolerance)
      : geometry_(geometry),
        tolerance_(tolerance),
        state_(std::make_unique<std::atomic<std::uint8_t>[]>(static_cast<std::size_t>(geometry.size()))),
        storage_(std::make_unique_for_overwrite<Storage[]>(static_cast<std::size_t>(geometry.size()))) {}

  const Obb& operator[](Index patch) {
    const auto p = static_cast<std::size_t>(patch);
    std::uint8_t state = state_[p].load(std::memory_order_acquire);
    if (state == unfitted && state_[p].compare_exchange_strong(state, fitting, std::memory_order_acquire)) {
      const auto points = geometry_.points_of(patch);
      const auto shape = ObbOps::summarize(points, geometry_.triangles_of(patch));
      std::construct_at(reinterpret_cast<Obb*>(storage_[p].bytes),
                        ObbOps::inflate(ObbOps::fit(shape, points), tolerance_));
      state_[p].store(fitted, std::memory_order_release);
    }
    while (state_[p].load(std::memory_order_acquire) != fitted)  // another task is fitting it
      std::this_thread::yield();
    return *std::launder(reinterpret_cast<const Obb*>(storage_[p].bytes));
  }

 private:
  static constexpr std::uint8_t unfitted = 0, fitting = 1, fitted = 2;
  struct Storage {
    alignas(Obb) unsigned char bytes[sizeof(Obb)];
  };
  const PatchGeometry& geometry_;
  double tolerance_;
  std::unique_ptr<std::atomic<std::uint8_t>[]> state_;
  std::unique_ptr<Storage[]> storage_;
};

// The normal slabs of all patches, in patch order and in parallel: the geometry read front to
// back, about 10 ns a patch on one thread, a third of a refit. Fitted when first needed, like
// the OBBs, they cost more in cache misses and atomics than that on the cylinders of
// bvh_scenes, where every patch needs its slab.
detail::UninitializedVector<detail::NormalSlab> normal_slabs(const PatchGeometry& geometry) {
  detail::UninitializedVector<detail::NormalSlab> slabs(static_cast<std::size_t>(geometry.size()));
  parallel_for(slabs.size(), 4096,
               [&](std::size_t p) { slabs[p] = detail::normal_slab(geometry, static_cast<Index>(p)); });
  return slabs;
}

// What the dual test knows of the patches of one tree.
struct DualVolumes {
  DualVolumes(const PatchGeometry& geometry, double tolerance)
      : geometry(geometry), slabs(normal_slabs(geometry)), obbs(geometry, tolerance) {}
  const PatchGeometry& geometry;
  detail::UninitializedVector<detail::NormalSlab> slabs;
  LazyPatchObbs obbs;
};

// The test of a pair whose AABBs overlap, cheap half first: each patch's points against the
// other's normal slab (one BV test), then the PCA boxes (another). The slabs are given a gap of
// twice the tolerance: the AABBs and OBBs are each inflated by it.
bool dual_overlap(DualVolumes& a, Index p, DualVolumes& b, Index q, double tolerance, TraversalCounters& counters) {
  ++counters.bv_tests;
  if (!detail::slabs_within_reach(a.slabs[static_cast<std::size_t>(p)], a.geometry.points_of(p),
                                  b.slabs[static_cast<std::size_t>(q)], b.geometry.points_of(q), 2 * tolerance))
    return false;
  ++counters.bv_tests;
  return ObbOps::overlap(a.obbs[p], b.obbs[q]);
}

}  // namespace

PairSearch find_pairs_dual(const Bvh<Aabb>& a, const PatchGeometry& a_geometry, const Bvh<Aabb>& b,
                           const PatchGeometry& b_geometry, double tolerance) {
  FECONTACT_ASSERT(a_geometry.size() == a.size() && b_geometry.size() == b.size() && tolerance >= 0,
                   "find_pairs_dual: the geometry of each tree's patches and a tolerance >= 0 expected");
  DualVolumes a_volumes(a_geometry, tolerance), b_volumes(b_geometry, tolerance);
  const auto dual_test = [&](Index p, Index q, TraversalCounters& counters) {
    return dual_overlap(a_volumes, p, b_volumes, q, tolerance, counters);
  };
  return detail::merged(detail::search_parts<false>(a, b, dual_test), a.size());
}

PairSearch find_self_pairs_dual(const Bvh<Aabb>& tree, const PatchGeometry& geometry, const PatchSet& patches,
                                double tolerance) {
  FECONTACT_ASSERT(geometry.size() == tree.size() && patches.size() == tree.size() && tolerance >= 0,
                   "find_self_pairs_dual: the tree's patches, their geometry and a tolerance >= 0 expected");
  DualVolumes volumes(geometry, tolerance);
  const auto apart_and_dual_test = [&](Index p, Index q, TraversalCounters& counters) {
    return !share_node(patches, p, patches, q) && dual_overlap(volumes, p, volumes, q, tolerance, counters);
  };
  return detail::merged(detail::search_parts<true>(tree, tree, apart_and_dual_test), tree.size());
}

}  // namespace fecontact
