// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Random rotations, points and boxes for property tests (fixed seeds: failures reproduce).

#include <random>

#include <Eigen/Geometry>

#include "fecontact/geometry/obb.hpp"

namespace fecontact::test {

/// A rotation uniformly distributed over SO(3): a normalised Gaussian quaternion.
inline Eigen::Matrix3d random_rotation(std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  Eigen::Quaterniond q(normal(rng), normal(rng), normal(rng), normal(rng));
  return q.normalized().toRotationMatrix();
}

inline Eigen::Vector3d random_vector(std::mt19937_64& rng, double low, double high) {
  std::uniform_real_distribution<double> uniform(low, high);
  return {uniform(rng), uniform(rng), uniform(rng)};
}

/// A box with random pose: centre in [−spread, spread]³, half extents in [low, high].
inline Obb random_obb(std::mt19937_64& rng, double spread, double low, double high) {
  Obb box;
  box.center = random_vector(rng, -spread, spread);
  box.axes = random_rotation(rng);
  box.half_extents = random_vector(rng, low, high);
  return box;
}

}  // namespace fecontact::test
