// SPDX-License-Identifier: BSD-3-Clause
// The face tables follow Abaqus's face numbering (face k is S(k+1)); Abaqus numbers the nodes of
// tets, hexes and wedges as the internal order does (CalculiX's C3D6 decks have triangle 1-2-3
// turning towards 4-5-6, like VTK's reference wedge).
// Abaqus's face lists below are from the Abaqus manual (solid element faces), 1-based.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <set>
#include <vector>

#include "element_geometry.hpp"
#include "fecontact/mesh/element_type.hpp"

namespace {

using namespace fecontact;

struct AbaqusElement {
  ElementType type;
  std::vector<int> to_internal;  // internal corner i = Abaqus corner to_internal[i] (0-based)
  std::vector<std::vector<int>> faces;  // S1, S2, ... (1-based Abaqus nodes)
};

const std::vector<AbaqusElement> abaqus = {
    {ElementType::tet4, {0, 1, 2, 3}, {{1, 2, 3}, {1, 4, 2}, {2, 4, 3}, {3, 4, 1}}},
    {ElementType::hex8,
     {0, 1, 2, 3, 4, 5, 6, 7},
     {{1, 2, 3, 4}, {5, 8, 7, 6}, {1, 5, 6, 2}, {2, 6, 7, 3}, {3, 7, 8, 4}, {4, 8, 5, 1}}},
    {ElementType::wedge6,
     {0, 1, 2, 3, 4, 5},
     {{1, 2, 3}, {4, 6, 5}, {1, 4, 5, 2}, {2, 5, 6, 3}, {3, 6, 4, 1}}},
};

}  // namespace

BOOST_AUTO_TEST_SUITE(element_face_numbering)

BOOST_AUTO_TEST_CASE(face_k_is_abaqus_face_s_k_plus_1) {
  for (const auto& element : abaqus) {
    for (const ElementType type :
         {element.type, element.type == ElementType::tet4   ? ElementType::tet10
                        : element.type == ElementType::hex8 ? ElementType::hex20
                                                            : ElementType::wedge15}) {
      BOOST_TEST_CONTEXT(name(type)) {
        const auto table = faces(type);
        BOOST_TEST_REQUIRE(table.size() == element.faces.size());
        std::vector<int> from_abaqus(element.to_internal.size());  // Abaqus corner -> internal
        for (std::size_t i = 0; i < element.to_internal.size(); ++i)
          from_abaqus[static_cast<std::size_t>(element.to_internal[i])] = static_cast<int>(i);
        for (std::size_t k = 0; k < table.size(); ++k) {
          std::set<int> expected, actual;
          for (const int a : element.faces[k])
            expected.insert(from_abaqus[static_cast<std::size_t>(a - 1)]);
          for (int c = 0; c < corner_count(table[k].type); ++c)
            actual.insert(table[k].nodes[static_cast<std::size_t>(c)]);
          BOOST_TEST((actual == expected), "face S" << k + 1);
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(an_abaqus_wedge_taken_as_is_has_positive_volume) {
  // Abaqus corners as in CalculiX's metalforming.inp: 1-2-3 turns towards 4-5-6.
  const std::vector<Eigen::Vector3d> abaqus_nodes = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0},
                                                     {0, 0, 1}, {1, 0, 1}, {0, 1, 1}};
  std::vector<Eigen::Vector3d> internal;
  for (const int a : {0, 1, 2, 3, 4, 5})
    internal.push_back(abaqus_nodes[static_cast<std::size_t>(a)]);
  double volume = 0.0;
  for (const auto& face : faces(ElementType::wedge6)) {
    std::vector<Eigen::Vector3d> p;
    for (const auto n : face.nodes) p.push_back(internal[n]);
    volume += test::face_integrals(face.type, p).volume;
  }
  BOOST_TEST(volume == 0.5, boost::test_tools::tolerance(1e-14));
}

BOOST_AUTO_TEST_SUITE_END()
