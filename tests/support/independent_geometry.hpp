// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Element geometry computed by the tests themselves, from corner nodes only, to check what
// readers produce: signed corner-tetrahedron volumes and outward face normals. Conventions are
// those of element_type.hpp (VTK): for a tet, hex and pyramid the corner triples below are
// right-handed on VTK's reference cells (for the wedge, 0-1-2 turns towards 3-4-5, as in VTK's
// reference coordinates, Abaqus and Gmsh). Quadratic elements use their corners only (straight-sided
// approximation), which is enough to tell inverted or mis-numbered elements.

#include <Eigen/Geometry>
#include <array>
#include <span>
#include <vector>

#include "fecontact/mesh/element_type.hpp"
#include "fecontact/mesh/mesh.hpp"

namespace fecontact::test {

/// For each vertex of a volume element: the vertex and three neighbours such that
/// det(n1 - c, n2 - c, n3 - c) > 0 on a well-shaped element.
inline std::vector<std::array<int, 4>> vertex_tets(ElementType type) {
  switch (type) {
    case ElementType::tet4:
    case ElementType::tet10:
      return {{0, 1, 2, 3}, {1, 2, 0, 3}, {2, 0, 1, 3}, {3, 0, 2, 1}};
    case ElementType::hex8:
    case ElementType::hex20:
    case ElementType::hex27:
      return {{0, 1, 3, 4}, {1, 2, 0, 5}, {2, 3, 1, 6}, {3, 0, 2, 7},
              {4, 7, 5, 0}, {5, 4, 6, 1}, {6, 5, 7, 2}, {7, 6, 4, 3}};
    case ElementType::wedge6:
    case ElementType::wedge15:
      return {{0, 1, 2, 3}, {1, 2, 0, 4}, {2, 0, 1, 5}, {3, 5, 4, 0}, {4, 3, 5, 1}, {5, 4, 3, 2}};
    case ElementType::pyramid5:
      return {{0, 1, 3, 4}, {1, 2, 0, 4}, {2, 3, 1, 4}, {3, 0, 2, 4}};
    default:
      return {};
  }
}

/// Smallest corner-tetrahedron volume (6 × signed tet volume) of element `nodes`.
inline double min_corner_volume(const std::vector<Eigen::Vector3d>& x, ElementType type,
                                std::span<const Index> nodes) {
  double smallest = 1e300;
  for (const auto& [c, a, b, d] : vertex_tets(type)) {
    const Eigen::Vector3d& o = x[static_cast<std::size_t>(nodes[c])];
    const double v = (x[static_cast<std::size_t>(nodes[a])] - o)
                         .cross(x[static_cast<std::size_t>(nodes[b])] - o)
                         .dot(x[static_cast<std::size_t>(nodes[d])] - o);
    smallest = std::min(smallest, v);
  }
  return smallest;
}

/// Volume of a straight-sided element from its corners, by a decomposition into tetrahedra:
/// exact for tets, wedges with planar faces and parallelepiped hexes.
inline double corner_volume(const std::vector<Eigen::Vector3d>& x, ElementType type,
                            std::span<const Index> nodes) {
  const auto det = [&](int a, int b, int c, int d) {
    const Eigen::Vector3d& o = x[static_cast<std::size_t>(nodes[a])];
    return (x[static_cast<std::size_t>(nodes[b])] - o)
        .cross(x[static_cast<std::size_t>(nodes[c])] - o)
        .dot(x[static_cast<std::size_t>(nodes[d])] - o);
  };
  switch (type) {
    case ElementType::tet4:
    case ElementType::tet10:
      return det(0, 1, 2, 3) / 6;
    case ElementType::hex8:
    case ElementType::hex20:
    case ElementType::hex27:  // six tets around the diagonal 0-6
      return (det(0, 1, 2, 6) + det(0, 2, 3, 6) + det(0, 3, 7, 6) + det(0, 7, 4, 6) +
              det(0, 4, 5, 6) + det(0, 5, 1, 6)) /
             6;
    case ElementType::wedge6:
    case ElementType::wedge15:  // three tets
      return (det(0, 1, 2, 3) + det(1, 2, 3, 4) + det(2, 3, 4, 5)) / 6;
    case ElementType::pyramid5:
      return (det(0, 1, 2, 4) + det(0, 2, 3, 4)) / 6;
    default:
      return 0;
  }
}

/// Mean of the first `corners` nodes of an element.
inline Eigen::Vector3d centroid(const std::vector<Eigen::Vector3d>& x, std::span<const Index> nodes,
                                int corners) {
  Eigen::Vector3d sum = Eigen::Vector3d::Zero();
  for (int i = 0; i < corners; ++i) sum += x[static_cast<std::size_t>(nodes[i])];
  return sum / corners;
}

/// Newell's normal of a polygon (area-weighted, not normalized).
inline Eigen::Vector3d polygon_normal(const std::vector<Eigen::Vector3d>& corners) {
  Eigen::Vector3d n = Eigen::Vector3d::Zero();
  for (std::size_t i = 0; i < corners.size(); ++i)
    n += corners[i].cross(corners[(i + 1) % corners.size()]);
  return n;
}

/// normal · (face centroid − element centroid) for face `local_face` of a volume element, from
/// the face table of element_type.hpp and corner nodes only: > 0 when the face points out.
inline double face_outwardness(const std::vector<Eigen::Vector3d>& x, ElementType type,
                               std::span<const Index> nodes, int local_face) {
  const ReferenceFace& face = faces(type)[static_cast<std::size_t>(local_face)];
  std::vector<Eigen::Vector3d> corners;
  for (int i = 0; i < corner_count(face.type); ++i)
    corners.push_back(x[static_cast<std::size_t>(nodes[face.nodes[static_cast<std::size_t>(i)]])]);
  Eigen::Vector3d face_centre = Eigen::Vector3d::Zero();
  for (const auto& c : corners) face_centre += c;
  face_centre /= static_cast<double>(corners.size());
  return polygon_normal(corners).dot(face_centre - centroid(x, nodes, corner_count(type)));
}

}  // namespace fecontact::test
