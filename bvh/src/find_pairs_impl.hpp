#pragma once
// find_pairs<BV>, find_self_pairs<BV>. Instantiated in instantiations.cpp.

#include <algorithm>
#include <bit>
#include <cstdint>

#include "fecontact/assert.hpp"
#include "fecontact/bvh/detail/traversal_step.hpp"
#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/parallel.hpp"
#include "radix_sort.hpp"

namespace fecontact::detail {

/// Node pairs pending before the parallel phase: enough for load balance on a few threads.
inline constexpr std::size_t parallel_front_size = 256;
/// Node pairs visited serially first: a search that ends within them never pays for a
/// parallel region (a few microseconds, far more on a loaded machine).
inline constexpr std::size_t serial_node_pairs = 4096;

// All the pairs of the parts, sorted. Distinct pairs have one sorted order, so any sort is
// independent of the thread count: the parts are concatenated in parallel and radix-sorted on
// (a, b) packed in one key (sorting by comparisons took most of a search that reports many).
inline std::vector<PatchPair> sorted_pairs(const std::vector<PairSearch>& parts, Index second_count) {
  std::vector<std::size_t> begin(parts.size() + 1, 0);
  for (std::size_t k = 0; k < parts.size(); ++k) begin[k + 1] = begin[k] + parts[k].pairs.size();
  std::vector<PatchPair> pairs(begin.back());
  parallel_for(parts.size(), 16, [&](std::size_t k) {
    std::copy(parts[k].pairs.begin(), parts[k].pairs.end(), pairs.begin() + static_cast<std::ptrdiff_t>(begin[k]));
  });
  const int b_bits = std::bit_width(static_cast<std::uint64_t>(second_count));
  radix_sort(pairs, [b_bits](const PatchPair& p) {
    return static_cast<std::uint64_t>(p.a) << b_bits | static_cast<std::uint64_t>(p.b);
  });
  return pairs;
}

// Breadth-first until serial_node_pairs pairs are visited and the front holds
// parallel_front_size pairs; then each front pair is descended depth-first in its own task, and
// all the pairs are sorted.
template <bool self, BoundingVolume BV, class Accept>
PairSearch search(const Bvh<BV>& a, const Bvh<BV>& b, Accept&& accept) {
  PairSearch result;
  std::vector<NodePair> front;
  std::size_t head = 0;
  const auto push_front = [&](NodePair p) { front.push_back(p); };
  const auto report_to = [&](PairSearch& out) {
    return [&](Index p, Index q) {
      if (!accept(p, q)) return;
      out.pairs.push_back({p, q});
      ++out.counters.pairs_reported;
    };
  };
  traversal_start<self>(a, b, push_front, result.counters);
  while (head < front.size() && (head < serial_node_pairs || front.size() - head < parallel_front_size))
    traversal_step<self>(a, b, front[head++], push_front, report_to(result), result.counters);

  std::vector<PairSearch> parts(front.size() - head + 1);
  parallel_for(parts.size() - 1, 1, [&](std::size_t k) {
    std::vector<NodePair> stack{front[head + k]};
    const auto push = [&](NodePair p) { stack.push_back(p); };
    const auto report = report_to(parts[k]);
    while (!stack.empty()) {
      const NodePair pair = stack.back();
      stack.pop_back();
      traversal_step<self>(a, b, pair, push, report, parts[k].counters);
    }
  });
  for (const PairSearch& part : parts) result.counters += part.counters;
  parts.back().pairs = std::move(result.pairs);  // the serial phase's pairs
  result.pairs = sorted_pairs(parts, b.size());
  return result;
}

}  // namespace fecontact::detail

namespace fecontact {

template <BoundingVolume BV>
PairSearch find_pairs(const Bvh<BV>& a, const Bvh<BV>& b) {
  return detail::search<false>(a, b, [](Index, Index) { return true; });
}

template <BoundingVolume BV>
PairSearch find_self_pairs(const Bvh<BV>& tree, const PatchSet& patches) {
  FECONTACT_ASSERT(patches.size() == tree.size(), "find_self_pairs: patches of another tree");
  return detail::search<true>(tree, tree, [&](Index p, Index q) { return !share_node(patches, p, patches, q); });
}

}  // namespace fecontact
