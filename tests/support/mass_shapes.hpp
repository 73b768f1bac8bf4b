// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Closed-form solids and maps of the unit cube onto them, for the mass-property tests (meshes
// come from structured_mesh.hpp with these maps) and the benchmarks.

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <vector>

#include <Eigen/Core>

#include "fecontact/mass/mass_properties.hpp"
#include "fecontact/types.hpp"

namespace fecontact::testing {

/// Square [−1,1]² onto the unit disc by the smooth elliptical grid map
/// (u√(1 − v²/2), v√(1 − u²/2)), which sends the square's sides onto the circle.
inline Eigen::Vector2d square_to_disc(double u, double v) {
  return {u * std::sqrt(1 - v * v / 2), v * std::sqrt(1 - u * u / 2)};
}

/// Cube [0,1]³ onto the ball of radius `radius` centred at the origin: the smooth "elliptical
/// grid" map x' = x·√(1 − y²/2 − z²/2 + y²z²/3) (and cyclically) of q = 2p − 1, which sends the
/// cube's faces onto the sphere. (A radial map has a kink at the centre, where quadratic
/// elements then get negative Jacobians — rightly reported by the library.)
inline Eigen::Vector3d cube_to_ball(const Eigen::Vector3d& p, double radius) {
  const Eigen::Vector3d q = 2 * p - Eigen::Vector3d::Ones();
  const Eigen::Vector3d s = q.cwiseProduct(q);
  return radius * Eigen::Vector3d(q.x() * std::sqrt(1 - s.y() / 2 - s.z() / 2 + s.y() * s.z() / 3),
                                  q.y() * std::sqrt(1 - s.z() / 2 - s.x() / 2 + s.z() * s.x() / 3),
                                  q.z() * std::sqrt(1 - s.x() / 2 - s.y() / 2 + s.x() * s.y() / 3));
}

/// Cube onto the cylinder of radius r, axis z, z ∈ [0, h].
inline Eigen::Vector3d cube_to_cylinder(const Eigen::Vector3d& p, double r, double h) {
  const Eigen::Vector2d d = r * square_to_disc(2 * p.x() - 1, 2 * p.y() - 1);
  return {d.x(), d.y(), h * p.z()};
}

/// Cube onto the cone of base radius r at z = 0 and apex (0, 0, h); the top layer of cells
/// collapses onto the apex (degenerate hexahedra whose Jacobian vanishes only at the apex).
inline Eigen::Vector3d cube_to_cone(const Eigen::Vector3d& p, double r, double h) {
  const Eigen::Vector2d d = r * (1 - p.z()) * square_to_disc(2 * p.x() - 1, 2 * p.y() - 1);
  return {d.x(), d.y(), h * p.z()};
}

/// Cube onto the torus of major radius R and tube radius a around the z axis (the face p.z = 0
/// and p.z = 1 meet: the mesh is closed geometrically, its nodes there are distinct).
inline Eigen::Vector3d cube_to_torus(const Eigen::Vector3d& p, double big_r, double a) {
  const Eigen::Vector2d d = a * square_to_disc(2 * p.x() - 1, 2 * p.y() - 1);
  const double phi = -2 * std::numbers::pi * p.z();  // minus: a positive Jacobian
  return {(big_r + d.x()) * std::cos(phi), (big_r + d.x()) * std::sin(phi), d.y()};
}

/// A closed, welded, outward triangulation of the torus (major radius R, tube radius a, axis z):
/// an nu × nv grid of (u, v) with two triangles per cell; vertex (i, j) is at index i·nv + j.
struct TriangleMesh {
  std::vector<Eigen::Vector3d> vertices;
  std::vector<std::array<Index, 3>> triangles;
};
inline TriangleMesh torus_triangles(int nu, int nv, double big_r, double a) {
  TriangleMesh t;
  t.vertices.reserve(static_cast<std::size_t>(nu) * static_cast<std::size_t>(nv));
  for (int i = 0; i < nu; ++i)
    for (int j = 0; j < nv; ++j) {
      const double u = 2 * std::numbers::pi * i / nu, v = 2 * std::numbers::pi * j / nv;
      t.vertices.emplace_back((big_r + a * std::cos(v)) * std::cos(u),
                              (big_r + a * std::cos(v)) * std::sin(u), a * std::sin(v));
    }
  t.triangles.reserve(2 * t.vertices.size());
  const auto id = [&](int i, int j) { return static_cast<Index>((i % nu) * nv + (j % nv)); };
  for (int i = 0; i < nu; ++i)
    for (int j = 0; j < nv; ++j) {  // ∂/∂u × ∂/∂v points outward
      t.triangles.push_back({id(i, j), id(i + 1, j), id(i + 1, j + 1)});
      t.triangles.push_back({id(i, j), id(i + 1, j + 1), id(i, j + 1)});
    }
  return t;
}

/// Closed forms, unit density, centred as the maps above place them.
inline MassProperties sphere_properties(double radius) {
  MassProperties m;
  m.volume = m.mass = 4.0 / 3 * std::numbers::pi * std::pow(radius, 3);
  m.inertia = Eigen::Matrix3d::Identity() * (0.4 * m.mass * radius * radius);
  return m;
}
inline MassProperties cylinder_properties(double r, double h) {
  MassProperties m;
  m.volume = m.mass = std::numbers::pi * r * r * h;
  m.center_of_mass = Eigen::Vector3d(0, 0, h / 2);
  const double axial = 0.5 * m.mass * r * r, transverse = m.mass * (3 * r * r + h * h) / 12;
  m.inertia = Eigen::Vector3d(transverse, transverse, axial).asDiagonal();
  return m;
}
inline MassProperties cone_properties(double r, double h) {
  MassProperties m;
  m.volume = m.mass = std::numbers::pi * r * r * h / 3;
  m.center_of_mass = Eigen::Vector3d(0, 0, h / 4);
  const double axial = 0.3 * m.mass * r * r;
  const double transverse = m.mass * (3.0 / 20 * r * r + 3.0 / 80 * h * h);
  m.inertia = Eigen::Vector3d(transverse, transverse, axial).asDiagonal();
  return m;
}
inline MassProperties torus_properties(double big_r, double a) {
  MassProperties m;
  m.volume = m.mass = 2 * std::numbers::pi * std::numbers::pi * big_r * a * a;
  const double axial = m.mass * (big_r * big_r + 0.75 * a * a);
  const double transverse = m.mass * (0.5 * big_r * big_r + 0.625 * a * a);
  m.inertia = Eigen::Vector3d(transverse, transverse, axial).asDiagonal();
  return m;
}

/// Largest difference of volume, centre and inertia, each relative to the scale of the exact
/// value (volume, a length of volume^(1/3), the trace of the inertia).
struct Deviation {
  double volume, center, inertia;
};
inline Deviation deviation(const MassProperties& computed, const MassProperties& exact) {
  const double length = std::cbrt(exact.volume);
  return {std::abs(computed.volume - exact.volume) / exact.volume,
          (computed.center_of_mass - exact.center_of_mass).norm() / length,
          (computed.inertia - exact.inertia).cwiseAbs().maxCoeff() / exact.inertia.trace()};
}

}  // namespace fecontact::testing
