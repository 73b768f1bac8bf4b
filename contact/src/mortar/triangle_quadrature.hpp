// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The 7-point degree-5 rule on a triangle (Radon 1948; Dunavant 1985, "High degree efficient
// symmetrical Gaussian quadrature rules for the triangle", IJNME 21, rule 5): exact for
// polynomials of degree ≤ 5, enough for a product of two quadratic shape functions on an affine
// piece (degree 4) and for the products of linear ones with room to spare.

#include <array>
#include <cmath>

namespace fecontact::detail {

struct TrianglePoint {
  double l1, l2;  ///< barycentric weights of corners 1 and 2 (corner 0 has 1 − l1 − l2)
  double weight;  ///< fraction of the triangle's area; the seven sum to 1
};

/// The rule's points, from its closed form (√15 terms), computed once.
inline const std::array<TrianglePoint, 7>& dunavant_degree5() {
  static const std::array<TrianglePoint, 7> points = [] {
    const double r = std::sqrt(15.0);
    const double a1 = (6 - r) / 21, b1 = (9 + 2 * r) / 21, w1 = (155 - r) / 1200;
    const double a2 = (6 + r) / 21, b2 = (9 - 2 * r) / 21, w2 = (155 + r) / 1200;
    return std::array<TrianglePoint, 7>{{{1.0 / 3, 1.0 / 3, 9.0 / 40},
                                         {a1, a1, w1}, {b1, a1, w1}, {a1, b1, w1},
                                         {a2, a2, w2}, {b2, a2, w2}, {a2, b2, w2}}};
  }();
  return points;
}

}  // namespace fecontact::detail
