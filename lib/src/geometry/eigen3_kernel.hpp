// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The body of eigen_symmetric3 for one matrix, free of branches and of library calls other than
// sqrt, so that the batched call can run it on a block of matrices in SIMD lanes (eigen3.cpp)
// and give, lane by lane, the same bits as the one-matrix call, which runs the same code.
//
// After the shift by tr(A)/3 and the scaling, the eigenvalue of largest magnitude is the best
// separated one (its gap to the other two is at least half the spectral norm): it comes from
// Smith's formula and its eigenvector from the largest cross product of two rows of B − λI, both
// accurate to a few ε. The other two eigenpairs live in the orthogonal complement of that vector,
// where the 2×2 Rayleigh quotient is diagonalized exactly: this refinement keeps clustered,
// double and triple eigenvalues accurate, where the closed-form roots lose half their digits (an
// error δ in det B moves a double root by √δ).
//
// Special cases (A = 0, A = mI, entries near overflow or underflow, NaN or infinity) are selects
// on values every lane computes, not early returns. Every operation is an IEEE operation whose
// result does not depend on the vector width: the file is compiled without floating-point
// contraction (lib/CMakeLists.txt), which would fuse differently in the vectorised code.

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "fecontact/geometry/eigen3.hpp"

namespace fecontact::detail {

struct Vec3 {
  double x, y, z;
};

inline Vec3 operator*(double k, const Vec3& v) { return {k * v.x, k * v.y, k * v.z}; }
inline Vec3 operator-(const Vec3& a, const Vec3& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline Vec3 operator+(const Vec3& a, const Vec3& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline double dot(const Vec3& a, const Vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline Vec3 select(bool condition, const Vec3& a, const Vec3& b) {
  return {condition ? a.x : b.x, condition ? a.y : b.y, condition ? a.z : b.z};
}

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
  Vec3 operator*(const Vec3& v) const {
    return {xx * v.x + yx * v.y + zx * v.z, yx * v.x + yy * v.y + zy * v.z,
            zx * v.x + zy * v.y + zz * v.z};
  }
  void shift(double m) { xx -= m, yy -= m, zz -= m; }
  void scale(double k) { xx *= k, yy *= k, zz *= k, yx *= k, zx *= k, zy *= k; }
};

/// One decomposition: values ascending, vectors the columns of V (see eigen3.hpp); NaN for a
/// matrix with a non-finite entry.
struct Eigen3Lane {
  Vec3 values;
  Vec3 vectors[3];
};

// 2^e and 2^−e for the binary exponent e of x ≥ 0 (2^e ≤ x < 2^(e+1); e = −1022 for a
// subnormal or zero x), read from the bits: multiplying by them scales exactly and costs no
// division.
inline void powers_of_two(double x, double& power, double& inverse) {
  const double normal = std::max(x, std::numeric_limits<double>::min());  // 2^−1022
  const std::uint64_t biased_exponent = std::bit_cast<std::uint64_t>(normal) >> 52;
  power = std::bit_cast<double>(biased_exponent << 52);
  inverse = std::bit_cast<double>((2046 - biased_exponent) << 52);
}

// cos(acos(t)/3) for t ∈ [0, 1]: by the triple-angle formula cos 3θ = 4cos³θ − 3cosθ, the root
// c ∈ [√3/2, 1] of f(c) = 4c³ − 3c − t, where the slope f' = 12c² − 3 ≥ 6 makes it well
// conditioned. A quintic interpolating c(t) at Chebyshev nodes (error < 6.6e-7; c is smooth on
// [0, 1], being even in acos t) and one Halley step c − 2ff'/(2f'² − ff'') (cubic convergence:
// to within 0.4ε, checked against 40-digit roots) give it without the acos and cos that no
// vector unit offers bit-identical to the scalar ones. Estrin's scheme: a short chain.
inline double cos_third_acos(double t) {
  const double t2 = t * t;
  const double c = (0.8660260610588332 + 0.16661885651503525 * t) +
                   t2 * ((-0.04752501393243387 + 0.021899627345142326 * t) +
                         t2 * (-0.008966451200155465 + 0.0019473016104158958 * t));
  const double c2 = c * c;
  const double f = c * (4 * c2 - 3) - t, slope = 12 * c2 - 3;
  return c - 2 * f * slope / (2 * slope * slope - f * (24 * c));
}

// Smith (1961): with p² = tr(B²)/6 and r = det(B)/(2p³) ∈ [−1, 1], the eigenvalues of the
// trace-free B are 2p·cos(acos(r)/3 + 2πk/3). The one of largest magnitude is
// sign(r)·2p·cos(acos(|r|)/3).
inline double separated_eigenvalue(const Symmetric& b) {
  const double p2 = b.squared_norm() * (1.0 / 6);
  const double p = std::sqrt(p2);
  const double r = std::clamp(b.determinant() / (2 * p2 * p), -1.0, 1.0);
  return std::copysign(2 * p * cos_third_acos(std::abs(r)), r);
}

// Kernel vector of B − λI for a simple eigenvalue λ, not normalized: each cross product of two
// rows is parallel to it; the largest one has the least cancellation.
inline Vec3 kernel_vector(const Symmetric& b, double lambda) {
  const Vec3 r0{b.xx - lambda, b.yx, b.zx}, r1{b.yx, b.yy - lambda, b.zy}, r2{b.zx, b.zy, b.zz - lambda};
  const Vec3 c01 = cross(r0, r1), c02 = cross(r0, r2), c12 = cross(r1, r2);
  const double n01 = dot(c01, c01), n02 = dot(c02, c02), n12 = dot(c12, c12);
  return select(n01 >= n02 && n01 >= n12, c01, select(n02 >= n12, c02, c12));
}

// A unit vector orthogonal to v ≠ 0, built from its two largest components so that the norm
// divided by is at least ‖v‖/√2.
inline Vec3 orthogonal_unit(const Vec3& v) {
  const bool x_larger = std::abs(v.x) > std::abs(v.y);
  const Vec3 w = select(x_larger, Vec3{-v.z, 0, v.x}, Vec3{0, v.z, -v.y});
  return (1 / std::sqrt(dot(w, w))) * w;
}

// Eigen-decomposition of a trace-free symmetric matrix with entries of order 1, not all zero:
// values ascending, the eigenvectors of the first two.
[[gnu::always_inline]] inline void decompose_trace_free(const Symmetric& b, Vec3& values, Vec3& first, Vec3& second) {
  const double lambda = separated_eigenvalue(b);
  const Vec3 k = kernel_vector(b, lambda);
  const Vec3 u = orthogonal_unit(k);
  const Vec3 v = (1 / std::sqrt(dot(k, k))) * k;
  const Vec3 w = cross(v, u);
  // Rayleigh–Ritz in the plane of u, w: the eigenpairs of M = [[x, y], [y, z]], x = uᵀBu,
  // y = uᵀBw, z = wᵀBw, namely (x + z)/2 ∓ h with h = √(((x − z)/2)² + y²).
  const Vec3 bu = b * u, bw = b * w;
  const double x = dot(u, bu), y = dot(u, bw), z = dot(w, bw);
  const double mean = (x + z) * 0.5, half_difference = (x - z) * 0.5;
  const double h = std::sqrt(half_difference * half_difference + y * y);
  const Eigen::Vector2d cs = larger_eigenvector2(x, y, z);
  const double c = cs.x(), s = cs.y();
  const Vec3 smaller = c * w - s * u, larger = c * u + s * w;
  const bool largest = lambda >= 0;  // λ is the largest eigenvalue, else the smallest
  values = select(largest, Vec3{mean - h, mean + h, lambda}, Vec3{lambda, mean - h, mean + h});
  first = select(largest, smaller, v);
  second = select(largest, larger, smaller);
}

// `v` or −v, whichever has its component of largest magnitude (the first on a tie) positive.
inline Vec3 signed_by_largest(const Vec3& v) {
  double largest = v.x;
  largest = std::abs(v.y) > std::abs(largest) ? v.y : largest;
  largest = std::abs(v.z) > std::abs(largest) ? v.z : largest;
  return std::copysign(1.0, largest) * v;
}

inline bool finite(double x) { return std::abs(x) <= std::numeric_limits<double>::max(); }

/// The decomposition of the symmetric matrix with lower triangle a = (xx, yy, zz, yx, zx, zy).
[[gnu::always_inline]] inline Eigen3Lane eigen_symmetric3_lane(const Symmetric& a) {
  Symmetric b = a;
  const double largest = b.max_abs();
  // Entries so large that tr(A) could overflow, or so small that tr(A)/3 would round in the
  // subnormal range, are first scaled by an exact power of two (by 1 otherwise: exact too).
  const bool extreme = largest > 0x1p+1000 || largest < 0x1p-900;
  const double k = extreme ? (largest > 1 ? 0x1p-100 : 0x1p+600) : 1;
  const double unscale = extreme ? (largest > 1 ? 0x1p+100 : 0x1p-600) : 1;
  b.scale(k);
  // B = (A − mI)·2^−e with m = tr(A)/3 and 2^e ≤ max|entry of A − mI| < 2^(e+1).
  const double shift = b.trace() * (1.0 / 3);
  b.shift(shift);
  double scale, inverse_scale;
  powers_of_two(b.max_abs(), scale, inverse_scale);
  b.scale(inverse_scale);
  // m is rounded to the ulp of A: when A lies within a few ulps of mI, B keeps a trace as large
  // as its norm. A second shift, now rounded relative to B, makes B trace-free to ε‖B‖.
  const double shift2 = b.trace() * (1.0 / 3);
  b.shift(shift2);
  const bool multiple_of_identity = b.max_abs() == 0;  // A = mI (A = 0 too): every basis will do
  Vec3 trace_free_values, first, second;
  decompose_trace_free(b, trace_free_values, first, second);
  first = select(multiple_of_identity, Vec3{1, 0, 0}, signed_by_largest(first));
  second = select(multiple_of_identity, Vec3{0, 1, 0}, signed_by_largest(second));
  const bool is_finite = finite(a.xx) && finite(a.yy) && finite(a.zz) && finite(a.yx) &&
                         finite(a.zx) && finite(a.zy);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Eigen3Lane result;
  const auto value = [&](double trace_free) {  // of A, from that of B
    return is_finite ? unscale * (shift + scale * (shift2 + (multiple_of_identity ? 0 : trace_free))) : nan;
  };
  result.values = {value(trace_free_values.x), value(trace_free_values.y), value(trace_free_values.z)};
  const Vec3 third = cross(first, second), nans{nan, nan, nan};
  result.vectors[0] = select(is_finite, first, nans);
  result.vectors[1] = select(is_finite, second, nans);
  result.vectors[2] = select(is_finite, third, nans);
  return result;
}

}  // namespace fecontact::detail
