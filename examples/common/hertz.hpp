// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Hertz's impact of an elastic sphere on a rigid plane (Johnson, Contact Mechanics, 1985, ch. 11):
// the closed form that the sphere examples compare with.

#include <cmath>
#include <numbers>

#include "tet4_elasticity.hpp"

namespace solver {

struct Hertz {
  double duration, force, approach, contact_radius, mass;
};

// F = (4/3) E* √R δ^{3/2}, E* = E/(1−ν²); the energy balance ½mv² = ∫F dδ gives the largest
// approach δ_max = (15 m v² / (16 E* √R))^{2/5}; the time to go there and back is
// t = 2 (δ_max/v) ∫₀¹ dx/√(1−x^{5/2}) = (δ_max/v) 2√π Γ(2/5) / ((5/2) Γ(9/10)) = 2.9432 δ_max/v.
inline Hertz hertz(double R, double v, const Material& m) {
  const double mass = m.density * 4.0 / 3.0 * std::numbers::pi * R * R * R;
  const double e_star = m.young / (1 - m.poisson * m.poisson);
  const double approach = std::pow(15 * mass * v * v / (16 * e_star * std::sqrt(R)), 0.4);
  const double integral = 2 * std::sqrt(std::numbers::pi) * std::tgamma(0.4) / (2.5 * std::tgamma(0.9));
  return {integral * approach / v, 4.0 / 3.0 * e_star * std::sqrt(R) * std::pow(approach, 1.5), approach,
          std::sqrt(R * approach), mass};
}

}  // namespace solver
