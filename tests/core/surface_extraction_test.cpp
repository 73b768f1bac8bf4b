// SPDX-License-Identifier: BSD-3-Clause
// Surface extraction on small meshes built by hand, whose exterior is known by counting.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <numeric>
#include <set>
#include <tuple>
#include <vector>

#include "element_geometry.hpp"
#include "fecontact/mesh/surface_extraction.hpp"

namespace {

using namespace fecontact;

/// A row of nx unit hexahedra along x (nodes on a (nx+1) x 2 x 2 grid), as block 0, and a
/// quad4 shell far away as block 1.
Mesh hex_row(int nx) {
  Mesh mesh;
  const auto node = [nx](int i, int j, int k) {
    return static_cast<Index>(i + (nx + 1) * (j + 2 * k));
  };
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 2; ++j)
      for (int i = 0; i <= nx; ++i) mesh.coordinates.emplace_back(i, j, k);
  ElementBlock hexes{"hexes", ElementType::hex8, {}, {}};
  for (int i = 0; i < nx; ++i) {
    for (const auto& [di, dj, dk] : {std::array{0, 0, 0},
                                     {1, 0, 0},
                                     {1, 1, 0},
                                     {0, 1, 0},
                                     {0, 0, 1},
                                     {1, 0, 1},
                                     {1, 1, 1},
                                     {0, 1, 1}})
      hexes.connectivity.push_back(node(i + di, dj, dk));
    hexes.element_ids.push_back(i + 1);
  }
  const Index shell_start = static_cast<Index>(mesh.coordinates.size());
  for (const auto& p : {Eigen::Vector3d(0, 0, 5), Eigen::Vector3d(1, 0, 5),
                        Eigen::Vector3d(1, 1, 5), Eigen::Vector3d(0, 1, 5)})
    mesh.coordinates.push_back(p);
  ElementBlock shell{"shell",
                     ElementType::quad4,
                     {shell_start, shell_start + 1, shell_start + 2, shell_start + 3},
                     {100}};
  mesh.blocks = {hexes, shell};
  for (std::size_t n = 0; n < mesh.coordinates.size(); ++n)
    mesh.node_ids.push_back(static_cast<FileId>(n + 1));
  return mesh;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(surface_extraction)

BOOST_AUTO_TEST_CASE(exterior_of_a_row_of_hexahedra) {
  const int nx = 3;
  const Mesh mesh = hex_row(nx);
  const std::vector<Index> blocks = {0};
  const Surface exterior = exterior_surface(mesh, blocks, "skin");
  BOOST_TEST(exterior.name == "skin");
  BOOST_TEST(exterior.size() == 4 * nx + 2);  // 6 faces per hex, 2 (nx - 1) shared
  const auto integrals = test::surface_integrals(mesh, exterior);
  BOOST_TEST(integrals.volume == double(nx), boost::test_tools::tolerance(1e-12));
  BOOST_TEST(integrals.area.norm() < 1e-12);
  // (element, face) order, and no face at an inner x = 1..nx-1.
  for (std::size_t f = 1; f < exterior.faces.size(); ++f) {
    const auto& a = exterior.faces[f - 1].owner;
    const auto& b = exterior.faces[f].owner;
    BOOST_TEST(
        (std::tie(a.element.element, a.local_face) < std::tie(b.element.element, b.local_face)));
  }
  for (const auto& face : exterior.faces) {
    std::set<double> xs;
    for (const Index n : face.nodes()) xs.insert(mesh.coordinates[static_cast<std::size_t>(n)].x());
    BOOST_TEST(!(xs.size() == 1 && *xs.begin() > 0.0 && *xs.begin() < nx));
  }
  BOOST_TEST(surface_nodes(exterior).size() == static_cast<std::size_t>(4 * (nx + 1)));
}

BOOST_AUTO_TEST_CASE(definitions_of_volume_faces_and_of_boundary_elements) {
  Mesh mesh = hex_row(2);
  // A quad4 on the x = 0 end (turning inward, +x) and one on the shared face x = 1 (interior).
  ElementBlock quads{"quads", ElementType::quad4, {0, 3, 9, 6, 1, 7, 10, 4}, {200, 201}};
  mesh.blocks.push_back(quads);
  SurfaceDefinition definition{
      "ends",
      SurfaceDefinition::Kind::element_faces,
      {FaceRef{{2, 0}, 0}, FaceRef{{2, 1}, 0}, FaceRef{{1, 0}, 0}, FaceRef{{0, 1}, 3}},
      {}};
  // As given: the quads keep their own nodes, the volume face is its reference face.
  const Surface given = surface_from_definition(mesh, definition);
  BOOST_TEST_REQUIRE(given.size() == 4);
  BOOST_TEST((given.faces[0].owner == definition.faces[0]));
  BOOST_TEST((std::vector<Index>(given.faces[0].nodes().begin(), given.faces[0].nodes().end()) ==
              std::vector<Index>{0, 3, 9, 6}));
  BOOST_TEST(test::face_integrals(given.faces[0].type, test::points(mesh, given.faces[0].nodes()))
                 .area.x() > 0.0);
  BOOST_TEST((given.faces[3].owner == definition.faces[3]));
  // Matched: the end quad becomes face S6 (x-) of hex 0, turning outward (-x); the interior quad
  // goes to the first of its two hexahedra; the far shell and the volume face stay as they are.
  const Surface matched = surface_from_boundary_elements(mesh, definition);
  BOOST_TEST_REQUIRE(matched.size() == 4);
  BOOST_TEST((matched.faces[0].owner == FaceRef{{0, 0}, 5}));
  BOOST_TEST(
      test::face_integrals(matched.faces[0].type, test::points(mesh, matched.faces[0].nodes()))
          .area.x() < 0.0);
  BOOST_TEST((matched.faces[1].owner == FaceRef{{0, 0}, 3}));
  BOOST_TEST((matched.faces[2].owner == definition.faces[2]));
  BOOST_TEST((matched.faces[3].owner == definition.faces[3]));
  // x = 0, x = 1, the shell, and S4 (x+) of hex 1 at x = 2: every node once.
  std::vector<Index> all(16);
  std::iota(all.begin(), all.end(), 0);
  BOOST_TEST((surface_nodes(matched) == all));
}

// A shell's reversed side (Abaqus SNEG, local face 1): the same face turned over, for every
// surface type: its area vector negated, and each mid-edge node still the midpoint of the
// corners of its edge (straight-sided faces), the centre node unmoved.
BOOST_AUTO_TEST_CASE(the_reversed_side_of_a_shell_turns_over) {
  for (const ElementType type : {ElementType::tri3, ElementType::tri6, ElementType::quad4, ElementType::quad8,
                                 ElementType::quad9}) {
    const int corners = corner_count(type), nodes = node_count(type);
    Mesh mesh;
    ElementBlock shell{"shell", type, {}, {1}};
    for (int k = 0; k < corners; ++k) {  // a convex polygon in z = 0, counter-clockwise
      const double angle = 2 * 3.14159265358979 * k / corners;
      mesh.coordinates.emplace_back(std::cos(angle), 0.7 * std::sin(angle), 0.0);
    }
    for (int k = corners; k < nodes; ++k) {  // mid-edge nodes, then the centre
      const bool centre = k == 2 * corners;
      const Eigen::Vector3d& a = mesh.coordinates[std::size_t(k - corners)];
      const Eigen::Vector3d& b = mesh.coordinates[std::size_t((k - corners + 1) % corners)];
      mesh.coordinates.push_back(centre ? Eigen::Vector3d(0.01, 0.02, 0.0) : Eigen::Vector3d(0.5 * (a + b)));
    }
    for (int k = 0; k < nodes; ++k) shell.connectivity.push_back(k);
    mesh.blocks.push_back(shell);
    const SurfaceDefinition sides{"sides", SurfaceDefinition::Kind::element_faces,
                                  {FaceRef{{0, 0}, 0}, FaceRef{{0, 0}, 1}}, {}};
    const Surface surface = surface_from_definition(mesh, sides);
    BOOST_TEST_REQUIRE(surface.size() == 2);
    const auto positive = test::face_integrals(type, test::points(mesh, surface.faces[0].nodes()));
    const auto negative = test::face_integrals(type, test::points(mesh, surface.faces[1].nodes()));
    BOOST_TEST(positive.area.z() > 0.0, name(type));
    BOOST_TEST((negative.area + positive.area).norm() < 1e-14, name(type));
    const auto x = test::points(mesh, surface.faces[1].nodes());
    for (int k = 0; k < corners && nodes > corners; ++k)
      BOOST_TEST((x[std::size_t(corners + k)] - 0.5 * (x[std::size_t(k)] + x[std::size_t((k + 1) % corners)])).norm() < 1e-15,
                 name(type) << " edge " << k);
    if (nodes == 2 * corners + 1) BOOST_TEST((x.back() - mesh.coordinates.back()).norm() == 0.0);
  }
}

BOOST_AUTO_TEST_SUITE_END()
