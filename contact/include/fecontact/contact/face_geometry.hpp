// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// One face of a contact surface as geometry: its node coordinates gathered, the point, tangents
// and outward normal at local coordinates, its area, and the detection of zero-area faces.

#include <array>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "fecontact/mesh/element_type.hpp"
#include "fecontact/mesh/surface.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// The node coordinates of one face (tri3..quad9), in the face's node order; entries
/// [0, node_count(type)) are used.
struct FaceNodes {
  ElementType type = ElementType::tri3;
  std::array<Eigen::Vector3d, 9> x;
};

/// Gathers the coordinates of `face`'s nodes (indices into `coordinates`).
FaceNodes gather_face_nodes(const SurfaceFace& face, std::span<const Eigen::Vector3d> coordinates);

/// The face's point x(ξ, η) at local coordinates (see face_shape_functions.hpp).
Eigen::Vector3d face_point(const FaceNodes& face, const Eigen::Vector2d& local);

/// The face's tangents ∂x/∂ξ and ∂x/∂η at `local`.
std::array<Eigen::Vector3d, 2> face_tangents(const FaceNodes& face, const Eigen::Vector2d& local);

/// The centre of the reference face: (1/3, 1/3) for triangles, (0, 0) for quadrilaterals.
Eigen::Vector2d reference_centre(ElementType type);

/// Unit outward normal ∂x/∂ξ × ∂x/∂η normalised at `local`; where that cross product vanishes
/// (a collapsed corner) the normal at the reference centre; the zero vector when both vanish
/// (a zero-area face).
Eigen::Vector3d face_normal(const FaceNodes& face, const Eigen::Vector2d& local);

/// Area by Gauss quadrature of |∂x/∂ξ × ∂x/∂η|: 1 point on tri3 and 2×2 on quad4 (exact for
/// flat linear faces), 6 points on tri6 and 3×3 on quad8 and quad9.
double face_area(const FaceNodes& face);

/// The face's size: the mean length of its corner-to-corner edges (what a relative search
/// tolerance and contact detection's default distance are multiples of, averaged over faces).
double face_size(const FaceNodes& face);

/// True when the face's area is at most `relative_tolerance` × (longest corner-to-corner
/// distance)²: a zero-area face, which has no normal and is skipped by the contact search.
bool is_degenerate(const FaceNodes& face, double relative_tolerance = 1e-12);

/// Indices (ascending) of the degenerate faces of a surface.
std::vector<Index> degenerate_faces(const Surface& surface,
                                    std::span<const Eigen::Vector3d> coordinates,
                                    double relative_tolerance = 1e-12);

}  // namespace fecontact
