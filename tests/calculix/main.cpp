// SPDX-License-Identifier: BSD-3-Clause
// The main of the CalculiX tests: Boost.Test's, plus exit status 77 (ctest SKIP_RETURN_CODE) when
// a test case could not run for want of a tool or of the decks, so that ctest reports it as
// skipped rather than passed. Each ctest test runs one test case (--run_test).
#define BOOST_TEST_MODULE fecontact_calculix
#define BOOST_TEST_NO_MAIN
#include <boost/test/unit_test.hpp>

#include <iostream>
#include <string>

#include "calculix_tools.hpp"

namespace {
int skipped = 0;
}  // namespace

void fecontact::test::skip_test(const std::string& reason) {
  ++skipped;
  std::cout << "skipped: " << reason << std::endl;
}

int main(int argc, char* argv[]) {
  const int status = boost::unit_test::unit_test_main(&init_unit_test, argc, argv);
  return status == 0 && skipped > 0 ? 77 : status;
}
