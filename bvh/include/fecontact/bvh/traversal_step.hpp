// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// One step of a simultaneous descent of two trees (or of a tree against itself): the building
// block of the serial traversal and of the parallel pair search.

#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>
#include <variant>

#include "fecontact/bvh/bvh.hpp"
#include "fecontact/bvh/traversal_counters.hpp"

namespace fecontact::detail {

/// A pair of overlapping nodes still to visit: node a of the first tree, node b of the second.
/// In a self traversal a == b stands for the pairs inside one node.
struct NodePair {
  Index a = 0;
  Index b = 0;
};

/// The patch volumes of one leaf as a leaf-against-leaf test reads them, by position in the leaf:
/// unpacked once when the tree stores them packed (unpacking a packed AABB costs more than
/// testing it, and each is tested against every patch of the other leaf), read in place
/// otherwise.
template <class BV>
class LeafVolumes {
  static constexpr bool packed = !std::is_same_v<typename BoundingVolumeOps<BV>::Packed, BV>;
  static constexpr Index capacity = 4;  ///< BuildConfig's default leaf size; larger leaves unpack the rest at each read

 public:
  LeafVolumes(const Bvh<BV>& tree, const typename Bvh<BV>::Node& leaf) : tree_(tree), leaf_(leaf) {
    if constexpr (packed)
      for (Index k = 0; k < std::min(leaf.prim_count, capacity); ++k)
        unpacked_[static_cast<std::size_t>(k)] = tree.prim_volume(leaf, leaf.index + k);
  }
  decltype(auto) operator[](Index k) const {
    if constexpr (packed)
      return k < capacity ? unpacked_[static_cast<std::size_t>(k)] : tree_.prim_volume(leaf_, leaf_.index + k);
    else
      return static_cast<const BV&>(tree_.prim_volumes[static_cast<std::size_t>(leaf_.index + k)]);
  }

 private:
  const Bvh<BV>& tree_;
  const typename Bvh<BV>::Node& leaf_;
  std::conditional_t<packed, std::array<BV, capacity>, std::monostate> unpacked_{};
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
      const LeafVolumes<BV> volumes(ta, na);
      for (Index i = 0; i < na.prim_count; ++i) {
        for (Index j = i + 1; j < na.prim_count; ++j) {
          ++counters.bv_tests;
          if (!Ops::overlap(volumes[i], volumes[j])) continue;
          const Index p = ta.prim_ids[static_cast<std::size_t>(na.index + i)];
          const Index q = ta.prim_ids[static_cast<std::size_t>(na.index + j)];
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
    const LeafVolumes<BV> volumes_b(tb, nb);
    for (Index i = na.index; i < na.index + na.prim_count; ++i) {
      const BV vi = ta.prim_volume(na, i);
      for (Index j = 0; j < nb.prim_count; ++j) {
        ++counters.bv_tests;
        if (!Ops::overlap(vi, volumes_b[j])) continue;
        const Index p = ta.prim_ids[static_cast<std::size_t>(i)];
        const Index q = tb.prim_ids[static_cast<std::size_t>(nb.index + j)];
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
