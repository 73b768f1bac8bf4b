#include "fecontact/bvh/dual_search.hpp"

#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>

#include "find_pairs_impl.hpp"

namespace fecontact {
namespace {

using ObbOps = BoundingVolumeOps<Obb>;

// The patches' OBBs, each fitted (and inflated) as Bvh<Obb> fits its patch volumes, when a
// search first asks for it: a scene whose AABBs cull well fits a handful. Whichever task asks
// first fits it and the others wait; the fit depends on the patch alone, so the boxes do not
// depend on the thread count. Storage is left uninitialised: only the boxes fitted are touched.
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

}  // namespace

PairSearch find_pairs_dual(const Bvh<Aabb>& a, const PatchGeometry& a_geometry, const Bvh<Aabb>& b,
                           const PatchGeometry& b_geometry, double tolerance) {
  FECONTACT_ASSERT(a_geometry.size() == a.size() && b_geometry.size() == b.size() && tolerance >= 0,
                   "find_pairs_dual: the geometry of each tree's patches and a tolerance >= 0 expected");
  LazyPatchObbs a_obbs(a_geometry, tolerance), b_obbs(b_geometry, tolerance);
  const auto obbs_overlap = [&](Index p, Index q, TraversalCounters& counters) {
    ++counters.bv_tests;
    return ObbOps::overlap(a_obbs[p], b_obbs[q]);
  };
  return detail::merged(detail::search_parts<false>(a, b, obbs_overlap), a.size());
}

PairSearch find_self_pairs_dual(const Bvh<Aabb>& tree, const PatchGeometry& geometry, const PatchSet& patches,
                                double tolerance) {
  FECONTACT_ASSERT(geometry.size() == tree.size() && patches.size() == tree.size() && tolerance >= 0,
                   "find_self_pairs_dual: the tree's patches, their geometry and a tolerance >= 0 expected");
  LazyPatchObbs obbs(geometry, tolerance);
  const auto apart_and_obbs_overlap = [&](Index p, Index q, TraversalCounters& counters) {
    if (share_node(patches, p, patches, q)) return false;
    ++counters.bv_tests;
    return ObbOps::overlap(obbs[p], obbs[q]);
  };
  return detail::merged(detail::search_parts<true>(tree, tree, apart_and_obbs_overlap), tree.size());
}

}  // namespace fecontact
