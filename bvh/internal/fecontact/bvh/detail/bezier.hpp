// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Bézier control points of element faces: a face lies in the convex hull of its control points
// (Bernstein polynomials are non-negative and sum to one: Farin, "Curves and Surfaces for CAGD",
// 5th ed., §4.2 and §17.2), so any convex volume holding them bounds the curved face.

#include <array>
#include <span>

#include <Eigen/Core>

#include "fecontact/mesh/element_type.hpp"
#include "fecontact/types.hpp"

namespace fecontact::detail {

/// Most control points of a face (quad8 and quad9: the 3×3 net).
inline constexpr int max_control_points = 9;
/// Most triangles of a face's control net.
inline constexpr int max_control_triangles = 8;

/// Number of control points of a face type: tri3 3, quad4 4, tri6 6, quad8 and quad9 9.
int control_point_count(ElementType face_type);

/// Bézier control points of a face from its node positions (`nodes`: node_count(face_type)
/// positions in the internal (VTK) order) written to out[0 .. control_point_count).
/// Linear faces: the corners. Quadratic edge a–m–c (m at parameter ½): corners a, c and
/// 2m − (a + c)/2. Biquadratic quad9 centre: 4x₈ − Σ mid-edge nodes + ¼ Σ corners (the edge rule
/// applied in both directions). Serendipity quad8 equals the quad9 whose centre node sits at
/// ½ Σ mid-edge nodes − ¼ Σ corners, hence centre control point Σ mid-edge nodes − ¾ Σ corners.
/// Precondition: face_type is tri3, tri6, quad4, quad8 or quad9.
void control_points(ElementType face_type, std::span<const Eigen::Vector3d> nodes,
                    std::span<Eigen::Vector3d> out);

/// Triangles of the control net (indices into the control points), covering every control point:
/// the surface to which an OBB's area-weighted covariance is fitted.
std::span<const std::array<Index, 3>> control_triangles(ElementType face_type);

}  // namespace fecontact::detail
