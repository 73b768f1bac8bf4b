#pragma once
// The broad phase: all pairs of patches whose volumes overlap, found in parallel over subtrees,
// sorted so that the output does not depend on the thread count.

#include <compare>
#include <vector>

#include "fecontact/bvh/bvh.hpp"
#include "fecontact/bvh/patches.hpp"
#include "fecontact/bvh/traversal_counters.hpp"

namespace fecontact {

struct PatchPair {
  Index a = 0;  ///< patch of the first tree (self search: the smaller id)
  Index b = 0;  ///< patch of the second tree (self search: the larger id)
  friend auto operator<=>(const PatchPair&, const PatchPair&) = default;
};

struct PairSearch {
  std::vector<PatchPair> pairs;  ///< sorted, no duplicates
  TraversalCounters counters;    ///< identical for any thread count
};

/// Every pair (p of a, q of b) whose patch volumes overlap. The first levels of the
/// simultaneous descent run serially until enough node pairs are pending, then those run in
/// parallel (parallel.hpp); pairs are sorted at the end.
template <BoundingVolume BV>
PairSearch find_pairs(const Bvh<BV>& a, const Bvh<BV>& b);

/// Every pair p < q of patches of one tree whose volumes overlap and which share no mesh node
/// (`patches`: the patches the tree was built over, for their node lists).
template <BoundingVolume BV>
PairSearch find_self_pairs(const Bvh<BV>& tree, const PatchSet& patches);

extern template PairSearch find_pairs(const Bvh<Aabb>&, const Bvh<Aabb>&);
extern template PairSearch find_pairs(const Bvh<Obb>&, const Bvh<Obb>&);
extern template PairSearch find_self_pairs(const Bvh<Aabb>&, const PatchSet&);
extern template PairSearch find_self_pairs(const Bvh<Obb>&, const PatchSet&);

}  // namespace fecontact
