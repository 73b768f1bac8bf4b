// SPDX-License-Identifier: BSD-3-Clause
// read_abaqus on small handwritten decks, one per keyword: what each card puts in the Mesh.

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <string>
#include <vector>

#include "fecontact/io/abaqus_reader.hpp"
#include "independent_geometry.hpp"
#include "named.hpp"
#include "scratch_files.hpp"

using namespace fecontact;
using Eigen::Vector3d;

namespace {

Mesh read_text(const std::string& text) {
  const test::ScratchFolder directory;
  return read_abaqus(directory.write("deck.inp", text));
}

std::vector<Index> indices_of(const Mesh& mesh, std::vector<FileId> ids) {
  std::vector<Index> out;
  for (const FileId id : ids) out.push_back(mesh.node_index.at(id));
  return out;
}

bool has_warning(const Mesh& mesh, const std::string& part) {
  return std::any_of(mesh.warnings.begin(), mesh.warnings.end(),
                     [&](const std::string& w) { return w.find(part) != std::string::npos; });
}

// The unit cube's corners in Abaqus C3D8 order, numbered 1..8.
const char* cube_nodes =
    "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n3, 1, 1, 0\n4, 0, 1, 0\n"
    "5, 0, 0, 1\n6, 1, 0, 1\n7, 1, 1, 1\n8, 0, 1, 1\n";

}  // namespace

BOOST_AUTO_TEST_SUITE(abaqus_keywords)

BOOST_AUTO_TEST_CASE(nodes_elements_comments_mixed_case_and_continuations) {
  const Mesh mesh = read_text(
      "** a comment\n"
      "*Heading\n"
      " title line, not data of the mesh\n"
      "*node, NSET=All\n"
      "1, 0., 0., 0.\n"
      "  ** comment between data lines\n"
      "\n"
      "2, 1.0, 0, 0\r\n"
      "3, 0, 1.0D0, 0\n"
      "7, 0, 0, +1.e0,\n"
      "*Element, type=c3d4, elset=Tets\n"
      "10, 1, 2, 3,\n"
      "  7\n"
      "*ELEMENT,\n"
      "  TYPE=C3D4\n"
      "11, 1, 2, 3, 7,\n");
  BOOST_TEST(mesh.node_count() == 4);
  BOOST_TEST(mesh.node_ids == std::vector<FileId>({1, 2, 3, 7}), boost::test_tools::per_element());
  BOOST_TEST(mesh.coordinates[2] == Vector3d(0, 1, 0));
  BOOST_TEST(mesh.coordinates[3] == Vector3d(0, 0, 1));
  BOOST_TEST(mesh.node_index.at(7) == 3);
  BOOST_TEST_REQUIRE(mesh.blocks.size() == 2u);
  const ElementBlock& tets = test::named(mesh.blocks, "Tets");
  BOOST_TEST((tets.type == ElementType::tet4));
  BOOST_TEST(tets.element_ids == std::vector<FileId>({10}), boost::test_tools::per_element());
  BOOST_TEST(tets.connectivity == std::vector<Index>({0, 1, 2, 3}),
             boost::test_tools::per_element());
  BOOST_TEST(test::named(mesh.blocks, "C3D4_2").element_ids == std::vector<FileId>({11}),
             boost::test_tools::per_element());
  BOOST_TEST(test::named(mesh.element_sets, "Tets").elements.size() == 1u);
  BOOST_TEST(test::named(mesh.node_sets, "All").nodes == std::vector<Index>({0, 1, 2, 3}),
             boost::test_tools::per_element());
  BOOST_TEST(has_warning(mesh, "*HEADING (1)"));
}

BOOST_AUTO_TEST_CASE(an_empty_deck_is_an_empty_mesh) {
  const Mesh mesh = read_text("");
  BOOST_TEST(mesh.node_count() == 0);
  BOOST_TEST(mesh.blocks.empty());
  BOOST_TEST(mesh.warnings.empty());
}

BOOST_AUTO_TEST_CASE(one_block_per_element_keyword_sharing_the_element_set) {
  const Mesh mesh = read_text(std::string(cube_nodes) +
                              "*ELEMENT, TYPE=C3D8, ELSET=Eall\n1, 1, 2, 3, 4, 5, 6, 7, 8\n"
                              "*ELEMENT, TYPE=C3D4, ELSET=EALL\n2, 1, 2, 4, 5\n");
  BOOST_TEST_REQUIRE(mesh.blocks.size() == 2u);
  BOOST_TEST(mesh.blocks[0].name == "Eall");
  BOOST_TEST(mesh.blocks[1].name == "EALL_2");
  BOOST_TEST((mesh.blocks[1].type == ElementType::tet4));
  BOOST_TEST_REQUIRE(mesh.element_sets.size() == 1u);  // names are case-insensitive
  BOOST_TEST(mesh.element_sets[0].name == "Eall");
  BOOST_TEST(mesh.element_sets[0].elements.size() == 2u);
}

BOOST_AUTO_TEST_CASE(node_and_element_sets_from_lists_names_and_generate) {
  const Mesh mesh =
      read_text(std::string(cube_nodes) +
                "*ELEMENT, TYPE=C3D4, ELSET=E\n"
                "1, 1, 2, 4, 5\n2, 2, 3, 4, 7\n3, 2, 6, 5, 7\n5, 4, 5, 7, 8\n"
                "*NSET, NSET=Bottom\n4, 3, 2,\n1\n"
                "*NSET, NSET=Mixed\nbottom, 8, 2\n"
                "*Nset, nset=Odd, generate\n1, 8, 2\n"
                "*NSET, NSET=Odd\n2\n"                               // a set named again grows
                "*NSET, NSET=Wide, GENERATE\n1, 1000000000000, 1\n"  // far beyond the mesh: bounded
                "*ELSET, ELSET=Some, GENERATE\n1, 5\n"               // 4 exists, holes skipped
                "*ELSET, ELSET=Both\nSome, 3\n"
                "*NSET, NSET=OfElement, ELSET=Both\n");
  BOOST_TEST(test::named(mesh.node_sets, "Bottom").nodes == indices_of(mesh, {1, 2, 3, 4}),
             boost::test_tools::per_element());
  BOOST_TEST(test::named(mesh.node_sets, "Mixed").nodes == indices_of(mesh, {1, 2, 3, 4, 8}),
             boost::test_tools::per_element());
  BOOST_TEST(test::named(mesh.node_sets, "Odd").nodes == indices_of(mesh, {1, 2, 3, 5, 7}),
             boost::test_tools::per_element());
  BOOST_TEST(test::named(mesh.node_sets, "Wide").nodes.size() == 8u);
  BOOST_TEST(test::named(mesh.element_sets, "Some").elements.size() == 4u);
  BOOST_TEST(test::named(mesh.element_sets, "Both").elements.size() == 4u);
  BOOST_TEST(test::named(mesh.node_sets, "OfElement").nodes.size() == 8u);
  BOOST_TEST(has_warning(mesh, "GENERATE"));
}

// Found by fuzz_abaqus: a set that names itself doubled with every such card until the tidy-up
// at the end, so 40 cards (a 600-byte deck) asked for 2^40 members. Sets now hold each member
// once after every card.
BOOST_AUTO_TEST_CASE(a_set_naming_itself_does_not_double) {
  std::string deck = std::string(cube_nodes) + "*ELEMENT, TYPE=C3D4, ELSET=E\n1, 1, 2, 4, 5\n" +
                     "*NSET, NSET=A\n1, 2\n*ELSET, ELSET=B\n1\n";
  for (int i = 0; i < 40; ++i) deck += "*NSET, NSET=A\nA, a\n*ELSET, ELSET=B\nB, b\n";
  const Mesh mesh = read_text(deck);
  BOOST_TEST(test::named(mesh.node_sets, "A").nodes == indices_of(mesh, {1, 2}),
             boost::test_tools::per_element());
  BOOST_TEST(test::named(mesh.element_sets, "B").elements.size() == 1u);
}

// A card naming a set (or a range) far more often than the mesh has members: the list is
// cut back to distinct members as it grows (memory bounded by the mesh, not the product).
BOOST_AUTO_TEST_CASE(a_card_naming_a_set_many_times_holds_each_member_once) {
  std::string names, ranges;
  for (int i = 0; i < 3000; ++i) names += "Low, ";
  for (int i = 0; i < 3000; ++i) ranges += "2, 8, 3\n";
  const Mesh mesh = read_text(std::string(cube_nodes) + "*NSET, NSET=Low\n1, 2, 3, 4\n" +
                              "*NSET, NSET=Many\n" + names + "8\n" +
                              "*NSET, NSET=Ranges, GENERATE\n" + ranges);
  BOOST_TEST(test::named(mesh.node_sets, "Many").nodes == indices_of(mesh, {1, 2, 3, 4, 8}),
             boost::test_tools::per_element());
  BOOST_TEST(test::named(mesh.node_sets, "Ranges").nodes == indices_of(mesh, {2, 5, 8}),
             boost::test_tools::per_element());
}

// The same for surfaces: repeats are dropped as the surface outgrows the mesh, first-seen order
// kept.
BOOST_AUTO_TEST_CASE(a_surface_naming_a_set_many_times_holds_each_face_once) {
  std::string faces, nodes;
  for (int i = 0; i < 3000; ++i) faces += "E, S2\nE, S1\n";
  for (int i = 0; i < 3000; ++i) nodes += "All\n";
  const Mesh mesh = read_text(std::string(cube_nodes) +
                              "*ELEMENT, TYPE=C3D4, ELSET=E\n1, 1, 2, 4, 5\n2, 2, 3, 4, 7\n" +
                              "*NSET, NSET=All, GENERATE\n1, 8\n" +
                              "*SURFACE, NAME=Faces\n" + faces + "*SURFACE, NAME=Nodes, TYPE=NODE\n" + nodes);
  const SurfaceDefinition& surface = test::named(mesh.surfaces, "Faces");
  BOOST_TEST_REQUIRE(surface.faces.size() == 4u);
  BOOST_TEST(surface.faces[0].local_face == 1);  // E, S2 first: elements 1 and 2
  BOOST_TEST(surface.faces[1].local_face == 1);
  BOOST_TEST(surface.faces[2].local_face == 0);
  BOOST_TEST(test::named(mesh.surfaces, "Nodes").nodes.size() == 8u);
}

BOOST_AUTO_TEST_CASE(element_surfaces_map_face_labels_and_node_surfaces_share_names) {
  const Mesh mesh =
      read_text(std::string(cube_nodes) +
                "*NODE\n11, 0, 0, 5\n12, 1, 0, 5\n13, 1, 1, 5\n14, 0, 1, 5\n"
                "*ELEMENT, TYPE=C3D8, ELSET=Cube\n1, 1, 2, 3, 4, 5, 6, 7, 8\n"
                "*ELEMENT, TYPE=S4R, ELSET=Shell\n2, 11, 12, 13, 14\n"
                "*SURFACE, NAME=Faces\nCube, S1\n1, s6\nShell, SPOS\n2, SNEG\n2, S1\n"
                "*Surface, name=FACES, type=NODE\nShell\n5, 1.0\n"
                "*NSET, NSET=Shell\n11, 12, 13, 14\n");  // defined after the surface that uses it
  BOOST_TEST_REQUIRE(mesh.surfaces.size() == 2u);
  const SurfaceDefinition& faces = mesh.surfaces[0];
  BOOST_TEST(faces.name == "Faces");
  BOOST_TEST((faces.kind == SurfaceDefinition::Kind::element_faces));
  const std::vector<FaceRef> expected = {{{0, 0}, 0}, {{0, 0}, 5}, {{1, 0}, 0}, {{1, 0}, 1}};
  BOOST_TEST((faces.faces == expected));  // "2, S1" repeats "2, SNEG": kept once
  const SurfaceDefinition& nodes = mesh.surfaces[1];
  BOOST_TEST(nodes.name == "FACES");
  BOOST_TEST((nodes.kind == SurfaceDefinition::Kind::nodes));
  BOOST_TEST(nodes.nodes == indices_of(mesh, {11, 12, 13, 14, 5}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(contact_pairs_keep_mode_options_and_defined_names) {
  const Mesh mesh = read_text(
      "*CONTACT PAIR, INTERACTION=SI1, Small Sliding, ADJUST=0.005, TYPE=SURFACE TO SURFACE\n"
      "slave, MASTER\n"  // surfaces defined below, names in another case
      "*Contact Pair, interaction=Fric\nSLAVE, Master\n" +
      std::string(cube_nodes) +
      "*ELEMENT, TYPE=C3D8\n1, 1, 2, 3, 4, 5, 6, 7, 8\n"
      "*SURFACE, NAME=Slave\n1, S2\n*SURFACE, NAME=Master\n1, S1\n");
  BOOST_TEST_REQUIRE(mesh.contact_pairs.size() == 2u);
  const ContactPairDefinition& first = mesh.contact_pairs[0];
  BOOST_TEST(first.slave == "Slave");
  BOOST_TEST(first.master == "Master");
  BOOST_TEST((first.mode == ContactMode::surface_to_surface));
  BOOST_TEST(first.options.at("interaction") == "SI1");
  BOOST_TEST(first.options.at("small sliding") == "");
  BOOST_TEST(first.options.at("adjust") == "0.005");
  BOOST_TEST(first.options.count("type") == 0u);
  BOOST_TEST((mesh.contact_pairs[1].mode == ContactMode::node_to_surface));
  BOOST_TEST(mesh.contact_pairs[1].options.at("interaction") == "Fric");
}

// Quadratic elements written in Abaqus order with every mid-edge node at the midpoint of its
// Abaqus edge (Abaqus element library figures): after reading, each internal mid-edge node must
// sit at the midpoint of its VTK edge, and the element must have positive corner volumes.
struct QuadraticCase {
  const char* type;
  std::vector<Vector3d> corners;
  std::vector<std::pair<int, int>> abaqus_edges;  // 0-based Abaqus corner pairs
  std::vector<std::pair<int, int>> vtk_edges;     // 0-based internal corner pairs
};

BOOST_AUTO_TEST_CASE(quadratic_node_orders_land_on_vtk_edges) {
  const std::vector<Vector3d> tet = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  const std::vector<Vector3d> hex = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0},
                                     {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
  // Abaqus wedge: face 1-2-3 with its right-hand normal towards 4-5-6.
  const std::vector<Vector3d> wedge = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0},
                                       {0, 0, 1}, {1, 0, 1}, {0, 1, 1}};
  const std::vector<std::pair<int, int>> tet_edges = {{0, 1}, {1, 2}, {2, 0},
                                                      {0, 3}, {1, 3}, {2, 3}};
  const std::vector<std::pair<int, int>> hex_edges = {{0, 1}, {1, 2}, {2, 3}, {3, 0},
                                                      {4, 5}, {5, 6}, {6, 7}, {7, 4},
                                                      {0, 4}, {1, 5}, {2, 6}, {3, 7}};
  const std::vector<std::pair<int, int>> wedge_edges = {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5},
                                                        {5, 3}, {0, 3}, {1, 4}, {2, 5}};
  const std::vector<QuadraticCase> cases = {{"C3D10", tet, tet_edges, tet_edges},
                                            {"C3D20R", hex, hex_edges, hex_edges},
                                            {"C3D15", wedge, wedge_edges, wedge_edges}};
  for (const QuadraticCase& c : cases) {
    BOOST_TEST_CONTEXT(c.type) {
      std::vector<Vector3d> nodes = c.corners;
      for (const auto& [a, b] : c.abaqus_edges)
        nodes.push_back(0.5 * (c.corners[a] + c.corners[b]));
      std::string text = "*NODE\n";
      for (std::size_t i = 0; i < nodes.size(); ++i)
        text += std::to_string(i + 1) + ", " + std::to_string(nodes[i].x()) + ", " +
                std::to_string(nodes[i].y()) + ", " + std::to_string(nodes[i].z()) + "\n";
      text += std::string("*ELEMENT, TYPE=") + c.type + "\n1";
      for (std::size_t i = 0; i < nodes.size(); ++i)
        text += (i == 15 ? ",\n" : ", ") + std::to_string(i + 1);  // 16 per line, as Abaqus
      const Mesh mesh = read_text(text + "\n");
      const ElementBlock& block = mesh.blocks.at(0);
      const std::span<const Index> e = block.element(0);
      const int corners = corner_count(block.type);
      for (std::size_t k = 0; k < c.vtk_edges.size(); ++k) {
        const auto [a, b] = c.vtk_edges[k];
        const Vector3d mid = 0.5 * (mesh.coordinates[e[a]] + mesh.coordinates[e[b]]);
        BOOST_TEST((mesh.coordinates[e[corners + k]] - mid).norm() < 1e-12, "edge " << k);
      }
      BOOST_TEST(test::min_corner_volume(mesh.coordinates, block.type, e) > 0);
    }
  }
}

BOOST_AUTO_TEST_CASE(wedge_face_labels_follow_the_abaqus_faces) {
  // Abaqus C3D6 faces: S1 1-2-3, S2 4-5-6, S3 1-2-5-4, S4 2-3-6-5, S5 3-1-4-6 (1-based). The
  // face each label yields must hold exactly those nodes and point outward.
  const Mesh mesh = read_text(
      "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n3, 0, 1, 0\n4, 0, 0, 1\n5, 1, 0, 1\n6, 0, 1, 1\n"
      "*ELEMENT, TYPE=C3D6\n1, 1, 2, 3, 4, 5, 6\n"
      "*SURFACE, NAME=All\n1, S1\n1, S2\n1, S3\n1, S4\n1, S5\n");
  const std::vector<std::vector<FileId>> abaqus_faces = {
      {1, 2, 3}, {4, 5, 6}, {1, 2, 4, 5}, {2, 3, 5, 6}, {1, 3, 4, 6}};
  const ElementBlock& block = mesh.blocks.at(0);
  const SurfaceDefinition& all = mesh.surfaces.at(0);
  BOOST_TEST_REQUIRE(all.faces.size() == 5u);
  for (std::size_t k = 0; k < 5; ++k) {
    const ReferenceFace& face =
        faces(block.type)[static_cast<std::size_t>(all.faces[k].local_face)];
    std::vector<FileId> ids;
    for (const auto local : face.nodes) ids.push_back(mesh.node_ids[block.element(0)[local]]);
    std::sort(ids.begin(), ids.end());
    BOOST_TEST(ids == abaqus_faces[k], boost::test_tools::per_element());
    BOOST_TEST(test::face_outwardness(mesh.coordinates, block.type, block.element(0),
                                      all.faces[k].local_face) > 0);
  }
}

BOOST_AUTO_TEST_SUITE_END()
