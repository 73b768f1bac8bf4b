// SPDX-License-Identifier: BSD-3-Clause
// Gmsh reader on small handwritten files: sparse and unordered tags, both byte orders of the
// binary formats, and every kind of malformed input, each a ReadError naming file and line.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "fecontact/io/gmsh_reader.hpp"
#include "fecontact/io/read_error.hpp"
#include "fecontact/mesh/surface_extraction.hpp"
#include "read_error_check.hpp"
#include "scratch_files.hpp"

namespace {

using namespace fecontact;
using fecontact::test::ScratchFolder;

std::string join(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

// One tet (element 42, physical volume 3 "body", entity 9) on nodes 500 10 77 31, a triangle
// (element 900, physical surface 7 "face", entity 5) on its face z = 0, and an unused node 200.
// One file line per entry, grouped by section.
// clang-format off
const std::vector<std::string> v41_lines = {
    "$MeshFormat", "4.1 0 8", "$EndMeshFormat",
    "$PhysicalNames", "2", "2 7 \"face\"", "3 3 \"body\"", "$EndPhysicalNames",
    "$Entities", "0 0 1 1", "5 0 0 0 1 1 0 1 7 0", "9 0 0 0 1 1 1 1 3 1 5", "$EndEntities",
    "$Nodes", "2 5 10 500", "3 9 0 4", "500", "10", "77", "31",
    "0 0 0", "1 0 0", "0 1 0", "0 0 1", "2 5 0 1", "200", "0.5 0.5 0", "$EndNodes",
    "$Elements", "2 2 42 900", "2 5 2 1", "900 500 10 77", "3 9 4 1", "42 500 10 77 31",
    "$EndElements"};

const std::vector<std::string> v22_lines = {
    "$MeshFormat", "2.2 0 8", "$EndMeshFormat",
    "$PhysicalNames", "2", "2 7 \"face\"", "3 3 \"body\"", "$EndPhysicalNames",
    "$Nodes", "5", "500 0 0 0", "10 1 0 0", "77 0 1 0", "31 0 0 1", "200 0.5 0.5 0", "$EndNodes",
    "$Elements", "2", "900 2 2 7 5 500 10 77", "42 4 2 3 9 500 10 77 31", "$EndElements"};
// clang-format on

/// Binary writer in native or swapped byte order.
struct Binary {
  bool swap;
  std::string bytes;
  template <class T>
  Binary& put(T value) {
    char raw[sizeof(T)];
    std::memcpy(raw, &value, sizeof(T));
    if (swap) std::reverse(raw, raw + sizeof(T));
    bytes.append(raw, sizeof(T));
    return *this;
  }
  Binary& text(const std::string& t) {
    bytes += t;
    return *this;
  }
  Binary& ints(std::initializer_list<std::int32_t> v) {
    for (auto x : v) put(x);
    return *this;
  }
  Binary& sizes(std::initializer_list<std::uint64_t> v) {
    for (auto x : v) put(x);
    return *this;
  }
  Binary& reals(std::initializer_list<double> v) {
    for (auto x : v) put(x);
    return *this;
  }
};

const std::string names = "$PhysicalNames\n2\n2 7 \"face\"\n3 3 \"body\"\n$EndPhysicalNames\n";

std::string v41_binary(bool swap) {
  Binary b{swap, ""};
  b.text("$MeshFormat\n4.1 1 8\n").ints({1}).text("\n$EndMeshFormat\n" + names + "$Entities\n");
  b.sizes({0, 0, 1, 1}).ints({5}).reals({0, 0, 0, 1, 1, 0}).sizes({1}).ints({7}).sizes({0});
  b.ints({9})
      .reals({0, 0, 0, 1, 1, 1})
      .sizes({1})
      .ints({3})
      .sizes({1})
      .ints({5})
      .text("\n$EndEntities\n$Nodes\n");
  b.sizes({2, 5, 10, 500})
      .ints({3, 9, 0})
      .sizes({4})
      .sizes({500, 10, 77, 31})
      .reals({0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1});
  b.ints({2, 5, 0}).sizes({1}).sizes({200}).reals({0.5, 0.5, 0}).text("\n$EndNodes\n$Elements\n");
  b.sizes({2, 2, 42, 900}).ints({2, 5, 2}).sizes({1}).sizes({900, 500, 10, 77});
  b.ints({3, 9, 4}).sizes({1}).sizes({42, 500, 10, 77, 31}).text("\n$EndElements\n");
  return b.bytes;
}

std::string v22_binary(bool swap) {
  Binary b{swap, ""};
  b.text("$MeshFormat\n2.2 1 8\n").ints({1}).text("\n$EndMeshFormat\n" + names + "$Nodes\n5\n");
  b.ints({500}).reals({0, 0, 0}).ints({10}).reals({1, 0, 0}).ints({77}).reals({0, 1, 0});
  b.ints({31})
      .reals({0, 0, 1})
      .ints({200})
      .reals({0.5, 0.5, 0})
      .text("\n$EndNodes\n$Elements\n2\n");
  b.ints({2, 1, 2}).ints({900, 7, 5, 500, 10, 77});
  b.ints({4, 1, 2}).ints({42, 3, 9, 500, 10, 77, 31}).text("\n$EndElements\n");
  return b.bytes;
}

/// The mesh the four files above describe, as the reader must return it.
void check_small_mesh(const Mesh& mesh) {
  BOOST_TEST((mesh.node_ids == std::vector<FileId>{500, 10, 77, 31, 200}));
  BOOST_TEST_REQUIRE(mesh.coordinates.size() == 5u);
  BOOST_TEST(mesh.coordinates[1].x() == 1.0);
  BOOST_TEST(mesh.coordinates[4].y() == 0.5);
  BOOST_TEST(mesh.node_index.at(77) == 2);
  BOOST_TEST_REQUIRE(mesh.blocks.size() == 2u);  // the volume first
  BOOST_TEST(mesh.blocks[0].name == "body");
  BOOST_TEST((mesh.blocks[0].type == ElementType::tet4));
  BOOST_TEST((mesh.blocks[0].element_ids == std::vector<FileId>{42}));
  BOOST_TEST((mesh.blocks[0].connectivity == std::vector<Index>{0, 1, 2, 3}));
  BOOST_TEST(mesh.blocks[1].name == "face");
  BOOST_TEST((mesh.blocks[1].type == ElementType::tri3));
  BOOST_TEST((mesh.blocks[1].connectivity == std::vector<Index>{0, 1, 2}));
  BOOST_TEST_REQUIRE(mesh.surfaces.size() == 1u);
  BOOST_TEST(mesh.surfaces[0].name == "face");
  BOOST_TEST((mesh.surfaces[0].faces == std::vector<FaceRef>{FaceRef{{1, 0}, 0}}));
  // The triangle 500-10-77 turns up (+z); matched to the tet's face, it turns down (outward).
  const Surface face = surface_from_boundary_elements(mesh, mesh.surfaces[0]);
  BOOST_TEST_REQUIRE(face.faces.size() == 1u);
  BOOST_TEST((face.faces[0].owner.element == ElementRef{0, 0}));
  const auto n = face.faces[0].nodes();
  const Eigen::Vector3d normal = (mesh.coordinates[static_cast<std::size_t>(n[1])] -
                                  mesh.coordinates[static_cast<std::size_t>(n[0])])
                                     .cross(mesh.coordinates[static_cast<std::size_t>(n[2])] -
                                            mesh.coordinates[static_cast<std::size_t>(n[0])]);
  BOOST_TEST(normal.z() < 0.0);
}

/// Reading `bytes` throws a ReadError at `line` whose what() names the file and line and whose
/// message contains `expected`.
void check_error(const std::string& bytes, std::size_t line, const std::string& expected) {
  const ScratchFolder folder;
  const auto path = folder.write("bad.msh", bytes);
  test::expect_read_error([&] { read_gmsh(path); }, path, line, expected);
}

/// v41_lines with line `number` (1-based) replaced.
std::string v41_with(std::size_t number, const std::string& line) {
  auto lines = v41_lines;
  lines.at(number - 1) = line;
  return join(lines);
}

std::size_t line_of(const std::vector<std::string>& lines, const std::string& text) {
  return static_cast<std::size_t>(std::find(lines.begin(), lines.end(), text) - lines.begin()) + 1;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(gmsh_reader_files)

BOOST_AUTO_TEST_CASE(sparse_unordered_tags_in_every_format_and_byte_order) {
  const ScratchFolder folder;
  check_small_mesh(read_gmsh(folder.write("v41.msh", join(v41_lines))));
  check_small_mesh(read_gmsh(folder.write("v22.msh", join(v22_lines))));
  for (const bool swap : {false, true}) {
    BOOST_TEST_CONTEXT("byte order swapped: " << swap) {
      check_small_mesh(read_gmsh(folder.write("v41b.msh", v41_binary(swap))));
      check_small_mesh(read_gmsh(folder.write("v22b.msh", v22_binary(swap))));
    }
  }
}

BOOST_AUTO_TEST_CASE(blocks_of_entities_and_of_several_physical_groups) {
  // The volume entity has no physical group: its block is "entity9". The surface entity is in
  // physical groups 7 ("face") and 8 (no name): its triangle is in both blocks and surfaces.
  auto lines = v41_lines;
  lines[line_of(v41_lines, "5 0 0 0 1 1 0 1 7 0") - 1] = "5 0 0 0 1 1 0 2 7 8 0";
  lines[line_of(v41_lines, "9 0 0 0 1 1 1 1 3 1 5") - 1] = "9 0 0 0 1 1 1 0 1 5";
  const ScratchFolder folder;
  const Mesh mesh = read_gmsh(folder.write("entities.msh", join(lines)));
  BOOST_TEST_REQUIRE(mesh.blocks.size() == 3u);
  BOOST_TEST(mesh.blocks[0].name == "entity9");
  BOOST_TEST(mesh.blocks[1].name == "face");
  BOOST_TEST(mesh.blocks[2].name == "physical8");
  BOOST_TEST((mesh.blocks[2].element_ids == std::vector<FileId>{900}));
  BOOST_TEST_REQUIRE(mesh.surfaces.size() == 2u);
  BOOST_TEST(mesh.surfaces[1].name == "physical8");
  BOOST_TEST((mesh.surfaces[1].faces == std::vector<FaceRef>{FaceRef{{2, 0}, 0}}));
  // Version 2.2 without tags: elementary entity 0, no physical group.
  auto v22 = v22_lines;
  v22[line_of(v22_lines, "42 4 2 3 9 500 10 77 31") - 1] = "42 4 0 500 10 77 31";
  const Mesh untagged = read_gmsh(folder.write("untagged.msh", join(v22)));
  BOOST_TEST_REQUIRE(untagged.blocks.size() == 2u);
  BOOST_TEST(untagged.blocks[0].name == "entity0");
}

BOOST_AUTO_TEST_CASE(sections_it_does_not_use_are_skipped_with_a_warning) {
  auto lines = v41_lines;
  lines.insert(lines.end(), {"$NodeData", "1", "\"u\"", "$EndNodeData"});
  const ScratchFolder folder;
  const Mesh mesh = read_gmsh(folder.write("data.msh", join(lines)));
  check_small_mesh(mesh);
  BOOST_TEST_REQUIRE(mesh.warnings.size() == 1u);
  BOOST_TEST(mesh.warnings[0].find("$NodeData") != std::string::npos);
}

// Counts, missing nodes, unknown types, bad numbers, versions and duplicate tags are cases of
// the malformed-input corpus (tests/malformed); here, what depends on this file's sparse tags.
BOOST_AUTO_TEST_CASE(malformed_text_is_a_read_error_at_its_line) {
  const std::size_t element = line_of(v41_lines, "42 500 10 77 31");
  const std::size_t element_block = line_of(v41_lines, "3 9 4 1");
  check_error(v41_with(element_block, "3 9 4 99999999999"), element_block,
              "announces 99999999999 elements");
  check_error(v41_with(element, "42 500 10 77 12345"), element, "refers to node 12345");
  check_error(v41_with(line_of(v41_lines, "10"), "500"), line_of(v41_lines, "$Nodes"),
              "node tag 500 appears twice");
  check_error(v41_with(line_of(v41_lines, "$EndNodes"), "$EndNode"),
              line_of(v41_lines, "$EndNodes"), "expected $EndNodes");
  // A file that ends early: the error is at the line after its last line.
  check_error(
      join({v41_lines.begin(), v41_lines.begin() + static_cast<std::ptrdiff_t>(element) - 1}) +
          "42 500 10 77\n",
      element + 1, "unexpected end of file; expected a node tag");
}

BOOST_AUTO_TEST_CASE(malformed_binary_is_a_read_error_at_its_section) {
  const auto line_at = [](const std::string& bytes, std::size_t offset) {
    return static_cast<std::size_t>(std::count(
               bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(offset), '\n')) +
           1;
  };
  for (const bool swap : {false, true}) {
    BOOST_TEST_CONTEXT("byte order swapped: " << swap) {
      // Cut inside the $Elements header, then inside the last element.
      const std::string v41 = v41_binary(swap);
      const std::size_t elements = v41.find("$Elements");
      check_error(v41.substr(0, elements + 10 + 12), line_at(v41, elements),
                  "truncated binary data; expected the number of elements");
      const std::string v22 = v22_binary(swap);
      const std::size_t end = v22.find("\n$EndElements");
      check_error(v22.substr(0, end - 6), line_at(v22, v22.find("$Elements")),
                  "truncated binary data; expected a node tag");
      // A count larger than the rest of the file, in binary.
      std::string big = v41;
      Binary count{swap, ""};
      count.sizes({1000000});
      big.replace(elements + 10 + 8, 8, count.bytes);
      check_error(big, line_at(v41, elements), "announces 1000000 elements");
    }
  }
  std::string bad_check = v41_binary(false);
  bad_check[bad_check.find("4.1 1 8\n") + 8] = 2;
  check_error(bad_check, 3, "byte-order check");
}

BOOST_AUTO_TEST_CASE(a_missing_file_is_a_read_error) {
  BOOST_CHECK_THROW(read_gmsh("/nonexistent/mesh.msh"), ReadError);
}

BOOST_AUTO_TEST_SUITE_END()
