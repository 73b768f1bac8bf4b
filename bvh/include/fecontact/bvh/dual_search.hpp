#pragma once
// The dual mode of the pair search: cull with the AABB tree, then with the patches' normal
// slabs. AABBs are cheap and exact on axis-aligned surfaces; on tilted ones (coaxial shells,
// where every facet's AABB reaches across a small gap) a patch's normal slab, its extent along
// its mean normal, is as thin as the patch's sagitta. A pair of overlapping AABBs is culled when
// one patch's points all lie beyond the other's slab: a few dot products a pair, the slabs
// fitted (a cross product and a normalisation for a facet) in blocks of 64 patches when a pair
// first needs one of a block's. This is
// the test on the two normals that makes PCA boxes cull such scenes, made on the patches
// themselves rather than on their boxes, so it culls more there (bvh_scenes/README.md).

#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/bvh/patch_geometry.hpp"

namespace fecontact {

/// The pairs of find_pairs(a, b) whose patches' points come within twice `tolerance` (the
/// tree's) of each other's normal slab: slabs of the patches' points in `a_geometry` /
/// `b_geometry` (the geometry the tree was built or last refitted on). No pair whose patches come
/// within twice the tolerance is dropped. Counters: the AABB search's, plus one BV test per pair of
/// overlapping patch boxes (its one or two slab tests); pairs_reported counts the pairs kept.
/// Preconditions: a_geometry.size() == a.size(), b_geometry.size() == b.size(), tolerance ≥ 0.
PairSearch find_pairs_dual(const Bvh<Aabb>& a, const PatchGeometry& a_geometry, const Bvh<Aabb>& b,
                           const PatchGeometry& b_geometry, double tolerance);

/// The pairs of find_self_pairs(tree, patches) that the slabs keep (as find_pairs_dual).
PairSearch find_self_pairs_dual(const Bvh<Aabb>& tree, const PatchGeometry& geometry, const PatchSet& patches,
                                double tolerance);

}  // namespace fecontact
