#pragma once
// find_pairs<BV>, find_self_pairs<BV>. Instantiated in instantiations.cpp.

#include <algorithm>

#include "fecontact/assert.hpp"
#include "fecontact/bvh/detail/traversal_step.hpp"
#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/parallel.hpp"

namespace fecontact::detail {

/// Node pairs pending before the parallel phase: enough for load balance on a few threads.
inline constexpr std::size_t parallel_front_size = 256;
/// Node pairs visited serially first: a search that ends within them never pays for a
/// parallel region (a few microseconds, far more on a loaded machine).
inline constexpr std::size_t serial_node_pairs = 4096;

// The pairs of all the parts, sorted: each part's pairs are sorted, so they are merged pairwise,
// level by level, the merges of a level in parallel (the upper levels of a merge sort; a serial
// sort of all the pairs took most of a search that reports many).
inline std::vector<PatchPair> merge_sorted_runs(std::vector<PairSearch>& parts) {
  std::vector<std::vector<PatchPair>> runs;
  runs.reserve(parts.size());
  for (PairSearch& part : parts) runs.push_back(std::move(part.pairs));
  while (runs.size() > 1) {
    std::vector<std::vector<PatchPair>> merged((runs.size() + 1) / 2);
    parallel_for(merged.size(), 1, [&](std::size_t k) {
      if (2 * k + 1 == runs.size()) {
        merged[k] = std::move(runs[2 * k]);
        return;
      }
      const auto& left = runs[2 * k];
      const auto& right = runs[2 * k + 1];
      merged[k].resize(left.size() + right.size());
      std::merge(left.begin(), left.end(), right.begin(), right.end(), merged[k].begin());
    });
    runs = std::move(merged);
  }
  return runs.empty() ? std::vector<PatchPair>{} : std::move(runs.front());
}

// Breadth-first until serial_node_pairs pairs are visited and the front holds
// parallel_front_size pairs; then each front pair is descended depth-first in its own task, which
// sorts its pairs, and the sorted runs are merged.
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
    std::sort(parts[k].pairs.begin(), parts[k].pairs.end());
  });
  std::sort(result.pairs.begin(), result.pairs.end());
  for (const PairSearch& part : parts) result.counters += part.counters;
  parts.back().pairs = std::move(result.pairs);  // the serial phase's pairs: one more sorted run
  result.pairs = merge_sorted_runs(parts);
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
