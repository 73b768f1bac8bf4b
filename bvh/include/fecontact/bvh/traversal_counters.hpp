// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What a traversal did: the culling statistics of the benchmarks.

#include <cstdint>

namespace fecontact {

struct TraversalCounters {
  std::uint64_t node_pairs = 0;      ///< node pairs visited
  std::uint64_t bv_tests = 0;        ///< overlap tests of volumes, node and patch ones
  std::uint64_t leaf_pairs = 0;      ///< leaf pairs reached (their patch volumes then tested)
  std::uint64_t pairs_reported = 0;  ///< patch pairs handed to the caller

  TraversalCounters& operator+=(const TraversalCounters& o) {
    node_pairs += o.node_pairs;
    bv_tests += o.bv_tests;
    leaf_pairs += o.leaf_pairs;
    pairs_reported += o.pairs_reported;
    return *this;
  }
  friend bool operator==(const TraversalCounters&, const TraversalCounters&) = default;
};

}  // namespace fecontact
