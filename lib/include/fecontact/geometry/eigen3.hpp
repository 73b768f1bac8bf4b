// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Eigen-decomposition of real symmetric 3×3 matrices.
//
// eigen_symmetric3 is closed form (Smith 1961, "Eigenvalues of a symmetric 3×3 matrix", CACM 4(4);
// the analytic solution cited by seed 004, Siddique & Khraishi 2020) for the best-separated
// eigenpair, refined for the other two by an exact 2×2 Rayleigh–Ritz step in its orthogonal
// complement, so that double, triple and clustered eigenvalues keep ε accuracy and an
// orthonormal basis (the step costs what a second closed-form eigenvector would, so it is always
// taken). The batched overload decomposes many matrices (the covariances of a tree's nodes)
// several at a time. detail/jacobi_eigen3.hpp holds the reference it is tested against.

#include <cmath>
#include <span>

#include <Eigen/Core>

namespace fecontact {

enum class EigenStatus {
  ok,          ///< values and vectors are valid
  not_finite,  ///< the input holds NaN or infinity: values and vectors are NaN
};

/// Result of a symmetric 3×3 eigen-decomposition A = V diag(values) Vᵀ.
/// - values ascending;
/// - vectors: eigenvectors as columns, orthonormal and right-handed (det V = +1);
/// - sign rule: in columns 0 and 1 the component of largest magnitude is positive (the first
///   such component on a tie); column 2 = column 0 × column 1.
struct SymmetricEigen3 {
  Eigen::Vector3d values;
  Eigen::Matrix3d vectors;
  EigenStatus status = EigenStatus::ok;
};

/// Unit eigenvector (c, s) of the larger eigenvalue of the symmetric 2×2 matrix [[x, y], [y, z]]
/// (the smaller one's is (−s, c)), read from the row of M − μI without cancellation; (1, 0) when
/// M is a multiple of the identity, where any basis will do. Used by eigen_symmetric3's
/// Rayleigh–Ritz step and by the PCA fit of planar patches. Selects, not branches: it runs in
/// the SIMD lanes of the batched eigen_symmetric3.
inline Eigen::Vector2d larger_eigenvector2(double x, double y, double z) {
  const double half_difference = (x - z) * 0.5;
  const double h = std::sqrt(half_difference * half_difference + y * y);
  const double e0 = half_difference >= 0 ? half_difference + h : y;
  const double e1 = half_difference >= 0 ? y : h - half_difference;
  const double inverse_norm = 1 / std::sqrt(e0 * e0 + e1 * e1);
  return {h > 0 ? e0 * inverse_norm : 1, h > 0 ? e1 * inverse_norm : 0};
}

/// Eigen-decomposition of the symmetric matrix `a` (only its lower triangle is read).
/// Accuracy: ‖AV − VΛ‖_F ≤ 64·ε·‖A‖_F and ‖VᵀV − I‖_F ≤ 64·ε for every finite input whose
/// eigenvalues are normal doubles (subnormal eigenvalues round to their own ulp; the basis stays
/// orthonormal to 64·ε for any finite input).
SymmetricEigen3 eigen_symmetric3(const Eigen::Matrix3d& a);

/// results[i] = eigen_symmetric3(matrices[i]) for every i, bit for bit, computed for several
/// matrices at once in the lanes of the vector unit (the best instruction set of the machine
/// running it). Throws std::invalid_argument when the spans differ in size.
void eigen_symmetric3(std::span<const Eigen::Matrix3d> matrices, std::span<SymmetricEigen3> results);

}  // namespace fecontact
