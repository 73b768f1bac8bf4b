#pragma once
// The normal slab of a patch: the dual search's test (dual_search.hpp). A flat patch lies in a
// plane, and two patches whose planes keep them apart are culled by projecting one patch's
// points on the other's normal: a few dot products, no fit of a box. Coaxial shells 0.2% apart
// are told apart this way where every facet's AABB reaches across the gap, and more tightly than
// by their PCA boxes, whose extents along the other's normal include the box's width (the box,
// not the facet, is projected).

#include <algorithm>
#include <array>
#include <limits>
#include <span>
#include <utility>

#include <Eigen/Core>

#include "fecontact/bvh/patch_geometry.hpp"
#include "fecontact/types.hpp"

namespace fecontact::detail {

/// The points of a patch lie within [low, high] along `normal` from its first point (not stored:
/// the dual search reads the points of both patches anyway, and 48 bytes a patch fault in fewer
/// pages than 72). The normal is the patch's mean normal: the sum of its control-net triangles'
/// area vectors, normalised (a flat patch's plane normal, where low = high = 0); any direction
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

/// The extent of `points` along the slab's normal from `origin`.
inline std::pair<double, double> heights(const NormalSlab& slab, const Eigen::Vector3d& origin,
                                         std::span<const Eigen::Vector3d> points) {
  const Eigen::Map<const Eigen::Vector3d> normal(slab.normal.data());
  double low = std::numeric_limits<double>::infinity(), high = -low;
  for (const Eigen::Vector3d& x : points) {
    const double height = normal.dot(x - origin);
    low = std::min(low, height);
    high = std::max(high, height);
  }
  return {low, high};
}

/// False when the points of one patch all lie farther than `gap` ≥ 0 beyond the same side of
/// the other's slab (then no point of one comes within `gap` of the other), with a slack for the
/// rounding of the projections so that touching patches (gap 0) are never culled: a point x of
/// b is within |x − b₀|₁ ≤ b.reach of b's first point, hence within b.reach + |b₀ − a₀|₁ of a's.
/// Inline: the dual search asks it of every pair of overlapping AABBs.
inline bool slabs_within_reach(const NormalSlab& a, std::span<const Eigen::Vector3d> a_points, const NormalSlab& b,
                               std::span<const Eigen::Vector3d> b_points, double gap) {
  const Eigen::Vector3d& a0 = a_points.front();
  const Eigen::Vector3d& b0 = b_points.front();
  const double slack = gap + slab_rounding * (a.reach + b.reach + (b0 - a0).cwiseAbs().sum());
  const auto apart = [slack](const NormalSlab& slab, std::pair<double, double> other) {
    return other.first > slab.high + slack || other.second < slab.low - slack;  // NaN: not apart
  };
  return !apart(a, heights(a, a0, b_points)) && !apart(b, heights(b, b0, a_points));
}

}  // namespace fecontact::detail
