// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Symmetric 3×3 matrices for the eigen solvers: random R·diag·Rᵀ (random rotation, eigenvalues of
// random signs and magnitudes) and adversarial sets — exactly double and triple eigenvalues,
// near-repeated ones, rank 1 and 2, diagonal, zero, extreme scales, and covariances of nearly
// collinear and nearly coplanar point clouds far from the origin. Shared by the tests and the
// eigen3 benchmark; everything comes from a fixed-seed std::mt19937_64.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "random_geometry.hpp"

namespace fecontact::testing {

struct MatrixSet {
  std::string name;
  std::vector<Eigen::Matrix3d> matrices;
};

using test::random_rotation;

/// (M + Mᵀ)/2: exactly symmetric, since fl(a + b) = fl(b + a).
inline Eigen::Matrix3d symmetrized(const Eigen::Matrix3d& m) { return (m + m.transpose()) / 2; }

/// R·diag(d)·Rᵀ for a random rotation R (rounded, so the spectrum is d up to a few ε‖d‖).
inline Eigen::Matrix3d rotated_diagonal(std::mt19937_64& rng, const Eigen::Vector3d& d) {
  const Eigen::Matrix3d r = random_rotation(rng);
  return symmetrized(r * d.asDiagonal() * r.transpose());
}

/// ± 10^u with u uniform in [lo, hi] and a random sign.
inline double random_magnitude(std::mt19937_64& rng, double lo, double hi) {
  const double value = std::pow(10.0, std::uniform_real_distribution<double>(lo, hi)(rng));
  return std::bernoulli_distribution(0.5)(rng) ? value : -value;
}

/// A random integer in [−n, n] other than 0.
inline int random_nonzero_int(std::mt19937_64& rng, int n) {
  const int k = std::uniform_int_distribution<int>(1, n)(rng);
  return std::bernoulli_distribution(0.5)(rng) ? k : -k;
}

/// A random nonzero integer vector with entries in [−n, n].
inline Eigen::Vector3d random_int_vector(std::mt19937_64& rng, int n) {
  std::uniform_int_distribution<int> entry(-n, n);
  Eigen::Vector3d w;
  do w << entry(rng), entry(rng), entry(rng);
  while (w.isZero());
  return w;
}

/// `count` matrices R·diag·Rᵀ whose eigenvalues have random signs and magnitudes 10^[−8, 8].
inline std::vector<Eigen::Matrix3d> random_matrices(int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Eigen::Matrix3d> matrices;
  for (int i = 0; i < count; ++i) {
    const Eigen::Vector3d d(random_magnitude(rng, -8, 8), random_magnitude(rng, -8, 8),
                            random_magnitude(rng, -8, 8));
    matrices.push_back(rotated_diagonal(rng, d));
  }
  return matrices;
}

/// Covariance about the mean (two passes) of n points c + Σ_k t_k·axis_k + δ·noise, where c is
/// 1e6 from the origin, the t_k are uniform in [−1, 1] and the noise is Gaussian: `axes` = 1 gives
/// a nearly collinear cloud, 2 a nearly coplanar one.
inline Eigen::Matrix3d flat_cloud_covariance(std::mt19937_64& rng, int axes, double delta) {
  constexpr int n = 32;
  std::uniform_real_distribution<double> uniform(-1, 1);
  std::normal_distribution<double> normal;
  const Eigen::Matrix3d frame = random_rotation(rng);
  const Eigen::Vector3d centre = 1e6 * random_rotation(rng).col(0);
  std::vector<Eigen::Vector3d> points;
  for (int i = 0; i < n; ++i) {
    Eigen::Vector3d p = centre + delta * Eigen::Vector3d(normal(rng), normal(rng), normal(rng));
    for (int k = 0; k < axes; ++k) p += uniform(rng) * frame.col(k);
    points.push_back(p);
  }
  Eigen::Vector3d mean = Eigen::Vector3d::Zero();
  for (const auto& p : points) mean += p / n;
  Eigen::Matrix3d covariance = Eigen::Matrix3d::Zero();
  for (const auto& p : points) covariance += (p - mean) * (p - mean).transpose() / n;
  return symmetrized(covariance);
}

/// "1e-06" style text of a value, for set names.
inline std::string short_scientific(double value) {
  char text[16];
  std::snprintf(text, sizeof text, "%.0e", value);
  return text;
}

/// Relative gaps of the near-repeated sets.
inline const std::vector<double>& near_repeated_gaps() {
  static const std::vector<double> gaps{1e-6, 1e-8, 1e-10, 1e-12, 1e-14};
  return gaps;
}

/// The adversarial sets, `count` matrices each (the zero matrix set holds one).
inline std::vector<MatrixSet> adversarial_sets(int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<MatrixSet> sets;
  auto make = [&](std::string name, auto matrix) {
    MatrixSet set{std::move(name), {}};
    for (int i = 0; i < count; ++i) set.matrices.push_back(matrix());
    sets.push_back(std::move(set));
  };
  auto value = [&] { return random_magnitude(rng, -3, 3); };
  // a·I + b·wwᵀ with integers: eigenvalues a, a, a + b|w|² exactly.
  make("double (exact)", [&] {
    const Eigen::Vector3d w = random_int_vector(rng, 20);
    return Eigen::Matrix3d(random_nonzero_int(rng, 100) * Eigen::Matrix3d::Identity() +
                           random_nonzero_int(rng, 100) * w * w.transpose());
  });
  make("double (rotated)", [&] {
    const double a = value();
    return rotated_diagonal(rng, Eigen::Vector3d(a, a, value()));
  });
  make("triple (exact)", [&] { return Eigen::Matrix3d(value() * Eigen::Matrix3d::Identity()); });
  make("triple (rotated)", [&] { return rotated_diagonal(rng, Eigen::Vector3d::Constant(value())); });
  for (double gap : near_repeated_gaps()) {
    make("near double, gap " + short_scientific(gap), [&] {
      const double a = value();
      return rotated_diagonal(rng, Eigen::Vector3d(a, a * (1 + gap), value()));
    });
    make("near triple, gap " + short_scientific(gap), [&] {
      const double a = value();
      return rotated_diagonal(rng, Eigen::Vector3d(a, a * (1 + gap), a * (1 + 2 * gap)));
    });
  }
  make("rank 1 (exact)", [&] {
    const Eigen::Vector3d w = random_int_vector(rng, 1000);
    return Eigen::Matrix3d(random_nonzero_int(rng, 100) * w * w.transpose());
  });
  make("rank 1 (rotated)", [&] { return rotated_diagonal(rng, Eigen::Vector3d(0, 0, value())); });
  make("rank 2 (exact)", [&] {
    const Eigen::Vector3d u = random_int_vector(rng, 1000), v = random_int_vector(rng, 1000);
    return Eigen::Matrix3d(u * u.transpose() + random_nonzero_int(rng, 1) * v * v.transpose());
  });
  make("rank 2 (rotated)", [&] { return rotated_diagonal(rng, Eigen::Vector3d(0, value(), value())); });
  make("diagonal", [&] { return Eigen::Matrix3d(Eigen::Vector3d(value(), value(), value()).asDiagonal()); });
  sets.push_back({"zero", {Eigen::Matrix3d::Zero()}});
  for (double scale : {1e-150, 1e150}) {
    const std::vector<Eigen::Matrix3d> random = random_matrices(count, rng());
    const auto name = scale < 1 ? std::string(" x 1e-150") : std::string(" x 1e+150");
    make("random" + name, [&, i = 0]() mutable { return Eigen::Matrix3d(scale * random[i++]); });
    make("near double 1e-10" + name, [&] {
      const double a = value();
      return Eigen::Matrix3d(scale * rotated_diagonal(rng, Eigen::Vector3d(a, a * (1 + 1e-10), value())));
    });
  }
  // Beyond the solver's exact power-of-two prescaling thresholds (2^1000 and 2^-900).
  for (double largest : {1e-300, 1e+306}) {
    const std::vector<Eigen::Matrix3d> random = random_matrices(count, rng());
    make("random, largest entry " + short_scientific(largest), [&, i = 0]() mutable {
      const Eigen::Matrix3d& m = random[i++];
      return Eigen::Matrix3d(m / m.cwiseAbs().maxCoeff() * largest);
    });
  }
  for (double delta : {1e-3, 1e-6, 1e-9}) {
    make("collinear cloud, noise " + short_scientific(delta),
         [&] { return flat_cloud_covariance(rng, 1, delta); });
    make("coplanar cloud, noise " + short_scientific(delta),
         [&] { return flat_cloud_covariance(rng, 2, delta); });
  }
  return sets;
}

}  // namespace fecontact::testing
