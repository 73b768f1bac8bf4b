// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Structured meshes of every volume element type for the mass-property tests and benchmarks:
// the unit cube [0,1]³ cut into cells, each cell into elements of one type (hex: 1, tet: 6 Kuhn
// tetrahedra, wedge: 2 prisms, pyramid: 6 pyramids on the faces to the cell centre), then every
// node moved by a map. Nodes are the points of the half-cell lattice, so quadratic elements get
// their mid-edge, mid-face and centre nodes on the mapped (curved) geometry; lattice points an
// element type does not use stay as unused nodes.

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <Eigen/LU>

#include "fecontact/mesh/element_type.hpp"
#include "fecontact/mesh/mesh.hpp"
#include "fecontact/mesh/shape_functions.hpp"

namespace fecontact::testing {

using PointMap = std::function<Eigen::Vector3d(const Eigen::Vector3d&)>;

namespace detail {

// A sub-element of a cell: lattice position of reference point ξ = origin + linear·ξ, in
// half-cell units (a cell spans [0,2]³).
struct Placement {
  Eigen::Vector3d origin;
  Eigen::Matrix3d linear;
};

inline std::vector<Placement> placements(ElementType type) {
  using Eigen::Matrix3d;
  using Eigen::Vector3d;
  std::vector<Placement> result;
  switch (type) {
    case ElementType::hex8:
    case ElementType::hex20:
    case ElementType::hex27: result.push_back({Vector3d::Ones(), Matrix3d::Identity()}); break;
    case ElementType::tet4:
    case ElementType::tet10: {  // Kuhn: paths 000 → 111 along the axes in every order
      std::array<int, 3> order = {0, 1, 2};
      do {
        Matrix3d linear;
        Vector3d corner = Vector3d::Zero();
        for (int k = 0; k < 3; ++k) {
          corner += 2 * Vector3d::Unit(order[static_cast<std::size_t>(k)]);
          linear.col(k) = corner;
        }
        if (linear.determinant() < 0) linear.col(0).swap(linear.col(1));
        result.push_back({Vector3d::Zero(), linear});
      } while (std::next_permutation(order.begin(), order.end()));
      break;
    }
    case ElementType::wedge6:
    case ElementType::wedge15: {  // triangles A B C counter-clockwise; node 1 ↦ B, node 2 ↦ C
      const std::array<std::array<Vector3d, 3>, 2> triangles = {
          {{Vector3d(0, 0, 1), Vector3d(2, 0, 1), Vector3d(2, 2, 1)},
           {Vector3d(0, 0, 1), Vector3d(2, 2, 1), Vector3d(0, 2, 1)}}};
      for (const auto& t : triangles) {
        Matrix3d linear;
        linear << t[1] - t[0], t[2] - t[0], Vector3d::UnitZ();
        result.push_back({t[0], linear});
      }
      break;
    }
    case ElementType::pyramid5:  // base on each cell face, apex at the cell centre
      for (int d = 0; d < 3; ++d)
        for (int s : {-1, 1}) {
          const Vector3d normal = s * Vector3d::Unit(d);
          Matrix3d linear;
          linear << Vector3d::Unit((d + 1) % 3), -s * Vector3d::Unit((d + 2) % 3), -normal;
          result.push_back({Vector3d::Ones() + normal, linear});
        }
      break;
    default: break;
  }
  return result;
}

}  // namespace detail

/// One block named `name` of `type` filling [0,1]³ with cells[0]×cells[1]×cells[2] cells, node
/// coordinates map(p) of the lattice points p. Element ids are 1, 2, ...
inline Mesh structured_mesh(ElementType type, std::array<int, 3> cells, const PointMap& map,
                            const std::string& name = "block") {
  const std::array<int, 3> points = {2 * cells[0] + 1, 2 * cells[1] + 1, 2 * cells[2] + 1};
  const auto lattice_index = [&](int i, int j, int k) { return (k * points[1] + j) * points[0] + i; };
  Mesh mesh;
  for (int k = 0; k < points[2]; ++k)
    for (int j = 0; j < points[1]; ++j)
      for (int i = 0; i < points[0]; ++i) {
        const Eigen::Vector3d p(double(i) / (points[0] - 1), double(j) / (points[1] - 1),
                                double(k) / (points[2] - 1));
        mesh.node_index[static_cast<FileId>(mesh.coordinates.size() + 1)] = static_cast<Index>(mesh.coordinates.size());
        mesh.node_ids.push_back(static_cast<FileId>(mesh.coordinates.size() + 1));
        mesh.coordinates.push_back(map(p));
      }
  ElementBlock block;
  block.name = name;
  block.type = type;
  const auto sub_elements = detail::placements(type);
  for (int ck = 0; ck < cells[2]; ++ck)
    for (int cj = 0; cj < cells[1]; ++cj)
      for (int ci = 0; ci < cells[0]; ++ci)
        for (const auto& placement : sub_elements) {
          for (int n = 0; n < node_count(type); ++n) {
            const Eigen::Vector3d local = placement.origin + placement.linear * reference_node(type, n);
            block.connectivity.push_back(lattice_index(2 * ci + int(std::lround(local[0])),
                                                       2 * cj + int(std::lround(local[1])),
                                                       2 * ck + int(std::lround(local[2]))));
          }
          block.element_ids.push_back(static_cast<FileId>(block.element_ids.size() + 1));
        }
  mesh.blocks.push_back(std::move(block));
  return mesh;
}

}  // namespace fecontact::testing
