#pragma once
// The patches beneath each node form one range of prim_ids (builders partition in place).

#include <utility>
#include <vector>

#include "fecontact/bvh/bvh.hpp"

namespace fecontact::detail {

using PrimRange = std::pair<Index, Index>;  // [begin, end) in prim_ids

/// Range of prim_ids beneath every node, by a sweep from the last node (children first).
template <BoundingVolume BV>
std::vector<PrimRange> node_prim_ranges(const Bvh<BV>& tree) {
  std::vector<PrimRange> ranges(tree.nodes.size());
  for (std::size_t k = tree.nodes.size(); k-- > 0;) {
    const auto& node = tree.nodes[k];
    if (node.is_leaf()) {
      ranges[k] = {node.index, node.index + node.prim_count};
    } else {
      ranges[k] = {ranges[static_cast<std::size_t>(node.index)].first,
                   ranges[static_cast<std::size_t>(node.index) + 1].second};
    }
  }
  return ranges;
}

}  // namespace fecontact::detail
