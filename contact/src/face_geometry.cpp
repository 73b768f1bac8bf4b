// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/contact/face_geometry.hpp"

#include <algorithm>
#include <cmath>

#include <Eigen/Geometry>

#include "fecontact/mesh/face_shape_functions.hpp"
#include "fecontact/detail/parallel.hpp"

namespace fecontact {

using Eigen::Vector2d;
using Eigen::Vector3d;

namespace {

// ∂x/∂ξ × ∂x/∂η at `local`.
Vector3d area_vector(const FaceNodes& face, const Vector2d& local) {
  const auto [x_xi, x_eta] = face_tangents(face, local);
  return x_xi.cross(x_eta);
}

}  // namespace

std::array<Vector3d, 2> face_tangents(const FaceNodes& face, const Vector2d& local) {
  const FaceShape s = face_shape(face.type, local);
  Vector3d x_xi = Vector3d::Zero(), x_eta = Vector3d::Zero();
  for (int i = 0; i < s.count; ++i) {
    x_xi += s.d_xi[i] * face.x[i];
    x_eta += s.d_eta[i] * face.x[i];
  }
  return {x_xi, x_eta};
}

Vector2d reference_centre(ElementType type) {
  return is_triangle(type) ? Vector2d(1.0 / 3, 1.0 / 3) : Vector2d(0, 0);
}

FaceNodes gather_face_nodes(const SurfaceFace& face, std::span<const Vector3d> coordinates) {
  FaceNodes nodes;
  nodes.type = face.type;
  const std::span<const Index> ids = face.nodes();
  for (std::size_t i = 0; i < ids.size(); ++i) nodes.x[i] = coordinates[static_cast<std::size_t>(ids[i])];
  return nodes;
}

Vector3d face_point(const FaceNodes& face, const Vector2d& local) {
  const FaceShape s = face_shape(face.type, local);
  Vector3d x = Vector3d::Zero();
  for (int i = 0; i < s.count; ++i) x += s.value[i] * face.x[i];
  return x;
}

Vector3d face_normal(const FaceNodes& face, const Vector2d& local) {
  for (const Vector2d& at : {local, reference_centre(face.type)}) {
    const Vector3d n = area_vector(face, at);
    const double length = n.norm();
    if (length > 0 && std::isfinite(length)) return n / length;
  }
  return Vector3d::Zero();
}

double face_area(const FaceNodes& face) {
  // Linear faces: |J| is constant on a triangle and at most bilinear on a flat quadrilateral, so
  // one point and 2×2 points are exact there (and cheap: this runs on every face every step).
  if (face.type == ElementType::tri3) return 0.5 * area_vector(face, Vector2d(1.0 / 3, 1.0 / 3)).norm();
  if (is_triangle(face.type)) {
    // Strang & Fix 6-point rule on the reference triangle (weights sum to ½, its area).
    constexpr double a = 0.445948490915965, b = 0.091576213509771;
    constexpr double wa = 0.223381589678011 / 2, wb = 0.109951743655322 / 2;
    const Vector2d points[6] = {{a, a}, {1 - 2 * a, a}, {a, 1 - 2 * a},
                                {b, b}, {1 - 2 * b, b}, {b, 1 - 2 * b}};
    double area = 0;
    for (int k = 0; k < 6; ++k) area += (k < 3 ? wa : wb) * area_vector(face, points[k]).norm();
    return area;
  }
  // Gauss–Legendre on [−1, 1]²: 2×2 points for quad4, 3×3 for the quadratic faces.
  const bool linear = face.type == ElementType::quad4;
  if (linear) {
    // The bilinear map's tangents written out (corners at ξ, η = ∓1 in face order): the same
    // rule without the general shape functions, as this runs on every face every step.
    const Vector3d &a = face.x[0], &b = face.x[1], &c = face.x[2], &d = face.x[3];
    const double g = 1 / std::sqrt(3.0);
    double area = 0;
    for (const double eta : {-g, g})
      for (const double xi : {-g, g}) {
        const Vector3d x_xi = 0.25 * ((b - a) * (1 - eta) + (c - d) * (1 + eta));
        const Vector3d x_eta = 0.25 * ((d - a) * (1 - xi) + (c - b) * (1 + xi));
        area += x_xi.cross(x_eta).norm();
      }
    return area;
  }
  const double g2[2] = {-1 / std::sqrt(3.0), 1 / std::sqrt(3.0)}, w2[2] = {1, 1};
  const double g3[3] = {-std::sqrt(0.6), 0, std::sqrt(0.6)}, w3[3] = {5.0 / 9, 8.0 / 9, 5.0 / 9};
  const int n = linear ? 2 : 3;
  const double* g = linear ? g2 : g3;
  const double* w = linear ? w2 : w3;
  double area = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) area += w[i] * w[j] * area_vector(face, Vector2d(g[i], g[j])).norm();
  return area;
}

double face_size(const FaceNodes& face) {
  const int corners = corner_count(face.type);
  double edges = 0;
  for (int k = 0; k < corners; ++k)
    edges += (face.x[static_cast<std::size_t>(k)] - face.x[static_cast<std::size_t>((k + 1) % corners)]).norm();
  return edges / corners;
}

bool is_degenerate(const FaceNodes& face, double relative_tolerance) {
  const int corners = corner_count(face.type);
  double longest2 = 0;
  for (int i = 0; i < corners; ++i)
    for (int j = i + 1; j < corners; ++j)
      longest2 = std::max(longest2, (face.x[i] - face.x[j]).squaredNorm());
  const double threshold = relative_tolerance * longest2;
  // Linear faces, compared squared (no square root: this runs on every face at every search of
  // the trees). A tri3's area is ½ |(x₁ − x₀) × (x₂ − x₀)|. A quad4's vector area
  // ½ (x₂ − x₀) × (x₃ − x₁) is |∫ n dA| ≤ ∫ |n| dA, its area: when it passes, so does the area,
  // at one cross product instead of the quadrature.
  if (face.type == ElementType::tri3)
    return !(0.25 * (face.x[1] - face.x[0]).cross(face.x[2] - face.x[0]).squaredNorm() > threshold * threshold);
  if (face.type == ElementType::quad4 &&
      0.25 * (face.x[2] - face.x[0]).cross(face.x[3] - face.x[1]).squaredNorm() > threshold * threshold)
    return false;
  return !(face_area(face) > threshold);  // also true for NaN coordinates
}

std::vector<Index> degenerate_faces(const Surface& surface, std::span<const Vector3d> coordinates,
                                    double relative_tolerance) {
  std::vector<char> degenerate(surface.faces.size(), 0);
  detail::parallel_for(surface.faces.size(), 1024, [&](std::size_t f) {
    degenerate[f] = is_degenerate(gather_face_nodes(surface.faces[f], coordinates), relative_tolerance);
  });
  std::vector<Index> result;
  for (std::size_t f = 0; f < degenerate.size(); ++f)
    if (degenerate[f]) result.push_back(static_cast<Index>(f));
  return result;
}

}  // namespace fecontact
