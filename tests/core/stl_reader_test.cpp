// SPDX-License-Identifier: BSD-3-Clause
// The STL reader: ASCII and binary cubes written by the test, exact welding, and every error
// naming the file and its line, column or byte.

#include "fecontact/io/stl_reader.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "fecontact/io/read_error.hpp"
#include "read_error_check.hpp"
#include "scratch_files.hpp"

namespace {

using fecontact::Mesh;
using fecontact::read_stl;
using fecontact::test::expect_read_error;
using fecontact::test::ScratchFolder;
using Triangle = std::array<Eigen::Vector3d, 3>;

// Corner k of a box whose coordinates are exact in float, so ASCII and binary agree: bit i of
// k picks the upper coordinate along axis i.
Eigen::Vector3d corner(int k) {
  return {(k & 1) ? 1.5 : -0.25, (k & 2) ? 2.0 : 0.75, (k & 4) ? -1.0 : -3.5};
}

// The 12 triangles of the box, two per face, outward; as corner numbers.
constexpr std::array<std::array<int, 3>, 12> cube_corners{{{0, 2, 3},
                                                           {0, 3, 1},
                                                           {4, 5, 7},
                                                           {4, 7, 6},
                                                           {0, 1, 5},
                                                           {0, 5, 4},
                                                           {2, 6, 7},
                                                           {2, 7, 3},
                                                           {0, 4, 6},
                                                           {0, 6, 2},
                                                           {1, 3, 7},
                                                           {1, 7, 5}}};

std::vector<Triangle> cube_triangles() {
  std::vector<Triangle> triangles;
  for (const auto& t : cube_corners)
    triangles.push_back({corner(t[0]), corner(t[1]), corner(t[2])});
  return triangles;
}

std::string ascii_stl(const std::vector<Triangle>& triangles) {
  std::ostringstream out;
  out.precision(std::numeric_limits<double>::max_digits10);
  out << "solid test cube\n";
  for (const Triangle& t : triangles) {
    out << "  facet normal 0 0 0\n    outer loop\n";
    for (const Eigen::Vector3d& p : t) {
      out << "      vertex " << p.x() << ' ' << p.y() << ' ' << p.z() << '\n';
    }
    out << "    endloop\n  endfacet\n";
  }
  out << "endsolid test cube\n";
  return out.str();
}

void append_u32(std::string& out, std::uint32_t v) {
  for (int byte = 0; byte < 4; ++byte) out.push_back(static_cast<char>((v >> (8 * byte)) & 0xff));
}

// Binary STL whose header begins with "solid", as some writers do: detection must use the size.
std::string binary_stl(const std::vector<Triangle>& triangles) {
  std::string out = "solid binary file with a misleading header";
  out.resize(80, ' ');
  append_u32(out, static_cast<std::uint32_t>(triangles.size()));
  for (const Triangle& t : triangles) {
    for (int c = 0; c < 3; ++c) append_u32(out, 0);  // normal
    for (const Eigen::Vector3d& p : t) {
      for (int c = 0; c < 3; ++c) {
        append_u32(out, std::bit_cast<std::uint32_t>(static_cast<float>(p[c])));
      }
    }
    out += std::string(2, '\0');  // attribute byte count
  }
  return out;
}

// Independent expectation: the corners in order of first appearance in the triangle list.
std::vector<int> first_appearance_order() {
  std::vector<int> order;
  for (const auto& t : cube_corners) {
    for (const int k : t) {
      if (std::find(order.begin(), order.end(), k) == order.end()) order.push_back(k);
    }
  }
  return order;
}

void check_cube(const Mesh& mesh, const std::string& name) {
  const std::vector<int> order = first_appearance_order();
  BOOST_TEST(mesh.node_count() == 8);
  BOOST_TEST_REQUIRE(order.size() == 8u);
  for (std::size_t i = 0; i < order.size(); ++i) {
    BOOST_TEST(mesh.coordinates[i] == corner(order[i]));
    BOOST_TEST(mesh.node_ids[i] == static_cast<fecontact::FileId>(i + 1));
    BOOST_TEST(mesh.node_index.at(static_cast<fecontact::FileId>(i + 1)) == static_cast<int>(i));
  }
  BOOST_TEST_REQUIRE(mesh.blocks.size() == 1u);
  const fecontact::ElementBlock& block = mesh.blocks[0];
  BOOST_TEST(block.name == name);
  BOOST_TEST((block.type == fecontact::ElementType::tri3));
  BOOST_TEST_REQUIRE(block.connectivity.size() == 36u);
  for (std::size_t t = 0; t < 12; ++t) {
    BOOST_TEST(block.element_ids[t] == static_cast<fecontact::FileId>(t + 1));
    for (std::size_t v = 0; v < 3; ++v) {
      const auto k = std::find(order.begin(), order.end(), cube_corners[t][v]) - order.begin();
      BOOST_TEST(block.connectivity[3 * t + v] == k);
    }
  }
  BOOST_TEST_REQUIRE(mesh.surfaces.size() == 1u);
  BOOST_TEST(mesh.surfaces[0].name == name);
  BOOST_TEST_REQUIRE(mesh.surfaces[0].faces.size() == 12u);
  for (fecontact::Index t = 0; t < 12; ++t) {
    BOOST_TEST((mesh.surfaces[0].faces[static_cast<std::size_t>(t)] ==
                fecontact::FaceRef{fecontact::ElementRef{0, t}, 0}));
  }
  BOOST_TEST(mesh.warnings.empty());
}

// The ASCII cube with the first occurrence of `from` replaced (line 5 is the second vertex, corner
// 2).
std::string edited_cube(const std::string& from, const std::string& to) {
  std::string text = ascii_stl(cube_triangles());
  text.replace(text.find(from), from.size(), to);
  return text;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(stl_reader)

BOOST_AUTO_TEST_CASE(ascii_cube_welds_to_eight_nodes) {
  const ScratchFolder folder;
  check_cube(read_stl(folder.write("box.stl", ascii_stl(cube_triangles()))), "box");
}

BOOST_AUTO_TEST_CASE(binary_cube_with_solid_header_welds_to_eight_nodes) {
  const ScratchFolder folder;
  const std::string bytes = binary_stl(cube_triangles());
  BOOST_TEST(bytes.size() == 84u + 50u * 12u);
  check_cube(read_stl(folder.write("binary_box.stl", bytes)), "binary_box");
}

BOOST_AUTO_TEST_CASE(ascii_variants_upper_case_crlf_plus_signs_two_solids) {
  const ScratchFolder folder;
  const std::string text =
      "SOLID a\r\nFACET NORMAL 0 0 +1\r\nOUTER LOOP\r\nVERTEX +0 0 0\r\nVERTEX 1 0 0\r\n"
      "VERTEX 0 1e0 0\r\nENDLOOP\r\nENDFACET\r\nENDSOLID a\r\n"
      "solid b\nfacet normal 0 0 1 outer loop vertex 1 0 0 vertex 1 1 0 vertex 0 1 0 endloop "
      "endfacet\nendsolid\n";
  const Mesh mesh = read_stl(folder.write("variants.stl", text));
  BOOST_TEST(mesh.node_count() == 4);
  BOOST_TEST(mesh.blocks.at(0).connectivity == (std::vector<fecontact::Index>{0, 1, 2, 1, 3, 2}));
  BOOST_TEST(mesh.coordinates[3] == Eigen::Vector3d(1, 1, 0));
}

BOOST_AUTO_TEST_CASE(signed_zeros_weld_and_degenerate_triangles_are_reported) {
  const ScratchFolder folder;
  const std::vector<Triangle> triangles{
      {Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1, 0, 0), Eigen::Vector3d(0, 1, 0)},
      {Eigen::Vector3d(-0.0, 0, -0.0), Eigen::Vector3d(1, 0, 0), Eigen::Vector3d(1, 0, 0)}};
  const Mesh mesh = read_stl(folder.write("zeros.stl", binary_stl(triangles)));
  BOOST_TEST(mesh.node_count() == 3);
  BOOST_TEST(mesh.blocks.at(0).connectivity == (std::vector<fecontact::Index>{0, 1, 2, 0, 1, 1}));
  BOOST_TEST_REQUIRE(mesh.warnings.size() == 1u);
  BOOST_TEST(mesh.warnings[0].find("1 degenerate triangles") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(stl_reader_errors)

BOOST_AUTO_TEST_CASE(empty_file_directory_and_missing_file) {
  const ScratchFolder folder;
  const auto empty = folder.write("empty.stl", "");
  expect_read_error([&] { read_stl(empty); }, empty, 0, "empty");
  expect_read_error([&] { read_stl(folder.path()); }, folder.path(), 0, "directory");
  const auto missing = folder.path() / "missing.stl";
  expect_read_error([&] { read_stl(missing); }, missing, 0, "cannot open");
}

BOOST_AUTO_TEST_CASE(truncated_and_oversized_binary) {
  const ScratchFolder folder;
  const std::string bytes = binary_stl(cube_triangles());
  const auto truncated = folder.write("truncated.stl", bytes.substr(0, bytes.size() - 1));
  expect_read_error([&] { read_stl(truncated); }, truncated, 0, "byte 80: binary STL header declares 12 triangles");
  const auto longer = folder.write("longer.stl", bytes + std::string(50, '\0'));
  expect_read_error([&] { read_stl(longer); }, longer, 0,
                    "byte 80: binary STL header declares 12 triangles, which need 684 bytes, but the file has 734");
  // A count far beyond the file: an error, not an allocation of 4 billion triangles.
  std::string huge = bytes;
  huge[80] = huge[81] = huge[82] = huge[83] = '\xff';
  const auto lying = folder.write("lying.stl", huge);
  expect_read_error([&] { read_stl(lying); }, lying, 0, "byte 80: binary STL header declares 4294967295");
  const auto header_only = folder.write("no_triangle.stl", binary_stl({}));
  expect_read_error([&] { read_stl(header_only); }, header_only, 0, "no triangle");
  const auto short_junk = folder.write("junk.stl", std::string("\x01\x02\x03", 3));
  expect_read_error([&] { read_stl(short_junk); }, short_junk, 0, "too short");
}

BOOST_AUTO_TEST_CASE(binary_nan_and_infinity_name_the_byte) {
  const ScratchFolder folder;
  std::vector<Triangle> triangles = cube_triangles();
  triangles[1][2].y() = std::numeric_limits<double>::quiet_NaN();  // byte 84 + 50 + 12 + 24 + 4
  const auto nan = folder.write("nan.stl", binary_stl(triangles));
  expect_read_error([&] { read_stl(nan); }, nan, 0, "byte 174: coordinate of triangle 2 is not finite");
  triangles = cube_triangles();
  triangles[0][0].x() = std::numeric_limits<double>::infinity();  // byte 84 + 12
  const auto inf = folder.write("inf.stl", binary_stl(triangles));
  expect_read_error([&] { read_stl(inf); }, inf, 0, "byte 96: coordinate of triangle 1 is not finite");
}

BOOST_AUTO_TEST_CASE(ascii_bad_numbers_name_line_and_column) {
  const ScratchFolder folder;
  const auto word = folder.write("word.stl", edited_cube("vertex -0.25 2", "vertex -0.25 two"));
  expect_read_error([&] { read_stl(word); }, word, 5, 20, "expected a number, found 'two'");
  const auto nan = folder.write("nan.stl", edited_cube("vertex -0.25 2", "vertex nan 2"));
  expect_read_error([&] { read_stl(nan); }, nan, 5, 14, "finite number, found 'nan'");
  const auto inf = folder.write("inf.stl", edited_cube("normal 0 0 0", "normal 0 -inf 0"));
  expect_read_error([&] { read_stl(inf); }, inf, 2, 18, "finite number, found '-inf'");
  const auto glued = folder.write("glued.stl", edited_cube("vertex -0.25 2", "vertex -0.25x 2"));
  expect_read_error([&] { read_stl(glued); }, glued, 5, 14, "found '-0.25x'");
  const auto huge = folder.write("huge.stl", edited_cube("vertex -0.25 2", "vertex 1e999 2"));
  expect_read_error([&] { read_stl(huge); }, huge, 5, 14, "out of the range");
}

BOOST_AUTO_TEST_CASE(ascii_structure_errors) {
  const ScratchFolder folder;
  const auto four =
      folder.write("four.stl", edited_cube("    endloop", "      vertex 0 0 0\n    endloop"));
  expect_read_error([&] { read_stl(four); }, four, 7, 7, "exactly 3 vertices");
  const auto two = folder.write("two.stl", edited_cube("      vertex 1.5 2 -3.5\n", ""));
  expect_read_error([&] { read_stl(two); }, two, 6, 5, "expected 'vertex', found 'endloop'");
  const std::string text = ascii_stl(cube_triangles());
  const auto cut = folder.write("cut.stl", text.substr(0, text.find("endsolid")));
  expect_read_error([&] { read_stl(cut); }, cut, 85, "unexpected end of file");
  const auto missing_loop = folder.write("loop.stl", edited_cube("outer loop", "outer"));
  expect_read_error([&] { read_stl(missing_loop); }, missing_loop, 4, 7, "expected 'loop', found 'vertex'");
  const auto no_facet = folder.write("empty_solid.stl", "solid nothing\nendsolid nothing\n");
  expect_read_error([&] { read_stl(no_facet); }, no_facet, 0, "no triangle");
  const auto trailing = folder.write("trailing.stl", text + "garbage\n");
  expect_read_error([&] { read_stl(trailing); }, trailing, 87, 1, "expected 'solid'");
}

BOOST_AUTO_TEST_SUITE_END()
