// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The structured tet10 meshes of the reader benchmarks: an n × n × n grid of cells, each cut
// into the 6 tetrahedra of Kuhn's triangulation (the paths from a cell's corner 000 to 111
// along the axes, one per order of the axes). Corners are on the doubled grid, so that every
// edge's midpoint is a grid point too and every point of the doubled grid is a node.

#include <array>
#include <cstddef>
#include <utility>

namespace fecontact::bench {

/// A point of the doubled grid: twice its coordinates in cells.
using GridPoint = std::array<long, 3>;

/// Calls fn(corners) for the 6 n³ tetrahedra, cell by cell (x fastest), each with positive
/// orientation: det(c₁ − c₀, c₂ − c₀, c₃ − c₀) > 0.
template <class Fn>
void for_each_kuhn_tetrahedron(long n, Fn&& fn) {
  // Even permutations of the axes, then odd ones, whose middle corners swap (they are mirrored).
  constexpr std::array<std::array<int, 2>, 6> orders = {{{0, 1}, {1, 2}, {2, 0}, {0, 2}, {2, 1}, {1, 0}}};
  for (long k = 0; k < n; ++k)
    for (long j = 0; j < n; ++j)
      for (long i = 0; i < n; ++i)
        for (std::size_t o = 0; o < orders.size(); ++o) {
          std::array<GridPoint, 4> c{};
          c[0] = {2 * i, 2 * j, 2 * k};
          c[1] = c[0];
          c[1][static_cast<std::size_t>(orders[o][0])] += 2;
          c[2] = c[1];
          c[2][static_cast<std::size_t>(orders[o][1])] += 2;
          c[3] = {2 * i + 2, 2 * j + 2, 2 * k + 2};
          if (o >= 3) std::swap(c[1], c[2]);
          fn(c);
        }
}

/// The midpoint of an edge of the doubled grid's tetrahedra (a grid point).
inline GridPoint midpoint(const GridPoint& a, const GridPoint& b) {
  return {(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2};
}

}  // namespace fecontact::bench
