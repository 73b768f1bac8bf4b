// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The contact scenes of the BVH benchmarks, generated in code so that any size can be made:
// a finely meshed sphere resting on a block, and two coaxial cylindrical shells 0.2% apart.
// Triangles only (tri3), so that fcl and CGAL take exactly the same input.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "fecontact/mesh/surface.hpp"

namespace fecontact::bench {

struct TriangleSurface {
  std::vector<Eigen::Vector3d> coordinates;
  std::vector<std::array<Index, 3>> triangles;

  Surface surface() const {
    Surface s;
    for (const auto& t : triangles) {
      SurfaceFace face;
      face.type = ElementType::tri3;
      std::copy(t.begin(), t.end(), face.node_storage.begin());
      s.faces.push_back(face);
    }
    return s;
  }
};

/// A contact scene: two surfaces and the search tolerance used with them.
struct Scene {
  std::string name;
  std::array<TriangleSurface, 2> surfaces;
  double tolerance = 0;
  std::size_t patches() const { return surfaces[0].triangles.size() + surfaces[1].triangles.size(); }
};

/// The first surface's nodes one step later, for refit: a small twist about the z axis and a
/// drop (the sphere moves onto the block, the inner shell turns in the outer one).
inline std::vector<Eigen::Vector3d> stepped_coordinates(const Scene& scene) {
  std::vector<Eigen::Vector3d> moved = scene.surfaces[0].coordinates;
  for (Eigen::Vector3d& x : moved) x += Eigen::Vector3d(1e-4 * x.y(), -1e-4 * x.x(), -2e-4);
  return moved;
}

/// Icosphere: the icosahedron subdivided `level` times (20·4^level triangles), on a sphere.
inline TriangleSurface icosphere(int level, const Eigen::Vector3d& centre, double radius) {
  const double p = (1 + std::sqrt(5.0)) / 2;
  TriangleSurface s;
  s.coordinates = {{-1, p, 0}, {1, p, 0}, {-1, -p, 0}, {1, -p, 0}, {0, -1, p}, {0, 1, p},
                   {0, -1, -p}, {0, 1, -p}, {p, 0, -1}, {p, 0, 1}, {-p, 0, -1}, {-p, 0, 1}};
  for (auto& x : s.coordinates) x.normalize();
  s.triangles = {{0, 11, 5}, {0, 5, 1}, {0, 1, 7}, {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
                 {11, 10, 2}, {10, 7, 6}, {7, 1, 8}, {3, 9, 4}, {3, 4, 2}, {3, 2, 6}, {3, 6, 8},
                 {3, 8, 9}, {4, 9, 5}, {2, 4, 11}, {6, 2, 10}, {8, 6, 7}, {9, 8, 1}};
  for (int l = 0; l < level; ++l) {
    std::unordered_map<std::uint64_t, Index> middle;
    const auto mid = [&](Index a, Index b) {
      const std::uint64_t key = (std::uint64_t(std::min(a, b)) << 32) | std::uint64_t(std::max(a, b));
      const auto [it, added] = middle.try_emplace(key, Index(s.coordinates.size()));
      if (added) s.coordinates.push_back((s.coordinates[std::size_t(a)] + s.coordinates[std::size_t(b)]).normalized());
      return it->second;
    };
    std::vector<std::array<Index, 3>> finer;
    finer.reserve(4 * s.triangles.size());
    for (const auto& [a, b, c] : s.triangles) {
      const Index ab = mid(a, b), bc = mid(b, c), ca = mid(c, a);
      finer.insert(finer.end(), {{a, ab, ca}, {b, bc, ab}, {c, ca, bc}, {ab, bc, ca}});
    }
    s.triangles = std::move(finer);
  }
  for (auto& x : s.coordinates) x = centre + radius * x;
  return s;
}

/// Appends a grid of nu × nv cells (two triangles each) over origin + u·du + v·dv, u, v ∈ [0,1].
inline void add_grid(TriangleSurface& s, const Eigen::Vector3d& origin, const Eigen::Vector3d& du,
                     const Eigen::Vector3d& dv, int nu, int nv) {
  const auto first = Index(s.coordinates.size());
  for (int j = 0; j <= nv; ++j)
    for (int i = 0; i <= nu; ++i) s.coordinates.push_back(origin + du * (double(i) / nu) + dv * (double(j) / nv));
  const auto at = [&](int i, int j) { return first + Index(j * (nu + 1) + i); };
  for (int j = 0; j < nv; ++j)
    for (int i = 0; i < nu; ++i) {
      s.triangles.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
      s.triangles.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
    }
}

/// Search distance of both scenes: 10⁻⁴, well below the 0.2% gap of the cylinders, so that (as
/// with fcl's exact test) the shells should not be reported as touching.
inline constexpr double scene_tolerance = 1e-4;

/// Sphere of radius 1 resting on the block [−1.5, 1.5]² × [−1, 0]: its lowest vertex on the top
/// face (icosphere level `level`; the block's six faces meshed at about the sphere's edge
/// length, ~0.7× its triangle count).
inline Scene sphere_on_block(int level) {
  Scene scene{"sphere_on_block", {}, scene_tolerance};
  scene.surfaces[0] = icosphere(level, {0, 0, 1}, 1);
  double lowest = 1;
  for (const auto& x : scene.surfaces[0].coordinates) lowest = std::min(lowest, x.z());
  for (auto& x : scene.surfaces[0].coordinates) x.z() -= lowest;
  const int n = std::max(2, int(std::round(1.2 * (1 << level))));  // cells along 3 units
  TriangleSurface& block = scene.surfaces[1];
  const Eigen::Vector3d x(3, 0, 0), y(0, 3, 0), z(0, 0, 1), o(-1.5, -1.5, -1);
  const int nz = std::max(1, n / 3);
  add_grid(block, o + z, x, y, n, n);   // top, where the sphere rests
  add_grid(block, o, y, x, n, n);       // bottom
  add_grid(block, o, x, z, n, nz);      // four sides
  add_grid(block, o + y, z, x, nz, n);
  add_grid(block, o, z, y, nz, n);
  add_grid(block, o + x, y, z, n, nz);
  return scene;
}

/// A closed-off cylindrical shell (no caps) of radius r, length 2 along z, nθ × nz cells.
inline TriangleSurface cylinder(double radius, int n_theta, int n_z) {
  TriangleSurface s;
  for (int j = 0; j <= n_z; ++j)
    for (int i = 0; i < n_theta; ++i) {
      const double t = 2 * std::numbers::pi * i / n_theta;
      s.coordinates.push_back({radius * std::cos(t), radius * std::sin(t), 2.0 * j / n_z - 1});
    }
  const auto at = [&](int i, int j) { return Index(j * n_theta + i % n_theta); };
  for (int j = 0; j < n_z; ++j)
    for (int i = 0; i < n_theta; ++i) {
      s.triangles.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
      s.triangles.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
    }
  return s;
}

/// Two coaxial shells of radii 1 and 1.002 (0.2% apart), about `triangles_per_shell` each,
/// with square-ish cells (and staggered resolutions, as two independent meshes would be).
inline Scene coaxial_cylinders(std::size_t triangles_per_shell) {
  Scene scene{"coaxial_cylinders", {}, scene_tolerance};
  // 2·nθ·nz triangles with nz ≈ nθ/π (cells of 2π/nθ by 2/nz).
  const int n_theta = std::max(8, int(std::sqrt(double(triangles_per_shell) * std::numbers::pi / 2)));
  const int n_z = std::max(1, int(double(triangles_per_shell) / (2.0 * n_theta)));
  scene.surfaces[0] = cylinder(1.0, n_theta, n_z);
  scene.surfaces[1] = cylinder(1.002, n_theta + 3, n_z + 1);
  return scene;
}

/// The two scenes of one resolution level: the sphere on the block (20·4^level sphere triangles)
/// and coaxial cylinders with about as many patches.
inline std::array<Scene, 2> scenes_of_level(int level) {
  Scene sphere = sphere_on_block(level);
  Scene cylinders = coaxial_cylinders(sphere.patches() / 2);
  return {std::move(sphere), std::move(cylinders)};
}

}  // namespace fecontact::bench
