// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/contact/contact_kinematics.hpp"

#include <cmath>

#include <Eigen/Geometry>

#include "fecontact/mesh/face_shape_functions.hpp"

namespace fecontact {
namespace {

using Eigen::Vector2d;
using Eigen::Vector3d;

// g without its component along the unit vector n, normalised; zero when nothing is left of it
// (g zero, along n, or not finite).
Vector3d unit_in_plane(const Vector3d& g, const Vector3d& n) {
  const Vector3d t = g - g.dot(n) * n;
  const double length = t.norm();
  // Less than 1e-8 of g left: g lies along n to rounding, and its remainder has no direction.
  if (!(length > 1e-8 * g.norm()) || !std::isfinite(length)) return Vector3d::Zero();
  return t / length;
}

}  // namespace

std::array<Index, 9> face_node_indices(const SurfaceFace& face) {
  std::array<Index, 9> indices;
  indices.fill(-1);
  const std::span<const Index> nodes = face.nodes();
  for (std::size_t i = 0; i < nodes.size(); ++i) indices[i] = nodes[i];
  return indices;
}

std::array<double, 9> face_weights(ElementType face_type, const Vector2d& local) {
  const FaceShape s = face_shape(face_type, local);
  std::array<double, 9> weights{};
  for (int i = 0; i < s.count; ++i) weights[static_cast<std::size_t>(i)] = s.value[static_cast<std::size_t>(i)];
  return weights;
}

TangentFrame tangent_frame(const FaceNodes& face, const Vector2d& local, const Vector3d& normal) {
  TangentFrame frame;
  if (normal.isZero(0)) return frame;
  frame.tangent1 = unit_in_plane(face_tangents(face, local)[0], normal);
  if (frame.tangent1.isZero(0))
    frame.tangent1 = unit_in_plane(face_tangents(face, reference_centre(face.type))[0], normal);
  if (frame.tangent1.isZero(0)) frame.tangent1 = normal.unitOrthogonal();
  frame.tangent2 = normal.cross(frame.tangent1);
  return frame;
}

Vector3d convected_slip(const Vector3d& point, const FaceNodes& previous_face, const Vector2d& previous_local,
                        const Vector3d& normal) {
  const Vector3d d = point - face_point(previous_face, previous_local);
  return d - d.dot(normal) * normal;
}

}  // namespace fecontact
