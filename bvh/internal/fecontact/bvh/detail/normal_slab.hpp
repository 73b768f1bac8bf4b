// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The normal slab of a patch: the dual search's test (dual_search.hpp). A flat patch lies in a
// plane, and two patches whose planes keep them apart are culled by projecting one patch's
// points on the other's normal: a few dot products, no fit of a box. Coaxial shells 0.2% apart
// are told apart this way where every facet's AABB reaches across the gap, and more tightly than
// by their PCA boxes, whose extents along the other's normal include the box's width (the box,
// not the facet, is projected).

#include <array>
#include <limits>
#include <span>

#include <Eigen/Core>

#include "fecontact/bvh/patch_geometry.hpp"
#include "fecontact/types.hpp"

namespace fecontact::detail {

/// The points of a patch lie within [low, high] along `normal` from its first point (not stored:
/// the dual search reads the points of both patches anyway, and 48 bytes a patch fault in fewer
/// pages than 72). The normal is the patch's mean normal: the sum of its control-net triangles'
/// area vectors, normalised (a flat patch's plane normal, where low = high = 0; a facet's from
/// its three points, of either sign, which gives the same slab); any direction
/// would give a valid slab, this one is thin. Zero for a patch of zero area: such a slab culls
/// nothing. Plain doubles (trivial), so that storage for slabs is written only where one is fitted.
struct NormalSlab {
  std::array<double, 3> normal;
  double low;
  double high;
  double reach;  ///< the largest |x − first point|₁ over the points: scales the rounding slack
};

/// The slab of a patch of `geometry` (≥ 1 point).
NormalSlab normal_slab(const PatchGeometry& geometry, Index patch);

/// Bound on the rounding of n·(x − origin) relative to |x − origin|₁ (|nᵢ| ≤ 1): the difference,
/// three products and two sums, a few units each, with room to spare.
inline constexpr double slab_rounding = 16 * std::numeric_limits<double>::epsilon();

/// True when `points` all lie farther than `gap` ≥ 0 beyond the same side of the slab of the
/// patch whose first point is `origin`: then none of them comes within `gap` of that patch. The
/// slack covers the rounding of the projections, the slab's own (slab.reach) and each point's
/// (|x − origin|₁), so that touching patches (gap 0) are never beyond. NaN: not beyond. Only the
/// slab of one patch is needed: the dual search fits the other's when this one keeps the pair.
/// Inline: the dual search asks it of every pair of overlapping AABBs.
inline bool beyond_slab(const NormalSlab& slab, const Eigen::Vector3d& origin, std::span<const Eigen::Vector3d> points,
                        double gap) {
  const Eigen::Map<const Eigen::Vector3d> normal(slab.normal.data());
  const double high = slab.high + gap + slab_rounding * slab.reach;
  const double low = slab.low - gap - slab_rounding * slab.reach;
  bool above = true, below = true;
  for (const Eigen::Vector3d& x : points) {
    const Eigen::Vector3d d = x - origin;
    const double height = normal.dot(d), slack = slab_rounding * d.cwiseAbs().sum();
    above = above && height - slack > high;
    below = below && height + slack < low;
    if (!above && !below) return false;
  }
  return true;
}

}  // namespace fecontact::detail
