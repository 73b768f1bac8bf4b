// SPDX-License-Identifier: BSD-3-Clause
// The shared main of every test executable (one per module). A test unit that Boost.Test skips
// because a precondition failed (gmsh or the shared meshes absent: support/requirements.hpp) is
// named on stdout, and the program then returns skipped_exit_code instead of success, so that
// ctest reports the run as skipped, never as passed. Built with FECONTACT_TEST_MPI (the
// distributed suite, run by mpirun), every rank runs the same cases between MPI_Init and
// MPI_Finalize.
#define BOOST_TEST_NO_MAIN
#include <boost/test/unit_test.hpp>
#include <boost/cstdlib.hpp>
#include <iostream>

#ifdef FECONTACT_TEST_MPI
#include <mpi.h>
#endif

#include "requirements.hpp"

namespace {

namespace utf = boost::unit_test;

// Counts the test units skipped for a failed precondition (not those --run_test left out).
struct SkipCounter : utf::test_observer {
  int skipped = 0;
  void test_unit_skipped(const utf::test_unit& unit, utf::const_string reason) override {
    if (reason == utf::const_string("disabled")) return;
    ++skipped;
    std::cout << "skipped " << unit.full_name() << ": " << reason << '\n';
  }
  // After the framework's own observers: Boost 1.74 reads its run-time observer's failure flag
  // before that observer's test_start() has set it, for every observer that comes first.
  int priority() override { return 5; }
};

SkipCounter skip_counter;

bool init_unit_test() {
  utf::framework::master_test_suite().p_name.value = "fecontact";
  utf::framework::register_observer(skip_counter);
  return true;
}

}  // namespace

int main(int argc, char* argv[]) {
#ifdef FECONTACT_TEST_MPI
  int provided = 0;  // MPI from the main thread only, OpenMP threads inside the library
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  const int status = utf::unit_test_main(&init_unit_test, argc, argv);
  MPI_Finalize();
#else
  const int status = utf::unit_test_main(&init_unit_test, argc, argv);
#endif
  return status == boost::exit_success && skip_counter.skipped > 0
             ? fecontact::test::skipped_exit_code
             : status;
}
