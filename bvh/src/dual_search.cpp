#include "fecontact/bvh/dual_search.hpp"

#include <atomic>
#include <cstdint>
#include <memory>
#include <new>
#include <thread>

#include "find_pairs_impl.hpp"
#include "normal_slab.hpp"

namespace fecontact {
namespace {

using ObbOps = BoundingVolumeOps<Obb>;

// Volumes of the patches, each fitted when a search first asks for it: a slab for every pair
// of overlapping AABBs, an OBB for every pair that the slabs leave (none on the cylinders of
// bvh_scenes). A scene whose AABBs cull well fits a handful: a sweep over all patches cost the
// sphere of bvh_scenes 5 ms a search for 50 pairs. Whichever task asks first fits the volume and
// the others wait; the fit depends on the patch alone, so the volumes do not depend on the
// thread count. Storage is left uninitialised: only the volumes fitted are touched.
template <class Volume>
class LazyPatchVolumes {
 public:
  using Fit = Volume (*)(const PatchGeometry&, Index patch, double tolerance);

  LazyPatchVolumes(const PatchGeometry& geometry, double tolerance, Fit fit)
      : geometry_(geometry),
        tolerance_(tolerance),
        fit_(fit),
        state_(std::make_unique<std::atomic<std::uint8_t>[]>(static_cast<std::size_t>(geometry.size()))),
        storage_(std::make_unique_for_overwrite<Storage[]>(static_cast<std::size_t>(geometry.size()))) {}

  const Volume& operator[](Index patch) {
    const auto p = static_cast<std::size_t>(patch);
    std::uint8_t state = state_[p].load(std::memory_order_acquire);
    if (state == unfitted && state_[p].compare_exchange_strong(state, fitting, std::memory_order_acquire)) {
      std::construct_at(reinterpret_cast<Volume*>(storage_[p].bytes), fit_(geometry_, patch, tolerance_));
      state_[p].store(fitted, std::memory_order_release);
    }
    while (state_[p].load(std::memory_order_acquire) != fitted)  // another task is fitting it
      std::this_thread::yield();
    return *std::launder(reinterpret_cast<const Volume*>(storage_[p].bytes));
  }

 private:
  static constexpr std::uint8_t unfitted = 0, fitting = 1, fitted = 2;
  struct Storage {  // the volumes are trivially destructible: nothing to destroy
    alignas(Volume) unsigned char bytes[sizeof(Volume)];
  };
  const PatchGeometry& geometry_;
  double tolerance_;
  Fit fit_;
  std::unique_ptr<std::atomic<std::uint8_t>[]> state_;
  std::unique_ptr<Storage[]> storage_;
};

detail::NormalSlab fit_slab(const PatchGeometry& geometry, Index patch, double) {
  return detail::normal_slab(geometry, patch);
}

// As Bvh<Obb> fits its patch volumes.
Obb fit_inflated_obb(const PatchGeometry& geometry, Index patch, double tolerance) {
  const auto points = geometry.points_of(patch);
  return ObbOps::inflate(ObbOps::fit(ObbOps::summarize(points, geometry.triangles_of(patch)), points), tolerance);
}

// What the dual test knows of the patches of one tree.
struct DualVolumes {
  DualVolumes(const PatchGeometry& geometry, double tolerance)
      : geometry(geometry), slabs(geometry, tolerance, fit_slab), obbs(geometry, tolerance, fit_inflated_obb) {}
  const PatchGeometry& geometry;
  LazyPatchVolumes<detail::NormalSlab> slabs;
  LazyPatchVolumes<Obb> obbs;
};

// The test of a pair whose AABBs overlap, cheap half first: each patch's points against the
// other's normal slab (one BV test), then the PCA boxes (another). The slabs are given a gap of
// twice the tolerance: the AABBs and OBBs are each inflated by it.
bool dual_overlap(DualVolumes& a, Index p, DualVolumes& b, Index q, double tolerance, TraversalCounters& counters) {
  ++counters.bv_tests;
  if (!detail::slabs_within_reach(a.slabs[p], a.geometry.points_of(p), b.slabs[q], b.geometry.points_of(q),
                                  2 * tolerance))
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
