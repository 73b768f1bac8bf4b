#pragma once
// Bottom-up traversal (refit, node volumes of a build), in parallel over subtrees.

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "fecontact/bvh/bvh.hpp"
#include "fecontact/parallel.hpp"

namespace fecontact::detail {

/// Subtrees handed to the threads by traverse_bottom_up: enough for load balance on a few.
inline constexpr std::size_t bottom_up_subtrees = 64;

/// Calls leaf_fn(leaf) for the leaves of the subtree of node `root` and inner_fn(node, left,
/// right) for its inner nodes, children first (post-order, explicit stack).
template <BoundingVolume BV, class LeafFn, class InnerFn>
void subtree_bottom_up(Bvh<BV>& tree, std::size_t root, LeafFn& leaf_fn, InnerFn& inner_fn) {
  std::vector<std::pair<std::size_t, bool>> stack{{root, false}};  // (node, children done)
  while (!stack.empty()) {
    const auto [k, children_done] = stack.back();
    stack.pop_back();
    auto& node = tree.nodes[k];
    const auto child = static_cast<std::size_t>(node.index);
    if (node.is_leaf()) {
      leaf_fn(node);
    } else if (children_done) {
      inner_fn(node, tree.nodes[child], tree.nodes[child + 1]);
    } else {
      stack.insert(stack.end(), {{k, true}, {child + 1, false}, {child, false}});
    }
  }
}

/// Calls leaf_fn(leaf) for leaves and inner_fn(node, left, right) for inner nodes, children
/// first. The top of the tree is cut breadth-first into about bottom_up_subtrees subtrees, which
/// run in parallel; then the nodes above them, deepest first. Each call must touch only its own
/// node, so the result does not depend on the thread count.
template <BoundingVolume BV, class LeafFn, class InnerFn>
void traverse_bottom_up(Bvh<BV>& tree, LeafFn&& leaf_fn, InnerFn&& inner_fn) {
  if (tree.empty()) return;
  std::vector<std::size_t> top;    // inner nodes above the cut, parents before children
  std::vector<std::size_t> roots;  // subtrees below it
  std::vector<std::size_t> front{0};
  std::size_t head = 0;
  while (head < front.size() && front.size() - head < bottom_up_subtrees) {
    const std::size_t k = front[head++];
    if (tree.nodes[k].is_leaf()) {
      roots.push_back(k);
      continue;
    }
    top.push_back(k);
    const auto child = static_cast<std::size_t>(tree.nodes[k].index);
    front.insert(front.end(), {child, child + 1});
  }
  roots.insert(roots.end(), front.begin() + static_cast<std::ptrdiff_t>(head), front.end());
  parallel_for(roots.size(), 1, [&](std::size_t r) { subtree_bottom_up(tree, roots[r], leaf_fn, inner_fn); });
  for (std::size_t i = top.size(); i-- > 0;) {
    auto& node = tree.nodes[top[i]];
    const auto child = static_cast<std::size_t>(node.index);
    inner_fn(node, tree.nodes[child], tree.nodes[child + 1]);
  }
}

/// A per-thread buffer of `size` volumes for the patches of one leaf (no allocation per leaf).
template <BoundingVolume BV>
std::vector<BV>& leaf_scratch(Index size) {
  thread_local std::vector<BV> volumes;
  volumes.resize(static_cast<std::size_t>(size));
  return volumes;
}

/// Makes `leaf` the volume shaped like `shape` enclosing `volumes` (those of its patches, in
/// order) and stores them packed within it.
template <BoundingVolume BV>
void set_leaf(Bvh<BV>& tree, typename Bvh<BV>::Node& leaf, const BV& shape, std::span<const BV> volumes) {
  using Ops = BoundingVolumeOps<BV>;
  leaf.volume = Ops::enclose_like(shape, volumes);
  for (std::size_t k = 0; k < volumes.size(); ++k)
    tree.prim_volumes[static_cast<std::size_t>(leaf.index) + k] = Ops::pack(volumes[k], leaf.volume);
}

/// Node volume enclosing two children, with the orientation of `node`.
template <BoundingVolume BV>
void enclose_children(typename Bvh<BV>::Node& node, const typename Bvh<BV>::Node& left,
                      const typename Bvh<BV>::Node& right) {
  const std::array<BV, 2> children{left.volume, right.volume};
  node.volume = BoundingVolumeOps<BV>::enclose_like(node.volume, children);
}

}  // namespace fecontact::detail
