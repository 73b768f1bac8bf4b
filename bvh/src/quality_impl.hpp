// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// sah_cost<BV>. Instantiated in instantiations.cpp.

#include "fecontact/bvh/quality.hpp"

namespace fecontact {

template <BoundingVolume BV>
double sah_cost(const Bvh<BV>& tree, double traversal_cost) {
  using Ops = BoundingVolumeOps<BV>;
  double cost = 0;
  for (const auto& node : tree.nodes)
    cost += Ops::surface_area(node.volume) * (node.is_leaf() ? node.prim_count : traversal_cost);
  return cost;
}

}  // namespace fecontact
