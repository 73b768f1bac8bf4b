// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Oriented bounding box fitted by principal component analysis (seed 004; Gottschalk, Lin &
// Manocha 1996, "OBBTree").

#include <array>
#include <limits>
#include <span>

#include <Eigen/Core>

#include "fecontact/types.hpp"

namespace fecontact {

/// The box {center + axes·u : |uᵢ| ≤ half_extentsᵢ}. `axes` holds orthonormal, right-handed
/// columns. Default-constructed it is empty (negative half extents). Flat, collinear and
/// single-point inputs give valid boxes with zero half extents (up to the rounding of the centre,
/// a few units of its largest coordinate, by which fit_obb grows every box).
struct Obb {
  Eigen::Vector3d center = Eigen::Vector3d::Zero();
  Eigen::Matrix3d axes = Eigen::Matrix3d::Identity();
  Eigen::Vector3d half_extents = Eigen::Vector3d::Constant(-std::numeric_limits<double>::infinity());
};

/// Inline: every OBB test asks it of both boxes (out of line, the calls took a quarter of a
/// separating-axis test that the first axis decides).
inline bool is_empty(const Obb& box) { return !(box.half_extents.array() >= 0).all(); }

/// OBB with the given axes (orthonormal columns) that tightly bounds the points: project on each
/// axis, take min and max; centre = Σᵢ ½(maxᵢ + minᵢ)·aᵢ (not the centroid: seed 004 gets this wrong).
Obb fit_obb(std::span<const Eigen::Vector3d> points, const Eigen::Matrix3d& axes);

/// OBB along the principal axes of the points' covariance (point_covariance).
Obb fit_obb(std::span<const Eigen::Vector3d> points);

/// OBB along the principal axes of the triangles' area-weighted covariance (triangle_covariance),
/// bounding all vertices the triangles reference.
Obb fit_obb(std::span<const Eigen::Vector3d> vertices,
            std::span<const std::array<Index, 3>> triangles);

/// The box grown by `distance` ≥ 0 on every side.
Obb inflate(const Obb& box, double distance);

/// True when `point` lies in the box grown by `tolerance` (a distance).
bool contains(const Obb& box, const Eigen::Vector3d& point, double tolerance = 0);

/// The eight corners; corner k takes +half_extentᵢ where bit i of k is set, −half_extentᵢ otherwise.
std::array<Eigen::Vector3d, 8> corners(const Obb& box);

double volume(const Obb& box);  ///< 0 for an empty box

}  // namespace fecontact
