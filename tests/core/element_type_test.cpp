// SPDX-License-Identifier: BSD-3-Clause
// Face tables of the volume element types, checked on VTK's reference elements: every face
// points outward, the faces close the element with consistent orientation, and every
// higher-order face node sits where VTK's documentation puts it.

#include <map>
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <Eigen/Geometry>

#include "fecontact/mesh/element_type.hpp"

using fecontact::ElementType;
using Eigen::Vector3d;

namespace {

// Node coordinates of VTK's reference cells (vtkCell::GetParametricCoords), built from the
// corners and VTK's documented edge and face lists, independently of the face tables.
std::vector<Vector3d> reference_nodes(ElementType type) {
  using T = ElementType;
  const std::vector<Vector3d> tet = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  const std::vector<Vector3d> hex = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0},
                                     {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
  const std::vector<Vector3d> wedge = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0},
                                       {0, 0, 1}, {1, 0, 1}, {0, 1, 1}};
  const std::vector<Vector3d> pyramid = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {.5, .5, 1}};
  const std::vector<std::pair<int, int>> tet_edges = {{0, 1}, {1, 2}, {2, 0}, {0, 3}, {1, 3}, {2, 3}};
  const std::vector<std::pair<int, int>> hex_edges = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {4, 5}, {5, 6},
                                                      {6, 7}, {7, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
  const std::vector<std::pair<int, int>> wedge_edges = {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5},
                                                        {5, 3}, {0, 3}, {1, 4}, {2, 5}};
  const auto with_edges = [](std::vector<Vector3d> nodes, const auto& edges) {
    const std::vector<Vector3d> corners = nodes;
    for (const auto& [a, b] : edges) nodes.push_back(0.5 * (corners[a] + corners[b]));
    return nodes;
  };
  switch (type) {
    case T::tet4: return tet;
    case T::tet10: return with_edges(tet, tet_edges);
    case T::hex8: return hex;
    case T::hex20: return with_edges(hex, hex_edges);
    case T::hex27: {
      std::vector<Vector3d> nodes = with_edges(hex, hex_edges);
      for (const Vector3d& c : {Vector3d(0, .5, .5), Vector3d(1, .5, .5), Vector3d(.5, 0, .5),
                                Vector3d(.5, 1, .5), Vector3d(.5, .5, 0), Vector3d(.5, .5, 1),
                                Vector3d(.5, .5, .5)})
        nodes.push_back(c);
      return nodes;
    }
    case T::wedge6: return wedge;
    case T::wedge15: return with_edges(wedge, wedge_edges);
    case T::pyramid5: return pyramid;
    default: return {};
  }
}

const ElementType volume_types[] = {ElementType::tet4,   ElementType::tet10,   ElementType::hex8,
                                    ElementType::hex20,  ElementType::hex27,   ElementType::wedge6,
                                    ElementType::wedge15, ElementType::pyramid5};

Vector3d mean_of(const std::vector<Vector3d>& nodes, std::span<const std::uint8_t> ids, int count) {
  Vector3d sum = Vector3d::Zero();
  for (int i = 0; i < count; ++i) sum += nodes[ids[static_cast<std::size_t>(i)]];
  return sum / count;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(element_type)

BOOST_AUTO_TEST_CASE(names_round_trip_and_counts) {
  for (int i = 0; i < fecontact::element_type_count; ++i) {
    const auto type = static_cast<ElementType>(i);
    BOOST_TEST((fecontact::element_type_from_name(fecontact::name(type)) == type));
    BOOST_TEST(fecontact::corner_count(type) <= fecontact::node_count(type));
  }
  BOOST_TEST(!fecontact::element_type_from_name("hex9").has_value());
  BOOST_TEST(fecontact::node_count(ElementType::hex27) == 27);
  BOOST_TEST(fecontact::faces(ElementType::quad8).empty());
}

BOOST_AUTO_TEST_CASE(faces_point_outward_and_enclose_the_volume) {
  const std::map<ElementType, double> volume = {
      {ElementType::tet4, 1.0 / 6}, {ElementType::tet10, 1.0 / 6}, {ElementType::hex8, 1},
      {ElementType::hex20, 1},      {ElementType::hex27, 1},       {ElementType::wedge6, 0.5},
      {ElementType::wedge15, 0.5},  {ElementType::pyramid5, 1.0 / 3}};
  for (ElementType type : volume_types) {
    BOOST_TEST_CONTEXT(fecontact::name(type)) {
      const std::vector<Vector3d> nodes = reference_nodes(type);
      BOOST_TEST_REQUIRE(nodes.size() == static_cast<std::size_t>(fecontact::node_count(type)));
      const Vector3d centre = mean_of(nodes, std::vector<std::uint8_t>{0, 1, 2, 3, 4, 5, 6, 7},
                                      fecontact::corner_count(type));
      double enclosed = 0;  // divergence theorem: V = Σ (1/3) ∫ x·n dA over the faces
      for (const auto& face : fecontact::faces(type)) {
        const int corners = fecontact::corner_count(face.type);
        const Vector3d face_centre = mean_of(nodes, face.nodes, corners);
        Vector3d area = Vector3d::Zero();  // Newell's area vector of the planar corner polygon
        for (int i = 0; i < corners; ++i)
          area += nodes[face.nodes[i]].cross(nodes[face.nodes[(i + 1) % corners]]) / 2;
        BOOST_TEST(area.dot(face_centre - centre) > 0);
        enclosed += area.dot(face_centre) / 3;
      }
      BOOST_TEST(enclosed == volume.at(type), boost::test_tools::tolerance(1e-14));
    }
  }
}

BOOST_AUTO_TEST_CASE(every_edge_is_shared_by_two_faces_in_opposite_directions) {
  for (ElementType type : volume_types) {
    BOOST_TEST_CONTEXT(fecontact::name(type)) {
      std::map<std::pair<int, int>, int> directed;
      for (const auto& face : fecontact::faces(type)) {
        const int corners = fecontact::corner_count(face.type);
        for (int i = 0; i < corners; ++i) ++directed[{face.nodes[i], face.nodes[(i + 1) % corners]}];
      }
      for (const auto& [edge, count] : directed) {
        BOOST_TEST(count == 1);
        BOOST_TEST(directed.count({edge.second, edge.first}) == 1u);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(higher_order_face_nodes_sit_on_their_edges_and_centres) {
  for (ElementType type : volume_types) {
    BOOST_TEST_CONTEXT(fecontact::name(type)) {
      const std::vector<Vector3d> nodes = reference_nodes(type);
      for (const auto& face : fecontact::faces(type)) {
        BOOST_TEST(face.nodes.size() == static_cast<std::size_t>(fecontact::node_count(face.type)));
        const int corners = fecontact::corner_count(face.type);
        for (int i = 0; i < corners && corners + i < static_cast<int>(face.nodes.size()); ++i) {
          const Vector3d mid = 0.5 * (nodes[face.nodes[i]] + nodes[face.nodes[(i + 1) % corners]]);
          BOOST_TEST((nodes[face.nodes[corners + i]] - mid).norm() == 0.0);
        }
        if (face.type == ElementType::quad9)
          BOOST_TEST((nodes[face.nodes[8]] - mean_of(nodes, face.nodes, 4)).norm() == 0.0);
      }
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
