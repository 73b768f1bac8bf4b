// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/geometry/obb.hpp"

#include <limits>
#include <vector>

#include "fecontact/geometry/covariance.hpp"
#include "fecontact/geometry/eigen3.hpp"

namespace fecontact {

using Eigen::Matrix3d;
using Eigen::Vector3d;

Obb fit_obb(std::span<const Vector3d> points, const Matrix3d& axes) {
  Obb box;
  box.axes = axes;
  if (points.empty()) return box;
  // Project offsets from the first point, not coordinates: far from the origin the
  // projections of nearby points would otherwise lose their difference to rounding.
  const Vector3d reference = points.front();
  Vector3d low = Vector3d::Constant(std::numeric_limits<double>::infinity());
  Vector3d high = -low;
  for (const Vector3d& p : points) {
    const Vector3d projection = axes.transpose() * (p - reference);
    low = low.cwiseMin(projection);
    high = high.cwiseMax(projection);
  }
  box.center = reference + axes * (0.5 * (low + high));  // seed 004: Σᵢ ½(maxᵢ + minᵢ)·aᵢ
  // Far from the origin the centre is rounded by a few units of its own magnitude, far more
  // than the offsets' rounding: grown by that, the box holds every point (10⁶ from the origin
  // a touching pair of facets came out 10⁻¹⁰ apart).
  const double center_rounding = 4 * std::numeric_limits<double>::epsilon() * box.center.cwiseAbs().maxCoeff();
  box.half_extents = (0.5 * (high - low)).array() + center_rounding;
  return box;
}

Obb fit_obb(std::span<const Vector3d> points) {
  if (points.empty()) return Obb{};
  return fit_obb(points, eigen_symmetric3(point_covariance(points).matrix).vectors);
}

Obb fit_obb(std::span<const Vector3d> vertices, std::span<const std::array<Index, 3>> triangles) {
  if (triangles.empty()) return Obb{};
  const Matrix3d axes = eigen_symmetric3(triangle_covariance(vertices, triangles).matrix).vectors;
  std::vector<Vector3d> corners;
  corners.reserve(3 * triangles.size());
  for (const auto& t : triangles)
    for (Index v : t) corners.push_back(vertices[static_cast<std::size_t>(v)]);
  return fit_obb(corners, axes);
}

Obb inflate(const Obb& box, double distance) {
  if (is_empty(box)) return box;
  Obb grown = box;
  grown.half_extents.array() += distance;
  return grown;
}

bool contains(const Obb& box, const Vector3d& point, double tolerance) {
  if (is_empty(box)) return false;
  const Vector3d local = box.axes.transpose() * (point - box.center);
  return (local.cwiseAbs().array() <= box.half_extents.array() + tolerance).all();
}

std::array<Vector3d, 8> corners(const Obb& box) {
  std::array<Vector3d, 8> result;
  for (int k = 0; k < 8; ++k) {
    Vector3d sign((k & 1) ? 1 : -1, (k & 2) ? 1 : -1, (k & 4) ? 1 : -1);
    result[static_cast<std::size_t>(k)] = box.center + box.axes * sign.cwiseProduct(box.half_extents);
  }
  return result;
}

double volume(const Obb& box) { return is_empty(box) ? 0.0 : 8 * box.half_extents.prod(); }

}  // namespace fecontact
