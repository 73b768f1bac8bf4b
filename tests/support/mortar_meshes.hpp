// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Surfaces for the mortar tests: flat structured grids of every face type with optionally
// jittered corners (mid-edge nodes at the middle of straight edges, so every face stays flat and
// its geometry known), two of them making a surface-to-surface interface, and every
// (slave, master) face pair as its "search result" (a superset of the overlapping pairs, found
// without the code under test).

#include <array>
#include <random>
#include <vector>

#include <Eigen/Core>

#include "fecontact/contact/contact_search.hpp"
#include "fecontact/mesh/element_type.hpp"
#include "fecontact/mesh/face_shape_functions.hpp"

namespace fecontact::test {

/// A quad4 face of nodes a, b, c, d.
inline SurfaceFace quad4_face(Index a, Index b, Index c, Index d) {
  SurfaceFace f;
  f.type = ElementType::quad4;
  f.node_storage = {a, b, c, d};
  return f;
}

/// An nx × ny grid of `type` faces over [x0, x0 + width] × [y0, y0 + height] at height z, normal
/// +z (or −z when `mirrored`: the grid of [x0, x0 + width] × [−y0 − height, −y0] with y negated,
/// a reflection, which reverses the faces' orientation).
/// Interior corners move by up to `jitter` × the cell size in x and y (uniform, from `seed`).
/// Nodes are appended to `x`; faces index them.
inline Surface flat_grid(std::vector<Eigen::Vector3d>& x, ElementType type, int nx, int ny, double x0, double y0,
                         double width, double height, double z, bool mirrored, double jitter = 0,
                         unsigned seed = 1) {
  const double sign = mirrored ? -1 : 1;
  const double y_start = mirrored ? -y0 - height : y0;
  const int lx = 2 * nx + 1, ly = 2 * ny + 1;  // a lattice of corners and mid-edge / centre points
  std::vector<Eigen::Vector2d> p(static_cast<std::size_t>(lx * ly));
  const auto at = [&](int i, int j) -> Eigen::Vector2d& { return p[static_cast<std::size_t>(j * lx + i)]; };
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uniform(-jitter, jitter);
  const double hx = width / nx, hy = height / ny;
  for (int j = 0; j <= ny; ++j)
    for (int i = 0; i <= nx; ++i) {
      Eigen::Vector2d c(x0 + i * hx, y_start + j * hy);
      if (i > 0 && i < nx && j > 0 && j < ny) c += Eigen::Vector2d(uniform(rng) * hx, uniform(rng) * hy);
      at(2 * i, 2 * j) = c;
    }
  const bool triangles = is_triangle(type);
  for (int j = 0; j < ly; ++j)
    for (int i = 0; i < lx; ++i) {
      if (i % 2 == 0 && j % 2 == 0) continue;
      if (i % 2 == 1 && j % 2 == 1)  // cell centre: the middle of the diagonal (tri6) or of the corners
        at(i, j) = triangles ? Eigen::Vector2d(0.5 * (at(i - 1, j - 1) + at(i + 1, j + 1)))
                             : Eigen::Vector2d(0.25 * (at(i - 1, j - 1) + at(i + 1, j - 1) + at(i + 1, j + 1) + at(i - 1, j + 1)));
      else if (i % 2 == 1)
        at(i, j) = 0.5 * (at(i - 1, j) + at(i + 1, j));
      else
        at(i, j) = 0.5 * (at(i, j - 1) + at(i, j + 1));
    }
  const auto first = static_cast<Index>(x.size());
  for (const Eigen::Vector2d& q : p) x.emplace_back(q.x(), sign * q.y(), z);
  const auto id = [&](int i, int j) { return first + j * lx + i; };
  Surface surface;
  const auto add = [&](ElementType t, std::initializer_list<Index> nodes) {
    SurfaceFace face;
    face.type = t;
    std::size_t k = 0;
    for (const Index n : nodes) face.node_storage[k++] = n;
    surface.faces.push_back(face);
  };
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const int a = 2 * i, b = 2 * j;
      switch (type) {
        case ElementType::tri3:
          add(type, {id(a, b), id(a + 2, b), id(a + 2, b + 2)});
          add(type, {id(a, b), id(a + 2, b + 2), id(a, b + 2)});
          break;
        case ElementType::tri6:
          add(type, {id(a, b), id(a + 2, b), id(a + 2, b + 2), id(a + 1, b), id(a + 2, b + 1), id(a + 1, b + 1)});
          add(type, {id(a, b), id(a + 2, b + 2), id(a, b + 2), id(a + 1, b + 1), id(a + 1, b + 2), id(a, b + 1)});
          break;
        case ElementType::quad4:
          add(type, {id(a, b), id(a + 2, b), id(a + 2, b + 2), id(a, b + 2)});
          break;
        default:  // quad8, quad9
          add(type, {id(a, b), id(a + 2, b), id(a + 2, b + 2), id(a, b + 2), id(a + 1, b), id(a + 2, b + 1),
                     id(a + 1, b + 2), id(a, b + 1), id(a + 1, b + 1)});
      }
    }
  return surface;
}

/// Every (slave, master) face pair, ascending.
inline InterfaceResult all_pairs(const ContactInterface& interface) {
  InterfaceResult r;
  for (Index s = 0; s < interface.slave.size(); ++s)
    for (Index m = 0; m < interface.master.size(); ++m) {
      r.pair_slave.push_back(s);
      r.pair_master.push_back(m);
      r.pair_distance.push_back(0);
    }
  return r;
}

inline ContactInterface surface_interface(Surface slave, Surface master) {
  ContactInterface in;
  in.mode = ContactMode::surface_to_surface;
  in.slave = std::move(slave);
  in.master = std::move(master);
  return in;
}

/// The area vector ½ Σ (x_i − x_0) × (x_{i+1} − x_0) of the face's boundary polygon (corners and
/// mid-edge nodes in turn): the sum of its flat pieces' area vectors, so its length is their
/// area to second order in their tilt.
inline Eigen::Vector3d boundary_area_vector(const SurfaceFace& face, const std::vector<Eigen::Vector3d>& x) {
  const int corners = corner_count(face.type);
  const bool quadratic = is_quadratic(face.type);
  std::vector<Eigen::Vector3d> loop;
  for (int c = 0; c < corners; ++c) {
    loop.push_back(x[static_cast<std::size_t>(face.node_storage[static_cast<std::size_t>(c)])]);
    if (quadratic) loop.push_back(x[static_cast<std::size_t>(face.node_storage[static_cast<std::size_t>(corners + c)])]);
  }
  Eigen::Vector3d sum = Eigen::Vector3d::Zero();
  for (std::size_t i = 1; i + 1 < loop.size(); ++i) sum += (loop[i] - loop[0]).cross(loop[i + 1] - loop[0]);
  return 0.5 * sum;
}

}  // namespace fecontact::test
