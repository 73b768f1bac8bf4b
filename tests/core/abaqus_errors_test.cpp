// SPDX-License-Identifier: BSD-3-Clause
// read_abaqus on bad decks: each error is a ReadError naming the file, the line (and column
// where known) and what was expected; no mesh comes back.

#include <boost/test/unit_test.hpp>
#include <string>

#include "fecontact/io/abaqus_reader.hpp"
#include "read_error_check.hpp"
#include "scratch_files.hpp"

using namespace fecontact;

namespace {

// Reads `text` as deck.inp and checks the ReadError: file deck.inp, `line`, `column` (0: not
// checked), a message containing `expected`, and what() = "<path>:<line>...".
void expect_error(const std::string& text, std::size_t line, std::size_t column,
                  const std::string& expected) {
  const test::ScratchFolder directory;
  const std::filesystem::path path = directory.write("deck.inp", text);
  const auto read = [&] { read_abaqus(path); };
  if (column == 0)
    test::expect_read_error(read, path, line, expected);
  else
    test::expect_read_error(read, path, line, column, expected);
}

const std::string nodes = "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n3, 0, 1, 0\n4, 0, 0, 1\n";  // lines 1-5
const std::string tet = nodes + "*ELEMENT, TYPE=C3D4, ELSET=E\n1, 1, 2, 3, 4\n";      // lines 6-7

}  // namespace

BOOST_AUTO_TEST_SUITE(abaqus_errors)

BOOST_AUTO_TEST_CASE(unknown_element_type) {
  expect_error(nodes + "*ELEMENT, TYPE=C3D27\n1, 1, 2, 3, 4\n", 6, 11,
               "unknown element type 'C3D27'");
  expect_error(nodes + "*ELEMENT, ELSET=E\n1, 1, 2, 3, 4\n", 6, 0, "needs TYPE=");
}

BOOST_AUTO_TEST_CASE(element_referring_to_a_missing_node) {
  expect_error(nodes + "*ELEMENT, TYPE=C3D4\n1, 1, 2, 3, 9\n", 7, 13, "refers to node 9");
}

BOOST_AUTO_TEST_CASE(wrong_node_count_on_an_element_line) {
  expect_error(nodes + "*ELEMENT, TYPE=C3D4\n1, 1, 2, 3\n", 7, 0, "has 3 nodes, C3D4 needs 4");
  expect_error(nodes + "*ELEMENT, TYPE=C3D4\n1, 1, 2, 3, 4, 1\n", 7, 16, "more than 4 nodes");
  // A continued element that runs out of lines.
  expect_error(nodes + "*ELEMENT, TYPE=C3D4\n1, 1, 2,\n", 7, 0, "has 2 nodes");
}

BOOST_AUTO_TEST_CASE(non_numeric_and_non_finite_fields) {
  expect_error("*NODE\n1, 0, abc, 0\n", 2, 7, "expected a coordinate, found 'abc'");
  expect_error("*NODE\n1, 0, nan, 0\n", 2, 7, "finite");
  expect_error("*NODE\n1, 0, 0, -inf\n", 2, 10, "finite");
  expect_error("*NODE\n1, 0, 0, 1e999\n", 2, 10, "out of the range of a double");
  expect_error("*NODE\nx1, 0, 0, 0\n", 2, 1, "expected a node number");
  expect_error("*NODE\n-3, 0, 0, 0\n", 2, 1, "positive integer");
  expect_error(nodes + "*ELEMENT, TYPE=C3D4\n1, 1, 2, 3.5, 4\n", 7, 10, "a node number");
  expect_error("*NODE\n1, 0, 0, 0, 1, 0, 0, 7\n", 2, 0, "at most 7 fields");
}

BOOST_AUTO_TEST_CASE(numbers_defined_twice) {
  expect_error(nodes + "1, 5, 5, 5\n", 6, 1, "node 1 is defined twice");
  expect_error(tet + "*ELEMENT, TYPE=C3D4\n1, 1, 2, 4, 3\n", 9, 1, "element 1 is defined twice");
}

BOOST_AUTO_TEST_CASE(names_that_do_not_exist) {
  expect_error(tet + "*NSET, NSET=A\n1, Missing\n", 9, 4, "node set 'Missing' is not defined");
  expect_error(tet + "*NSET, NSET=A\n1, 7\n", 9, 4, "node 7 is not defined");
  expect_error(tet + "*ELSET, ELSET=A\nE, Nope\n", 9, 4, "element set 'Nope' is not defined");
  expect_error(tet + "*SURFACE, NAME=S\nNope, S1\n", 9, 1, "element set 'Nope'");
  expect_error(tet + "*SURFACE, NAME=S\n5, S1\n", 9, 1, "element 5 is not defined");
  expect_error(tet + "*SURFACE, NAME=S, TYPE=NODE\nNope\n", 9, 1, "node set 'Nope'");
  expect_error(tet + "*SURFACE, NAME=S\nE, S1\n*CONTACT PAIR\nS, Master\n", 11, 4,
               "surface 'Master' is not defined");
  expect_error(tet + "*NSET, NSET=A, ELSET=Nope\n", 8, 16, "element set 'Nope'");
}

BOOST_AUTO_TEST_CASE(face_labels_not_valid_for_the_element_type) {
  expect_error(tet + "*SURFACE, NAME=S\nE, S5\n", 9, 4,
               "not valid for element 1 of type C3D4 (expected S1..S4)");
  expect_error(tet + "*SURFACE, NAME=S\nE, SPOS\n", 9, 4, "not valid");
  expect_error(tet + "*SURFACE, NAME=S\nE\n", 9, 2, "expected a face label");
  expect_error(nodes + "*ELEMENT, TYPE=S3\n1, 1, 2, 3\n*SURFACE, NAME=S\n1, S3\n", 9, 4,
               "SPOS/S2 or SNEG/S1");
}

BOOST_AUTO_TEST_CASE(malformed_keywords_and_structure) {
  expect_error("1, 0, 0, 0\n", 1, 1, "expected a keyword line");
  expect_error("*\n", 1, 0, "expected a keyword name");
  expect_error(tet + "*SURFACE, NAME=S, TYPE=SEGMENTS\n", 8, 19, "TYPE=SEGMENTS is not supported");
  expect_error(tet + "*SURFACE\nE, S1\n", 8, 0, "needs NAME=");
  expect_error(tet + "*CONTACT PAIR, TYPE=EDGE TO EDGE\n", 8, 16, "unknown contact type");
  expect_error(tet + "*NSET, NSET=A, GENERATE\n4, 1\n", 9, 0, "first <= last");
  expect_error("*PART, NAME=P\n" + nodes, 1, 0, "has no *END PART");
  expect_error("*ASSEMBLY\n*INSTANCE, NAME=I, PART=Nope\n*END INSTANCE\n", 2, 0,
               "part 'Nope' is not defined");
  expect_error("*END PART\n", 1, 0, "without a matching");
  expect_error("*NODE, SYSTEM=C\n1, 1, 0, 0\n", 1, 8, "SYSTEM=R");
  expect_error(nodes + "*ELEMENT, TYPE=C3D4, INPUT=elements.txt\n", 6, 22, "INPUT= on *ELEMENT");
  expect_error("  *NODE,  SYSTEM=C\n", 1, 11, "SYSTEM=R");  // columns count leading blanks
}

BOOST_AUTO_TEST_CASE(missing_file) {
  const test::ScratchFolder directory;
  const std::filesystem::path path = directory.path() / "absent.inp";
  const auto error = test::expect_read_error([&] { read_abaqus(path); }, path, 0);
  if (error) BOOST_TEST(error->message() == "cannot open the file: No such file or directory");
}

BOOST_AUTO_TEST_SUITE_END()
