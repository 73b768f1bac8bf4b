// Closed-form eigen-decomposition of a symmetric 3×3 matrix.
//
// After the shift by tr(A)/3 and the scaling, the eigenvalue of largest magnitude is the best
// separated one (its gap to the other two is at least half the spectral norm): it comes from
// Smith's trigonometric formula and its eigenvector from the largest cross product of two rows of
// B − λI, both accurate to a few ε. The other two eigenpairs live in the orthogonal complement of
// that vector, where the 2×2 Rayleigh quotient is diagonalized exactly: this refinement keeps
// clustered, double and triple eigenvalues accurate, where the closed-form roots lose half their
// digits (an error δ in det B moves a double root by √δ).
//
// Speed: the work is one serial chain of dependent steps, so the code avoids what lengthens it:
// divisions by constants, a division for the scale (a power of two read from the bits instead),
// and Matrix3d temporaries written entry by entry then read in SIMD pairs (a store-forwarding
// stall): the matrix lives in six scalars.

#include "fecontact/geometry/eigen3.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "eigen3_detail.hpp"
#include "fecontact/detail/assert.hpp"

namespace fecontact {
namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

/// A symmetric matrix as its six distinct entries, which the compiler keeps in registers.
struct Symmetric {
  double xx, yy, zz, yx, zx, zy;

  double trace() const { return xx + yy + zz; }
  double max_abs() const {  // a tree of maxima: a short dependency chain
    using std::abs, std::max;
    return max(max(max(abs(xx), abs(yy)), max(abs(zz), abs(yx))), max(abs(zx), abs(zy)));
  }
  double squared_norm() const {
    return xx * xx + yy * yy + zz * zz + 2 * (yx * yx + zx * zx + zy * zy);
  }
  double determinant() const {
    return xx * (yy * zz - zy * zy) - yx * (yx * zz - zy * zx) + zx * (yx * zy - yy * zx);
  }
  Vector3d operator*(const Vector3d& v) const {
    return {xx * v.x() + yx * v.y() + zx * v.z(), yx * v.x() + yy * v.y() + zy * v.z(),
            zx * v.x() + zy * v.y() + zz * v.z()};
  }
  void shift(double m) { xx -= m, yy -= m, zz -= m; }
  void scale(double k) { xx *= k, yy *= k, zz *= k, yx *= k, zx *= k, zy *= k; }
};

// 2^−e for the binary exponent e of x > 0 (2^e ≤ x < 2^(e+1)), read from the bits: multiplying
// by it scales exactly and costs no division. A subnormal or zero x gets 2^1023.
double inverse_power_of_two(double x) {
  const std::uint64_t biased_exponent = std::bit_cast<std::uint64_t>(x) >> 52;
  return std::bit_cast<double>((2046 - biased_exponent) << 52);
}

// Smith (1961): with p² = tr(B²)/6 and r = det(B)/(2p³) ∈ [−1, 1], the eigenvalues of the
// trace-free B are 2p·cos(acos(r)/3 + 2πk/3). The one of largest magnitude is
// sign(r)·2p·cos(acos(|r|)/3): one acos and one cos instead of all three roots.
double separated_eigenvalue(const Symmetric& b) {
  const double p2 = b.squared_norm() * (1.0 / 6);
  const double p = std::sqrt(p2);
  const double r = std::clamp(b.determinant() / (2 * p2 * p), -1.0, 1.0);
  const double lambda = 2 * p * std::cos(std::acos(std::abs(r)) * (1.0 / 3));
  return std::copysign(lambda, r);
}

// Kernel vector of B − λI for a simple eigenvalue λ, not normalized: each cross product of two
// rows is parallel to it; the largest one has the least cancellation.
Vector3d kernel_vector(const Symmetric& b, double lambda) {
  const Vector3d r0(b.xx - lambda, b.yx, b.zx), r1(b.yx, b.yy - lambda, b.zy),
      r2(b.zx, b.zy, b.zz - lambda);
  const Vector3d c01 = r0.cross(r1), c02 = r0.cross(r2), c12 = r1.cross(r2);
  const double n01 = c01.squaredNorm(), n02 = c02.squaredNorm(), n12 = c12.squaredNorm();
  if (n01 >= n02 && n01 >= n12) return c01;
  return n02 >= n12 ? c02 : c12;
}

// A unit vector orthogonal to v ≠ 0, built from its two largest components so that the norm
// divided by is at least ‖v‖/√2.
Vector3d orthogonal_unit(const Vector3d& v) {
  if (std::abs(v.x()) > std::abs(v.y()))
    return Vector3d(-v.z(), 0, v.x()) * (1 / std::sqrt(v.x() * v.x() + v.z() * v.z()));
  return Vector3d(0, v.z(), -v.y()) * (1 / std::sqrt(v.y() * v.y() + v.z() * v.z()));
}

/// Eigenvalues ascending with the eigenvectors of the first two; the third is their cross product.
struct Decomposition {
  Vector3d values;
  Vector3d first, second;
};

// Eigenpairs of B restricted to the plane of the orthonormal u, w (a Rayleigh–Ritz step): those
// of M = [[x, y], [y, z]], x = uᵀBu, y = uᵀBw, z = wᵀBw, namely (x + z)/2 ∓ h with
// h = √(((x − z)/2)² + y²); the eigenvector of the larger one is read from the row of M − μI
// without cancellation. Fills values 0, 1 (ascending), first and second.
Decomposition complement_eigenpairs(const Symmetric& b, const Vector3d& u, const Vector3d& w) {
  const Vector3d bu = b * u, bw = b * w;
  const double x = u.dot(bu), y = u.dot(bw), z = w.dot(bw);
  const double mean = (x + z) * 0.5, half_difference = (x - z) * 0.5;
  const double h = std::sqrt(half_difference * half_difference + y * y);
  const Eigen::Vector2d cs = larger_eigenvector2(x, y, z);
  const double c = cs.x(), s = cs.y();
  return {Vector3d(mean - h, mean + h, 0), c * w - s * u, c * u + s * w};
}

// Eigen-decomposition of a trace-free symmetric matrix with entries of order 1, not all zero.
Decomposition decompose_trace_free(const Symmetric& b) {
  const double lambda = separated_eigenvalue(b);
  const Vector3d k = kernel_vector(b, lambda);
  const Vector3d u = orthogonal_unit(k);
  const Vector3d v = k * (1 / k.norm());
  const Decomposition pair = complement_eigenpairs(b, u, v.cross(u));
  if (lambda >= 0)  // λ is the largest eigenvalue
    return {Vector3d(pair.values(0), pair.values(1), lambda), pair.first, pair.second};
  return {Vector3d(lambda, pair.values(0), pair.values(1)), v, pair.first};  // λ is the smallest
}

#ifndef NDEBUG
// Checks of our own results while asserts are on: cheap next to a failure found downstream.
void check_decomposition(const Symmetric& b, const Vector3d& values, const Matrix3d& vectors) {
  constexpr double tolerance = 256 * std::numeric_limits<double>::epsilon();  // 4× the contract
  Matrix3d residual;
  for (int k = 0; k < 3; ++k) residual.col(k) = b * vectors.col(k) - values(k) * vectors.col(k);
  FECONTACT_ASSERT(residual.norm() <= tolerance * std::sqrt(b.squared_norm()),
                   "eigen_symmetric3: A·v ≠ λ·v");
  const Matrix3d gram = vectors.transpose() * vectors - Matrix3d::Identity();
  FECONTACT_ASSERT(gram.norm() <= tolerance, "eigen_symmetric3: eigenvectors not orthonormal");
  FECONTACT_ASSERT(values(0) <= values(1) && values(1) <= values(2),
                   "eigen_symmetric3: eigenvalues not ascending");
}
#endif

}  // namespace

SymmetricEigen3 eigen_symmetric3(const Matrix3d& a) {
  if (!detail::lower_triangle_finite(a)) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    return {Vector3d::Constant(nan), Matrix3d::Constant(nan), EigenStatus::not_finite};
  }
  Symmetric b{a(0, 0), a(1, 1), a(2, 2), a(1, 0), a(2, 0), a(2, 1)};
  const double largest = b.max_abs();
  if (largest == 0) return {Vector3d::Zero(), Matrix3d::Identity()};
  // Entries so large that tr(A) could overflow, or so small that tr(A)/3 would round in the
  // subnormal range, are first scaled by an exact power of two: a rare branch, so that the
  // common path starts with the shift instead of waiting for a scale.
  double unscale = 1;
  if (largest > 0x1p+1000 || largest < 0x1p-900) {
    const double k = largest > 1 ? 0x1p-100 : 0x1p+600;
    b.scale(k);
    unscale = 1 / k;
  }
  // B = (A − mI)·2^−e with m = tr(A)/3 and 2^e ≤ max|entry of A − mI| < 2^(e+1).
  const double shift = b.trace() * (1.0 / 3);
  b.shift(shift);
  const double inverse_scale = inverse_power_of_two(b.max_abs()), scale = 1 / inverse_scale;
  b.scale(inverse_scale);
  // m is rounded to the ulp of A: when A lies within a few ulps of mI, B keeps a trace as large
  // as its norm. A second shift, now rounded relative to B, makes B trace-free to ε‖B‖.
  const double shift2 = b.trace() * (1.0 / 3);
  b.shift(shift2);
  if (b.max_abs() == 0)  // A = mI: every basis is an eigenbasis
    return {Vector3d::Constant(unscale * (shift + scale * shift2)), Matrix3d::Identity()};
  const Decomposition d = decompose_trace_free(b);
  SymmetricEigen3 result{unscale * (shift + scale * (shift2 + d.values.array())),
                         detail::signed_basis(d.first, d.second)};
#ifndef NDEBUG
  check_decomposition(b, d.values, result.vectors);
#endif
  return result;
}

}  // namespace fecontact
