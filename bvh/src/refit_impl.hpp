#pragma once
// refit<BV>: patch volumes in parallel, then nodes bottom-up. Instantiated in instantiations.cpp.

#include "bottom_up.hpp"
#include "fecontact/assert.hpp"
#include "fecontact/bvh/refit.hpp"
#include "fecontact/parallel.hpp"

namespace fecontact {

template <BoundingVolume BV>
void refit(Bvh<BV>& tree, const PatchGeometry& geometry, double tolerance) {
  FECONTACT_ASSERT(geometry.size() == tree.size(), "refit: geometry of other patches than the tree's");
  using Ops = BoundingVolumeOps<BV>;
  parallel_for(tree.prim_volumes.size(), 2048, [&](std::size_t i) {
    BV& volume = tree.prim_volumes[i];
    volume = Ops::inflate(Ops::fit_like(volume, geometry.points_of(tree.prim_ids[i])), tolerance);
  });
  detail::traverse_bottom_up(
      tree, [&](auto& leaf) { leaf.volume = Ops::enclose_like(leaf.volume, detail::leaf_volumes(tree, leaf)); },
      [](auto& node, const auto& left, const auto& right) { detail::enclose_children<BV>(node, left, right); });
}

}  // namespace fecontact
