#pragma once
// Bottom-up traversal: children are stored after their parent, so a sweep from the last node to
// the first meets every child before its parent (the refit of madmann91/bvh v2).

#include "fecontact/bvh/bvh.hpp"

namespace fecontact::detail {

/// Calls leaf_fn(leaf) for leaves and inner_fn(node, left, right) for inner nodes, children first.
template <BoundingVolume BV, class LeafFn, class InnerFn>
void traverse_bottom_up(Bvh<BV>& tree, LeafFn&& leaf_fn, InnerFn&& inner_fn) {
  for (std::size_t k = tree.nodes.size(); k-- > 0;) {
    auto& node = tree.nodes[k];
    if (node.is_leaf()) {
      leaf_fn(node);
    } else {
      const auto child = static_cast<std::size_t>(node.index);
      inner_fn(node, tree.nodes[child], tree.nodes[child + 1]);
    }
  }
}

/// The patch volumes of a leaf.
template <BoundingVolume BV>
std::span<const BV> leaf_volumes(const Bvh<BV>& tree, const typename Bvh<BV>::Node& leaf) {
  return std::span<const BV>(tree.prim_volumes)
      .subspan(static_cast<std::size_t>(leaf.index), static_cast<std::size_t>(leaf.prim_count));
}

/// Node volume enclosing two children, with the orientation of `node`.
template <BoundingVolume BV>
void enclose_children(typename Bvh<BV>::Node& node, const typename Bvh<BV>::Node& left,
                      const typename Bvh<BV>::Node& right) {
  const std::array<BV, 2> children{left.volume, right.volume};
  node.volume = BoundingVolumeOps<BV>::enclose_like(node.volume, children);
}

}  // namespace fecontact::detail
