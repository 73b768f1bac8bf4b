// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Test surfaces for the BVH suites: structured grids of any face type mapped through a function,
// optionally with their nodes jittered, and the face shape functions written out independently
// of the library (for dense sampling of curved faces).

#include <array>
#include <cmath>
#include <functional>
#include <random>
#include <vector>

#include <Eigen/Core>

#include "fecontact/compressed_rows.hpp"
#include "fecontact/mesh/surface.hpp"

namespace fecontact::test {

struct TestSurface {
  std::vector<Eigen::Vector3d> coordinates;
  Surface surface;
};

/// nu × nv cells of faces of `type` over the (u, v) ∈ [0,1]² lattice mapped by `map`; quad
/// cells split into two triangles for tri3/tri6. Quadratic types use the (2nu+1) × (2nv+1)
/// lattice (mid nodes at half steps, quad9 centre at the cell centre).
inline TestSurface grid_surface(int nu, int nv, ElementType type,
                                const std::function<Eigen::Vector3d(double, double)>& map) {
  const bool quadratic = is_quadratic(type);
  const int step = quadratic ? 2 : 1;
  const int cols = step * nu + 1;
  const int rows = step * nv + 1;
  TestSurface out;
  for (int j = 0; j < rows; ++j)
    for (int i = 0; i < cols; ++i)
      out.coordinates.push_back(map(double(i) / (cols - 1), double(j) / (rows - 1)));
  const auto at = [&](int i, int j) { return Index(j * cols + i); };
  const auto add = [&](ElementType t, std::initializer_list<Index> nodes) {
    SurfaceFace face;
    face.type = t;
    std::copy(nodes.begin(), nodes.end(), face.node_storage.begin());
    out.surface.faces.push_back(face);
  };
  for (int cj = 0; cj < nv; ++cj)
    for (int ci = 0; ci < nu; ++ci) {
      const int i = step * ci, j = step * cj, s = step;
      const Index c00 = at(i, j), c10 = at(i + s, j), c11 = at(i + s, j + s), c01 = at(i, j + s);
      switch (type) {
        case ElementType::tri3: add(type, {c00, c10, c11}); add(type, {c00, c11, c01}); break;
        case ElementType::quad4: add(type, {c00, c10, c11, c01}); break;
        case ElementType::tri6:
          add(type, {c00, c10, c11, at(i + 1, j), at(i + 2, j + 1), at(i + 1, j + 1)});
          add(type, {c00, c11, c01, at(i + 1, j + 1), at(i + 1, j + 2), at(i, j + 1)});
          break;
        case ElementType::quad8:
          add(type, {c00, c10, c11, c01, at(i + 1, j), at(i + 2, j + 1), at(i + 1, j + 2), at(i, j + 1)});
          break;
        case ElementType::quad9:
          add(type, {c00, c10, c11, c01, at(i + 1, j), at(i + 2, j + 1), at(i + 1, j + 2), at(i, j + 1),
                     at(i + 1, j + 1)});
          break;
        default: break;
      }
    }
  return out;
}

/// Appends a tri3 face on three new nodes at a, b and c (a facet sharing no node).
inline void add_triangle(TestSurface& mesh, const Eigen::Vector3d& a, const Eigen::Vector3d& b,
                         const Eigen::Vector3d& c) {
  SurfaceFace face;
  face.type = ElementType::tri3;
  for (std::size_t k = 0; const Eigen::Vector3d& x : {a, b, c}) {
    face.node_storage[k++] = Index(mesh.coordinates.size());
    mesh.coordinates.push_back(x);
  }
  mesh.surface.faces.push_back(face);
}

/// Moves every node by a uniform random offset in [−amplitude, amplitude]³ (fixed seed).
inline void jitter(std::vector<Eigen::Vector3d>& coordinates, double amplitude, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> d(-amplitude, amplitude);
  for (auto& x : coordinates) x += Eigen::Vector3d(d(rng), d(rng), d(rng));
}

/// Shape functions of a face at local coordinates (r, s): triangles r, s ≥ 0, r + s ≤ 1;
/// quadrilaterals r, s ∈ [−1, 1]. Node order as in element_type.hpp (VTK).
inline std::vector<double> shape_functions(ElementType type, double r, double s) {
  switch (type) {
    case ElementType::tri3: return {1 - r - s, r, s};
    case ElementType::tri6: {
      const double l0 = 1 - r - s, l1 = r, l2 = s;
      return {l0 * (2 * l0 - 1), l1 * (2 * l1 - 1), l2 * (2 * l2 - 1), 4 * l0 * l1, 4 * l1 * l2, 4 * l2 * l0};
    }
    case ElementType::quad4:
      return {(1 - r) * (1 - s) / 4, (1 + r) * (1 - s) / 4, (1 + r) * (1 + s) / 4, (1 - r) * (1 + s) / 4};
    case ElementType::quad8: {
      // Serendipity (Zienkiewicz & Taylor, vol. 1, §8.7).
      const std::array<double, 4> xr{-1, 1, 1, -1}, xs{-1, -1, 1, 1};
      std::vector<double> n(8);
      for (int k = 0; k < 4; ++k) {
        const double a = r * xr[k], b = s * xs[k];
        n[k] = (1 + a) * (1 + b) * (a + b - 1) / 4;
      }
      n[4] = (1 - r * r) * (1 - s) / 2;
      n[5] = (1 + r) * (1 - s * s) / 2;
      n[6] = (1 - r * r) * (1 + s) / 2;
      n[7] = (1 - r) * (1 - s * s) / 2;
      return n;
    }
    case ElementType::quad9: {
      // Tensor product of the 1-D quadratics at −1, 0, 1.
      const auto q = [](double x) { return std::array<double, 3>{x * (x - 1) / 2, 1 - x * x, x * (x + 1) / 2}; };
      const auto a = q(r), b = q(s);
      return {a[0] * b[0], a[2] * b[0], a[2] * b[2], a[0] * b[2], a[1] * b[0],
              a[2] * b[1], a[1] * b[2], a[0] * b[1], a[1] * b[1]};
    }
    default: return {};
  }
}

/// Points of the face on a dense lattice of its parameter domain (n + 1 per direction).
inline std::vector<Eigen::Vector3d> sample_face(const SurfaceFace& face,
                                                const std::vector<Eigen::Vector3d>& coordinates,
                                                int n) {
  std::vector<Eigen::Vector3d> samples;
  const bool triangle = face.type == ElementType::tri3 || face.type == ElementType::tri6;
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= n; ++j) {
      if (triangle && i + j > n) continue;
      const double r = triangle ? double(i) / n : -1 + 2.0 * i / n;
      const double s = triangle ? double(j) / n : -1 + 2.0 * j / n;
      const auto shape = shape_functions(face.type, r, s);
      Eigen::Vector3d x = Eigen::Vector3d::Zero();
      for (std::size_t k = 0; k < shape.size(); ++k) x += shape[k] * coordinates[face.nodes()[k]];
      samples.push_back(x);
    }
  return samples;
}

/// Two wavy sheets of n × n cells that cross each other many times (many close and overlapping
/// patches): sheet 0 at z = 0.05 sin(6u)cos(5v), sheet 1 at z = 0.05 cos(7u + 1) − 0.01, nodes
/// jittered by a tenth of a cell.
inline std::array<TestSurface, 2> crossing_sheets(int n, ElementType type, unsigned seed) {
  std::array<TestSurface, 2> sheets{
      grid_surface(n, n, type, [](double u, double v) { return Eigen::Vector3d(u, v, 0.05 * std::sin(6 * u) * std::cos(5 * v)); }),
      grid_surface(n, n, type, [](double u, double v) { return Eigen::Vector3d(v, u, 0.05 * std::cos(7 * u + 1) - 0.01); })};
  jitter(sheets[0].coordinates, 0.1 / n, seed);
  jitter(sheets[1].coordinates, 0.1 / n, seed + 1);
  return sheets;
}

/// Patches of two consecutive faces (the last alone when the count is odd): multi-face patches
/// of neighbouring faces for the tree tests.
inline CompressedRows pair_patches(const Surface& surface) {
  CompressedRows patches;
  for (Index f = 0; f < surface.size(); f += 2) {
    const Index faces[] = {f, f + 1};
    patches.push_row(std::span<const Index>(faces, f + 1 < surface.size() ? 2 : 1));
  }
  return patches;
}

}  // namespace fecontact::test
