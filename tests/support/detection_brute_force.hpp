// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The definition of contact_detection.hpp written out plainly for tests: two faces of different
// components are partners when their outward normals at their reference centres are opposed within
// the angle, two shell sides also lie in front of each other, and face_distance puts them within
// the distance. Tests try it on every pair of faces, without trees; a pair whose bounding spheres
// are farther apart than the distance is no partner without measuring it.

#include <algorithm>
#include <cmath>
#include <utility>

#include <Eigen/Core>

#include "fecontact/contact/face_distance.hpp"
#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/mesh/mesh.hpp"
#include "fecontact/mesh/surface.hpp"

namespace fecontact::test {

inline bool partners(const Mesh& mesh, const SurfaceFace& a, const SurfaceFace& b, double distance, double angle_degrees) {
  const auto centre = [](const FaceNodes& f) {
    return corner_count(f.type) == 3 ? Eigen::Vector2d(1.0 / 3, 1.0 / 3) : Eigen::Vector2d(0, 0);
  };
  const auto shell = [&](const SurfaceFace& f) {
    return !is_volume(mesh.blocks[static_cast<std::size_t>(f.owner.element.block)].type);
  };
  const FaceNodes fa = gather_face_nodes(a, mesh.coordinates);
  const FaceNodes fb = gather_face_nodes(b, mesh.coordinates);
  // x(ξ) − c = Σ Nᵢ(ξ)(xᵢ − c) as Σ Nᵢ = 1, so |x(ξ) − c| ≤ Λ maxᵢ|xᵢ − c|, Λ = max Σ|Nᵢ| the
  // Lebesgue constant of the face's nodes: 1 for linear faces, at most 3 (quad8, at its centre).
  const auto sphere = [](const FaceNodes& f) {
    const int n = node_count(f.type);
    Eigen::Vector3d c = Eigen::Vector3d::Zero();
    for (int i = 0; i < n; ++i) c += f.x[static_cast<std::size_t>(i)] / n;
    double r = 0;
    for (int i = 0; i < n; ++i) r = std::max(r, (f.x[static_cast<std::size_t>(i)] - c).norm());
    return std::pair(c, (n == corner_count(f.type) ? 1.0 : 3.0) * r);
  };
  const auto [ca, ra] = sphere(fa);
  const auto [cb, rb] = sphere(fb);
  if ((ca - cb).norm() - ra - rb > distance) return false;
  const Eigen::Vector3d na = face_normal(fa, centre(fa)), nb = face_normal(fb, centre(fb));
  if (na.dot(nb) > -std::cos(angle_degrees * std::acos(-1.0) / 180)) return false;
  const Eigen::Vector3d ab = face_point(fb, centre(fb)) - face_point(fa, centre(fa));
  if (shell(a) && shell(b) && ab.dot(na) - ab.dot(nb) < 0) return false;
  return face_distance(fa, fb).distance <= distance;
}

}  // namespace fecontact::test
