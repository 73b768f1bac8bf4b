#pragma once
// Tree-against-tree and tree-against-itself traversal, calling back on every pair of patches
// whose volumes overlap (serial; find_pairs.hpp is the parallel, sorted search).

#include <concepts>
#include <vector>

#include "fecontact/bvh/detail/traversal_step.hpp"

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

}  // namespace fecontact
