// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/contact/face_geometry.hpp"

#include <algorithm>
#include <cmath>

#include <Eigen/Geometry>

#include "face_area.hpp"
#include "fecontact/mesh/face_shape_functions.hpp"
#include "fecontact/detail/parallel.hpp"

namespace fecontact {

using Eigen::Vector2d;
using Eigen::Vector3d;

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
    const Vector3d n = detail::area_vector_of(face.type, face.x, at);
    const double length = n.norm();
    if (length > 0 && std::isfinite(length)) return n / length;
  }
  return Vector3d::Zero();
}

double face_area(const FaceNodes& face) { return detail::face_area_of(face.type, face.x); }

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
