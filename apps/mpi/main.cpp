// SPDX-License-Identifier: BSD-3-Clause
// fecontact-mpi: `fecontact search` on the ranks of MPI (mpirun -n N fecontact-mpi search ...).
// Every rank reads the mesh and runs the same commands; rank 0 alone prints. A bad command line
// or input fails alike on every rank (exit status 2 or 1, as fecontact's).

#include <exception>
#include <iostream>
#include <string_view>
#include <vector>

#include <mpi.h>

#include "arguments.hpp"
#include "fecontact/io/read_error.hpp"
#include "mpi_search_command.hpp"

namespace {

constexpr const char* usage =
    "usage: mpirun -n N fecontact-mpi search MESH [options of fecontact search] [--json] [--vtu FILE]\n"
    "\n"
    "The contact search of 'fecontact search' on N ranks: the surfaces are partitioned by METIS,\n"
    "each rank searches its part (fecontact::distributed), and rank 0 prints the result of\n"
    "'fecontact search' with the ranks' statistics. 'fecontact-mpi search --help' for the options.\n";

int run(std::span<const std::string_view> words) {
  using namespace fecontact::cli;
  if (words.empty() || words.front() == "--help" || words.front() == "-h" || words.front() == "help") {
    std::cout << usage;
    return words.empty() ? 2 : 0;
  }
  if (words.front() == "--version") {
    std::cout << "fecontact-mpi " << FECONTACT_VERSION << '\n';
    return 0;
  }
  try {
    if (words.front() != "search") throw UsageError("unknown command '" + std::string(words.front()) + "'");
    return run_mpi_search(words.subspan(1), MPI_COMM_WORLD);
  } catch (const UsageError& e) {
    std::cerr << "fecontact-mpi: " << e.what() << "\n(run 'fecontact-mpi search --help')\n";
    return 2;
  } catch (const fecontact::ReadError& e) {
    std::cerr << "fecontact-mpi: cannot read mesh: " << e.what() << '\n';
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "fecontact-mpi: error: " << e.what() << '\n';
    return 1;
  }
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;  // MPI from the main thread only; OpenMP threads inside the library
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank != 0) {  // the ranks do the same; one speaks
    std::cout.rdbuf(nullptr);
    std::cerr.rdbuf(nullptr);
  }
  const std::vector<std::string_view> words(argv + 1, argv + argc);
  const int status = run(words);
  MPI_Finalize();
  return status;
}
