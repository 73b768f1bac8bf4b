// SPDX-License-Identifier: BSD-3-Clause
// read_mesh on the malformed-input corpus of tests/malformed: every file listed in its
// expected.txt is a ReadError naming that file, the expected line and a message fragment, and
// every file of the folder is listed (none is skipped silently).

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "fecontact/io/read_error.hpp"
#include "fecontact/io/read_mesh.hpp"
#include "read_error_check.hpp"
#include "scratch_files.hpp"

namespace {

using namespace fecontact;

const std::filesystem::path corpus = FECONTACT_MALFORMED_DIR;

struct Case {
  std::string file;
  std::size_t line = 0;
  std::string fragment;
};

std::string trimmed(const std::string& text) {
  const std::size_t begin = text.find_first_not_of(' ');
  const std::size_t end = text.find_last_not_of(' ');
  return begin == std::string::npos ? "" : text.substr(begin, end - begin + 1);
}

/// The cases of expected.txt: "file | line | fragment | comment", '#' lines skipped.
std::vector<Case> manifest() {
  std::ifstream in(corpus / "expected.txt");
  BOOST_TEST_REQUIRE(static_cast<bool>(in), "cannot open " << (corpus / "expected.txt"));
  std::vector<Case> cases;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    for (std::size_t start = 0;;) {
      const std::size_t bar = line.find('|', start);
      fields.push_back(trimmed(line.substr(start, bar - start)));
      if (bar == std::string::npos) break;
      start = bar + 1;
    }
    BOOST_TEST_REQUIRE(fields.size() == 4u, "malformed manifest line: " << line);
    cases.push_back({fields[0], std::stoul(fields[1]), fields[2]});
  }
  return cases;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(malformed_corpus)

BOOST_AUTO_TEST_CASE(every_file_is_a_read_error_at_its_line) {
  const std::vector<Case> cases = manifest();
  BOOST_TEST(cases.size() >= 60u);
  for (const Case& c : cases) {
#ifndef FECONTACT_HAS_EXODUS
    if (c.file.ends_with(".e")) {  // built without the Exodus library: read_exodus says so instead
      BOOST_TEST_MESSAGE(c.file << ": skipped, fecontact was built without the Exodus library");
      continue;
    }
#endif
    BOOST_TEST_CONTEXT(c.file) {
      const std::filesystem::path path = corpus / c.file;
      test::expect_read_error([&] { read_mesh(path); }, path, c.line, c.fragment);
    }
  }
}

BOOST_AUTO_TEST_CASE(the_manifest_lists_every_file_of_the_corpus) {
  std::set<std::string> listed;
  for (const Case& c : manifest()) BOOST_TEST(listed.insert(c.file).second, c.file << " twice");
  for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
    const std::string name = entry.path().filename().string();
    if (name != "expected.txt" && name != "run_cli.sh")
      BOOST_TEST(listed.erase(name) == 1u, name << " is not in expected.txt");
  }
  BOOST_TEST(listed.empty(), "listed but absent: " << (listed.empty() ? "" : *listed.begin()));
}

BOOST_AUTO_TEST_CASE(counts_beyond_32_bit_indices_are_an_error_before_any_allocation) {
  // A sparse file of 25 GB (no disk used) whose header announces 3·10⁹ nodes: the file could
  // hold them (8 bytes each), Index (int32) cannot number them.
  const test::ScratchFolder folder;
  const auto path = folder.write("huge.msh", "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Nodes\n"
                                             "1 3000000000 1 3000000000\n");
  std::filesystem::resize_file(path, 25'000'000'000);
  test::expect_read_error([&] { read_mesh(path); }, path, 5, "2147483647 (2^31 - 1)");
}

BOOST_AUTO_TEST_SUITE_END()
