// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Second-order forward-mode automatic differentiation for H(λ) (MortarDerivatives::gap_hessian):
// a number carries its value v, its gradient g and its Hessian h (the lower triangle, packed row
// by row) with respect to the coordinates of the nodes of one face pair, in arrays of fixed
// capacity so that nothing is allocated. The rules are the chain rule to second order,
//   (ab)'' = a b'' + b a'' + a' b'ᵀ + b' a'ᵀ,   f(a)'' = f'(a) a'' + f''(a) a' a'ᵀ,
// the scalar counterpart of Eigen's AutoDiffScalar one order up (nested AutoDiffScalars would
// carry the full n × n block twice over). A number of size 0 is a constant.

#include <algorithm>
#include <cmath>

#include <Eigen/Core>

#include "dual_number.hpp"

namespace fecontact::detail {

inline constexpr int max_pair_hessian = max_pair_coordinates * (max_pair_coordinates + 1) / 2;

class Hyper {
 public:
  using Packed = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, max_pair_hessian, 1>;

  Hyper(double value = 0) : value_(value) {}  // NOLINT(google-explicit-constructor): a constant, as Eigen needs
  /// Variable `index` of `size`: value `value`, gradient the unit vector, Hessian zero.
  static Hyper variable(double value, int index, int size) {
    Hyper x(value);
    x.gradient_ = Gradient::Unit(size, index);
    x.hessian_ = Packed::Zero(packed_size(size));
    return x;
  }

  double value() const { return value_; }
  const Gradient& gradient() const { return gradient_; }
  int size() const { return static_cast<int>(gradient_.size()); }
  /// ∂²/∂x_i∂x_j (either order).
  double hessian(int i, int j) const { return hessian_[i >= j ? packed(i, j) : packed(j, i)]; }
  /// The value and gradient alone.
  Dual first_order() const { return Dual(value_, gradient_); }
  /// The same number as a function of `size` ≥ size() variables, the first size() of them its own
  /// (the packed lower triangle's leading block is the first variables' Hessian).
  Hyper widened(int size) const {
    Hyper r(value_);
    r.gradient_ = Gradient::Zero(size);
    r.hessian_ = Packed::Zero(packed_size(size));
    if (this->size() > 0) {
      r.gradient_.head(this->size()) = gradient_;
      r.hessian_.head(packed_size(this->size())) = hessian_;
    }
    return r;
  }
  /// f(ξ, η) from f's value, gradient (f_ξ, f_η) and second derivatives (f_ξξ, f_ξη, f_ηη).
  static Hyper chain2(double f, double f_xi, double f_eta, double f_xi_xi, double f_xi_eta, double f_eta_eta,
                      const Hyper& xi, const Hyper& eta) {
    Hyper r(f);
    const int n = std::max(xi.size(), eta.size());
    if (n == 0) return r;
    const Hyper a = xi.widened(n), b = eta.widened(n);
    r.gradient_ = f_xi * a.gradient_ + f_eta * b.gradient_;
    r.hessian_ = f_xi * a.hessian_ + f_eta * b.hessian_;
    add_outer(r.hessian_, f_xi_xi, a.gradient_, a.gradient_);
    add_outer(r.hessian_, f_xi_eta, a.gradient_, b.gradient_);
    add_outer(r.hessian_, f_xi_eta, b.gradient_, a.gradient_);
    add_outer(r.hessian_, f_eta_eta, b.gradient_, b.gradient_);
    return r;
  }

  static int packed_size(int size) { return size * (size + 1) / 2; }
  static int packed(int i, int j) { return i * (i + 1) / 2 + j; }  // i ≥ j

  /// f(x) from f(v), f'(v), f''(v).
  Hyper chain(double f, double df, double ddf) const {
    Hyper r(f);
    if (size() == 0) return r;
    r.gradient_ = df * gradient_;
    r.hessian_ = df * hessian_;
    add_outer(r.hessian_, ddf, gradient_, gradient_);
    return r;
  }

  Hyper& operator+=(const Hyper& b) {
    if (b.size() == 0) {
      value_ += b.value_;
      return *this;
    }
    if (b.size() < size()) return *this += b.widened(size());
    if (size() < b.size()) *this = widened(b.size());
    value_ += b.value_;
    gradient_ += b.gradient_;
    hessian_ += b.hessian_;
    return *this;
  }
  Hyper& operator-=(const Hyper& b) { return *this += -b; }
  Hyper& operator*=(const Hyper& b) { return *this = *this * b; }
  Hyper& operator/=(const Hyper& b) { return *this = *this / b; }

  Hyper operator-() const {
    Hyper r(-value_);
    if (size() > 0) {
      r.gradient_ = -gradient_;
      r.hessian_ = -hessian_;
    }
    return r;
  }

  friend Hyper operator+(Hyper a, const Hyper& b) { return a += b; }
  friend Hyper operator-(Hyper a, const Hyper& b) { return a -= b; }
  friend Hyper operator*(const Hyper& a, const Hyper& b) {
    if (a.size() == 0) return b.scaled(a.value_);
    if (b.size() == 0) return a.scaled(b.value_);
    if (a.size() != b.size()) {
      const int n = std::max(a.size(), b.size());
      return a.widened(n) * b.widened(n);
    }
    Hyper r(a.value_ * b.value_);
    r.gradient_ = a.value_ * b.gradient_ + b.value_ * a.gradient_;
    r.hessian_ = a.value_ * b.hessian_ + b.value_ * a.hessian_;
    add_outer(r.hessian_, 1.0, a.gradient_, b.gradient_);
    add_outer(r.hessian_, 1.0, b.gradient_, a.gradient_);
    return r;
  }
  friend Hyper operator/(const Hyper& a, const Hyper& b) {
    if (b.size() == 0) return a.scaled(1 / b.value_);
    const double inverse = 1 / b.value_;
    return a * b.chain(inverse, -inverse * inverse, 2 * inverse * inverse * inverse);
  }
  friend Hyper sqrt(const Hyper& a) {
    const double root = std::sqrt(a.value_);
    return a.chain(root, 0.5 / root, -0.25 / (root * a.value_));
  }

  friend bool operator<(const Hyper& a, const Hyper& b) { return a.value_ < b.value_; }
  friend bool operator>(const Hyper& a, const Hyper& b) { return a.value_ > b.value_; }
  friend bool operator<=(const Hyper& a, const Hyper& b) { return a.value_ <= b.value_; }
  friend bool operator>=(const Hyper& a, const Hyper& b) { return a.value_ >= b.value_; }

 private:
  Hyper scaled(double s) const {
    Hyper r(s * value_);
    if (size() > 0) {
      r.gradient_ = s * gradient_;
      r.hessian_ = s * hessian_;
    }
    return r;
  }
  // h += s · sym(a bᵀ) on the lower triangle: h_ij += s a_i b_j for i ≥ j.
  static void add_outer(Packed& h, double s, const Gradient& a, const Gradient& b) {
    const auto n = static_cast<int>(a.size());
    for (int i = 0; i < n; ++i) {
      const double ai = s * a[i];
      if (ai == 0) continue;
      double* row = h.data() + packed(i, 0);
      for (int j = 0; j <= i; ++j) row[j] += ai * b[j];
    }
  }

  double value_ = 0;
  Gradient gradient_;
  Packed hessian_;
};

}  // namespace fecontact::detail

namespace Eigen {

template <>
struct NumTraits<fecontact::detail::Hyper> : NumTraits<double> {
  using Real = fecontact::detail::Hyper;
  using NonInteger = fecontact::detail::Hyper;
  using Nested = fecontact::detail::Hyper;
  using Literal = double;
  enum { IsComplex = 0, IsInteger = 0, IsSigned = 1, RequireInitialization = 1, ReadCost = 1, AddCost = 8, MulCost = 16 };
};

template <class BinaryOp>
struct ScalarBinaryOpTraits<fecontact::detail::Hyper, double, BinaryOp> {
  using ReturnType = fecontact::detail::Hyper;
};
template <class BinaryOp>
struct ScalarBinaryOpTraits<double, fecontact::detail::Hyper, BinaryOp> {
  using ReturnType = fecontact::detail::Hyper;
};

}  // namespace Eigen

namespace fecontact::detail {

template <>
inline Hyper variable<Hyper>(double value, int index, int size) {
  return Hyper::variable(value, index, size);
}
template <>
inline Hyper constant<Hyper>(double value, int) {
  return Hyper(value);
}
inline double value_of(const Hyper& x) { return x.value(); }
inline int size_of(const Hyper& x) { return x.size(); }

inline Hyper shape_value(const FaceShape& s, std::size_t k, const Eigen::Matrix<Hyper, 2, 1>& local) {
  return Hyper::chain2(s.value[k], s.d_xi[k], s.d_eta[k], s.d_xi_xi[k], s.d_xi_eta[k], s.d_eta_eta[k], local.x(), local.y());
}

}  // namespace fecontact::detail
