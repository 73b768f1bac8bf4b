// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// refit<BV>: patch and node volumes in one parallel bottom-up pass. Instantiated in refit.cpp.

#include <type_traits>

#include "bottom_up.hpp"
#include "fecontact/detail/assert.hpp"
#include "fecontact/bvh/refit.hpp"

namespace fecontact {
namespace detail {

// The shape refit keeps for the patch at position i: its volume, stored as it is (Packed = BV,
// bounding_volume.hpp) and read in place (not copied: an OBB is 120 bytes), or, for a packed
// volume (AABB, whose shape is its kind alone), an empty one: unpacking it would be wasted work.
template <BoundingVolume BV>
decltype(auto) shape_of(const Bvh<BV>& tree, Index i) {
  if constexpr (std::is_same_v<typename BoundingVolumeOps<BV>::Packed, BV>)
    return (tree.prim_volumes[static_cast<std::size_t>(i)]);
  else return BV{};
}

}  // namespace detail

template <BoundingVolume BV>
void refit(Bvh<BV>& tree, const PatchGeometry& geometry) {
  FECONTACT_ASSERT(geometry.size() == tree.size(), "refit: geometry of other patches than the tree's");
  using Ops = BoundingVolumeOps<BV>;
  detail::traverse_bottom_up(
      tree,
      [&](auto& leaf, std::span<BV> volumes) {
        for (std::size_t k = 0; k < volumes.size(); ++k) {
          const Index i = leaf.index + static_cast<Index>(k);
          detail::prefetch_ahead(tree, geometry, i);
          const auto points = geometry.points_of(tree.prim_ids[static_cast<std::size_t>(i)]);
          volumes[k] = Ops::inflate(Ops::fit_like(detail::shape_of(tree, i), points), tree.tolerance);
        }
        detail::set_leaf<BV>(tree, leaf, leaf.volume, volumes);
      },
      [](auto& node, const auto& left, const auto& right) { detail::enclose_children<BV>(node, left, right); });
}

}  // namespace fecontact
