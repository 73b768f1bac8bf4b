// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The area of a face (face_geometry.hpp's face_area) for coordinates of any scalar type: doubles,
// or the dual numbers of the mortar derivatives (mortar/dual_number.hpp), which differentiate the
// same rule.

#include <array>
#include <cmath>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "fecontact/mesh/element_type.hpp"
#include "fecontact/mesh/face_shape_functions.hpp"

namespace fecontact::detail {

/// ∂x/∂ξ × ∂x/∂η at `local` of a face of `type` with nodes `x`.
template <class Vector3>
Vector3 area_vector_of(ElementType type, const std::array<Vector3, 9>& x, const Eigen::Vector2d& local) {
  const FaceShape s = face_shape(type, local);
  Vector3 x_xi = Vector3::Zero(), x_eta = Vector3::Zero();
  for (int i = 0; i < s.count; ++i) {
    x_xi += s.d_xi[static_cast<std::size_t>(i)] * x[static_cast<std::size_t>(i)];
    x_eta += s.d_eta[static_cast<std::size_t>(i)] * x[static_cast<std::size_t>(i)];
  }
  return x_xi.cross(x_eta);
}

template <class Vector3>
auto face_area_of(ElementType type, const std::array<Vector3, 9>& x) {
  using Scalar = typename Vector3::Scalar;
  using Eigen::Vector2d;
  // Linear faces: |J| is constant on a triangle and at most bilinear on a flat quadrilateral, so
  // one point and 2×2 points are exact there (and cheap: this runs on every face every step).
  if (type == ElementType::tri3) return Scalar(0.5 * area_vector_of(type, x, Vector2d(1.0 / 3, 1.0 / 3)).norm());
  if (is_triangle(type)) {
    // Strang & Fix 6-point rule on the reference triangle (weights sum to ½, its area).
    constexpr double a = 0.445948490915965, b = 0.091576213509771;
    constexpr double wa = 0.223381589678011 / 2, wb = 0.109951743655322 / 2;
    const Vector2d points[6] = {{a, a}, {1 - 2 * a, a}, {a, 1 - 2 * a},
                                {b, b}, {1 - 2 * b, b}, {b, 1 - 2 * b}};
    Scalar area = Scalar(0);
    for (int k = 0; k < 6; ++k) area += (k < 3 ? wa : wb) * area_vector_of(type, x, points[k]).norm();
    return area;
  }
  // Gauss–Legendre on [−1, 1]²: 2×2 points for quad4, 3×3 for the quadratic faces.
  if (type == ElementType::quad4) {
    // The bilinear map's tangents written out (corners at ξ, η = ∓1 in face order): the same
    // rule without the general shape functions, as this runs on every face every step.
    const Vector3 &p = x[0], &q = x[1], &r = x[2], &t = x[3];
    const double g = 1 / std::sqrt(3.0);
    Scalar area = Scalar(0);
    for (const double eta : {-g, g})
      for (const double xi : {-g, g}) {
        const Vector3 x_xi = 0.25 * ((q - p) * (1 - eta) + (r - t) * (1 + eta));
        const Vector3 x_eta = 0.25 * ((t - p) * (1 - xi) + (r - q) * (1 + xi));
        area += x_xi.cross(x_eta).norm();
      }
    return area;
  }
  const double g[3] = {-std::sqrt(0.6), 0, std::sqrt(0.6)}, w[3] = {5.0 / 9, 8.0 / 9, 5.0 / 9};
  Scalar area = Scalar(0);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) area += w[i] * w[j] * area_vector_of(type, x, Vector2d(g[i], g[j])).norm();
  return area;
}

}  // namespace fecontact::detail
