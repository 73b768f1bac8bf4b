// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What a solver needs to act on a node-to-surface contact: which master nodes carry the reaction
// and with which weights (the face's shape functions at the contact point), the tangent frame
// there, and the convected slip of the contact point over the master since the accepted step
// (node-to-segment friction: Wriggers, "Computational Contact Mechanics", 2nd ed., ch. 4;
// Laursen, "Computational Contact and Impact Mechanics", 2002, ch. 5). A force f on the slave
// node is balanced by −Nᵢ f on master node i, so action equals reaction exactly.

#include <array>

#include <Eigen/Core>

#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/mesh/element_type.hpp"
#include "fecontact/mesh/surface.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// The node indices of `face` (into the coordinate array) in the face's node order, −1 beyond
/// its node count.
std::array<Index, 9> face_node_indices(const SurfaceFace& face);

/// The shape functions Nᵢ(ξ, η) of a face type (tri3..quad9) at `local`, in node order, 0 beyond
/// its node count: the face's own interpolation (face_shape_functions.hpp), so Σ Nᵢ = 1 and
/// Σ Nᵢ xᵢ = x(ξ, η), the contact point, for flat and curved faces alike.
std::array<double, 9> face_weights(ElementType face_type, const Eigen::Vector2d& local);

/// An orthonormal right-handed frame (tangent1, tangent2, normal) at a point of a face.
struct TangentFrame {
  Eigen::Vector3d tangent1 = Eigen::Vector3d::Zero();
  Eigen::Vector3d tangent2 = Eigen::Vector3d::Zero();
};

/// The frame at `local` with the face's unit normal `normal` there (face_normal): tangent1 is
/// ∂x/∂ξ with its component along `normal` removed (rounding only, at a regular point),
/// normalised; tangent2 = normal × tangent1. Where ∂x/∂ξ vanishes or lies along the normal (a
/// collapsed corner) ∂x/∂ξ at the reference centre serves, and failing that any unit vector
/// orthogonal to the normal. A zero `normal` (a zero-area face) gives zero tangents.
TangentFrame tangent_frame(const FaceNodes& face, const Eigen::Vector2d& local, const Eigen::Vector3d& normal);

/// The convected slip of a contact point since the accepted step: with d = point −
/// Σ Nᵢ(ξ_prev) xᵢ, the accepted contact point carried along by the accepted master face
/// (`previous_face`: that face's nodes at their current coordinates; `previous_local`: ξ_prev),
/// the part of d orthogonal to the current unit `normal`, d − (d·n) n. Zero when the master
/// moves rigidly with the slave node; the distance slid over the master otherwise, whichever
/// face the point has moved onto.
Eigen::Vector3d convected_slip(const Eigen::Vector3d& point, const FaceNodes& previous_face,
                               const Eigen::Vector2d& previous_local, const Eigen::Vector3d& normal);

}  // namespace fecontact
