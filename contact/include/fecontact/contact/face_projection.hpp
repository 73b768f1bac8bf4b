// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Closest-point projection of a point onto one face: the narrow phase of node-to-surface
// contact.

#include <cstdint>

#include <Eigen/Core>

#include "fecontact/contact/face_geometry.hpp"

namespace fecontact {

/// The feature of a face a closest point lies on. Edge k joins corners k and k + 1 (mod the
/// corner count), the edge of mid-edge node corner_count + k; vertex k is corner k.
enum class FaceFeature : std::uint8_t { interior, edge, vertex };

struct FaceProjection {
  Eigen::Vector3d point;   ///< closest point of the face
  Eigen::Vector2d local;   ///< its local coordinates (in the closed reference domain)
  double distance = 0;     ///< |p − point|
  FaceFeature feature = FaceFeature::interior;
  int feature_index = -1;  ///< edge or vertex number; −1 for the interior
};

/// Local coordinates within this distance (reference units) of an edge or vertex are classified
/// as lying on it.
inline constexpr double feature_tolerance = 1e-12;

/// Closest point of the face to `p` (global minimum of |x(ξ, η) − p| over the closed reference
/// domain).
/// - tri3: exact (closest_point_on_triangle, Ericson §5.1.5).
/// - flat convex quad4 (the fourth corner in the plane of the others to rounding): exact, the
///   projection on its plane when it falls inside (local coordinates by Newton on the bilinear
///   map), else the closest point of its edges.
/// - tri6, other quad4, quad8, quad9: the minimum of two searches. Boundary: each edge curve
///   x(t) = c0 + c1 t + c2 t² gives d/dt ½|x − p|² as a cubic; its local minima are bracketed
///   between the roots of the derivative and found by Newton safeguarded with bisection, so the
///   boundary minimum is exact to rounding. Interior: Newton on ∇½|x − p|² = Jᵀ(x − p) with the
///   full Hessian JᵀJ + Σ (x − p)·∂²x (Gauss–Newton when that is not positive definite),
///   started at the best point of a fixed interior grid, iterates clamped to the reference
///   domain, backtracking line search. A degenerate face still yields its closest point.
FaceProjection project_onto_face(const Eigen::Vector3d& p, const FaceNodes& face);

}  // namespace fecontact
