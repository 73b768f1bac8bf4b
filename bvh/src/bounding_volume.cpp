// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/bvh/bounding_volume.hpp"

#include <cmath>

#include <Eigen/Geometry>

#include "fecontact/bvh/detail/enclose_obb.hpp"
#include "fecontact/geometry/eigen3.hpp"
#include "fecontact/geometry/overlap.hpp"

namespace fecontact {
namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

/// Largest distance from the plane, relative to the distance from the first point, at which a
/// patch's points count as coplanar.
constexpr double planar_epsilon = 1e-12;

// PCA axes of a planar patch from the area-weighted covariance c of its surface, without a 3×3
// eigen-decomposition: all the area lies in the plane, so the normal n is an eigenvector (value
// 0) and the other two are those of c restricted to the plane, a 2×2 symmetric problem in the
// orthonormal in-plane basis (u, w), solved in closed form (larger_eigenvector2). Columns: n,
// then the in-plane axes by ascending value, right-handed. False when the first three points
// span no plane or another point lies off it (then the 3×3 path).
bool planar_axes(const Matrix3d& c, std::span<const Vector3d> points, Matrix3d& axes) {
  if (points.size() < 3) return false;
  const Vector3d edge = points[1] - points[0];
  const Vector3d normal = edge.cross(points[2] - points[0]);
  const double normal_norm = normal.norm(), edge_norm = edge.norm();
  if (!(normal_norm > 0)) return false;
  const Vector3d n = normal / normal_norm;
  for (std::size_t i = 3; i < points.size(); ++i) {
    const Vector3d d = points[i] - points[0];
    if (!(std::abs(n.dot(d)) <= planar_epsilon * d.norm())) return false;
  }
  const Vector3d u = edge / edge_norm, w = n.cross(u);
  const Vector3d cu = c * u;
  const Eigen::Vector2d larger = larger_eigenvector2(u.dot(cu), w.dot(cu), w.dot(c * w));
  const double cs = larger.x(), sn = larger.y();
  axes.col(0) = n;
  axes.col(1) = sn * u - cs * w;  // eigenvector of the smaller in-plane value
  axes.col(2) = cs * u + sn * w;  // of the larger: n · (col1 × col2) = +1
  return true;
}

}  // namespace

using AabbOps = BoundingVolumeOps<Aabb>;
using ObbOps = BoundingVolumeOps<Obb>;

bool AabbOps::contains(const Aabb& box, const Eigen::Vector3d& point, double distance) {
  return fecontact::contains(fecontact::inflate(box, distance), point);
}
double AabbOps::volume(const Aabb& box) { return fecontact::volume(box); }

Covariance ObbOps::summarize(std::span<const Eigen::Vector3d> points,
                             std::span<const std::array<Index, 3>> triangles) {
  return triangle_covariance(points, triangles);
}

Covariance ObbOps::combine(const Covariance& a, const Covariance& b) {
  if (!(a.weight > 0)) return b;
  if (!(b.weight > 0)) return a;
  Covariance sum;
  sum.weight = a.weight + b.weight;
  const double wa = a.weight / sum.weight;
  const double wb = b.weight / sum.weight;
  // Offsets between the means, not the means themselves: far from the origin they keep their
  // precision.
  const Eigen::Vector3d d = b.mean - a.mean;
  sum.mean = a.mean + wb * d;
  sum.matrix = wa * a.matrix + wb * b.matrix + (wa * wb) * d * d.transpose();
  return sum;
}

Obb ObbOps::fit(const Covariance& summary, std::span<const Eigen::Vector3d> points) {
  Matrix3d planar;
  if (planar_axes(summary.matrix, points, planar)) return fit_obb(points, planar);
  const SymmetricEigen3 eigen = eigen_symmetric3(summary.matrix);
  const Eigen::Matrix3d axes =
      eigen.status == EigenStatus::ok ? eigen.vectors : Eigen::Matrix3d::Identity();
  return fit_obb(points, axes);
}
Obb ObbOps::fit_like(const Obb& shape, std::span<const Eigen::Vector3d> points) {
  return fit_obb(points, shape.axes);
}

Obb ObbOps::enclose_like(const Obb& shape, std::span<const Obb> volumes) {
  return detail::enclose_obbs(shape.axes, volumes);
}

Obb ObbOps::inflate(const Obb& box, double distance) { return fecontact::inflate(box, distance); }
bool ObbOps::overlap(const Obb& a, const Obb& b) { return fecontact::overlap(a, b, overlap_epsilon); }
bool ObbOps::contains(const Obb& box, const Eigen::Vector3d& point, double distance) {
  return fecontact::contains(box, point, distance);
}
double ObbOps::surface_area(const Obb& box) {
  if (fecontact::is_empty(box)) return 0;
  const Eigen::Vector3d& h = box.half_extents;
  return 8 * (h.x() * h.y() + h.y() * h.z() + h.z() * h.x());
}
double ObbOps::volume(const Obb& box) { return fecontact::volume(box); }

}  // namespace fecontact
