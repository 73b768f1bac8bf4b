// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// A rigid plane as a solver holds one: faces over nodes that it appends to its own node array and
// never moves.

#include <vector>

#include <Eigen/Core>

#include <fecontact/contact.hpp>

namespace solver {

/// The plane through `centre` spanned by the orthonormal directions u and v (outward normal u × v):
/// a grid of n_u × n_v squares of side `side` centred at `centre`, each cut into two tri3 faces
/// (projecting a node onto a tri3 is a closed form, onto a quad4 an iteration). Its
/// (n_u + 1)(n_v + 1) nodes are appended to `x`.
inline fecontact::Surface append_plane(std::vector<Eigen::Vector3d>& x, const Eigen::Vector3d& centre,
                                       const Eigen::Vector3d& u, const Eigen::Vector3d& v, int n_u, int n_v,
                                       double side) {
  const auto first = static_cast<fecontact::Index>(x.size());
  for (int j = 0; j <= n_v; ++j)
    for (int i = 0; i <= n_u; ++i)
      x.push_back(centre + ((i - 0.5 * n_u) * side) * u + ((j - 0.5 * n_v) * side) * v);
  const fecontact::Index row = n_u + 1;
  std::vector<fecontact::Index> offsets{0}, nodes;
  for (int j = 0; j < n_v; ++j)
    for (int i = 0; i < n_u; ++i) {
      const fecontact::Index n = first + row * j + i;  // the square n, n+1, n+row+1, n+row, counter-clockwise
      nodes.insert(nodes.end(), {n, n + 1, n + row + 1, n, n + row + 1, n + row});
      offsets.insert(offsets.end(), {offsets.back() + 3, offsets.back() + 6});
    }
  return fecontact::surface_from_arrays(offsets, nodes);  // fecontact: faces from plain arrays
}

}  // namespace solver
