// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Faces for narrow-phase tests: every node placed by a map of its reference coordinates, so the
// geometry is known independently of the code under test.

#include <array>
#include <random>

#include <Eigen/Core>

#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/mesh/face_shape_functions.hpp"

namespace fecontact::test {

inline constexpr ElementType face_types[] = {ElementType::tri3, ElementType::tri6,
                                             ElementType::quad4, ElementType::quad8,
                                             ElementType::quad9};

/// A face whose node i sits at map(reference_face_node(type, i)).
template <class Map>
FaceNodes mapped_face(ElementType type, Map map) {
  FaceNodes face;
  face.type = type;
  for (int i = 0; i < node_count(type); ++i) face.x[i] = map(reference_face_node(type, i));
  return face;
}

/// A gently curved face: the reference domain scaled by 1, lifted by a quadratic of amplitude
/// `bow`, rotated by `rotation` and moved to `origin`.
inline FaceNodes curved_face(ElementType type, double bow, const Eigen::Matrix3d& rotation,
                             const Eigen::Vector3d& origin) {
  return mapped_face(type, [&](const Eigen::Vector2d& u) {
    const Eigen::Vector3d local(u.x(), u.y(), bow * (u.x() * u.x() + 0.5 * u.x() * u.y() - 0.7 * u.y() * u.y()));
    return Eigen::Vector3d(origin + rotation * local);
  });
}

/// Random local coordinates strictly inside the reference domain (margin in reference units).
inline Eigen::Vector2d random_inside(ElementType type, std::mt19937_64& rng, double margin) {
  std::uniform_real_distribution<double> u(margin, 1 - margin), q(-1 + margin, 1 - margin);
  if (!is_triangle(type)) return {q(rng), q(rng)};
  for (;;) {
    const Eigen::Vector2d x(u(rng), u(rng));
    if (x.sum() <= 1 - margin) return x;
  }
}

}  // namespace fecontact::test
