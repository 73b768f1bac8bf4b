// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Structured surfaces for contact tests: an nx × ny grid of quad4 faces (or two tri3 per cell)
// over the nodes j·(nx + 1) + i at (i·h, j·h, 0) mapped by a caller's function.

#include <vector>

#include <Eigen/Core>

#include "fecontact/mesh/surface.hpp"

namespace fecontact::test {

struct GridSurface {
  std::vector<Eigen::Vector3d> nodes;
  Surface surface;
};

/// Faces ordered row by row (cell (i, j) is face j·nx + i, or faces 2(j·nx + i) and +1 when
/// triangulated); node offset `first_node` lets several grids share one coordinate array.
template <class Map>
GridSurface grid_surface(int nx, int ny, double h, bool triangles, Map map, Index first_node = 0) {
  GridSurface grid;
  for (int j = 0; j <= ny; ++j)
    for (int i = 0; i <= nx; ++i) grid.nodes.push_back(map(Eigen::Vector3d(i * h, j * h, 0)));
  const auto node = [&](int i, int j) { return first_node + j * (nx + 1) + i; };
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      SurfaceFace face;
      if (triangles) {
        face.type = ElementType::tri3;
        face.node_storage = {node(i, j), node(i + 1, j), node(i + 1, j + 1)};
        grid.surface.faces.push_back(face);
        face.node_storage = {node(i, j), node(i + 1, j + 1), node(i, j + 1)};
        grid.surface.faces.push_back(face);
      } else {
        face.type = ElementType::quad4;
        face.node_storage = {node(i, j), node(i + 1, j), node(i + 1, j + 1), node(i, j + 1)};
        grid.surface.faces.push_back(face);
      }
    }
  return grid;
}

}  // namespace fecontact::test
