// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Isoparametric shape functions of every element type, in the internal (VTK) node ordering of
// element_type.hpp, with their derivatives in reference coordinates.
//
// Reference domains (ξ, η, ζ), and where the nodes sit:
// - tet4/tet10: ξ, η, ζ ≥ 0, ξ + η + ζ ≤ 1; corners 0 (0,0,0), 1 (1,0,0), 2 (0,1,0), 3 (0,0,1).
// - hex8/hex20/hex27: [−1,1]³; corners 0..3 at ζ = −1 counter-clockwise from (−1,−1) seen from
//   ζ > 0, corners 4..7 above them at ζ = +1; hex27 face centres 20 ξ−, 21 ξ+, 22 η−, 23 η+,
//   24 ζ−, 25 ζ+, centre 26.
// - wedge6/wedge15: triangle {ξ, η ≥ 0, ξ + η ≤ 1} × ζ ∈ [−1,1]; corners 0 (0,0,−1),
//   1 (1,0,−1), 2 (0,1,−1), then 3, 4, 5 above them at ζ = +1: the right-hand normal of 0-1-2
//   points towards 3-4-5, as in VTK's reference wedge, Abaqus and Gmsh (and in the face tables
//   of element_type.cpp): a valid wedge has a positive Jacobian.
// - pyramid5: collapsed (Duffy) coordinates (ξ, η, ζ) ∈ [−1,1]² × [0,1], which reach the
//   reference pyramid point (ξ(1−ζ), η(1−ζ), ζ); base corners 0 (−1,−1,0), 1 (1,−1,0),
//   2 (1,1,0), 3 (−1,1,0), apex 4 at ζ = 1. N_i = ¼(1+ξ_iξ)(1+η_iη)(1−ζ), N_4 = ζ: these are the
//   rational pyramid functions of Bedrosian (1992) written in collapsed coordinates, so they are
//   polynomials and the quadrature of mass_quadrature.hpp is exact on them.
// - tri3/tri6: {ξ, η ≥ 0, ξ + η ≤ 1}; corners 0 (0,0), 1 (1,0), 2 (0,1).
// - quad4/quad8/quad9: [−1,1]²; corners counter-clockwise from (−1,−1); quad9 centre 8.
// Mid-edge nodes follow the edge lists in element_type.cpp. Surface types ignore ζ; their
// ζ-derivative is 0.

#include <span>

#include <Eigen/Core>

#include "fecontact/mesh/element_type.hpp"

namespace fecontact {

/// The largest node count of any element type (hex27).
inline constexpr int max_element_nodes = 27;

/// Values N_i(ξ) and, when `derivatives` is not empty, the gradients (∂N_i/∂ξ, ∂N_i/∂η,
/// ∂N_i/∂ζ) at the reference point `xi`. Preconditions: values.size() == node_count(type) and
/// derivatives is empty or of the same size.
void shape_functions(ElementType type, const Eigen::Vector3d& xi, std::span<double> values,
                     std::span<Eigen::Vector3d> derivatives = {});

/// Reference coordinates of node `node` of `type` (ζ = 0 for surface types).
Eigen::Vector3d reference_node(ElementType type, int node);

}  // namespace fecontact
