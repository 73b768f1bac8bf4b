// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The bounding-volume hierarchy: a plain struct of flat arrays, no pointers (the layout of
// madmann91/bvh v2). Build, refit, quality and traversal are free functions in their own headers.

#include <vector>

#include "fecontact/bvh/bounding_volume.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// A binary tree over patches. nodes[0] is the root (an empty tree has no node). An inner node's
/// children are nodes[index] and nodes[index + 1], both stored after their parent, so a sweep
/// from the last node to the first visits children before parents; and the descendants of a
/// node are contiguous (both children, the left child's descendants, the right child's), so a
/// subtree is one range of nodes. A leaf holds the patches
/// prim_ids[index .. index + prim_count). prim_volumes[i] is the volume of patch prim_ids[i]
/// (inflated by `tolerance`) packed within its leaf's volume (BoundingVolumeOps::pack: AABBs in
/// 12 bytes), read through prim_volume; every node volume contains the volumes beneath it.
template <BoundingVolume BV>
struct Bvh {
  struct Node {
    BV volume;
    Index index = 0;       ///< inner: first child; leaf: first position in prim_ids
    Index prim_count = 0;  ///< 0 for an inner node
    bool is_leaf() const { return prim_count > 0; }
  };

  std::vector<Node> nodes;
  std::vector<Index> prim_ids;
  std::vector<typename BoundingVolumeOps<BV>::Packed> prim_volumes;
  /// The distance ≥ 0 by which every patch volume is inflated: set by build, kept by refit, so
  /// that a refitted tree answers the same question as the tree it was built as.
  double tolerance = 0;

  /// The volume of the patch at position i of prim_ids, which lies in `leaf`.
  BV prim_volume(const Node& leaf, Index i) const {
    return BoundingVolumeOps<BV>::unpack(prim_volumes[static_cast<std::size_t>(i)], leaf.volume);
  }
  bool empty() const { return nodes.empty(); }
  Index size() const { return static_cast<Index>(prim_ids.size()); }  ///< number of patches
};

}  // namespace fecontact
