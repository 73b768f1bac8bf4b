// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/bvh/detail/normal_slab.hpp"

#include <algorithm>
#include <array>
#include <limits>

#include <Eigen/Geometry>

#include "fecontact/detail/assert.hpp"

namespace fecontact::detail {

using Eigen::Vector3d;

NormalSlab normal_slab(const PatchGeometry& geometry, Index patch) {
  NormalSlab slab{{0, 0, 0}, 0, 0, 0};
  const auto points = geometry.points_of(patch);
  FECONTACT_ASSERT(!points.empty(), "normal_slab: a patch with points expected");
  const Vector3d origin = points.front();
  const auto offset = [&](Index i) -> Vector3d { return points[static_cast<std::size_t>(i)] - origin; };
  // Three points are one triangle (a facet): its normal needs no read of the triangles, and
  // either sign of it makes the same slab.
  Vector3d area = Vector3d::Zero();
  if (points.size() == 3)
    area = offset(1).cross(offset(2));
  else
    for (const auto& [p, q, r] : geometry.triangles_of(patch))
      area += (offset(q) - offset(p)).cross(offset(r) - offset(p));
  const double norm = area.norm();
  if (!(norm > 0)) return slab;  // no area (or NaN): the zero normal culls nothing
  const Vector3d normal = area * (1 / norm);
  slab.normal = {normal.x(), normal.y(), normal.z()};
  for (const Vector3d& x : points) {
    const Vector3d d = x - origin;
    const double height = normal.dot(d);
    slab.low = std::min(slab.low, height);
    slab.high = std::max(slab.high, height);
    slab.reach = std::max(slab.reach, d.cwiseAbs().sum());
  }
  return slab;
}

}  // namespace fecontact::detail
