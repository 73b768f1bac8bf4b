// SPDX-License-Identifier: BSD-3-Clause
// Cyclic Jacobi eigen-decomposition of a symmetric 3×3 matrix (Golub & Van Loan, Matrix
// Computations, 4th ed., §8.5.2–8.5.3), in double or long double: the slow, simple, independent
// reference that the tests hold eigen_symmetric3 against.

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "eigen3_detail.hpp"
#include "fecontact/detail/assert.hpp"
#include "fecontact/geometry/detail/jacobi_eigen3.hpp"

namespace fecontact {
namespace {

template <class T>
using Matrix3 = Eigen::Matrix<T, 3, 3>;

// Quadratic convergence reaches ε in about six sweeps; the bound only guards the loop.
constexpr int max_sweeps = 64;

template <class T>
bool converged(const Matrix3<T>& a) {
  const T off = 2 * (a(1, 0) * a(1, 0) + a(2, 0) * a(2, 0) + a(2, 1) * a(2, 1));
  const T eps = std::numeric_limits<T>::epsilon();
  return off <= eps * eps * a.squaredNorm();
}

// A ← JᵀAJ and V ← VJ with the rotation J(p, q, θ) that zeroes a_pq (sym.schur2, G&VL Alg. 8.5.1).
template <class T>
void rotate(Matrix3<T>& a, Matrix3<T>& v, int p, int q) {
  if (a(p, q) == 0) return;
  const T tau = (a(q, q) - a(p, p)) / (2 * a(p, q));
  const T t = (tau >= 0 ? T(1) : T(-1)) / (std::abs(tau) + std::sqrt(1 + tau * tau));
  const T c = 1 / std::sqrt(1 + t * t);
  const T s = t * c;
  Matrix3<T> j = Matrix3<T>::Identity();
  j(p, p) = c;
  j(p, q) = s;
  j(q, p) = -s;
  j(q, q) = c;
  a = (j.transpose() * a * j).eval();
  a(p, q) = a(q, p) = 0;  // zero in exact arithmetic; rounding left it at the ε level
  v = (v * j).eval();
}

}  // namespace

namespace detail {

template <class T>
JacobiEigen3<T> jacobi_eigen3(const Matrix3<T>& a) {
  if (!lower_triangle_finite(a)) {
    const T nan = std::numeric_limits<T>::quiet_NaN();
    return {Eigen::Matrix<T, 3, 1>::Constant(nan), Matrix3<T>::Constant(nan),
            EigenStatus::not_finite};
  }
  Matrix3<T> m = a.template selfadjointView<Eigen::Lower>();
  const T scale = m.cwiseAbs().maxCoeff();
  if (scale == 0) return {Eigen::Matrix<T, 3, 1>::Zero(), Matrix3<T>::Identity()};
  m /= scale;  // entries in [−1, 1]: no overflow
  Matrix3<T> v = Matrix3<T>::Identity();
  for (int sweep = 0; sweep < max_sweeps && !converged(m); ++sweep) {
    rotate(m, v, 0, 1);
    rotate(m, v, 0, 2);
    rotate(m, v, 1, 2);
  }
  FECONTACT_ASSERT(converged(m), "jacobi_eigen3: no convergence within the sweep limit");
  std::array<int, 3> order{0, 1, 2};
  std::sort(order.begin(), order.end(), [&](int i, int j) { return m(i, i) < m(j, j); });
  JacobiEigen3<T> result;
  for (int k = 0; k < 3; ++k) result.values(k) = m(order[k], order[k]) * scale;
  result.vectors = signed_basis<T>(v.col(order[0]), v.col(order[1]));
  return result;
}

template JacobiEigen3<double> jacobi_eigen3(const Matrix3<double>&);
template JacobiEigen3<long double> jacobi_eigen3(const Matrix3<long double>&);

}  // namespace detail
}  // namespace fecontact
