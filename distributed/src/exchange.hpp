// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The communication of a distributed search: point-to-point exchanges between the ranks that
// name each other, collectives counted in bytes, and the errors that every rank raises together
// (fecontact/distributed/agreement.hpp).

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <mpi.h>

#include "fecontact/distributed/agreement.hpp"
#include "fecontact/distributed/distributed_search.hpp"
#include "message.hpp"

namespace fecontact::detail::distributed {

/// Message tags: one per kind of message and interface, so that no message is taken for another.
enum class MessageKind : int { ids = 0, coordinates = 1, results = 2 };
inline int message_tag(std::size_t interface, MessageKind kind) { return static_cast<int>(3 * interface) + static_cast<int>(kind); }

/// Requests of one exchange, kept between steps.
struct Requests {
  std::vector<MPI_Request> pending;
};

/// Sends out[i] to rank to[i], and receives one message from each rank from[i] into in[i],
/// resized to what arrives (MPI_Mprobe), all with `tag`. Adds the bytes to `statistics`.
void exchange(MPI_Comm comm, int tag, std::span<const int> to, std::span<const Message> out, std::span<const int> from,
              std::span<Message> in, Requests& requests, ExchangeStatistics& statistics);

/// The same when every receiver knows the length of what it receives: in[i].size() bytes.
void exchange_known_sizes(MPI_Comm comm, int tag, std::span<const int> to, std::span<const Message> out,
                          std::span<const int> from, std::span<Message> in, Requests& requests,
                          ExchangeStatistics& statistics);

/// MPI_Allreduce(MPI_MAX) of doubles in place.
void allreduce_max(MPI_Comm comm, std::span<double> values, ExchangeStatistics& statistics);

}  // namespace fecontact::detail::distributed
