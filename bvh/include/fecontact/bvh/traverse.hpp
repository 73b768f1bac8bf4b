// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Tree-against-tree, tree-against-itself and volume-against-tree traversal, calling back on
// every pair of patches whose volumes overlap (serial; find_pairs.hpp is the parallel, sorted
// search). All three are the one simultaneous descent of traversal_step.

#include <concepts>
#include <vector>

#include "fecontact/bvh/traversal_step.hpp"

namespace fecontact {

namespace detail {

// The serial stack-driven descent shared by traverse and traverse_self.
template <bool self, BoundingVolume BV, class OnPair>
TraversalCounters traverse_pairs(const Bvh<BV>& a, const Bvh<BV>& b, OnPair& on_pair) {
  TraversalCounters counters;
  std::vector<NodePair> stack;
  const auto push = [&](NodePair p) { stack.push_back(p); };
  const auto report = [&](Index p, Index q) {
    ++counters.pairs_reported;
    on_pair(p, q);
  };
  traversal_start<self>(a, b, push, counters);
  while (!stack.empty()) {
    const NodePair pair = stack.back();
    stack.pop_back();
    traversal_step<self>(a, b, pair, push, report, counters);
  }
  return counters;
}

}  // namespace detail

/// Calls on_pair(patch of a, patch of b) for every pair whose patch volumes overlap, by
/// simultaneous descent; returns the counters. Serial; the call order is deterministic.
template <BoundingVolume BV, class OnPair>
TraversalCounters traverse(const Bvh<BV>& a, const Bvh<BV>& b, OnPair&& on_pair) {
  static_assert(std::invocable<OnPair&, Index, Index>,
                "traverse: the callback must be callable as on_pair(Index patch_a, Index patch_b)");
  return detail::traverse_pairs<false>(a, b, on_pair);
}

/// Calls on_pair(p, q), p < q, once for every pair of distinct patches of `tree` whose volumes
/// overlap (neighbours included: find_self_pairs excludes patches sharing a node).
template <BoundingVolume BV, class OnPair>
TraversalCounters traverse_self(const Bvh<BV>& tree, OnPair&& on_pair) {
  static_assert(std::invocable<OnPair&, Index, Index>,
                "traverse_self: the callback must be callable as on_pair(Index p, Index q)");
  return detail::traverse_pairs<true>(tree, tree, on_pair);
}

/// Queries of single volumes against a tree, one after another (a slave node's box against the
/// master tree): each is the simultaneous descent of traverse with the volume as a tree of one
/// patch. The query tree and the stack are kept between queries, so that a query allocates
/// nothing once the stack has grown.
template <BoundingVolume BV>
class VolumeQuery {
 public:
  VolumeQuery() {
    query_.nodes.resize(1);
    query_.nodes[0].prim_count = 1;
    query_.prim_ids.assign(1, 0);
    query_.prim_volumes.resize(1);
  }

  /// Calls on_patch(patch of `tree`) for every patch whose volume overlaps `volume`; adds to
  /// `counters`. The call order is deterministic.
  template <class OnPatch>
  void operator()(const Bvh<BV>& tree, const BV& volume, OnPatch&& on_patch, TraversalCounters& counters) {
    static_assert(std::invocable<OnPatch&, Index>, "VolumeQuery: the callback must be callable as on_patch(Index patch)");
    query_.nodes[0].volume = volume;
    query_.prim_volumes[0] = BoundingVolumeOps<BV>::pack(volume, volume);
    stack_.clear();
    const auto push = [&](detail::NodePair p) { stack_.push_back(p); };
    const auto report = [&](Index, Index q) {
      ++counters.pairs_reported;
      on_patch(q);
    };
    detail::traversal_start<false>(query_, tree, push, counters);
    while (!stack_.empty()) {
      const detail::NodePair pair = stack_.back();
      stack_.pop_back();
      detail::traversal_step<false>(query_, tree, pair, push, report, counters);
    }
  }

 private:
  Bvh<BV> query_;  ///< one leaf holding one patch: the query volume
  std::vector<detail::NodePair> stack_;
};

}  // namespace fecontact
