// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// fecontact-mpi search: the arguments of `fecontact search`, the search of fecontact::distributed.

#include <mpi.h>

#include "commands.hpp"

namespace fecontact::cli {

/// Runs `search` with the words after it on the ranks of `comm` (collective); returns the exit
/// status. Throws UsageError, ReadError or std::runtime_error alike on every rank.
int run_mpi_search(Words words, MPI_Comm comm);

}  // namespace fecontact::cli
