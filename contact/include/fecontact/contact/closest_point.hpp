#pragma once
// Closest points on simple features: the exact narrow phase for triangular faces.

#include <Eigen/Core>

namespace fecontact {

/// Closest point of triangle (a, b, c) to p, with its barycentric coordinates (weights of a, b, c).
struct TrianglePoint {
  Eigen::Vector3d point;
  Eigen::Vector3d barycentric;
};

/// Exact closest point on the closed triangle by Voronoi regions (Ericson 2005, "Real-Time
/// Collision Detection" §5.1.5). A degenerate triangle (zero area) yields the closest point on
/// its longest edge.
TrianglePoint closest_point_on_triangle(const Eigen::Vector3d& p, const Eigen::Vector3d& a,
                                        const Eigen::Vector3d& b, const Eigen::Vector3d& c);

}  // namespace fecontact
