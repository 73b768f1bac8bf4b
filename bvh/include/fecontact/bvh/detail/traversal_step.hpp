#pragma once
// One step of a simultaneous descent of two trees (or of a tree against itself): the building
// block of the serial traversal and of the parallel pair search.

#include <cstdint>

#include "fecontact/bvh/bvh.hpp"
#include "fecontact/bvh/traversal_counters.hpp"

namespace fecontact::detail {

/// A pair of overlapping nodes still to visit: node a of the first tree, node b of the second.
/// In a self traversal a == b stands for the pairs inside one node.
struct NodePair {
  Index a = 0;
  Index b = 0;
};

/// Visits one node pair: leaf against leaf tests the patch volumes and calls report(pa, pb)
/// (self: pa < pb, each pair once); otherwise pushes the child pairs whose volumes overlap,
/// descending the node with more surface area (Gottschalk 1996) or the inner one.
template <bool self, class BV, class Push, class Report>
void traversal_step(const Bvh<BV>& ta, const Bvh<BV>& tb, NodePair pair, Push&& push,
                    Report&& report, TraversalCounters& counters) {
  using Ops = BoundingVolumeOps<BV>;
  const auto& na = ta.nodes[static_cast<std::size_t>(pair.a)];
  const auto& nb = tb.nodes[static_cast<std::size_t>(pair.b)];
  ++counters.node_pairs;
  const auto test_push = [&](Index a, Index b) {
    ++counters.bv_tests;
    if (Ops::overlap(ta.nodes[static_cast<std::size_t>(a)].volume,
                     tb.nodes[static_cast<std::size_t>(b)].volume))
      push(NodePair{a, b});
  };
  if (self && pair.a == pair.b) {
    if (na.is_leaf()) {
      ++counters.leaf_pairs;
      for (Index i = na.index; i < na.index + na.prim_count; ++i) {
        const BV vi = ta.prim_volume(na, i);
        for (Index j = i + 1; j < na.index + na.prim_count; ++j) {
          ++counters.bv_tests;
          if (!Ops::overlap(vi, ta.prim_volume(na, j))) continue;
          const Index p = ta.prim_ids[static_cast<std::size_t>(i)];
          const Index q = ta.prim_ids[static_cast<std::size_t>(j)];
          report(p < q ? p : q, p < q ? q : p);
        }
      }
      return;
    }
    push(NodePair{na.index, na.index});
    push(NodePair{na.index + 1, na.index + 1});
    test_push(na.index, na.index + 1);
    return;
  }
  if (na.is_leaf() && nb.is_leaf()) {
    ++counters.leaf_pairs;
    for (Index i = na.index; i < na.index + na.prim_count; ++i) {
      const BV vi = ta.prim_volume(na, i);
      for (Index j = nb.index; j < nb.index + nb.prim_count; ++j) {
        ++counters.bv_tests;
        if (!Ops::overlap(vi, tb.prim_volume(nb, j))) continue;
        const Index p = ta.prim_ids[static_cast<std::size_t>(i)];
        const Index q = tb.prim_ids[static_cast<std::size_t>(j)];
        if (self) report(p < q ? p : q, p < q ? q : p);
        else report(p, q);
      }
    }
    return;
  }
  const bool descend_a =
      nb.is_leaf() || (!na.is_leaf() && Ops::surface_area(na.volume) >= Ops::surface_area(nb.volume));
  if (descend_a) {
    test_push(na.index, pair.b);
    test_push(na.index + 1, pair.b);
  } else {
    test_push(pair.a, nb.index);
    test_push(pair.a, nb.index + 1);
  }
}

/// The root pair to start from, if the roots overlap (counted as one BV test).
template <bool self, class BV, class Push>
void traversal_start(const Bvh<BV>& ta, const Bvh<BV>& tb, Push&& push, TraversalCounters& counters) {
  if (ta.empty() || tb.empty()) return;
  if (self) {
    push(NodePair{0, 0});
    return;
  }
  ++counters.bv_tests;
  if (BoundingVolumeOps<BV>::overlap(ta.nodes[0].volume, tb.nodes[0].volume)) push(NodePair{0, 0});
}

}  // namespace fecontact::detail
