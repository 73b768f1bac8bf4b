#pragma once
// find_pairs<BV>, find_self_pairs<BV>. Instantiated in instantiations.cpp.

#include <algorithm>
#include <utility>

#include "fecontact/assert.hpp"
#include "fecontact/bvh/detail/traversal_step.hpp"
#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/parallel.hpp"
#include "uninitialized_storage.hpp"

namespace fecontact::detail {

/// Node pairs pending before the parallel phase: enough for load balance on a few threads.
inline constexpr std::size_t parallel_front_size = 256;
/// Node pairs visited serially first: a search that ends within them never pays for a
/// parallel region (a few microseconds, far more on a loaded machine).
inline constexpr std::size_t serial_node_pairs = 4096;
/// Pairs sorted by each thread at least: fewer are counted and placed faster than a second
/// thread wakes.
inline constexpr std::size_t pairs_per_sort_run = 32768;

// Parts [first[r], first[r + 1]) make run r of `runs` runs holding about as many pairs each.
inline std::vector<std::size_t> part_runs(const std::vector<PairSearch>& parts, std::size_t total, std::size_t runs) {
  std::vector<std::size_t> first(runs + 1, parts.size());
  first[0] = 0;
  std::size_t run = 1;
  std::size_t seen = 0;
  for (std::size_t k = 0; k < parts.size() && run < runs; ++k) {
    seen += parts[k].pairs.size();
    while (run < runs && seen * runs >= total * run) first[run++] = k + 1;
  }
  return first;
}

// All the pairs of the parts, sorted. Distinct pairs have one sorted order, so any sort is
// independent of the thread count. Many pairs (a comparison sort took most of a search that
// reports many, a radix sort of (a, b) keys half of it): a counting sort by first id, then the
// few pairs of each first id sorted by second id. Its count array has one entry per patch of
// the first tree, so below a quarter as many pairs one comparison sort is cheaper (the sphere's
// 116 pairs of 121k patches: 0.01 ms instead of 0.15 ms). The counting and the scattering run
// in parallel over runs of consecutive parts: one per thread, but no more than pairs per first
// id (so that the runs' count arrays take no more room than the pairs) nor than one per
// pairs_per_sort_run pairs. Each run counts into its own array and puts its pairs of first id a
// after those of the runs before it.
inline std::vector<PatchPair> sorted_pairs(const std::vector<PairSearch>& parts, Index first_count) {
  const auto n = static_cast<std::size_t>(first_count);
  std::size_t total = 0;
  for (const PairSearch& part : parts) total += part.pairs.size();
  std::vector<PatchPair> sorted;
  sorted.reserve(total);
  if (total < n / 4) {
    for (const PairSearch& part : parts) sorted.insert(sorted.end(), part.pairs.begin(), part.pairs.end());
    std::sort(sorted.begin(), sorted.end());
    return sorted;
  }
  const std::size_t per_id = total / std::max(n, std::size_t{1});
  const std::size_t runs = std::clamp(std::min(per_id, total / pairs_per_sort_run), std::size_t{1},
                                      static_cast<std::size_t>(max_threads()));
  const std::vector<std::size_t> first_part = part_runs(parts, total, runs);
  const auto for_each_pair = [&](std::size_t run, auto&& fn) {
    for (std::size_t k = first_part[run]; k < first_part[run + 1]; ++k)
      for (const PatchPair& p : parts[k].pairs) fn(p);
  };
  // next[run][a]: the run's count of pairs of first id a, then the position of its next one.
  std::vector<std::vector<std::size_t>> next(runs);
  parallel_for(runs, 1, [&](std::size_t run) {
    next[run].assign(n, 0);
    for_each_pair(run, [&](const PatchPair& p) { ++next[run][static_cast<std::size_t>(p.a)]; });
  });
  // Two serial steps, side by side: the prefix over the counts, and std::vector's
  // value-initialisation of the output (0.17–0.20 and 0.25–0.29 ms of the 1.6–2.0 ms sort of the
  // 382k pairs of the 122k cylinders of bvh_scenes on 2 threads, when they ran one after the other).
  // A sort of one run (under pairs_per_sort_run pairs) takes both steps in one task: one thread.
  UninitializedVector<std::size_t> begin(n + 1);  // begin[a]: the position of first id a's first pair
  parallel_for(2, runs > 1 ? 1 : 2, [&](std::size_t step) {
    if (step == 1) {
      sorted.resize(total);
      return;
    }
    std::size_t position = 0;
    for (std::size_t a = 0; a < n; ++a) {
      begin[a] = position;
      for (std::vector<std::size_t>& counts : next) position += std::exchange(counts[a], position);
    }
    begin[n] = position;
  });
  parallel_for(runs, 1, [&](std::size_t run) {
    for_each_pair(run, [&](const PatchPair& p) { sorted[next[run][static_cast<std::size_t>(p.a)]++] = p; });
  });
  // The first ids are equal: comparing second ids alone halves the time of these tiny sorts.
  parallel_for(n, 4096, [&](std::size_t a) {
    std::sort(sorted.begin() + static_cast<std::ptrdiff_t>(begin[a]),
              sorted.begin() + static_cast<std::ptrdiff_t>(begin[a + 1]),
              [](const PatchPair& p, const PatchPair& q) { return p.b < q.b; });
  });
  return sorted;
}

// Breadth-first until serial_node_pairs pairs are visited and the front holds
// parallel_front_size pairs; then each front pair is descended depth-first in its own task.
// accept(p, q, counters) decides on each pair of patches whose volumes overlap. Returns each
// task's pairs (unsorted) and counters, the serial phase's last.
template <bool self, BoundingVolume BV, class Accept>
std::vector<PairSearch> search_parts(const Bvh<BV>& a, const Bvh<BV>& b, Accept&& accept) {
  PairSearch serial;
  std::vector<NodePair> front;
  std::size_t head = 0;
  const auto push_front = [&](NodePair p) { front.push_back(p); };
  const auto report_to = [&](PairSearch& out) {
    return [&](Index p, Index q) {
      if (!accept(p, q, out.counters)) return;
      out.pairs.push_back({p, q});
      ++out.counters.pairs_reported;
    };
  };
  traversal_start<self>(a, b, push_front, serial.counters);
  while (head < front.size() && (head < serial_node_pairs || front.size() - head < parallel_front_size))
    traversal_step<self>(a, b, front[head++], push_front, report_to(serial), serial.counters);

  std::vector<PairSearch> parts(front.size() - head + 1);
  parallel_for(parts.size() - 1, 1, [&](std::size_t k) {
    // Found in a local and moved in at the end: neighbouring parts share cache lines, and
    // counting into them from two threads cost each thread 70% more time (false sharing).
    PairSearch part;
    std::vector<NodePair> stack{front[head + k]};
    const auto push = [&](NodePair p) { stack.push_back(p); };
    const auto report = report_to(part);
    while (!stack.empty()) {
      const NodePair pair = stack.back();
      stack.pop_back();
      traversal_step<self>(a, b, pair, push, report, part.counters);
    }
    parts[k] = std::move(part);
  });
  parts.back() = std::move(serial);
  return parts;
}

// The parts' pairs sorted and their counters summed (first_count: patches of the first tree).
inline PairSearch merged(const std::vector<PairSearch>& parts, Index first_count) {
  PairSearch result;
  for (const PairSearch& part : parts) result.counters += part.counters;
  result.pairs = sorted_pairs(parts, first_count);
  return result;
}

}  // namespace fecontact::detail

namespace fecontact {

template <BoundingVolume BV>
PairSearch find_pairs(const Bvh<BV>& a, const Bvh<BV>& b) {
  const auto every_pair = [](Index, Index, TraversalCounters&) { return true; };
  return detail::merged(detail::search_parts<false>(a, b, every_pair), a.size());
}

template <BoundingVolume BV>
PairSearch find_self_pairs(const Bvh<BV>& tree, const PatchSet& patches) {
  FECONTACT_ASSERT(patches.size() == tree.size(), "find_self_pairs: patches of another tree");
  const auto not_neighbours = [&](Index p, Index q, TraversalCounters&) {
    return !share_node(patches, p, patches, q);
  };
  return detail::merged(detail::search_parts<true>(tree, tree, not_neighbours), tree.size());
}

}  // namespace fecontact
