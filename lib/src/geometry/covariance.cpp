// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/geometry/covariance.hpp"

#include <vector>

#include <Eigen/Geometry>

namespace fecontact {

using Eigen::Matrix3d;
using Eigen::Vector3d;

// Two passes (mean, then offsets from the mean) keep full precision for point clouds far from
// the origin, where the one-pass E[xxᵀ] − μμᵀ would cancel catastrophically.
Covariance point_covariance(std::span<const Vector3d> points) {
  Covariance result;
  if (points.empty()) return result;
  const Vector3d reference = points.front();
  Vector3d offset_sum = Vector3d::Zero();
  for (const Vector3d& p : points) offset_sum += p - reference;
  const double n = static_cast<double>(points.size());
  result.mean = reference + offset_sum / n;
  for (const Vector3d& p : points) {
    const Vector3d d = p - result.mean;
    result.matrix += d * d.transpose();
  }
  result.matrix /= n;
  result.weight = n;
  return result;
}

// For a triangle (p, q, r) of area A and centroid m, ∫ x xᵀ dA = A/12 (9 m mᵀ + p pᵀ + q qᵀ + r rᵀ)
// (Gottschalk, Lin & Manocha 1996, eq. for the continuous-surface covariance), here with all
// points taken relative to the area-weighted mean found in a first pass.
Covariance triangle_covariance(std::span<const Vector3d> vertices,
                               std::span<const std::array<Index, 3>> triangles) {
  Covariance result;
  if (triangles.empty()) return result;
  const Vector3d reference = vertices[static_cast<std::size_t>(triangles.front()[0])];
  const auto corner = [&](const std::array<Index, 3>& t, int k) -> Vector3d {
    return vertices[static_cast<std::size_t>(t[static_cast<std::size_t>(k)])] - reference;
  };
  if (triangles.size() == 1) {  // a single triangle (most patches): its mean is its centroid
    const auto& t = triangles.front();
    const Vector3d q = corner(t, 1), r = corner(t, 2), m = (q + r) / 3;  // corner 0 is the reference
    const double area = 0.5 * q.cross(r).norm();
    if (area > 0) {
      const Vector3d a = -m, b = q - m, c = r - m;
      result.matrix = (a * a.transpose() + b * b.transpose() + c * c.transpose()) / 12;
      result.mean = reference + m;
      result.weight = area;
      return result;
    }
  }
  double total_area = 0;
  Vector3d weighted_centroids = Vector3d::Zero();
  for (const auto& t : triangles) {
    const Vector3d p = corner(t, 0), q = corner(t, 1), r = corner(t, 2);
    const double area = 0.5 * (q - p).cross(r - p).norm();
    total_area += area;
    weighted_centroids += area * (p + q + r) / 3;
  }
  if (!(total_area > 0)) {  // all triangles degenerate: the covariance of their corners
    std::vector<Vector3d> corners;
    for (const auto& t : triangles)
      for (Index v : t) corners.push_back(vertices[static_cast<std::size_t>(v)]);
    return point_covariance(corners);
  }
  const Vector3d mean = weighted_centroids / total_area;
  for (const auto& t : triangles) {
    const Vector3d p = corner(t, 0) - mean, q = corner(t, 1) - mean, r = corner(t, 2) - mean;
    const double area = 0.5 * (q - p).cross(r - p).norm();
    const Vector3d m = (p + q + r) / 3;
    result.matrix += area / 12 *
                     (9 * m * m.transpose() + p * p.transpose() + q * q.transpose() +
                      r * r.transpose());
  }
  result.matrix /= total_area;
  result.mean = reference + mean;
  result.weight = total_area;
  return result;
}

}  // namespace fecontact
