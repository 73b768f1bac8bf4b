// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Errors that every rank must raise together: a rank that threw alone would leave the others
// waiting in the next collective. Shared with the C interface's MPI search (capi/mpi/), which
// agrees on its own arguments the same way.

#include <string>

#include <mpi.h>

namespace fecontact::detail::distributed {

/// What a rank contributes to an allreduce(MAX) that finds the lowest rank with an error: 0
/// without one, and higher for lower ranks.
inline double failure_code(bool failed, int rank, int ranks) { return failed ? ranks - rank : 0; }

/// After that allreduce: when `code` is not 0, the rank it names sends its message to every rank
/// and every rank throws std::invalid_argument("rank R: message"). Collective.
void throw_on_failure(MPI_Comm comm, double code, const std::string& message);

/// Collective check of each rank's own input: `error` is empty where it is good. Throws on
/// every rank as throw_on_failure when some rank's is not.
void agree_on_input(MPI_Comm comm, const std::string& error);

}  // namespace fecontact::detail::distributed
