// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The exact distance between two triangles: the narrow phase of surface-to-surface contact
// between tri3 faces (and of the tessellations that bound curved faces).

#include <array>
#include <limits>

#include <Eigen/Core>

namespace fecontact {

/// A triangle with what the distance computes of it alone: its plane's normal n = (x₁ − x₀) ×
/// (x₂ − x₀), |n| (twice its area) and the inward normals n × eₖ of its edges eₖ = xₖ₊₁ − xₖ in
/// its plane. A search prepares each face once for all the pairs it is in.
struct PreparedTriangle {
  std::array<Eigen::Vector3d, 3> x;
  Eigen::Vector3d normal;
  double length = 0;
  std::array<Eigen::Vector3d, 3> edge_normal;
};

PreparedTriangle prepare_triangle(const std::array<Eigen::Vector3d, 3>& x);

/// Exact minimum distance between two closed triangles (to rounding); 0 when they touch or
/// intersect. Disjoint triangles are closest at a vertex–triangle or an edge–edge pair (Ericson
/// 2005, §5.2.8); intersecting ones have an edge of one crossing the other. When the distance
/// exceeds `limit`, the result may be any lower bound of it above `limit` (a search that only
/// keeps pairs within the limit skips the exact work for the others).
double triangle_distance(const PreparedTriangle& a, const PreparedTriangle& b,
                         double limit = std::numeric_limits<double>::infinity());

/// The same for triangles given by their corners.
double triangle_distance(const std::array<Eigen::Vector3d, 3>& a, const std::array<Eigen::Vector3d, 3>& b,
                         double limit = std::numeric_limits<double>::infinity());

}  // namespace fecontact
