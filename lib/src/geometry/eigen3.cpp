// Closed-form eigen-decomposition of a symmetric 3×3 matrix.
//
// After the shift by tr(A)/3 and the scaling into [−1, 1], the eigenvalue of largest magnitude
// is the best separated one (its gap to the other two is at least half the spectral norm): it
// comes from Smith's trigonometric formula and its eigenvector from the largest cross product of
// two rows of B − λI, both accurate to a few ε. The other two eigenpairs live in the orthogonal
// complement of that vector, where one 2×2 Jacobi rotation (a Rayleigh–Ritz step) diagonalizes B:
// this is the refinement that keeps clustered, double and triple eigenvalues accurate, where the
// closed-form roots lose half their digits (an error of δ in det B moves them by √δ).

#include "fecontact/geometry/eigen3.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "eigen3_detail.hpp"
#include "fecontact/assert.hpp"

namespace fecontact {
namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

/// Eigenvalues (ascending) and eigenvectors (columns) of a trace-free matrix, before the sign rule.
struct Decomposition {
  Vector3d values;
  Matrix3d vectors;
};

// Smith (1961): with p² = tr(B²)/6 and r = det(B)/(2p³) ∈ [−1, 1], the eigenvalues of the
// trace-free B are 2p·cos(acos(r)/3 + 2πk/3). The one of largest magnitude is
// sign(r)·2p·cos(acos(|r|)/3): one acos and one cos instead of all three roots.
double separated_eigenvalue(const Matrix3d& b) {
  const double p2 = (b(0, 0) * b(0, 0) + b(1, 1) * b(1, 1) + b(2, 2) * b(2, 2) +
                     2 * (b(1, 0) * b(1, 0) + b(2, 0) * b(2, 0) + b(2, 1) * b(2, 1))) / 6;
  const double p = std::sqrt(p2);
  const double r = std::clamp(b.determinant() / (2 * p2 * p), -1.0, 1.0);
  const double lambda = 2 * p * std::cos(std::acos(std::abs(r)) / 3);
  return r < 0 ? -lambda : lambda;
}

// Unit kernel vector of B − λI for a simple eigenvalue λ: each cross product of two rows is
// parallel to it; the largest one has the least cancellation.
Vector3d kernel_vector(Matrix3d b, double lambda) {
  b.diagonal().array() -= lambda;
  const Vector3d c01 = b.col(0).cross(b.col(1));
  const Vector3d c02 = b.col(0).cross(b.col(2));
  const Vector3d c12 = b.col(1).cross(b.col(2));
  const double n01 = c01.squaredNorm(), n02 = c02.squaredNorm(), n12 = c12.squaredNorm();
  if (n01 >= n02 && n01 >= n12) return c01 / std::sqrt(n01);
  if (n02 >= n12) return c02 / std::sqrt(n02);
  return c12 / std::sqrt(n12);
}

// A unit vector orthogonal to the unit vector v, built from its two largest components so that
// the norm divided by is at least 1/√2.
Vector3d orthogonal_unit(const Vector3d& v) {
  if (std::abs(v.x()) > std::abs(v.y()))
    return Vector3d(-v.z(), 0, v.x()) / std::sqrt(v.x() * v.x() + v.z() * v.z());
  return Vector3d(0, v.z(), -v.y()) / std::sqrt(v.y() * v.y() + v.z() * v.z());
}

// Eigenpairs of B restricted to span{u, w}: the Jacobi rotation that diagonalizes the 2×2
// Rayleigh quotient [[uᵀBu, uᵀBw], [wᵀBu, wᵀBw]] (sym.schur2, Golub & Van Loan Alg. 8.5.1).
// Returns them ascending as columns 0, 1 of `vectors` and entries 0, 1 of `values`.
Decomposition complement_eigenpairs(const Matrix3d& b, const Vector3d& u, const Vector3d& w) {
  const Vector3d bu = b * u, bw = b * w;
  const double x = u.dot(bu), y = u.dot(bw), z = w.dot(bw);
  double t = 0;
  if (y != 0) {
    const double tau = (z - x) / (2 * y);
    t = (tau >= 0 ? 1.0 : -1.0) / (std::abs(tau) + std::sqrt(1 + tau * tau));
  }
  const double c = 1 / std::sqrt(1 + t * t), s = t * c;
  Decomposition d;
  d.values << x - t * y, z + t * y, 0;
  d.vectors << c * u - s * w, s * u + c * w, Vector3d::Zero();
  if (d.values(1) < d.values(0)) {
    std::swap(d.values(0), d.values(1));
    d.vectors.col(0).swap(d.vectors.col(1));
  }
  return d;
}

// Eigen-decomposition of a trace-free symmetric matrix with entries in [−1, 1], not all zero.
Decomposition decompose_trace_free(const Matrix3d& b) {
  const double lambda = separated_eigenvalue(b);
  const Vector3d v = kernel_vector(b, lambda);
  const Vector3d u = orthogonal_unit(v);
  const Decomposition pair = complement_eigenpairs(b, u, v.cross(u));
  Decomposition d;
  if (lambda >= 0) {  // λ is the largest eigenvalue
    d.values << pair.values(0), pair.values(1), lambda;
    d.vectors << pair.vectors.col(0), pair.vectors.col(1), v;
  } else {  // λ is the smallest
    d.values << lambda, pair.values(0), pair.values(1);
    d.vectors << v, pair.vectors.col(0), pair.vectors.col(1);
  }
  return d;
}

#ifndef NDEBUG
// Checks of our own results while asserts are on: cheap next to a failure found downstream.
void check_decomposition(const Matrix3d& b, const Decomposition& d) {
  constexpr double tolerance = 256 * std::numeric_limits<double>::epsilon();  // 4× the contract
  const Matrix3d residual = b * d.vectors - d.vectors * d.values.asDiagonal();
  FECONTACT_ASSERT(residual.norm() <= tolerance * b.norm(), "eigen_symmetric3: A·v ≠ λ·v");
  const Matrix3d gram = d.vectors.transpose() * d.vectors - Matrix3d::Identity();
  FECONTACT_ASSERT(gram.norm() <= tolerance, "eigen_symmetric3: eigenvectors not orthonormal");
  FECONTACT_ASSERT(d.values(0) <= d.values(1) && d.values(1) <= d.values(2),
                   "eigen_symmetric3: eigenvalues not ascending");
}
#endif

}  // namespace

SymmetricEigen3 eigen_symmetric3(const Matrix3d& a) {
  if (!detail::lower_triangle_finite(a)) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    return {Vector3d::Constant(nan), Matrix3d::Constant(nan), EigenStatus::not_finite};
  }
  // Two scalings: A/s₀ keeps the trace finite, (A/s₀ − mI)/s₁ keeps p² and det B normal.
  const double s0 = detail::lower_triangle_max_abs(a);
  if (s0 == 0) return {Vector3d::Zero(), Matrix3d::Identity()};
  Matrix3d b = detail::symmetric_from_lower(a, s0);
  const double shift = b.trace() / 3;
  b.diagonal().array() -= shift;
  const double s1 = detail::lower_triangle_max_abs(b);
  if (s1 == 0) return {Vector3d::Constant(s0 * shift), Matrix3d::Identity()};  // A = mI
  b /= s1;
  Decomposition d = decompose_trace_free(b);
#ifndef NDEBUG
  check_decomposition(b, d);
#endif
  SymmetricEigen3 result{s0 * (shift + s1 * d.values.array()), d.vectors};
  detail::apply_sign_rule(result.vectors);
  return result;
}

}  // namespace fecontact
