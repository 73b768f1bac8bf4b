// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Building a BVH over patches: top-down, by binned SAH or by Morton codes.

#include "fecontact/bvh/bvh.hpp"
#include "fecontact/bvh/patch_geometry.hpp"

namespace fecontact {

enum class Builder {
  binned_sah,  ///< top-down binned surface-area heuristic (Wald 2007), subtrees as OpenMP tasks
  morton,      ///< linear BVH: split sorted Morton codes at their highest differing bit (Karras 2012)
};

/// Build settings; every default is a good general choice (benchmarks/bvh_scenes).
struct BuildConfig {
  /// Morton builds in a fraction of SAH's time and culls as well with AABBs; with OBBs SAH trees
  /// cull better, for trees queried many times per build.
  Builder builder = Builder::morton;
  /// Most patches in a leaf (≥ 1). 4 keeps the AABB tree near 1 node per patch and leaves cheap.
  Index max_leaf_size = 4;
  /// SAH bins per axis (≥ 2): 16 is within a few percent of a full sweep (Wald 2007, §3).
  int bin_count = 16;
  /// SAH cost of visiting an inner node relative to testing one patch.
  double traversal_cost = 1.0;
  /// Search distance ≥ 0 by which every patch volume is inflated (pairs closer than about this
  /// distance are reported).
  double tolerance = 0.0;
  /// Subtrees with fewer patches are built serially inside one task.
  Index task_grain = 2048;
};

/// Builds the tree of the patches of `geometry`: patch volumes are fitted to their control
/// points and inflated by config.tolerance; AABB nodes enclose their children (exact), OBB nodes
/// take the axes of the area-weighted covariance of all the control-net triangles beneath them
/// (Gottschalk, Lin & Manocha 1996, combined from the children's moments) and enclose their
/// children's volumes (leaves: their patch volumes), in one linear bottom-up pass. The topology
/// is chosen on the patches' AABBs whatever BV is. Zero patches give an empty tree. The result
/// does not depend on the thread count.
template <BoundingVolume BV>
Bvh<BV> build(const PatchGeometry& geometry, const BuildConfig& config = {});

extern template Bvh<Aabb> build(const PatchGeometry&, const BuildConfig&);
extern template Bvh<Obb> build(const PatchGeometry&, const BuildConfig&);

}  // namespace fecontact
