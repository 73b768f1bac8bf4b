// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Bottom-up traversal (refit, node volumes of a build), in parallel over subtrees.

#include <array>
#include <cstddef>
#include <span>
#include <vector>

#include "fecontact/bvh/bvh.hpp"
#include "fecontact/bvh/patch_geometry.hpp"
#include "fecontact/detail/parallel.hpp"

namespace fecontact::detail {

/// Subtrees handed to the threads by traverse_bottom_up: enough for load balance on a few.
inline constexpr std::size_t bottom_up_subtrees = 64;

/// Trees of fewer patches are swept by one thread: their sweep is shorter than waking a second.
inline constexpr Index bottom_up_parallel_patches = 8192;

/// One past the last descendant of inner node k. The descendants of a node are the contiguous
/// nodes [index, end) (bvh.hpp): both children, then the left child's descendants, then the
/// right child's; so the last one lies under the last inner child on the way down.
template <BoundingVolume BV>
std::size_t descendants_end(const Bvh<BV>& tree, std::size_t k) {
  for (;;) {
    const auto child = static_cast<std::size_t>(tree.nodes[k].index);
    if (!tree.nodes[child + 1].is_leaf()) k = child + 1;
    else if (!tree.nodes[child].is_leaf()) k = child;
    else return child + 2;
  }
}

/// Room for the volumes of one leaf's patches: on the stack for leaves of up to 16 patches (the
/// builders' default leaves hold 4), so that a refit allocates nothing.
template <BoundingVolume BV>
class LeafScratch {
 public:
  std::span<BV> volumes(std::size_t count) {
    if (count <= small_.size()) return std::span<BV>(small_.data(), count);
    if (large_.size() < count) large_.resize(count);
    return std::span<BV>(large_.data(), count);
  }

 private:
  std::array<BV, 16> small_;
  std::vector<BV> large_;
};

/// Calls leaf_fn(leaf, volumes) or inner_fn(node, left, right) for node k.
template <BoundingVolume BV, class LeafFn, class InnerFn>
void visit_bottom_up(Bvh<BV>& tree, std::size_t k, LeafScratch<BV>& scratch, LeafFn& leaf_fn, InnerFn& inner_fn) {
  auto& node = tree.nodes[k];
  if (node.is_leaf()) {
    leaf_fn(node, scratch.volumes(static_cast<std::size_t>(node.prim_count)));
  } else {
    const auto child = static_cast<std::size_t>(node.index);
    inner_fn(node, tree.nodes[child], tree.nodes[child + 1]);
  }
}

/// Most nodes the cut of traverse_bottom_up visits: its lists then fit on the stack, and a tree
/// so lopsided that the cut would need more is cut there (fewer, larger subtrees).
inline constexpr std::size_t max_cut_nodes = 1024;

/// Calls leaf_fn(leaf, volumes) for leaves (`volumes`: a scratch span of prim_count volumes) and
/// inner_fn(node, left, right) for inner nodes, children first. The top of the tree is cut
/// breadth-first into about bottom_up_subtrees subtrees, which run in parallel (in a tree of
/// bottom_up_parallel_patches or more), each a sweep from
/// its last node to its first over its contiguous descendants (children lie after their parent);
/// then the nodes above the cut, deepest first. Each call must touch only its own node (and its
/// leaf's patches), so the result does not depend on the thread count. Allocates nothing (for
/// leaves of up to 16 patches).
template <BoundingVolume BV, class LeafFn, class InnerFn>
void traverse_bottom_up(Bvh<BV>& tree, LeafFn&& leaf_fn, InnerFn&& inner_fn) {
  if (tree.empty()) return;
  std::array<std::size_t, max_cut_nodes> front;  // breadth-first: [0, head) visited, then pending
  std::array<std::size_t, max_cut_nodes> top;    // inner nodes above the cut, parents before children
  std::array<std::size_t, max_cut_nodes> roots;  // subtrees below it
  std::size_t front_size = 1, head = 0, top_size = 0, root_count = 0;
  front[0] = 0;
  while (head < front_size && front_size - head < bottom_up_subtrees && front_size + 2 <= max_cut_nodes) {
    const std::size_t k = front[head++];
    if (tree.nodes[k].is_leaf()) {
      roots[root_count++] = k;
      continue;
    }
    top[top_size++] = k;
    const auto child = static_cast<std::size_t>(tree.nodes[k].index);
    front[front_size++] = child;
    front[front_size++] = child + 1;
  }
  for (std::size_t k = head; k < front_size; ++k) roots[root_count++] = front[k];
  const std::size_t subtrees_per_task = tree.size() < bottom_up_parallel_patches ? root_count : 1;
  detail::parallel_for(root_count, subtrees_per_task, [&](std::size_t r) {
    LeafScratch<BV> scratch;
    const std::size_t root = roots[r];
    if (!tree.nodes[root].is_leaf()) {
      const auto first = static_cast<std::size_t>(tree.nodes[root].index);
      for (std::size_t k = descendants_end(tree, root); k-- > first;) visit_bottom_up(tree, k, scratch, leaf_fn, inner_fn);
    }
    visit_bottom_up(tree, root, scratch, leaf_fn, inner_fn);
  });
  LeafScratch<BV> scratch;
  for (std::size_t i = top_size; i-- > 0;) visit_bottom_up(tree, top[i], scratch, leaf_fn, inner_fn);
}

/// Positions of prim_ids between the patch a leaf function reads and the one it prefetches.
inline constexpr Index prefetch_distance = 32;

/// Asks the cache for the points of the patch at position i − prefetch_distance of prim_ids: the
/// sweep runs backwards through prim_ids, whose order (the tree's) is not the geometry's, so
/// without it every patch's points are a cache miss the sweep waits for (a third of a refit's
/// time on the sphere scene of bvh_scenes). Always inlined: GCC deems a function whose only
/// effect is a prefetch pure and drops calls to it.
template <BoundingVolume BV>
[[gnu::always_inline]] inline void prefetch_ahead(const Bvh<BV>& tree, const PatchGeometry& geometry, Index i) {
  if (i < prefetch_distance) return;
  const auto points = geometry.points_of(tree.prim_ids[static_cast<std::size_t>(i - prefetch_distance)]);
  if (points.empty()) return;
  __builtin_prefetch(points.data());
  __builtin_prefetch(points.data() + points.size() - 1);  // a patch's points may span two lines
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
