// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/contact/face_distance.hpp"

#include <algorithm>
#include <cmath>
#include <array>
#include <limits>

#include <Eigen/Geometry>

#include "fecontact/contact/triangle_distance.hpp"
#include "fecontact/detail/assert.hpp"
#include "fecontact/geometry/aabb.hpp"
#include "fecontact/mesh/face_shape_functions.hpp"
#include "parallelogram.hpp"

namespace fecontact {
namespace {

using Eigen::Vector2d;
using Eigen::Vector3d;

// On the stack: the narrow phase of a search step allocates nothing.
struct Tessellation {
  static constexpr std::size_t capacity = 2 * max_subdivisions * max_subdivisions;
  std::array<PreparedTriangle, capacity> triangles;
  std::array<Aabb, capacity> boxes;
  std::size_t count = 0;
  double error = 0;  // ε: max distance between x(ξ) and the triangulation at the same ξ
};

void add(Tessellation& t, const Vector3d& a, const Vector3d& b, const Vector3d& c) {
  t.triangles[t.count] = prepare_triangle({a, b, c});
  t.boxes[t.count++] = expand(expand(expand(Aabb{}, a), b), c);
}

// Second derivative x_ξξ (or x_ηη) of the face at `local`.
Vector3d second_derivative(const FaceNodes& face, const Vector2d& local, bool along_xi) {
  const FaceShape s = face_shape(face.type, local);
  Vector3d d = Vector3d::Zero();
  for (int i = 0; i < s.count; ++i) d += (along_xi ? s.d_xi_xi[i] : s.d_eta_eta[i]) * face.x[i];
  return d;
}

Tessellation tessellate_triangle(const FaceNodes& face, int n) {
  Tessellation t;
  const auto x = [&](int i, int j) { return face_point(face, Vector2d(double(i) / n, double(j) / n)); };
  for (int j = 0; j < n; ++j)
    for (int i = 0; i + j < n; ++i) {
      add(t, x(i, j), x(i + 1, j), x(i, j + 1));
      if (i + j + 1 < n) add(t, x(i + 1, j), x(i + 1, j + 1), x(i, j + 1));
    }
  if (face.type == ElementType::tri6) {
    // Quadratic: I x − x = Σ_{i<j} λᵢλⱼ ½D²x[eᵢⱼ, eᵢⱼ] and Σ λᵢλⱼ ≤ 1/3.
    const FaceShape s = face_shape(face.type, Vector2d(1.0 / 3, 1.0 / 3));
    Vector3d xx = Vector3d::Zero(), xe = xx, ee = xx;
    for (int i = 0; i < s.count; ++i) {
      xx += s.d_xi_xi[i] * face.x[i];
      xe += s.d_xi_eta[i] * face.x[i];
      ee += s.d_eta_eta[i] * face.x[i];
    }
    const double largest = std::max({xx.norm(), ee.norm(), (xx - 2 * xe + ee).norm()});
    t.error = largest / (6.0 * n * n);
  }
  return t;
}

Tessellation tessellate_quadrilateral(const FaceNodes& face, int n) {
  Tessellation t;
  const double h = 2.0 / n;
  std::array<Vector3d, (max_subdivisions + 1) * (max_subdivisions + 1)> grid;
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n; ++i) grid[static_cast<std::size_t>(j * (n + 1) + i)] = face_point(face, Vector2d(-1 + i * h, -1 + j * h));
  double twist = 0;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const auto at = [&](int a, int b) -> const Vector3d& { return grid[static_cast<std::size_t>(b * (n + 1) + a)]; };
      const Vector3d& x00 = at(i, j);
      const Vector3d& x10 = at(i + 1, j);
      const Vector3d& x01 = at(i, j + 1);
      const Vector3d& x11 = at(i + 1, j + 1);
      add(t, x00, x10, x11);
      add(t, x00, x11, x01);
      twist = std::max(twist, (x00 - x10 - x01 + x11).norm());
    }
  // x_ξξ does not depend on ξ and is at most quadratic in η (likewise x_ηη): its maximum norm on
  // [−1, 1] is at most the Lebesgue constant 5/4 times the largest of its values at −1, 0, 1.
  double max_xx = 0, max_ee = 0;
  for (const double s : {-1.0, 0.0, 1.0}) {
    max_xx = std::max(max_xx, second_derivative(face, Vector2d(0, s), true).norm());
    max_ee = std::max(max_ee, second_derivative(face, Vector2d(s, 0), false).norm());
  }
  t.error = h * h / 8 * 1.25 * (max_xx + max_ee) + twist / 4;
  return t;
}

double box_distance(const Aabb& a, const Aabb& b) {
  const Vector3d gap = (a.min - b.max).cwiseMax(b.min - a.max).cwiseMax(0.0);
  return gap.norm();
}

}  // namespace

FaceDistance face_distance(const FaceNodes& a, const FaceNodes& b, int subdivisions, double limit) {
  FECONTACT_ASSERT(subdivisions >= 1 && subdivisions <= max_subdivisions,
                   "face_distance: subdivisions from 1 to max_subdivisions expected");
  if (a.type == ElementType::tri3 && b.type == ElementType::tri3)
    return {triangle_distance(std::array{a.x[0], a.x[1], a.x[2]}, std::array{b.x[0], b.x[1], b.x[2]}, limit), true};
  const auto tessellate = [&](const FaceNodes& face) {
    if (face.type == ElementType::tri3) return tessellate_triangle(face, 1);
    // A parallelogram quad4 is affine: its two triangles are the face, and cutting it finer lowers
    // no error (ε = twist / 4 at one cell is what rounding leaves of zero).
    if (face.type == ElementType::quad4 && detail::is_parallelogram(face.x[0], face.x[1], face.x[2], face.x[3]))
      return tessellate_quadrilateral(face, 1);
    return is_triangle(face.type) ? tessellate_triangle(face, subdivisions)
                                  : tessellate_quadrilateral(face, subdivisions);
  };
  const Tessellation ta = tessellate(a), tb = tessellate(b);
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < ta.count && best > 0; ++i)
    for (std::size_t j = 0; j < tb.count && best > 0; ++j)
      if (box_distance(ta.boxes[i], tb.boxes[j]) < best)
        best = std::min(best, triangle_distance(ta.triangles[i], tb.triangles[j]));
  return {std::max(0.0, best - ta.error - tb.error), false};
}

}  // namespace fecontact
