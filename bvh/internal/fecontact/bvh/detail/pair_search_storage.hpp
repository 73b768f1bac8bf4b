// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What PairSearchBuffers holds (find_pairs.hpp): the pair search's scratch, kept from step to step.

#include <cstddef>
#include <vector>

#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/bvh/traversal_step.hpp"

namespace fecontact::detail {

/// What one task of the pair search found, with its stack.
struct SearchPart {
  std::vector<PatchPair> pairs;
  std::vector<NodePair> stack;
  TraversalCounters counters;
};

struct PairSearchStorage {
  std::vector<NodePair> front;                   ///< node pairs of the serial phase
  std::vector<SearchPart> parts;                 ///< [0]: the serial phase; then one per task
  std::vector<std::vector<std::size_t>> counts;  ///< the pair sort's counts, one array per run
  std::vector<std::size_t> first_position;       ///< the pair sort's start of each first id
};

}  // namespace fecontact::detail
