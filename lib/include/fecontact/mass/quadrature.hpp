// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Quadrature rules on the reference domains of shape_functions.hpp, and the rule that makes the
// mass properties (volume, first and second moments) of each element type exact.
//
// Tensor domains (hex, quad, the pyramid's collapsed cube) use Gauss–Legendre points in each
// direction. Simplices use conical-product (collapsed, Duffy) rules: Gauss–Jacobi points with
// the weight (1−t)^k of the collapse in the collapsed directions and Gauss–Legendre in the
// others (Stroud 1971, "Approximate Calculation of Multiple Integrals", §2.7; Karniadakis &
// Sherwin 2005, §4.1.1). All weights are positive. The 1D points are computed once by the
// Golub–Welsch method (1969) and polished by Newton's method on the orthonormal recurrence.

#include <span>
#include <vector>

#include <Eigen/Core>

#include "fecontact/mesh/element_type.hpp"

namespace fecontact {

struct QuadraturePoint {
  Eigen::Vector3d xi;  ///< reference coordinates (ζ = 0 for surface types)
  double weight;
};

/// A rule on the reference domain of `type` that is exact for polynomials of degree ≤ `degree`:
/// in each variable separately on tensor domains (hex, quad, pyramid in collapsed coordinates),
/// in total degree on simplices (tet, tri), and for the wedge in total degree on the triangle
/// times degree ≤ `degree` in ζ. Uses n = ⌈(degree + 1)/2⌉ points per direction.
/// Precondition: degree ≥ 0.
std::vector<QuadraturePoint> quadrature_rule(ElementType type, int degree);

/// The degree that makes ∫ρ, ∫ρx and ∫ρxxᵀ exact over an element of `type` with straight or
/// curved (isoparametric) geometry: deg(x xᵀ · det J) in the reference coordinates, e.g. tet10
/// 7, hex8 4 (3×3×3 Gauss), hex20/hex27 9 (5×5×5), wedge6 4, wedge15 9, pyramid5 4. For a
/// surface type it is the degree of x xᵀ (x · (∂x/∂ξ × ∂x/∂η)), the integrand of the
/// divergence-theorem moments (tri3 3, tri6 8, quad4 4, quad8/quad9 9).
int mass_quadrature_degree(ElementType type);

/// quadrature_rule(type, mass_quadrature_degree(type)), computed once.
std::span<const QuadraturePoint> mass_quadrature(ElementType type);

}  // namespace fecontact
