// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// find_pairs<BV>, find_self_pairs<BV>. Instantiated in instantiations.cpp.

#include <algorithm>
#include <array>
#include <span>
#include <utility>

#include "fecontact/bvh/detail/pair_search_storage.hpp"
#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/bvh/traversal_step.hpp"
#include "fecontact/detail/assert.hpp"
#include "fecontact/detail/parallel.hpp"

namespace fecontact::detail {

/// Node pairs pending before the parallel phase: enough for load balance on a few threads.
inline constexpr std::size_t parallel_front_size = 256;
/// Node pairs visited serially first: a search that ends within them never pays for a
/// parallel region (a few microseconds, far more on a loaded machine).
inline constexpr std::size_t serial_node_pairs = 4096;
/// Pairs sorted by each thread at least: fewer are counted and placed faster than a second
/// thread wakes.
inline constexpr std::size_t pairs_per_sort_run = 32768;
/// Runs of the pair sort at most (one per thread; more threads sort in as many runs).
inline constexpr std::size_t max_sort_runs = 64;

// Parts [first[r], first[r + 1]) make run r of `runs` runs holding about as many pairs each.
// `first` has room for runs + 1 entries.
inline void part_runs(std::span<const SearchPart> parts, std::size_t total, std::size_t runs,
                      std::span<std::size_t> first) {
  std::fill(first.begin(), first.begin() + static_cast<std::ptrdiff_t>(runs + 1), parts.size());
  first[0] = 0;
  std::size_t run = 1;
  std::size_t seen = 0;
  for (std::size_t k = 0; k < parts.size() && run < runs; ++k) {
    seen += parts[k].pairs.size();
    while (run < runs && seen * runs >= total * run) first[run++] = k + 1;
  }
}

// All the pairs of the parts, sorted, into `sorted`. Distinct pairs have one sorted order, so
// any sort is independent of the thread count. Many pairs (a comparison sort took most of a
// search that reports many, a radix sort of (a, b) keys half of it): a counting sort by first
// id, then the few pairs of each first id sorted by second id. Its count array has one entry
// per patch of the first tree, so below a quarter as many pairs one comparison sort is cheaper.
// The counting and the scattering run in parallel over runs of consecutive parts: one per
// thread, but no more than pairs per first id (so that the runs' count arrays take no more room
// than the pairs) nor than one per pairs_per_sort_run pairs. Each run counts into its own array
// and puts its pairs of first id a after those of the runs before it.
inline void sort_pairs(std::span<const SearchPart> parts, Index first_count, std::vector<PatchPair>& sorted,
                       PairSearchStorage& buffers) {
  const auto n = static_cast<std::size_t>(first_count);
  std::size_t total = 0;
  for (const SearchPart& part : parts) total += part.pairs.size();
  sorted.clear();
  if (total < n / 4) {
    for (const SearchPart& part : parts) sorted.insert(sorted.end(), part.pairs.begin(), part.pairs.end());
    std::sort(sorted.begin(), sorted.end());
    return;
  }
  const std::size_t per_id = total / std::max(n, std::size_t{1});
  const std::size_t runs = std::clamp(std::min(per_id, total / pairs_per_sort_run), std::size_t{1},
                                      std::min(static_cast<std::size_t>(detail::max_threads()), max_sort_runs));
  std::array<std::size_t, max_sort_runs + 1> first_part;
  part_runs(parts, total, runs, first_part);
  const auto for_each_pair = [&](std::size_t run, auto&& fn) {
    for (std::size_t k = first_part[run]; k < first_part[run + 1]; ++k)
      for (const PatchPair& p : parts[k].pairs) fn(p);
  };
  // next[run][a]: the run's count of pairs of first id a, then the position of its next one.
  std::vector<std::vector<std::size_t>>& next = buffers.counts;
  if (next.size() < runs) next.resize(runs);
  detail::parallel_for(runs, 1, [&](std::size_t run) {
    next[run].assign(n, 0);
    for_each_pair(run, [&](const PatchPair& p) { ++next[run][static_cast<std::size_t>(p.a)]; });
  });
  // Two serial steps, side by side: the prefix over the counts, and the value-initialisation of
  // the output. A sort of one run (under pairs_per_sort_run pairs) takes both in one task.
  std::vector<std::size_t>& begin = buffers.first_position;  // begin[a]: where first id a's pairs start
  begin.resize(n + 1);
  detail::parallel_for(2, runs > 1 ? 1 : 2, [&](std::size_t step) {
    if (step == 1) {
      sorted.resize(total);
      return;
    }
    std::size_t position = 0;
    for (std::size_t a = 0; a < n; ++a) {
      begin[a] = position;
      for (std::size_t run = 0; run < runs; ++run) position += std::exchange(next[run][a], position);
    }
    begin[n] = position;
  });
  detail::parallel_for(runs, 1, [&](std::size_t run) {
    for_each_pair(run, [&](const PatchPair& p) { sorted[next[run][static_cast<std::size_t>(p.a)]++] = p; });
  });
  // The first ids are equal: comparing second ids alone halves the time of these tiny sorts.
  detail::parallel_for(n, 4096, [&](std::size_t a) {
    std::sort(sorted.begin() + static_cast<std::ptrdiff_t>(begin[a]),
              sorted.begin() + static_cast<std::ptrdiff_t>(begin[a + 1]),
              [](const PatchPair& p, const PatchPair& q) { return p.b < q.b; });
  });
}

// Breadth-first until serial_node_pairs pairs are visited and the front holds
// parallel_front_size pairs; then each front pair is descended depth-first in its own task.
// accept(p, q, counters) decides on each pair of patches whose volumes overlap. The parts
// found (unsorted pairs and counters) are buffers.parts[0 .. returned count): the serial
// phase's first, then one per task.
template <bool self, BoundingVolume BV, class Accept>
std::size_t search_parts(const Bvh<BV>& a, const Bvh<BV>& b, PairSearchStorage& buffers, Accept&& accept) {
  std::vector<NodePair>& front = buffers.front;
  front.clear();
  if (buffers.parts.empty()) buffers.parts.resize(1);
  SearchPart& serial = buffers.parts[0];
  serial.pairs.clear();
  serial.counters = {};
  std::size_t head = 0;
  const auto push_front = [&](NodePair p) { front.push_back(p); };
  const auto report_to = [&](std::vector<PatchPair>& pairs, TraversalCounters& counters) {
    return [&](Index p, Index q) {
      if (!accept(p, q, counters)) return;
      pairs.push_back({p, q});
      ++counters.pairs_reported;
    };
  };
  traversal_start<self>(a, b, push_front, serial.counters);
  while (head < front.size() && (head < serial_node_pairs || front.size() - head < parallel_front_size))
    traversal_step<self>(a, b, front[head++], push_front, report_to(serial.pairs, serial.counters), serial.counters);

  const std::size_t tasks = front.size() - head;
  if (buffers.parts.size() < tasks + 1) buffers.parts.resize(tasks + 1);
  detail::parallel_for(tasks, 1, [&](std::size_t k) {
    // The task works on its part's vectors moved into locals and moves them back at the end:
    // neighbouring parts share cache lines, which two threads counting into them would contend
    // for (false sharing).
    SearchPart& part = buffers.parts[k + 1];
    std::vector<PatchPair> pairs = std::move(part.pairs);
    std::vector<NodePair> stack = std::move(part.stack);
    TraversalCounters counters;
    pairs.clear();
    stack.assign(1, front[head + k]);
    const auto push = [&](NodePair p) { stack.push_back(p); };
    const auto report = report_to(pairs, counters);
    while (!stack.empty()) {
      const NodePair pair = stack.back();
      stack.pop_back();
      traversal_step<self>(a, b, pair, push, report, counters);
    }
    part.pairs = std::move(pairs);
    part.stack = std::move(stack);
    part.counters = counters;
  });
  return tasks + 1;
}

// The parts' pairs sorted into result.pairs and their counters summed (first_count: patches of
// the first tree).
inline void merge_parts(PairSearchStorage& buffers, std::size_t part_count, Index first_count, PairSearch& result) {
  const std::span<const SearchPart> parts(buffers.parts.data(), part_count);
  result.counters = {};
  for (const SearchPart& part : parts) result.counters += part.counters;
  sort_pairs(parts, first_count, result.pairs, buffers);
}

}  // namespace fecontact::detail

namespace fecontact {

template <BoundingVolume BV>
void find_pairs(const Bvh<BV>& a, const Bvh<BV>& b, PairSearch& result, PairSearchBuffers& buffers) {
  const auto every_pair = [](Index, Index, TraversalCounters&) { return true; };
  detail::merge_parts(buffers.storage(), detail::search_parts<false>(a, b, buffers.storage(), every_pair), a.size(),
                      result);
}

template <BoundingVolume BV>
void find_self_pairs(const Bvh<BV>& tree, PairSearch& result, PairSearchBuffers& buffers) {
  const auto every_pair = [](Index, Index, TraversalCounters&) { return true; };
  detail::merge_parts(buffers.storage(), detail::search_parts<true>(tree, tree, buffers.storage(), every_pair),
                      tree.size(), result);
}

}  // namespace fecontact
