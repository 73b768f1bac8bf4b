// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Forward-mode automatic differentiation for the mortar derivatives (Eigen's AutoDiffScalar): a
// number carries its value and its gradient with respect to the coordinates of the nodes of one
// face pair (at most 18 nodes, 54 coordinates), in a vector of fixed capacity so that nothing is
// allocated. Functions the double pipeline evaluates through tables (shape functions) are lifted
// by the chain rule from their derivatives (face_shape gives them to second order).

#include <array>

#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>

#include "fecontact/mesh/element_type.hpp"
#include "fecontact/mesh/face_shape_functions.hpp"

namespace fecontact::detail {

inline constexpr int max_pair_coordinates = 54;  ///< 3 × (9 slave + 9 master nodes)
using Gradient = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, max_pair_coordinates, 1>;
using Dual = Eigen::AutoDiffScalar<Gradient>;
using Dual2 = Eigen::Matrix<Dual, 2, 1>;
using Dual3 = Eigen::Matrix<Dual, 3, 1>;

// What the mortar walk (gap_jacobian.cpp) asks of its scalar S, Dual here and Hyper
// (hyper_dual.hpp) for the second derivatives: a variable, a constant and the value.
template <class S>
S variable(double value, int index, int size);
template <class S>
S constant(double value, int size);

template <>
inline Dual variable<Dual>(double value, int index, int size) {
  return Dual(value, Gradient::Unit(size, index));
}
template <>
inline Dual constant<Dual>(double value, int size) {
  return Dual(value, Gradient::Zero(size));
}
inline double value_of(const Dual& x) { return x.value(); }
inline int size_of(const Dual& x) { return static_cast<int>(x.derivatives().size()); }

template <class S>
Eigen::Vector2d value(const Eigen::Matrix<S, 2, 1>& v) {
  return {value_of(v.x()), value_of(v.y())};
}
template <class S>
Eigen::Vector3d value(const Eigen::Matrix<S, 3, 1>& v) {
  return {value_of(v.x()), value_of(v.y()), value_of(v.z())};
}

/// Shape function k of `s` (evaluated at value(local)) at `local`, by the chain rule.
inline Dual shape_value(const FaceShape& s, std::size_t k, const Dual2& local) {
  return Dual(s.value[k], s.d_xi[k] * local.x().derivatives() + s.d_eta[k] * local.y().derivatives());
}

/// The face's shape functions N_i at `local` into n[0, node count), values and derivatives by the
/// chain rule (in place: each number carries its whole gradient, so copies of unused entries cost
/// as much as arithmetic).
template <class S>
void shape_values(ElementType type, const Eigen::Matrix<S, 2, 1>& local, std::array<S, 9>& n) {
  const FaceShape s = face_shape(type, value(local));
  for (int i = 0; i < s.count; ++i) n[static_cast<std::size_t>(i)] = shape_value(s, static_cast<std::size_t>(i), local);
}

template <class S>
S cross2(const Eigen::Matrix<S, 2, 1>& a, const Eigen::Matrix<S, 2, 1>& b) {
  return a.x() * b.y() - a.y() * b.x();
}

}  // namespace fecontact::detail
