// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The broad phase: all pairs of patches whose volumes overlap, found in parallel over subtrees,
// sorted so that the output does not depend on the thread count.

#include <compare>
#include <cstddef>
#include <memory>
#include <vector>

#include "fecontact/bvh/bvh.hpp"
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

namespace detail {
struct PairSearchStorage;  // detail/pair_search_storage.hpp
}  // namespace detail

/// The scratch of the pair search, opaque to its caller. A caller that searches step after step
/// keeps one and passes it back with the same result object: once both have grown to a step's
/// size, a search allocates nothing.
class PairSearchBuffers {
 public:
  PairSearchBuffers();
  ~PairSearchBuffers();
  PairSearchBuffers(PairSearchBuffers&&) noexcept;
  PairSearchBuffers& operator=(PairSearchBuffers&&) noexcept;

  detail::PairSearchStorage& storage() { return *storage_; }  ///< for the search itself

 private:
  std::unique_ptr<detail::PairSearchStorage> storage_;
};

/// Every pair (p of a, q of b) whose patch volumes overlap, into `result` (its vectors reused).
/// The first levels of the simultaneous descent run serially until enough node pairs are
/// pending, then those run in parallel (parallel.hpp); pairs are sorted at the end.
template <BoundingVolume BV>
void find_pairs(const Bvh<BV>& a, const Bvh<BV>& b, PairSearch& result, PairSearchBuffers& buffers);

/// Every pair p < q of patches of one tree whose volumes overlap, neighbours included: which
/// pairs of touching patches matter (those sharing a node, an edge) is the caller's to decide.
template <BoundingVolume BV>
void find_self_pairs(const Bvh<BV>& tree, PairSearch& result, PairSearchBuffers& buffers);

/// find_pairs with buffers of its own, for a search made once.
template <BoundingVolume BV>
PairSearch find_pairs(const Bvh<BV>& a, const Bvh<BV>& b) {
  PairSearch result;
  PairSearchBuffers buffers;
  find_pairs(a, b, result, buffers);
  return result;
}

/// find_self_pairs with buffers of its own, for a search made once.
template <BoundingVolume BV>
PairSearch find_self_pairs(const Bvh<BV>& tree) {
  PairSearch result;
  PairSearchBuffers buffers;
  find_self_pairs(tree, result, buffers);
  return result;
}

extern template void find_pairs(const Bvh<Aabb>&, const Bvh<Aabb>&, PairSearch&, PairSearchBuffers&);
extern template void find_pairs(const Bvh<Obb>&, const Bvh<Obb>&, PairSearch&, PairSearchBuffers&);
extern template void find_self_pairs(const Bvh<Aabb>&, PairSearch&, PairSearchBuffers&);
extern template void find_self_pairs(const Bvh<Obb>&, PairSearch&, PairSearchBuffers&);

}  // namespace fecontact
