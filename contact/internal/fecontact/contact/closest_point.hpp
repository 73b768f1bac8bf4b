// SPDX-License-Identifier: BSD-3-Clause
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

/// Closest points of segments [p0, p1] and [q0, q1]: p0 + s (p1 − p0) and q0 + t (q1 − q0) with
/// s, t ∈ [0, 1] (Ericson 2005, §5.1.9). Zero-length segments are points.
struct SegmentPoints {
  double s = 0;
  double t = 0;
  Eigen::Vector3d on_p;
  Eigen::Vector3d on_q;
};
SegmentPoints closest_points_on_segments(const Eigen::Vector3d& p0, const Eigen::Vector3d& p1,
                                         const Eigen::Vector3d& q0, const Eigen::Vector3d& q1);

}  // namespace fecontact
