// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Test-side geometry of elements in the internal (VTK) node order, written from the VTK cell
// documentation independently of the library's face tables: corner-tet decompositions, edge
// lists of the quadratic types, and the volume enclosed by a set of faces (divergence theorem).

#include <array>
#include <span>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "fecontact/mesh/element_type.hpp"
#include "fecontact/mesh/mesh.hpp"
#include "fecontact/mesh/surface.hpp"

namespace fecontact::test {

using Tet = std::array<int, 4>;

/// Decomposition of the corner polyhedron into tets, each positive for a valid element:
/// hex (0,1,2,3) turns towards (4,5,6,7); wedge (0,1,2) towards (3,4,5); pyramid (0,1,2,3)
/// towards the apex 4; tet (0,1,2) towards 3.
inline std::vector<Tet> corner_tets(ElementType type) {
  switch (type) {
    case ElementType::tet4:
    case ElementType::tet10:
      return {{0, 1, 2, 3}};
    case ElementType::hex8:
    case ElementType::hex20:
    case ElementType::hex27:
      return {{0, 1, 2, 6}, {0, 2, 3, 6}, {0, 3, 7, 6}, {0, 7, 4, 6}, {0, 4, 5, 6}, {0, 5, 1, 6}};
    case ElementType::wedge6:
    case ElementType::wedge15:
      return {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}};
    case ElementType::pyramid5:
      return {{0, 1, 2, 4}, {0, 2, 3, 4}};
    default:
      return {};
  }
}

inline double tet_volume(const Eigen::Vector3d& a, const Eigen::Vector3d& b,
                         const Eigen::Vector3d& c, const Eigen::Vector3d& d) {
  return (b - a).cross(c - a).dot(d - a) / 6.0;
}

/// Edges carrying midside nodes, in VTK's order (the midside nodes follow the corners).
inline std::vector<std::array<int, 2>> midside_edges(ElementType type) {
  switch (type) {
    case ElementType::tet10:
      return {{0, 1}, {1, 2}, {2, 0}, {0, 3}, {1, 3}, {2, 3}};
    case ElementType::hex20:
    case ElementType::hex27:
      return {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {4, 5}, {5, 6},
              {6, 7}, {7, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
    case ElementType::wedge15:
      return {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}, {0, 3}, {1, 4}, {2, 5}};
    case ElementType::tri6:
      return {{0, 1}, {1, 2}, {2, 0}};
    case ElementType::quad8:
    case ElementType::quad9:
      return {{0, 1}, {1, 2}, {2, 3}, {3, 0}};
    default:
      return {};
  }
}

/// Node groups whose centroid is a further node, after the midside nodes (VTK's hex27: face
/// centres x-, x+, y-, y+, z-, z+, then the body centre; quad9: the centre).
inline std::vector<std::vector<int>> centre_groups(ElementType type) {
  if (type == ElementType::hex27)
    return {{0, 3, 7, 4},
            {1, 2, 6, 5},
            {0, 1, 5, 4},
            {3, 2, 6, 7},
            {0, 1, 2, 3},
            {4, 5, 6, 7},
            {0, 1, 2, 3, 4, 5, 6, 7}};
  if (type == ElementType::quad9) return {{0, 1, 2, 3}};
  return {};
}

/// The boundary loop of a face given by its nodes (corners first): corners with the midside
/// nodes between them.
inline std::vector<Eigen::Vector3d> face_loop(ElementType face_type,
                                              std::span<const Eigen::Vector3d> nodes) {
  const int corners = corner_count(face_type);
  std::vector<Eigen::Vector3d> loop;
  for (int i = 0; i < corners; ++i) {
    loop.push_back(nodes[static_cast<std::size_t>(i)]);
    if (is_quadratic(face_type)) loop.push_back(nodes[static_cast<std::size_t>(corners + i)]);
  }
  return loop;
}

/// Area vector and volume contribution (divergence theorem, fan from the loop's centroid) of a
/// face; summed over a closed surface, the volume terms give the enclosed volume.
struct FaceIntegrals {
  Eigen::Vector3d area = Eigen::Vector3d::Zero();
  double volume = 0.0;
};

inline FaceIntegrals face_integrals(ElementType face_type, std::span<const Eigen::Vector3d> nodes) {
  const auto loop = face_loop(face_type, nodes);
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();
  for (const auto& p : loop) centre += p;
  centre /= static_cast<double>(loop.size());
  FaceIntegrals result;
  for (std::size_t i = 0; i < loop.size(); ++i) {
    const Eigen::Vector3d& a = loop[i];
    const Eigen::Vector3d& b = loop[(i + 1) % loop.size()];
    result.area += 0.5 * (a - centre).cross(b - centre);
    result.volume += centre.dot(a.cross(b)) / 6.0;
  }
  return result;
}

inline std::vector<Eigen::Vector3d> points(const Mesh& mesh, std::span<const Index> nodes) {
  std::vector<Eigen::Vector3d> result;
  for (const Index n : nodes) result.push_back(mesh.coordinates[static_cast<std::size_t>(n)]);
  return result;
}

/// Enclosed volume and total area vector of a surface (zero area vector if closed).
inline FaceIntegrals surface_integrals(const Mesh& mesh, const Surface& surface) {
  FaceIntegrals total;
  for (const auto& face : surface.faces) {
    const auto f = face_integrals(face.type, points(mesh, face.nodes()));
    total.area += f.area;
    total.volume += f.volume;
  }
  return total;
}

}  // namespace fecontact::test
