// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The block of the sliding block example, meshed in code: no gmsh needed.

#include <array>
#include <utility>

#include <Eigen/Dense>

#include <fecontact/core.hpp>

namespace solver {

/// The box [0, size.x] × [0, size.y] × [0, size.z] as cells.x × cells.y × cells.z hexahedra, each
/// cut into six tet4 around its diagonal from its lowest to its highest corner (Kuhn's
/// subdivision: one tet per ordering of the three axes; the faces of neighbouring cells match),
/// every tet positively oriented. One block, ids from 1, so that exterior_surface finds its skin.
inline fecontact::Mesh box_mesh(const Eigen::Vector3d& size, const std::array<int, 3>& cells) {
  fecontact::Mesh mesh;
  const auto [nx, ny, nz] = cells;
  const auto node = [&](int i, int j, int k) { return static_cast<fecontact::Index>((k * (ny + 1) + j) * (nx + 1) + i); };
  for (int k = 0; k <= nz; ++k)
    for (int j = 0; j <= ny; ++j)
      for (int i = 0; i <= nx; ++i) {
        mesh.coordinates.emplace_back(size.x() * i / nx, size.y() * j / ny, size.z() * k / nz);
        mesh.node_ids.push_back(static_cast<fecontact::FileId>(mesh.coordinates.size()));
        mesh.node_index[mesh.node_ids.back()] = node(i, j, k);
      }
  fecontact::ElementBlock block;
  block.name = "block";
  block.type = fecontact::ElementType::tet4;
  constexpr std::array<std::array<int, 3>, 6> orderings{{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
  for (int k = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i)
        for (const auto& axes : orderings) {
          std::array<int, 3> corner{i, j, k};  // walk from the lowest corner, one axis at a time
          std::array<fecontact::Index, 4> tet{node(i, j, k)};
          for (std::size_t a = 0; a < 3; ++a) {
            ++corner[static_cast<std::size_t>(axes[a])];
            tet[a + 1] = node(corner[0], corner[1], corner[2]);
          }
          const auto at = [&](std::size_t a) { return mesh.coordinates[static_cast<std::size_t>(tet[a])]; };
          if ((at(1) - at(0)).cross(at(2) - at(0)).dot(at(3) - at(0)) < 0) std::swap(tet[2], tet[3]);
          block.connectivity.insert(block.connectivity.end(), tet.begin(), tet.end());
          block.element_ids.push_back(static_cast<fecontact::FileId>(block.element_ids.size() + 1));
        }
  mesh.blocks.push_back(std::move(block));
  return mesh;
}

}  // namespace solver
