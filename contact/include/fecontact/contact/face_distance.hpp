// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Face-to-face minimum distance: the narrow phase of surface-to-surface contact.

#include <array>
#include <limits>

#include <Eigen/Core>

#include "fecontact/contact/face_geometry.hpp"

namespace fecontact {

/// The minimum distance between two faces, or a lower bound of it.
struct FaceDistance {
  double distance = 0;  ///< ≥ 0
  bool exact = false;   ///< true: the distance itself; false: a lower bound (conservative)
};

/// Minimum distance between faces `a` and `b`.
/// - tri3 × tri3: exact (triangle_distance, with `limit`: beyond it, a lower bound above it).
/// - any other pair: a conservative lower bound. Each face is cut into `subdivisions`² cells of
///   its reference domain and triangulated; x(ξ) stays within ε of the triangulation at the same
///   ξ, with the interpolation bounds ε = (h²/8)(max|x_ξξ| + max|x_ηη|) + max|twist|/4 per
///   quadrilateral cell of side h (bilinear interpolation, then the split of the bilinear cell
///   into two triangles) and ε = max over the cell edges e of |D²x[e, e]|/6 per triangle cell
///   (tri6 is quadratic, so D²x is constant). The result is max(0, d_T − ε_a − ε_b) where d_T
///   is the exact distance between the two triangulations: never more than the true distance,
///   and within ε_a + ε_b of it; ε falls as 1/subdivisions². A quad4 that is a parallelogram
///   (to the rounding of its coordinates) is affine: it is one cell, two triangles, whatever
///   `subdivisions`, its ε what rounding leaves of its twist.
/// Precondition: 1 ≤ subdivisions ≤ max_subdivisions.
FaceDistance face_distance(const FaceNodes& a, const FaceNodes& b, int subdivisions = 4,
                           double limit = std::numeric_limits<double>::infinity());

/// The finest tessellation of face_distance (its triangles live on the stack).
inline constexpr int max_subdivisions = 8;

}  // namespace fecontact
