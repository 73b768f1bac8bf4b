// SPDX-License-Identifier: BSD-3-Clause
// The OBJ reader: fans, negative indices, attribute forms, skipped lines as warnings, errors
// naming line and column; the fcl meshes of FECONTACT_SHARED_DATA (skipped, and reported so,
// without them).

#include "fecontact/io/obj_reader.hpp"

#include <boost/test/unit_test.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fecontact/io/read_error.hpp"
#include "read_error_check.hpp"
#include "requirements.hpp"
#include "scratch_files.hpp"

namespace {

using fecontact::Index;
using fecontact::Mesh;
using fecontact::read_obj;
using fecontact::test::expect_read_error;
using fecontact::test::ScratchFolder;

// A unit cube as 6 quads (three of them through negative indices and v/vt/vn forms) plus an
// fcl-style header line, comments, groups and other statements that are ignored.
const std::string cube_obj =
    "8 6\n"                                 // line 1: non-standard header
    "# a cube\n"                            // 2
    "mtllib cube.mtl\n"                     // 3
    "o cube\n"                              // 4
    "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n"  // 5-8
    "v 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n"  // 9-12
    "vt 0 0\nvn 0 0 1\n"                    // 13-14
    "g bottom\ns off\nusemtl steel\n"       // 15-17
    "f 1 4 3 2\n"                           // 18
    "f 5/1 6/1 7/1 8/1\n"                   // 19
    "f 1/1/1 2/1/1 6/1/1 5/1/1\n"           // 20
    "f -5//1 -1//1 -2//1 -6//1\n"           // 21: 4 8 7 3
    "f -8 -4 -1 -5\n"                       // 22: 1 5 8 4
    "f 2 3 7 6\r\n";                        // 23 (CRLF)

}  // namespace

BOOST_AUTO_TEST_SUITE(obj_reader)

BOOST_AUTO_TEST_CASE(quads_become_fans_and_negative_indices_resolve) {
  const ScratchFolder folder;
  const auto file = folder.write("cube.obj", cube_obj);
  const Mesh mesh = read_obj(file);
  BOOST_TEST(mesh.node_count() == 8);
  BOOST_TEST(mesh.coordinates[6] == Eigen::Vector3d(1, 1, 1));
  BOOST_TEST(mesh.node_ids[6] == 7);
  BOOST_TEST(mesh.node_index.at(7) == 6);
  BOOST_TEST_REQUIRE(mesh.blocks.size() == 1u);
  BOOST_TEST(mesh.blocks[0].name == "cube");
  // Quad (a b c d) -> (a b c), (a c d), 0-based; the faces as written above.
  const std::vector<Index> expected{0, 3, 2, 0, 2, 1, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4,
                                    3, 7, 6, 3, 6, 2, 0, 4, 7, 0, 7, 3, 1, 2, 6, 1, 6, 5};
  BOOST_TEST(mesh.blocks[0].connectivity == expected, boost::test_tools::per_element());
  BOOST_TEST(mesh.blocks[0].element_ids.size() == 12u);
  BOOST_TEST(mesh.blocks[0].element_ids.back() == 12);
  BOOST_TEST_REQUIRE(mesh.surfaces.size() == 1u);
  BOOST_TEST(mesh.surfaces[0].name == "cube");
  BOOST_TEST(mesh.surfaces[0].faces.size() == 12u);
  BOOST_TEST_REQUIRE(mesh.warnings.size() == 1u);
  BOOST_TEST(mesh.warnings[0] ==
             file.string() + ":1: skipped a line that is not an OBJ statement read here: '8 6'");
}

BOOST_AUTO_TEST_CASE(pentagon_fan_and_vertex_variants) {
  const ScratchFolder folder;
  const std::string text =
      "v 0 0 0 1\nv 1 0 0 0.5 0.5 0.5\nv +2 1 0\nv 1 2 0\nv -1e0 1 0\nf 1 2 3 4 5\n";
  const Mesh mesh = read_obj(folder.write("pentagon.obj", text));
  BOOST_TEST(mesh.blocks.at(0).connectivity == (std::vector<Index>{0, 1, 2, 0, 2, 3, 0, 3, 4}),
             boost::test_tools::per_element());
  BOOST_TEST(mesh.coordinates[2] == Eigen::Vector3d(2, 1, 0));
  BOOST_TEST(mesh.coordinates[4] == Eigen::Vector3d(-1, 1, 0));
  BOOST_TEST(mesh.warnings.empty());
}

BOOST_AUTO_TEST_CASE(skipped_lines_warn_ten_times_then_count) {
  const ScratchFolder folder;
  std::string text = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
  for (int i = 0; i < 13; ++i) text += "l 1 2\n";  // lines 5..17
  const Mesh mesh = read_obj(folder.write("lines.obj", text));
  BOOST_TEST_REQUIRE(mesh.warnings.size() == 11u);
  BOOST_TEST(mesh.warnings[0].find("lines.obj:5: skipped") != std::string::npos);
  BOOST_TEST(mesh.warnings[9].find("lines.obj:14: skipped") != std::string::npos);
  BOOST_TEST(mesh.warnings[10].find("skipped 3 more such lines") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(obj_reader_errors)

BOOST_AUTO_TEST_CASE(indices_out_of_range_name_line_and_column) {
  const ScratchFolder folder;
  const std::string vertices = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";
  const auto high = folder.write("high.obj", vertices + "f 1 2 3\nf 1 2 4\n");
  expect_read_error([&] { read_obj(high); }, high, 5, 7, "vertex index 4 names no vertex (3");
  const auto low = folder.write("low.obj", vertices + "f -1 -2 -4\n");
  expect_read_error([&] { read_obj(low); }, low, 4, 9, "vertex index -4 names no vertex");
  const auto zero = folder.write("zero.obj", vertices + "f 0 1 2\n");
  expect_read_error([&] { read_obj(zero); }, zero, 4, 3, "vertex index 0");
  // A vertex defined after the face that names it does not count.
  const auto later = folder.write("later.obj", "v 0 0 0\nv 1 0 0\nf 1 2 3\nv 0 1 0\n");
  expect_read_error([&] { read_obj(later); }, later, 3, 7, "index 3 names no vertex (2");
}

BOOST_AUTO_TEST_CASE(bad_numbers_name_line_and_column) {
  const ScratchFolder folder;
  const auto word = folder.write("word.obj", "v 0 0 0\nv 1 zero 0\n");
  expect_read_error([&] { read_obj(word); }, word, 2, 5, "expected a number, found 'zero'");
  const auto nan = folder.write("nan.obj", "v 0 0 NaN\n");
  expect_read_error([&] { read_obj(nan); }, nan, 1, 7, "finite number, found 'NaN'");
  const auto inf = folder.write("inf.obj", "v 0 0 0\nv 0 0 0 1 1 inf\n");
  expect_read_error([&] { read_obj(inf); }, inf, 2, 13, "finite number, found 'inf'");
  const std::string vertices = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";
  const auto index = folder.write("index.obj", vertices + "f 1 2 3.0\n");
  expect_read_error([&] { read_obj(index); }, index, 4, 7, "expected an integer, found '3.0'");
  const auto texture = folder.write("texture.obj", vertices + "f 1/a 2 3\n");
  expect_read_error([&] { read_obj(texture); }, texture, 4, 5, "expected an integer, found 'a'");
  const auto dangling = folder.write("dangling.obj", vertices + "f 1 2 3/\n");
  expect_read_error([&] { read_obj(dangling); }, dangling, 4, 9, "expected an integer, found ''");
}

BOOST_AUTO_TEST_CASE(structure_errors) {
  const ScratchFolder folder;
  const auto empty = folder.write("empty.obj", "");
  expect_read_error([&] { read_obj(empty); }, empty, 0, "empty");
  const auto no_face = folder.write("points.obj", "v 0 0 0\nv 1 0 0\n");
  expect_read_error([&] { read_obj(no_face); }, no_face, 0, "no face");
  const auto two = folder.write("two.obj", "v 0 0 0\nv 1 0 0\nf 1 2\n");
  expect_read_error([&] { read_obj(two); }, two, 3, 1, "at least 3 vertices, found 2");
  const auto short_vertex = folder.write("short.obj", "v 0 0\n");
  expect_read_error([&] { read_obj(short_vertex); }, short_vertex, 1, 1, "found 2 values");
  const auto five = folder.write("five.obj", "v 0 0 0 1 1\n");
  expect_read_error([&] { read_obj(five); }, five, 1, 1, "found 5 values");
}

BOOST_AUTO_TEST_SUITE_END()

// The fcl test meshes (../shared/data/fcl): counts from a plain scan of the text, independent
// of the reader.
namespace {

struct ObjScan {
  int vertices = 0;
  int triangles = 0;  // k - 2 per face of k vertices
};

ObjScan scan(const std::filesystem::path& file) {
  ObjScan counts;
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string keyword;
    words >> keyword;
    int k = 0;
    for (std::string word; words >> word;) ++k;
    if (keyword == "v") ++counts.vertices;
    if (keyword == "f") counts.triangles += k - 2;
  }
  return counts;
}

void check_fcl_mesh(const std::string& name, int triangles) {
  const auto file = fecontact::test::shared_data_path("fcl/" + name);
  const ObjScan counts = scan(*file);
  BOOST_TEST(counts.triangles == triangles);  // as documented in data/README.md
  const Mesh mesh = read_obj(*file);
  BOOST_TEST(mesh.node_count() == counts.vertices);
  BOOST_TEST_REQUIRE(mesh.blocks.size() == 1u);
  BOOST_TEST(mesh.blocks[0].size() == counts.triangles);
  BOOST_TEST(mesh.surfaces.at(0).faces.size() == static_cast<std::size_t>(counts.triangles));
  BOOST_TEST_REQUIRE(mesh.warnings.size() == 1u);
  BOOST_TEST(mesh.warnings[0].find(name + ":1: skipped") != std::string::npos);
  for (const Eigen::Vector3d& p : mesh.coordinates) BOOST_TEST(p.allFinite());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(obj_reader_fcl_data,
                      *boost::unit_test::label("shared_data") *
                          boost::unit_test::precondition(fecontact::test::SharedData{"fcl"}))

BOOST_AUTO_TEST_CASE(env_obj,
                     *boost::unit_test::precondition(fecontact::test::SharedData{"fcl/env.obj"})) {
  check_fcl_mesh("env.obj", 2180);
}
BOOST_AUTO_TEST_CASE(rob_obj,
                     *boost::unit_test::precondition(fecontact::test::SharedData{"fcl/rob.obj"})) {
  check_fcl_mesh("rob.obj", 216);
}

BOOST_AUTO_TEST_SUITE_END()
