// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Shape functions of the face types (tri3, tri6, quad4, quad8, quad9) in the internal node order
// of surface.hpp: corners first, then mid-edge nodes in edge order (c0c1, c1c2, ...), then the
// quad9 centre.
//
// Reference domains (local coordinates ξ, η):
// - triangles: ξ ≥ 0, η ≥ 0, ξ + η ≤ 1; corners (0,0), (1,0), (0,1); mid-edge nodes at the
//   edge midpoints. (ξ, η) are the barycentric weights of corners 1 and 2.
// - quadrilaterals: [−1, 1]²; corners (−1,−1), (1,−1), (1,1), (−1,1); mid-edge nodes at the edge
//   midpoints; the quad9 centre at (0,0). quad8 is the serendipity element.
// With this order ∂x/∂ξ × ∂x/∂η is the outward normal (right-hand rule on the corners).

#include <array>

#include <Eigen/Core>

#include "fecontact/mesh/element_type.hpp"

namespace fecontact {

/// Values and first and second derivatives of the shape functions at one point; entries
/// [0, count) are used, in node order.
struct FaceShape {
  int count = 0;
  std::array<double, 9> value{};
  std::array<double, 9> d_xi{};
  std::array<double, 9> d_eta{};
  std::array<double, 9> d_xi_xi{};
  std::array<double, 9> d_xi_eta{};
  std::array<double, 9> d_eta_eta{};
};

/// True for tri3 and tri6.
bool is_triangle(ElementType face_type);

/// Shape functions of a face type (tri3..quad9) at local coordinates `local`, which may lie
/// outside the reference domain (the polynomials extend).
FaceShape face_shape(ElementType face_type, const Eigen::Vector2d& local);

/// The values alone of face_shape, into entries [0, node_count(face_type)) of `values` (the rest
/// untouched): for the quadrature loops that need no derivative and keep their own arrays.
void face_shape_values(ElementType face_type, const Eigen::Vector2d& local, std::array<double, 9>& values);

/// Local coordinates of node `node` (0 ≤ node < node_count(face_type)).
Eigen::Vector2d reference_face_node(ElementType face_type, int node);

/// True when `local` lies in the closed reference domain.
bool in_reference_domain(ElementType face_type, const Eigen::Vector2d& local);

/// The largest Σ|Nᵢ| over the reference domain (the Lebesgue constant of the face's
/// interpolation): no point of the face moves farther than this times the largest motion of its
/// nodes. tri3 and quad4 1 (their shape functions are ≥ 0); tri6 5/3 (at the centroid); quad9
/// (5/4)² = 25/16 (the 1-D quadratic's 5/4, at a quarter of the edge, squared: the shape functions
/// are products); quad8 3 (at the centre).
double interpolation_bound(ElementType face_type);

}  // namespace fecontact
