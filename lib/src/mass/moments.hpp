// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Private: volume moments about a local reference point, the common currency of element and
// surface integration. Summing moments about one nearby point (rather than about the global
// origin) keeps full precision for bodies far from the origin.

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "fecontact/mass/mass_properties.hpp"

namespace fecontact::detail {

/// ∫dV, ∫ρ dV, ∫ρ r dV and ∫ρ r rᵀ dV with r = x − reference point.
struct Moments {
  double volume = 0;
  double mass = 0;
  Eigen::Vector3d first = Eigen::Vector3d::Zero();
  Eigen::Matrix3d second = Eigen::Matrix3d::Zero();

  /// Adds the moments `unit` of a unit-density region with density `density`.
  void add(const Moments& unit, double density) {
    volume += unit.volume;
    mass += density * unit.mass;
    first += density * unit.first;
    second += density * unit.second;
  }
};

/// Unit-density moments of the tetrahedron (a, b, c, d), signed by its orientation (positive when
/// (b−a)·((c−a)×(d−a)) > 0): V = det/6, ∫r = V(a+b+c+d)/4 and
/// ∫r rᵀ = V/20 (Σ vᵢvᵢᵀ + s sᵀ), s = a+b+c+d — the canonical covariance of seed 000
/// (diagonal 1/60, off-diagonal 1/120) mapped by C' = det(A) A C Aᵀ, written symmetrically.
inline Moments tetrahedron_moments(const Eigen::Vector3d& a, const Eigen::Vector3d& b,
                                   const Eigen::Vector3d& c, const Eigen::Vector3d& d) {
  const double volume = (b - a).dot((c - a).cross(d - a)) / 6;
  const Eigen::Vector3d s = a + b + c + d;
  Moments m;
  m.volume = m.mass = volume;
  m.first = volume / 4 * s;
  m.second = volume / 20 *
             (a * a.transpose() + b * b.transpose() + c * c.transpose() + d * d.transpose() +
              s * s.transpose());
  return m;
}

/// Centre of mass and central inertia from moments about `reference` (unit conventions of
/// mass_properties.hpp). Zero mass gives zero inertia and the centre at `reference`.
MassProperties to_mass_properties(const Moments& moments, const Eigen::Vector3d& reference);

}  // namespace fecontact::detail
