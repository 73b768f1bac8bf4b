// SPDX-License-Identifier: BSD-3-Clause
// read_abaqus on parts, instances and *INCLUDE: placement against closed-form coordinates,
// the "instance." naming, instance-level sets and surfaces, and include resolution, cycles and
// missing files.

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <string>

#include "fecontact/io/abaqus_reader.hpp"
#include "named.hpp"
#include "read_error_check.hpp"
#include "scratch_files.hpp"

using namespace fecontact;
using Eigen::Vector3d;

namespace {

// A part holding one tet on nodes 1..4, placed twice: A translated by (10, 0, 0); B translated
// by (0, 2, 0), then rotated by 90 degrees about the axis through (1, 0, 0) along +z.
const char* assembly_deck = R"(*Heading
*Part, name=Tool
*Node
1, 0, 0, 0
2, 1, 0, 0
3, 0, 1, 0
4, 0, 0, 1
*Element, type=C3D4, elset=Tets
1, 1, 2, 3, 4
*Nset, nset=Tip
4,
*Surface, name=Base
Tets, S1
*End Part
*Assembly, name=Assembly
*Instance, name=A, part=Tool
10., 0., 0.
*End Instance
*Instance, name=B, part=TOOL
0., 2., 0.
1., 0., 0., 1., 0., 1., 90.
*Nset, nset=Corner
1
*End Instance
*Node
1, 5, 5, 5
*Nset, nset=Tips
A.Tip, B.Tip
*Nset, nset=Two, instance=B
2, Tip
*Elset, elset=_Side, internal, instance=A
1,
*Surface, type=ELEMENT, name=Side
_Side, S2
*End Assembly
*Contact Pair, interaction=I
Side, b.base
)";

}  // namespace

BOOST_AUTO_TEST_SUITE(abaqus_assembly)

BOOST_AUTO_TEST_CASE(instances_are_placed_translation_then_rotation) {
  const test::ScratchFolder directory;
  const Mesh mesh = read_abaqus(directory.write("assembly.inp", assembly_deck));
  BOOST_TEST_REQUIRE(mesh.node_count() == 9);
  const FileId a = FileId{1} << 32, b = FileId{2} << 32;
  const std::vector<Vector3d> part = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  for (FileId n = 1; n <= 4; ++n) {
    const Vector3d x = part[static_cast<std::size_t>(n - 1)];
    // A: x + (10, 0, 0).
    BOOST_TEST((mesh.coordinates[mesh.node_index.at(a + n)] - (x + Vector3d(10, 0, 0))).norm() <
               1e-12);
    // B: y = x + (0, 2, 0); rotating y - (1, 0, 0) by 90 degrees about +z maps (u, v, w) to
    // (-v, u, w); then add (1, 0, 0) back.
    const Vector3d u = x + Vector3d(0, 2, 0) - Vector3d(1, 0, 0);
    const Vector3d expected = Vector3d(-u.y(), u.x(), u.z()) + Vector3d(1, 0, 0);
    BOOST_TEST((mesh.coordinates[mesh.node_index.at(b + n)] - expected).norm() < 1e-12);
  }
  BOOST_TEST(mesh.coordinates[mesh.node_index.at(1)] == Vector3d(5, 5, 5));  // assembly node
}

BOOST_AUTO_TEST_CASE(names_inside_instances_get_the_instance_prefix) {
  const test::ScratchFolder directory;
  const Mesh mesh = read_abaqus(directory.write("assembly.inp", assembly_deck));
  const FileId a = FileId{1} << 32, b = FileId{2} << 32;
  BOOST_TEST_REQUIRE(mesh.blocks.size() == 2u);
  BOOST_TEST(mesh.blocks[0].name == "A.Tets");
  BOOST_TEST(mesh.blocks[1].name == "B.Tets");
  BOOST_TEST(mesh.blocks[1].element_ids.at(0) == b + 1);
  BOOST_TEST(test::named(mesh.node_sets, "A.Tip").nodes == std::vector<Index>{mesh.node_index.at(a + 4)},
             boost::test_tools::per_element());
  BOOST_TEST(
      test::named(mesh.node_sets, "B.Corner").nodes == std::vector<Index>{mesh.node_index.at(b + 1)},
      boost::test_tools::per_element());
  BOOST_TEST(test::named(mesh.node_sets, "Tips").nodes.size() == 2u);
  const std::vector<Index> two = {mesh.node_index.at(b + 2), mesh.node_index.at(b + 4)};
  BOOST_TEST(test::named(mesh.node_sets, "Two").nodes == two, boost::test_tools::per_element());
  const SurfaceDefinition& side = test::named(mesh.surfaces, "Side");
  BOOST_TEST_REQUIRE(side.faces.size() == 1u);
  BOOST_TEST(side.faces[0].element.block == 0);
  BOOST_TEST(side.faces[0].local_face == 1);
  BOOST_TEST(test::named(mesh.surfaces, "B.Base").faces.at(0).element.block == 1);
  BOOST_TEST_REQUIRE(mesh.contact_pairs.size() == 1u);
  BOOST_TEST(mesh.contact_pairs[0].slave == "Side");
  BOOST_TEST(mesh.contact_pairs[0].master == "B.Base");
}

BOOST_AUTO_TEST_CASE(includes_resolve_relative_to_the_including_file) {
  const test::ScratchFolder directory;
  // Node data lines continue across an include; the nested include is found next to sub/.
  directory.write("sub/nodes.inp", "1, 0, 0, 0\n2, 1, 0, 0\n*INCLUDE, INPUT=more/rest.inp\n");
  directory.write("sub/more/rest.inp", "3, 0, 1, 0\n4, 0, 0, 1\n");
  const std::filesystem::path main = directory.write(
      "main.inp", "*NODE\n*Include, input=sub/nodes.inp\n*ELEMENT, TYPE=C3D4\n1, 1, 2, 3, 4\n");
  const Mesh mesh = read_abaqus(main);
  BOOST_TEST(mesh.node_count() == 4);
  BOOST_TEST(mesh.blocks.at(0).size() == 1);
  BOOST_TEST(mesh.coordinates[3] == Vector3d(0, 0, 1));
}

BOOST_AUTO_TEST_CASE(errors_inside_an_included_file_name_that_file) {
  const test::ScratchFolder directory;
  const std::filesystem::path part = directory.write("part.inp", "*NODE\n1, 0, zero, 0\n");
  const std::filesystem::path main = directory.write("main.inp", "**\n*INCLUDE, INPUT=part.inp\n");
  test::expect_read_error([&] { read_abaqus(main); }, part, 2);
}

// An *INCLUDE of a missing file and of itself are cases of the malformed-input corpus
// (tests/malformed); here, a cycle through two files and an *INCLUDE without INPUT=.
BOOST_AUTO_TEST_CASE(include_cycles_through_two_files_name_the_including_line) {
  const test::ScratchFolder directory;
  directory.write("a.inp", "** a\n*INCLUDE, INPUT=b.inp\n");
  directory.write("b.inp", "*INCLUDE, INPUT=a.inp\n");
  // a -> b -> a: reported where b includes a.
  test::expect_read_error([&] { read_abaqus(directory.path() / "a.inp"); }, directory.path() / "b.inp", 1,
                          "include cycle");
  const std::filesystem::path no_input = directory.write("noinput.inp", "*INCLUDE\n");
  test::expect_read_error([&] { read_abaqus(no_input); }, no_input, 1, "INPUT=");
}

BOOST_AUTO_TEST_CASE(errors_inside_an_instance_give_numbers_as_written_in_the_part) {
  const test::ScratchFolder directory;
  const std::string part =
      "*Part, name=P\n*Node\n1, 0, 0, 0\n2, 1, 0, 0\n3, 0, 1, 0\n4, 0, 0, 1\n"
      "*Element, type=C3D4\n7, 1, 2, 3, 4\n";  // lines 1-8
  const struct {
    std::string rest;
    std::size_t line;
    std::string expected;
  } cases[] = {
      {"*Surface, name=S\n7, S5\n", 10, "element 7 of type C3D4"},
      {"*Nset, nset=N\n4294967296\n", 10, "expected a node number or a node set name"},
  };
  for (const auto& c : cases) {
    const auto path = directory.write(
        "p.inp", part + c.rest + "*End Part\n*Instance, name=I, part=P\n*End Instance\n");
    test::expect_read_error([&] { read_abaqus(path); }, path, c.line, c.expected);
  }
}

BOOST_AUTO_TEST_SUITE_END()
