// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Accuracy of a symmetric 3×3 eigen-decomposition A ≈ V·diag(λ)·Vᵀ, in units of ε = 2^-52,
// measured in long double so that the measurement adds no error of its own. Shared by the tests
// and the eigen3 benchmark.

#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/Core>

namespace fecontact::testing {

using Matrix3ld = Eigen::Matrix<long double, 3, 3>;
using Vector3ld = Eigen::Matrix<long double, 3, 1>;

struct EigenAccuracy {
  double residual = 0;       ///< ‖AV − VΛ‖_F / (ε‖A‖_F)
  double orthogonality = 0;  ///< ‖VᵀV − I‖_F / ε
  double value_error = 0;    ///< max_k |λ_k − reference_k| / (ε‖A‖_F)

  /// Keeps the worst of each measure.
  void include(const EigenAccuracy& other) {
    residual = std::max(residual, other.residual);
    orthogonality = std::max(orthogonality, other.orthogonality);
    value_error = std::max(value_error, other.value_error);
  }
};

/// x / (ε·scale); 0 when x is 0, +inf when x is NaN (a NaN must never hide in a maximum).
inline double in_epsilons(long double x, long double scale) {
  if (std::isnan(x)) return std::numeric_limits<double>::infinity();
  if (x == 0) return 0;
  return static_cast<double>(x / (std::numeric_limits<double>::epsilon() * scale));
}

/// Accuracy of (values, vectors) for `a`, given reference eigenvalues (ascending).
inline EigenAccuracy accuracy(const Eigen::Matrix3d& a, const Eigen::Vector3d& values,
                              const Eigen::Matrix3d& vectors, const Vector3ld& reference) {
  const Matrix3ld al = a.cast<long double>(), vl = vectors.cast<long double>();
  const Vector3ld ll = values.cast<long double>();
  const long double norm = al.norm();
  EigenAccuracy result;
  result.residual = in_epsilons((al * vl - vl * ll.asDiagonal()).norm(), norm);
  result.orthogonality = in_epsilons((vl.transpose() * vl - Matrix3ld::Identity()).norm(), 1);
  result.value_error = in_epsilons((ll - reference).cwiseAbs().maxCoeff<Eigen::PropagateNaN>(), norm);
  return result;
}

}  // namespace fecontact::testing
