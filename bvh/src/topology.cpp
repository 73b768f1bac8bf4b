#include "topology.hpp"

#include <utility>

namespace fecontact::detail {

SlotTree::SlotTree(std::size_t prim_count)
    : slots(prim_count == 0 ? 0 : 2 * prim_count - 1) {}

void SlotTree::leaf(Index slot, Index begin, Index end) {
  slots[static_cast<std::size_t>(slot)] = {begin, end - begin};
}

void SlotTree::inner(Index slot, Index first_child) {
  slots[static_cast<std::size_t>(slot)] = {first_child, 0};
}

Topology compact(const SlotTree& tree, std::vector<Index> prim_ids) {
  Topology topology;
  topology.prim_ids = std::move(prim_ids);
  if (tree.slots.empty()) return topology;
  // Depth-first with an explicit stack of (slot, new position); children are given two
  // consecutive new positions when their parent is popped.
  std::vector<std::pair<Index, Index>> stack{{0, 0}};
  topology.nodes.resize(1);
  while (!stack.empty()) {
    const auto [slot, position] = stack.back();
    stack.pop_back();
    TopologyNode node = tree.slots[static_cast<std::size_t>(slot)];
    if (node.prim_count == 0) {
      const Index child_slot = node.index;
      node.index = static_cast<Index>(topology.nodes.size());
      topology.nodes.resize(topology.nodes.size() + 2);
      stack.emplace_back(child_slot + 1, node.index + 1);
      stack.emplace_back(child_slot, node.index);
    }
    topology.nodes[static_cast<std::size_t>(position)] = node;
  }
  return topology;
}

}  // namespace fecontact::detail
