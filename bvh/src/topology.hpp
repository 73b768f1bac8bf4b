// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The shape of a tree before it has volumes: which patches go to which leaf. Both builders
// place the node of a range of k patches in a slot fixed by the recursion alone (its subtree
// owns 2k − 1 slots), so tasks write disjoint slots and the layout never depends on the thread
// count; compact() then drops the unused slots in parallel.

#include <vector>

#include "fecontact/bvh/build.hpp"
#include "fecontact/bvh/patch_geometry.hpp"
#include "fecontact/bvh/detail/uninitialized_storage.hpp"

namespace fecontact::detail {

/// A node without volume: the meaning of index and prim_count is that of Bvh::Node.
struct TopologyNode {
  Index index;
  Index prim_count;
};

struct Topology {
  UninitializedVector<TopologyNode> nodes;  // every node written by compact()
  std::vector<Index> prim_ids;
};

/// Binned-SAH topology over the patches' boxes, inflated by config.tolerance (config.max_leaf_size,
/// bin_count, traversal_cost).
Topology binned_sah_topology(const PatchGeometry& geometry, const BuildConfig& config);

/// Linear (Morton-code) topology over the centres of the patches' boxes.
Topology morton_topology(const PatchGeometry& geometry, const BuildConfig& config);

/// Slot bookkeeping shared by both builders: slots of the 2n − 1 nodes of a tree over n patches.
/// The node of a range of k patches in slot s with descendants from slot f owns the slots s and
/// [f, f + 2k − 2); an inner node puts its children in f and f + 1, the left child's descendants
/// from f + 2 and the right child's after them. So children are adjacent and after their parent
/// and a node's descendants are contiguous, in slot order; a leaf leaves its 2k − 2 unused.
struct SlotTree {
  UninitializedVector<TopologyNode> slots;  ///< each written once, by leaf() or inner()
  explicit SlotTree(std::size_t prim_count);
  /// Makes slot `slot` a leaf over prim_ids[begin, end), its slots from `free` unused.
  void leaf(Index slot, Index free, Index begin, Index end);
  /// Makes slot `slot` an inner node whose children take slots `first_child` and first_child + 1.
  void inner(Index slot, Index first_child);
};

/// Runs split(begin, end, slot, free) over all `count` patches from the root slot: in a parallel
/// region whose tasks split_children makes, or on this thread alone for at most `grain` patches
/// (below one task's worth a parallel region costs more than it saves).
template <class Split>
void split_from_root(Index count, Index grain, Split&& split) {
  if (count == 0) return;
#pragma omp parallel if (count > grain)
#pragma omp single
  split(Index{0}, count, Index{0}, Index{1});
}

/// Makes `slot` an inner node over [begin, end) cut at `middle` and splits both halves in the
/// children's slots: the left half as a task when the range has more than `grain` patches.
template <class Split>
void split_children(SlotTree& tree, Index begin, Index middle, Index end, Index slot, Index free, Index grain,
                    Split&& split) {
  tree.inner(slot, free);
  const Index right_free = free + 2 * (middle - begin);
  if (end - begin > grain) {
#pragma omp task default(shared) firstprivate(begin, middle, free)
    split(begin, middle, free, free + 2);
    split(middle, end, free + 1, right_free);
#pragma omp taskwait
  } else {
    split(begin, middle, free, free + 2);
    split(middle, end, free + 1, right_free);
  }
}

/// The used slots in slot order (which keeps children adjacent after their parent and the
/// descendants of a node contiguous), child indices renumbered: a parallel prefix count.
Topology compact(const SlotTree& tree, std::vector<Index> prim_ids);

}  // namespace fecontact::detail
