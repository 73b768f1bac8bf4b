// SPDX-License-Identifier: BSD-3-Clause
#include "exchange.hpp"

#include <limits>
#include <stdexcept>

namespace fecontact::detail::distributed {
namespace {

int count_of(std::size_t bytes) {
  FECONTACT_ASSERT(bytes <= static_cast<std::size_t>(std::numeric_limits<int>::max()),
                   "exchange: a message of 2 GiB or more");
  return static_cast<int>(bytes);
}

void post_sends(MPI_Comm comm, int tag, std::span<const int> to, std::span<const Message> out, Requests& requests,
                ExchangeStatistics& statistics) {
  FECONTACT_ASSERT(to.size() == out.size(), "exchange: one message per destination");
  for (std::size_t i = 0; i < to.size(); ++i) {
    requests.pending.emplace_back();
    MPI_Isend(out[i].data(), count_of(out[i].size()), MPI_BYTE, to[i], tag, comm, &requests.pending.back());
    statistics.bytes_sent += out[i].size();
  }
}

}  // namespace

void exchange(MPI_Comm comm, int tag, std::span<const int> to, std::span<const Message> out, std::span<const int> from,
              std::span<Message> in, Requests& requests, ExchangeStatistics& statistics) {
  requests.pending.clear();
  post_sends(comm, tag, to, out, requests, statistics);
  for (std::size_t i = 0; i < from.size(); ++i) {
    MPI_Message handle;
    MPI_Status status;
    MPI_Mprobe(from[i], tag, comm, &handle, &status);
    int bytes = 0;
    MPI_Get_count(&status, MPI_BYTE, &bytes);
    in[i].resize(static_cast<std::size_t>(bytes));
    MPI_Mrecv(in[i].data(), bytes, MPI_BYTE, &handle, MPI_STATUS_IGNORE);
    statistics.bytes_received += static_cast<std::uint64_t>(bytes);
  }
  MPI_Waitall(static_cast<int>(requests.pending.size()), requests.pending.data(), MPI_STATUSES_IGNORE);
}

void exchange_known_sizes(MPI_Comm comm, int tag, std::span<const int> to, std::span<const Message> out,
                          std::span<const int> from, std::span<Message> in, Requests& requests,
                          ExchangeStatistics& statistics) {
  requests.pending.clear();
  for (std::size_t i = 0; i < from.size(); ++i) {
    requests.pending.emplace_back();
    MPI_Irecv(in[i].data(), count_of(in[i].size()), MPI_BYTE, from[i], tag, comm, &requests.pending.back());
    statistics.bytes_received += in[i].size();
  }
  post_sends(comm, tag, to, out, requests, statistics);
  MPI_Waitall(static_cast<int>(requests.pending.size()), requests.pending.data(), MPI_STATUSES_IGNORE);
}

void allreduce_max(MPI_Comm comm, std::span<double> values, ExchangeStatistics& statistics) {
  MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_DOUBLE, MPI_MAX, comm);
  statistics.collective_bytes += values.size_bytes();
}

void throw_on_failure(MPI_Comm comm, double code, const std::string& message) {
  if (code == 0) return;
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  const int failed = ranks - static_cast<int>(code);
  unsigned long long length = failed == rank ? message.size() : 0;
  MPI_Bcast(&length, 1, MPI_UNSIGNED_LONG_LONG, failed, comm);
  std::string text = failed == rank ? message : std::string(length, ' ');
  MPI_Bcast(text.data(), count_of(text.size()), MPI_CHAR, failed, comm);
  throw std::invalid_argument("rank " + std::to_string(failed) + ": " + text);
}

void agree_on_input(MPI_Comm comm, const std::string& error) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  double code = failure_code(!error.empty(), rank, ranks);
  MPI_Allreduce(MPI_IN_PLACE, &code, 1, MPI_DOUBLE, MPI_MAX, comm);
  throw_on_failure(comm, code, error);
}

}  // namespace fecontact::detail::distributed
