// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Forward-mode automatic differentiation for the mortar derivatives (Eigen's AutoDiffScalar): a
// number carries its value and its gradient with respect to the coordinates of the nodes of one
// face pair (at most 18 nodes, 54 coordinates), in a vector of fixed capacity so that nothing is
// allocated. Functions the double pipeline evaluates through tables (shape functions) are lifted
// by the chain rule from their derivatives.

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

inline Eigen::Vector2d value(const Dual2& v) { return {v.x().value(), v.y().value()}; }
inline Eigen::Vector3d value(const Dual3& v) { return {v.x().value(), v.y().value(), v.z().value()}; }

/// A constant (zero gradient of `size` entries).
inline Dual constant(double v, Eigen::Index size) { return Dual(v, Gradient::Zero(size)); }

/// The face's shape functions N_i at `local`: values and gradients by the chain rule.
inline std::array<Dual, 9> shape_values(ElementType type, const Dual2& local) {
  const FaceShape s = face_shape(type, value(local));
  std::array<Dual, 9> n;
  for (int i = 0; i < s.count; ++i) {
    const auto k = static_cast<std::size_t>(i);
    n[k] = Dual(s.value[k], s.d_xi[k] * local.x().derivatives() + s.d_eta[k] * local.y().derivatives());
  }
  return n;
}

inline Dual cross2(const Dual2& a, const Dual2& b) { return a.x() * b.y() - a.y() * b.x(); }

}  // namespace fecontact::detail
