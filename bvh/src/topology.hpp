#pragma once
// The shape of a tree before it has volumes: which patches go to which leaf. Both builders
// place the node of a range of k patches in a slot fixed by the recursion alone (its subtree
// owns 2k − 1 slots), so tasks write disjoint slots and the layout never depends on the thread
// count; compact() then packs the used slots depth-first.

#include <span>
#include <vector>

#include "fecontact/bvh/build.hpp"
#include "fecontact/geometry/aabb.hpp"

namespace fecontact::detail {

/// A node without volume: the meaning of index and prim_count is that of Bvh::Node.
struct TopologyNode {
  Index index = 0;
  Index prim_count = 0;
};

struct Topology {
  std::vector<TopologyNode> nodes;
  std::vector<Index> prim_ids;
};

/// Binned-SAH topology over the patch boxes (config.max_leaf_size, bin_count, traversal_cost).
Topology binned_sah_topology(std::span<const Aabb> boxes, const BuildConfig& config);

/// Linear (Morton-code) topology over the centres of the patch boxes.
Topology morton_topology(std::span<const Aabb> boxes, const BuildConfig& config);

/// Slot bookkeeping shared by both builders: slots of the 2n − 1 nodes of a tree over n patches.
struct SlotTree {
  std::vector<TopologyNode> slots;
  explicit SlotTree(std::size_t prim_count);
  /// Makes slot `slot` a leaf over prim_ids[begin, end).
  void leaf(Index slot, Index begin, Index end);
  /// Makes slot `slot` an inner node whose children take slots `first_child` and first_child + 1.
  void inner(Index slot, Index first_child);
};

/// Packs the used slots depth-first from the root: children adjacent, after their parent, and
/// the descendants of a node contiguous.
Topology compact(const SlotTree& tree, std::vector<Index> prim_ids);

}  // namespace fecontact::detail
