// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Curved mortar interfaces for the derivative tests (mortar_derivatives, mortar_friction,
// mortar_hessian), and a dense copy of compressed sparse rows to compare them.

#include <random>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "fecontact/contact/contact_search.hpp"
#include "fecontact/contact/mortar/mortar_integration.hpp"
#include "mortar_meshes.hpp"

namespace fecontact::test {

using Eigen::Vector3d;

struct Scene {
  std::vector<Vector3d> x;
  ContactInterface interface;
};

// A 2 × 2 slave grid under a 3 × 3 master grid 0.02 above it (facing it), both bent onto the
// paraboloid z = 0.3 (x² + 0.5 y²), jittered, then rotated and moved by `offset`.
inline Scene curved_scene(ElementType slave_type, ElementType master_type, unsigned seed, double offset) {
  Scene s;
  Surface slave = flat_grid(s.x, slave_type, 2, 2, 0, 0, 1, 1, 0, false, 0.15, seed);
  Surface master = flat_grid(s.x, master_type, 3, 3, -0.15, -0.2, 1.3, 1.35, 0.02, true, 0.15, seed + 1);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uniform(-1, 1);
  const Eigen::Matrix3d rotation = Eigen::AngleAxisd(2 * uniform(rng), Vector3d(uniform(rng), uniform(rng), 1).normalized())
                                       .toRotationMatrix();
  const Vector3d shift = offset * Vector3d(0.6, -0.8, 0.3);
  for (Vector3d& p : s.x) {
    p.z() += 0.3 * (p.x() * p.x() + 0.5 * p.y() * p.y());
    p = rotation * p + shift;
  }
  s.interface = surface_interface(std::move(slave), std::move(master));
  return s;
}

/// A warped interface of many faces with its search's pairs, for the thread-count and allocation
/// checks: a quad4 slave of n × n cells over [0, 1]² (its nodes first, as flat_grid lays them
/// out) under a tri3 master of m × m cells over [−0.1, 1.1]², both jittered and warped by
/// z += 0.2 x y, paired by a search of tolerance 0.05.
struct SearchedScene {
  std::vector<Vector3d> x;
  ContactInterface interface;
  InterfaceResult pairs;
};

inline SearchedScene warped_scene(int slave_cells, int master_cells) {
  SearchedScene s;
  Surface slave = flat_grid(s.x, ElementType::quad4, slave_cells, slave_cells, 0, 0, 1, 1, 0, false, 0.2, 11);
  Surface master = flat_grid(s.x, ElementType::tri3, master_cells, master_cells, -0.1, -0.1, 1.2, 1.2, 0.01, true, 0.2, 12);
  for (Vector3d& p : s.x) p.z() += 0.2 * p.x() * p.y();
  s.interface = surface_interface(std::move(slave), std::move(master));
  ContactInterface searched = s.interface;
  searched.options.tolerance = 0.05;
  s.pairs = ContactSearch(static_cast<Index>(s.x.size()), {searched}).search(s.x)[0];
  return s;
}

inline Eigen::MatrixXd dense(const SparseRows& rows, Eigen::Index columns) {
  Eigen::MatrixXd m = Eigen::MatrixXd::Zero(rows.rows(), columns);
  for (Index r = 0; r < rows.rows(); ++r)
    for (Index i = rows.row_offsets[static_cast<std::size_t>(r)]; i < rows.row_offsets[static_cast<std::size_t>(r) + 1]; ++i)
      m(r, rows.columns[static_cast<std::size_t>(i)]) += rows.values[static_cast<std::size_t>(i)];
  return m;
}

}  // namespace fecontact::test
