// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The element size of a mesh's skin near where contact happens, which the sphere examples use to
// choose the search tolerance, the skin and the initial gap.

#include <span>

#include <Eigen/Core>

#include <fecontact/core.hpp>

namespace solver {

/// Mean edge length of the tri3 faces of `skin` whose centroid is within `distance` of `centre`
/// (0 when there are none).
inline double skin_size_near(const fecontact::Surface& skin, std::span<const Eigen::Vector3d> x,
                             const Eigen::Vector3d& centre, double distance) {
  double sum = 0;
  int edges = 0;
  for (const fecontact::SurfaceFace& face : skin.faces) {
    const auto n = face.nodes();
    const auto at = [&](std::size_t k) { return x[static_cast<std::size_t>(n[k])]; };
    if (((at(0) + at(1) + at(2)) / 3 - centre).norm() > distance) continue;
    for (std::size_t k = 0; k < 3; ++k, ++edges) sum += (at(k) - at((k + 1) % 3)).norm();
  }
  return edges > 0 ? sum / edges : 0.0;
}

}  // namespace solver
