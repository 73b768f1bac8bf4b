// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The dual mode of the pair search: cull with the AABB tree, then with the patches' normal
// slabs. AABBs are cheap and exact on axis-aligned surfaces; on tilted ones (coaxial shells,
// where every facet's AABB reaches across a small gap) a patch's normal slab, its extent along
// its mean normal, is as thin as the patch's sagitta. A pair of overlapping AABBs is culled when
// one patch's points all lie beyond the other's slab: a few dot products a pair, the slabs
// fitted (a cross product and a normalisation for a facet) in blocks of 64 patches when a pair
// first needs one of a block's. This is the test on the two normals that makes PCA boxes cull
// such scenes, made on the patches themselves rather than on their boxes, so it culls more there.

#include <memory>

#include <Eigen/Core>

#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/bvh/patch_geometry.hpp"

namespace fecontact {

namespace detail {
struct DualSearchStorage;  // detail/dual_search_storage.hpp
}  // namespace detail

/// The scratch of the dual search (as PairSearchBuffers): keep one to search again without
/// allocating.
class DualSearchBuffers {
 public:
  DualSearchBuffers();
  ~DualSearchBuffers();
  DualSearchBuffers(DualSearchBuffers&&) noexcept;
  DualSearchBuffers& operator=(DualSearchBuffers&&) noexcept;

  detail::DualSearchStorage& storage() { return *storage_; }  ///< for the search itself

 private:
  std::unique_ptr<detail::DualSearchStorage> storage_;
};

/// The pairs of find_pairs(a, b) whose patches' points come within a.tolerance + b.tolerance
/// (the distance the trees' volumes were inflated by together) of each other's normal slab:
/// slabs of the patches' points in `a_geometry` / `b_geometry` (the geometry the tree was built
/// or last refitted on). No pair whose patches come that close is dropped. Counters: the AABB
/// search's, plus one BV test per pair of overlapping patch boxes (its one or two slab tests);
/// pairs_reported counts the pairs kept. Preconditions: a_geometry.size() == a.size(),
/// b_geometry.size() == b.size().
void find_pairs_dual(const Bvh<Aabb>& a, const PatchGeometry& a_geometry, const Bvh<Aabb>& b,
                     const PatchGeometry& b_geometry, PairSearch& result, DualSearchBuffers& buffers);

/// The pairs of find_self_pairs(tree) that the slabs keep (as find_pairs_dual, the distance
/// twice tree.tolerance).
void find_self_pairs_dual(const Bvh<Aabb>& tree, const PatchGeometry& geometry, PairSearch& result,
                          DualSearchBuffers& buffers);

/// find_pairs_dual with buffers of its own, for a search made once.
PairSearch find_pairs_dual(const Bvh<Aabb>& a, const PatchGeometry& a_geometry, const Bvh<Aabb>& b,
                           const PatchGeometry& b_geometry);

/// find_self_pairs_dual with buffers of its own, for a search made once.
PairSearch find_self_pairs_dual(const Bvh<Aabb>& tree, const PatchGeometry& geometry);

/// True when `point` lies farther than `distance` ≥ 0 beyond the normal slab of `patch`, and so
/// farther than `distance` from the patch: the dual test of a point (a slave node) against a
/// patch whose AABB it overlaps. The slab is fitted at each call.
bool beyond_normal_slab(const PatchGeometry& geometry, Index patch, const Eigen::Vector3d& point, double distance);

}  // namespace fecontact
