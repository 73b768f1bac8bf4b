// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Covariance of point sets and of triangulated surfaces: the input of a PCA-fitted OBB.

#include <array>
#include <span>

#include <Eigen/Core>

#include "fecontact/types.hpp"

namespace fecontact {

/// Mean and covariance of a distribution of points or of surface area.
struct Covariance {
  Eigen::Vector3d mean = Eigen::Vector3d::Zero();
  Eigen::Matrix3d matrix = Eigen::Matrix3d::Zero();  ///< E[(x − mean)(x − mean)ᵀ]
  double weight = 0;  ///< number of points, or total area
};

/// Covariance of n points (seed 004): the mean, then the average outer product of the offsets
/// (divided by n). Computed about the first point so that coordinates far from the origin keep
/// their precision. Empty input gives weight 0 and zero matrices.
Covariance point_covariance(std::span<const Eigen::Vector3d> points);

/// Area-weighted covariance of a triangulated surface: the second moment of the surface itself,
/// (Gottschalk, Lin & Manocha 1996, "OBBTree", §4.1), so that splitting a triangle into smaller
/// ones leaves it unchanged. `triangles` index `vertices`. Zero total area (all triangles
/// degenerate) falls back to point_covariance of the referenced vertices.
Covariance triangle_covariance(std::span<const Eigen::Vector3d> vertices,
                               std::span<const std::array<Index, 3>> triangles);

}  // namespace fecontact
