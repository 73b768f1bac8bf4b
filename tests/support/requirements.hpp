// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What some test cases need that a machine may lack: the gmsh binary (FECONTACT_GMSH, set by
// ctest) and the third-party meshes of FECONTACT_SHARED_DATA (../shared/data). Such a case says
// so with a label and a precondition,
//
//   BOOST_AUTO_TEST_CASE(name, *boost::unit_test::label("gmsh") *
//                                  boost::unit_test::precondition(test::gmsh_found))
//
// and without what it needs Boost.Test skips it with the reason. tests/main.cpp then returns
// skipped_exit_code, which ctest reports as skipped (SKIP_RETURN_CODE), and tests/CMakeLists.txt
// runs each label as a ctest entry of its own: the summary names what did not run.

#include <boost/test/unit_test.hpp>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include "scratch_files.hpp"

namespace fecontact::test {

/// The exit status of a test program that skipped a test unit (the Automake convention).
inline constexpr int skipped_exit_code = 77;

/// The gmsh binary that FECONTACT_GMSH names, if it exists.
inline std::optional<std::filesystem::path> gmsh_binary() {
  const char* gmsh = std::getenv("FECONTACT_GMSH");
  if (gmsh == nullptr || *gmsh == '\0' || !std::filesystem::exists(gmsh)) return std::nullopt;
  return std::filesystem::path(gmsh);
}

/// Precondition: gmsh is there.
inline boost::test_tools::assertion_result gmsh_found(boost::unit_test::test_unit_id) {
  boost::test_tools::assertion_result found(gmsh_binary().has_value());
  if (!found) found.message() << "FECONTACT_GMSH does not name a gmsh binary";
  return found;
}

/// Precondition: `relative` (a file or a folder) is under FECONTACT_SHARED_DATA.
struct SharedData {
  std::string relative;

  boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const {
    boost::test_tools::assertion_result found(shared_data_path(relative).has_value());
    if (!found) found.message() << "FECONTACT_SHARED_DATA/" << relative << " is absent";
    return found;
  }
};

}  // namespace fecontact::test
