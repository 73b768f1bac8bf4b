#pragma once
// The dual mode of the pair search: cull with the AABB tree, then keep the patch pairs whose
// PCA boxes (OBBs) overlap too. AABBs are cheap and exact on axis-aligned surfaces; PCA boxes
// are as thin as a facet's sagitta on tilted ones (coaxial shells, where every facet's AABB
// reaches across a small gap). OBBs are fitted at search time and only for the patches of pairs
// whose AABBs overlap: a scene the AABBs cull well pays next to nothing for them.

#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/bvh/patch_geometry.hpp"

namespace fecontact {

/// The pairs of find_pairs(a, b) whose patches' OBBs overlap: each OBB fitted to the patch's
/// points in `a_geometry` / `b_geometry` (the geometry the tree was built or last refitted on)
/// as Bvh<Obb> fits its patch volumes, and inflated by `tolerance` (the tree's). Counters: the
/// AABB search's, plus one BV test per OBB test; pairs_reported counts the pairs kept.
/// Preconditions: a_geometry.size() == a.size(), b_geometry.size() == b.size(), tolerance ≥ 0.
PairSearch find_pairs_dual(const Bvh<Aabb>& a, const PatchGeometry& a_geometry, const Bvh<Aabb>& b,
                           const PatchGeometry& b_geometry, double tolerance);

/// The pairs of find_self_pairs(tree, patches) whose patches' OBBs overlap (as find_pairs_dual).
PairSearch find_self_pairs_dual(const Bvh<Aabb>& tree, const PatchGeometry& geometry, const PatchSet& patches,
                                double tolerance);

}  // namespace fecontact
