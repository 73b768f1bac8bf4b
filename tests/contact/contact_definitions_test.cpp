// SPDX-License-Identifier: BSD-3-Clause
// contact_definitions: the interfaces of a deck's *CONTACT PAIRs. A two-cube Abaqus deck written
// here gives the expected faces and nodes by construction (C3D8 face S1 = nodes 1-2-3-4, S2 =
// 5-8-7-6), and the 0.1 gap between the cubes checks the searched interface end to end.

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <set>
#include <string>
#include <vector>

#include "fecontact/contact/contact_definitions.hpp"
#include "fecontact/io/abaqus_reader.hpp"
#include "scratch_files.hpp"

using namespace fecontact;

namespace {

// Cube 1 spans z in [0, 1], cube 2 z in [1.1, 2.1]: its bottom lies 0.1 above cube 1's top.
constexpr const char* two_cubes = R"(*NODE
1, 0, 0, 0
2, 1, 0, 0
3, 1, 1, 0
4, 0, 1, 0
5, 0, 0, 1
6, 1, 0, 1
7, 1, 1, 1
8, 0, 1, 1
9, 0, 0, 1.1
10, 1, 0, 1.1
11, 1, 1, 1.1
12, 0, 1, 1.1
13, 0, 0, 2.1
14, 1, 0, 2.1
15, 1, 1, 2.1
16, 0, 1, 2.1
*ELEMENT, TYPE=C3D8, ELSET=Cubes
1, 1, 2, 3, 4, 5, 6, 7, 8
2, 9, 10, 11, 12, 13, 14, 15, 16
*NSET, NSET=Pinset
9, 10, 11, 12
*SURFACE, NAME=Top
1, S2
*SURFACE, NAME=Bottom
2, S1
*SURFACE, NAME=Pins, TYPE=NODE
Pinset
*SURFACE INTERACTION, NAME=SI1
*CONTACT PAIR, INTERACTION=SI1, TYPE=NODE TO SURFACE
Bottom, Top
*CONTACT PAIR, INTERACTION=SI1, TYPE=SURFACE TO SURFACE
bottom, TOP
*CONTACT PAIR, INTERACTION=SI1, TYPE=NODE TO SURFACE
Pins, Top
)";

Mesh read_two_cubes() {
  const test::ScratchFolder folder;
  return read_abaqus(folder.write("two_cubes.inp", two_cubes));
}

std::vector<Index> indices(const Mesh& mesh, std::vector<FileId> ids) {
  std::vector<Index> result;
  for (const FileId id : ids) result.push_back(mesh.node_index.at(id));
  std::sort(result.begin(), result.end());
  return result;
}

std::vector<Index> sorted_nodes(const SurfaceFace& face) {
  std::vector<Index> nodes(face.nodes().begin(), face.nodes().end());
  std::sort(nodes.begin(), nodes.end());
  return nodes;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(contact_definitions)

BOOST_AUTO_TEST_CASE(contact_pairs_resolve_to_the_faces_and_nodes_of_the_deck) {
  const Mesh mesh = read_two_cubes();
  BOOST_REQUIRE_EQUAL(mesh.contact_pairs.size(), 3u);
  const std::vector<ContactInterface> interfaces = contact_interfaces(mesh);
  BOOST_REQUIRE_EQUAL(interfaces.size(), 3u);
  const std::vector<Index> top = indices(mesh, {5, 6, 7, 8});
  const std::vector<Index> bottom = indices(mesh, {9, 10, 11, 12});
  for (const ContactInterface& interface : interfaces) {
    BOOST_REQUIRE_EQUAL(interface.master.faces.size(), 1u);
    BOOST_TEST(sorted_nodes(interface.master.faces[0]) == top);
    BOOST_TEST(interface.master.faces[0].owner.local_face == 1);  // S2
  }
  BOOST_TEST((interfaces[0].mode == ContactMode::node_to_surface));
  BOOST_TEST(interfaces[0].slave_nodes == bottom);  // the nodes of the slave's face
  BOOST_TEST((interfaces[1].mode == ContactMode::surface_to_surface));
  BOOST_REQUIRE_EQUAL(interfaces[1].slave.faces.size(), 1u);  // names match ignoring case
  BOOST_TEST(sorted_nodes(interfaces[1].slave.faces[0]) == bottom);
  BOOST_TEST(interfaces[1].slave.faces[0].owner.local_face == 0);  // S1
  BOOST_TEST((interfaces[2].mode == ContactMode::node_to_surface));
  BOOST_TEST(interfaces[2].slave_nodes == bottom);  // the nodes of the TYPE=NODE surface
  BOOST_TEST(interfaces[2].slave.faces.empty());
}

BOOST_AUTO_TEST_CASE(a_resolved_pair_searches_to_the_gap_between_the_cubes) {
  const Mesh mesh = read_two_cubes();
  SearchOptions options;
  options.tolerance = 0.2;
  ContactSearch search(mesh, {contact_interface(mesh, mesh.contact_pairs[0], options)});
  const InterfaceResult result = search.search(mesh.coordinates).front();
  BOOST_TEST(result.contacts.node == indices(mesh, {9, 10, 11, 12}));
  for (const double gap : result.contacts.gap) BOOST_TEST(gap == 0.1, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(bad_definitions_throw_with_the_surface_name) {
  Mesh mesh = read_two_cubes();
  const auto throws_naming = [&](const ContactPairDefinition& pair, const std::string& name) {
    try {
      static_cast<void>(contact_interface(mesh, pair));
      BOOST_ERROR("no ContactDefinitionError for " + pair.slave + ", " + pair.master);
    } catch (const ContactDefinitionError& e) {
      BOOST_TEST(e.surface() == name);
      BOOST_TEST(std::string(e.what()).find("'" + name + "'") != std::string::npos);
    }
  };
  throws_naming({"Nowhere", "Top", ContactMode::node_to_surface, {}}, "Nowhere");
  throws_naming({"Bottom", "Nowhere", ContactMode::surface_to_surface, {}}, "Nowhere");
  throws_naming({"Bottom", "Pins", ContactMode::node_to_surface, {}}, "Pins");  // node master
  throws_naming({"Pins", "Top", ContactMode::surface_to_surface, {}}, "Pins");  // needs faces
  mesh.contact_pairs.push_back({"Bottom", "Missing", ContactMode::node_to_surface, {}});
  BOOST_CHECK_THROW(contact_interfaces(mesh), ContactDefinitionError);
}

BOOST_AUTO_TEST_SUITE_END()
