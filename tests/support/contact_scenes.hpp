// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Generated contact scenes: mapped grids of quad4, quad9, tri3 or tri6 faces appended to a Mesh
// (one shell block per surface, file ids unlike the indices), and brute-force references.

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include <Eigen/Core>

#include "fecontact/mesh/mesh.hpp"
#include "fecontact/mesh/surface.hpp"

namespace fecontact::test {

/// Appends an nu × nv grid of `type` faces over the map (u, v) ∈ [0, 1]² → R³ to `mesh` (new
/// nodes, a new block) and returns its surface. `periodic_v`: v = 1 reuses the nodes of v = 0.
/// Node ids in the file: 10·index + 7; element ids: 3·element + 100·(block + 1).
inline Surface mapped_grid(Mesh& mesh, ElementType type, int nu, int nv,
                           const std::function<Eigen::Vector3d(double, double)>& map,
                           bool periodic_v = false) {
  const bool quadratic = type == ElementType::quad9 || type == ElementType::tri6;
  const int s = quadratic ? 2 : 1;  // node steps per cell
  const int cu = s * nu + 1, cv = s * nv + (periodic_v ? 0 : 1);
  const Index first = mesh.node_count();
  for (int j = 0; j < cv; ++j)
    for (int i = 0; i < cu; ++i) {
      const Index n = mesh.node_count();
      mesh.coordinates.push_back(map(double(i) / (s * nu), double(j) / (s * nv)));
      mesh.node_ids.push_back(10 * FileId(n) + 7);
      mesh.node_index[mesh.node_ids.back()] = n;
    }
  const auto node = [&](int i, int j) { return first + (j % cv) * cu + i; };
  ElementBlock block;
  block.name = "grid" + std::to_string(mesh.blocks.size());
  block.type = type;
  const auto block_index = static_cast<Index>(mesh.blocks.size());
  Surface surface;
  surface.name = block.name;
  const auto add = [&](std::initializer_list<Index> nodes) {
    SurfaceFace face;
    face.type = type;
    std::copy(nodes.begin(), nodes.end(), face.node_storage.begin());
    face.owner = FaceRef{{block_index, block.size()}, 0};
    block.connectivity.insert(block.connectivity.end(), nodes.begin(), nodes.end());
    block.element_ids.push_back(3 * FileId(block.size()) + 100 * (block_index + 1));
    surface.faces.push_back(face);
  };
  for (int b = 0; b < nv; ++b)
    for (int a = 0; a < nu; ++a) {
      const int i = s * a, j = s * b;
      switch (type) {
        case ElementType::quad4: add({node(i, j), node(i + 1, j), node(i + 1, j + 1), node(i, j + 1)}); break;
        case ElementType::quad9:
          add({node(i, j), node(i + 2, j), node(i + 2, j + 2), node(i, j + 2), node(i + 1, j), node(i + 2, j + 1),
               node(i + 1, j + 2), node(i, j + 1), node(i + 1, j + 1)});
          break;
        case ElementType::tri3:
          add({node(i, j), node(i + 1, j), node(i + 1, j + 1)});
          add({node(i, j), node(i + 1, j + 1), node(i, j + 1)});
          break;
        default:  // tri6
          add({node(i, j), node(i + 2, j), node(i + 2, j + 2), node(i + 1, j), node(i + 2, j + 1), node(i + 1, j + 1)});
          add({node(i, j), node(i + 2, j + 2), node(i, j + 2), node(i + 1, j + 1), node(i + 1, j + 2), node(i, j + 1)});
      }
    }
  mesh.blocks.push_back(std::move(block));
  return surface;
}

constexpr double pi = 3.14159265358979323846;

/// Cylinder of radius r along x over [x0, x1], axis through (·, 0, zc); normals outward.
inline std::function<Eigen::Vector3d(double, double)> cylinder(double r, double x0, double x1, double zc) {
  return [=](double u, double v) {
    const double t = 2 * pi * v;
    return Eigen::Vector3d(x0 + (x1 - x0) * u, r * std::sin(t), zc + r * std::cos(t));
  };
}

/// Sphere of radius r about the origin (u: polar angle 0..π, v: azimuth); normals outward.
inline std::function<Eigen::Vector3d(double, double)> sphere(double r) {
  return [=](double u, double v) {
    const double p = pi * u, t = 2 * pi * v;
    return Eigen::Vector3d(r * std::sin(p) * std::cos(t), r * std::sin(p) * std::sin(t), r * std::cos(p));
  };
}

/// Rectangle [x0, x1] × [y0, y1] at height z, normal +z.
inline std::function<Eigen::Vector3d(double, double)> plate(double x0, double x1, double y0, double y1, double z) {
  return [=](double u, double v) { return Eigen::Vector3d(x0 + (x1 - x0) * u, y0 + (y1 - y0) * v, z); };
}

/// A strip of width 1 folded onto itself: a leg along y at z = 0, a half-turn of radius rho,
/// a leg back at z = 2 rho (the two legs face each other 2 rho apart).
inline std::function<Eigen::Vector3d(double, double)> folded_strip(double length, double rho) {
  return [=](double u, double v) {
    const double total = 2 * length + pi * rho, s = v * total;
    if (s <= length) return Eigen::Vector3d(u, s, 0);
    if (s >= length + pi * rho) return Eigen::Vector3d(u, length - (s - length - pi * rho), 2 * rho);
    const double a = (s - length) / rho;  // angle along the turn
    return Eigen::Vector3d(u, length + rho * std::sin(a), rho - rho * std::cos(a));
  };
}

}  // namespace fecontact::test
