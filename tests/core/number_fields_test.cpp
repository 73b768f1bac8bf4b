// SPDX-License-Identifier: BSD-3-Clause
// Every reader takes a number field the same way (fecontact::field): a single leading '+' is read
// as C's strtod reads it ("+0.5" is 0.5), a Fortran D exponent as E, and "+-0.5" or a word is an
// error at its line and column, whatever the format.
#include <boost/test/unit_test.hpp>

#include <functional>
#include <string>

#include "fecontact/io/abaqus_reader.hpp"
#include "fecontact/io/field.hpp"
#include "fecontact/io/gmsh_reader.hpp"
#include "fecontact/io/obj_reader.hpp"
#include "fecontact/io/stl_reader.hpp"
#include "read_error_check.hpp"
#include "scratch_files.hpp"

namespace {

using namespace fecontact;
using fecontact::test::ScratchFolder;

struct Format {
  std::string file;
  std::function<Mesh(const std::filesystem::path&)> read;
  std::string text;   // a tetrahedron or a triangle whose last x coordinate is written X
  std::size_t x_line; // the line of X
  std::size_t x_column;
};

// The node or vertex at (X, 0, 1) last, the others with explicit '+' signs too.
const Format formats[] = {
    {"t.msh", read_gmsh,
     "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n+4\n1 +0 0 0\n2 1 0 0\n3 0 +1 0\n4 X 0 1\n"
     "$EndNodes\n$Elements\n1\n1 4 0 +1 2 3 4\n$EndElements\n",
     9, 3},
    {"t.inp", read_abaqus,
     "*NODE\n+1, +0, 0, 0\n2, 1, 0, 0\n3, 0, +1, 0\n4, X, 0, 1\n*ELEMENT, TYPE=C3D4, ELSET=solid\n"
     "1, 1, 2, 3, +4\n",
     5, 4},
    {"t.obj", read_obj, "v +0 0 0\nv 1 0 0\nv 0 +1 0\nv X 0 1\nf 1 2 +4\n", 4, 3},
    {"t.stl", read_stl,
     "solid t\nfacet normal 0 +0 1\nouter loop\nvertex +0 0 0\nvertex 1 0 0\nvertex X 0 1\n"
     "endloop\nendfacet\nendsolid t\n",
     6, 8},
};

std::string with_x(std::string text, const std::string& x) { return text.replace(text.find('X'), 1, x); }

}  // namespace

BOOST_AUTO_TEST_SUITE(number_fields)

BOOST_AUTO_TEST_CASE(a_leading_plus_and_a_fortran_exponent_are_read) {
  const ScratchFolder folder;
  for (const Format& format : formats) {
    for (const std::string x : {"+0.5e+0", "5D-1"}) {
      BOOST_TEST_CONTEXT(format.file << " " << x) {
        const Mesh mesh = format.read(folder.write(format.file, with_x(format.text, x)));
        BOOST_TEST_REQUIRE(!mesh.coordinates.empty());
        BOOST_TEST(mesh.coordinates.back().x() == 0.5);
        BOOST_TEST(mesh.coordinates.front().x() == 0.0);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(a_plus_before_a_sign_is_an_error_at_its_line_and_column) {
  const ScratchFolder folder;
  for (const Format& format : formats) {
    BOOST_TEST_CONTEXT(format.file) {
      const auto path = folder.write(format.file, with_x(format.text, "+-0.5"));
      test::expect_read_error([&] { format.read(path); }, path, format.x_line, format.x_column,
                              "found '+-0.5'");
    }
  }
}

BOOST_AUTO_TEST_CASE(a_word_an_infinity_and_an_overflow_are_errors_at_their_column) {
  const ScratchFolder folder;
  const std::pair<std::string, std::string> cases[] = {
      {"zero", "found 'zero'"}, {"-inf", "finite"}, {"1e999", "out of the range of a double"}};
  for (const Format& format : formats) {
    for (const auto& [x, message] : cases) {
      BOOST_TEST_CONTEXT(format.file << " " << x) {
        const auto path = folder.write(format.file, with_x(format.text, x));
        test::expect_read_error([&] { format.read(path); }, path, format.x_line, format.x_column,
                                message);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(the_grammar_alone) {
  double x = 0;
  BOOST_TEST((parse_field("+7.8", x) == FieldStatus::ok));
  BOOST_TEST(x == 7.8);
  BOOST_TEST((parse_field("-1.5d+03", x) == FieldStatus::ok));
  BOOST_TEST(x == -1500.0);
  BOOST_TEST((parse_field("2.5D0", x) == FieldStatus::ok));
  BOOST_TEST(x == 2.5);
  for (const char* text : {"+-1", "++1", "+", "", " 1", "1 ", "1,", "0x10", "1DD2", "1e5d3"})
    BOOST_TEST((parse_field(text, x) == FieldStatus::not_a_number), "'" << text << "'");
  BOOST_TEST((parse_field("1e999", x) == FieldStatus::out_of_range));
  for (const char* text : {"nan", "-inf", "+infinity"})
    BOOST_TEST((parse_field(text, x) == FieldStatus::not_finite), text);
  std::int64_t i = 0;
  BOOST_TEST((parse_field("+42", i) == FieldStatus::ok));
  BOOST_TEST(i == 42);
  BOOST_TEST((parse_field("4.0", i) == FieldStatus::not_a_number));
  BOOST_TEST((parse_field("1D3", i) == FieldStatus::not_a_number));  // an exponent makes no integer
  BOOST_TEST((parse_field("99999999999999999999", i) == FieldStatus::out_of_range));
  std::uint64_t u = 0;
  BOOST_TEST((parse_field("-2", u) == FieldStatus::not_a_number));
}

BOOST_AUTO_TEST_CASE(a_field_error_names_the_place_and_what_was_expected) {
  int asked = 0;
  const auto place = [&] {
    ++asked;
    return TextPlace{"mesh.txt", 3, 14};
  };
  BOOST_TEST(field<int>("+12", "a tag", place) == 12);
  BOOST_TEST(asked == 0);  // worked out only for an error
  const auto expect = [&](auto read, const std::string& what) {
    test::expect_read_error(read, "mesh.txt", 3, 14, what);
  };
  expect([&] { field<double>("x1", "a coordinate", place); }, "expected a coordinate, found 'x1'");
  expect([&] { field<double>("NaN", "an entity coordinate", place); },
         "expected a finite entity coordinate, found 'NaN'");
  expect([&] { field<double>("-1e400", "a coordinate", place); },
         "expected a coordinate, found '-1e400', out of the range of a double");
  expect([&] { field<std::int32_t>("3000000000", "a tag", place); },
         "expected a tag, found '3000000000', out of the range of a 32-bit integer");
  expect([&] { field<std::uint64_t>(std::string(50, '7'), "a size", place); },
         "found '" + std::string(40, '7') + "...', out of the range of a 64-bit unsigned integer");
  BOOST_TEST(asked == 5);
}

BOOST_AUTO_TEST_SUITE_END()
