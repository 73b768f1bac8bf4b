#pragma once
// refit<BV>: patch and node volumes in one parallel bottom-up pass. Instantiated in instantiations.cpp.

#include "bottom_up.hpp"
#include "fecontact/assert.hpp"
#include "fecontact/bvh/refit.hpp"

namespace fecontact {

template <BoundingVolume BV>
void refit(Bvh<BV>& tree, const PatchGeometry& geometry, double tolerance) {
  FECONTACT_ASSERT(geometry.size() == tree.size(), "refit: geometry of other patches than the tree's");
  using Ops = BoundingVolumeOps<BV>;
  detail::traverse_bottom_up(
      tree,
      [&](auto& leaf) {
        auto& volumes = detail::leaf_scratch<BV>(leaf.prim_count);
        for (std::size_t k = 0; k < volumes.size(); ++k) {
          const Index i = leaf.index + static_cast<Index>(k);
          const auto points = geometry.points_of(tree.prim_ids[static_cast<std::size_t>(i)]);
          volumes[k] = Ops::inflate(Ops::fit_like(tree.prim_volume(leaf, i), points), tolerance);
        }
        detail::set_leaf<BV>(tree, leaf, leaf.volume, volumes);
      },
      [](auto& node, const auto& left, const auto& right) { detail::enclose_children<BV>(node, left, right); });
}

}  // namespace fecontact
