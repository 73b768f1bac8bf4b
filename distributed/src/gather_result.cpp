// SPDX-License-Identifier: BSD-3-Clause
// All ranks' results of one interface as one, on one rank: for reports and for comparing with a
// serial search.
#include <algorithm>
#include <numeric>

#include "fecontact/distributed/distributed_search.hpp"
#include "message.hpp"

namespace fecontact {
namespace {

using detail::distributed::Message;
using detail::distributed::MessageReader;
using detail::distributed::put;

template <class T>
void put_array(Message& m, const std::vector<T>& values) {
  put(m, static_cast<std::uint64_t>(values.size()));
  for (const T& v : values) put(m, v);
}

template <class T>
void get_array(MessageReader& m, std::vector<T>& values) {
  for (auto n = m.get<std::uint64_t>(); n > 0; --n) {
    if constexpr (std::is_same_v<T, Eigen::Vector3d>) values.push_back(m.get_vector<3>());
    else if constexpr (std::is_same_v<T, Eigen::Vector2d>) values.push_back(m.get_vector<2>());
    else values.push_back(m.get<T>());
  }
}

Message serialize(const DistributedResult& r) {
  Message m;
  const DistributedContacts& c = r.contacts;
  put_array(m, c.node);
  put_array(m, c.face);
  put_array(m, c.face_rank);
  put_array(m, c.gap);
  put_array(m, c.normal);
  put_array(m, c.point);
  put_array(m, c.local);
  put_array(m, c.feature);
  put_array(m, c.feature_index);
  put_array(m, c.tangent1);
  put_array(m, c.tangent2);
  put_array(m, c.master_nodes);
  put_array(m, c.weights);
  put_array(m, c.slip);
  put_array(m, c.new_contact);
  put_array(m, r.pair_slave);
  put_array(m, r.pair_master);
  put_array(m, r.pair_master_rank);
  put_array(m, r.pair_distance);
  put_array(m, r.degenerate_master_faces);
  put_array(m, r.degenerate_slave_faces);
  put(m, r.tolerance);
  put(m, r.searched);
  put(m, r.rebuilt);
  put(m, r.counters);
  put(m, r.exchange);
  return m;
}

// Appends one rank's result to `all`.
void append(MessageReader& m, DistributedResult& all) {
  DistributedContacts& c = all.contacts;
  get_array(m, c.node);
  get_array(m, c.face);
  get_array(m, c.face_rank);
  get_array(m, c.gap);
  get_array(m, c.normal);
  get_array(m, c.point);
  get_array(m, c.local);
  get_array(m, c.feature);
  get_array(m, c.feature_index);
  get_array(m, c.tangent1);
  get_array(m, c.tangent2);
  get_array(m, c.master_nodes);
  get_array(m, c.weights);
  get_array(m, c.slip);
  get_array(m, c.new_contact);
  get_array(m, all.pair_slave);
  get_array(m, all.pair_master);
  get_array(m, all.pair_master_rank);
  get_array(m, all.pair_distance);
  get_array(m, all.degenerate_master_faces);
  get_array(m, all.degenerate_slave_faces);
  all.tolerance = m.get<double>();
  all.searched = m.get<bool>() || all.searched;
  all.rebuilt = m.get<bool>() || all.rebuilt;
  all.counters += m.get<TraversalCounters>();
  all.exchange += m.get<ExchangeStatistics>();
}

template <class T>
void permute(std::vector<T>& values, const std::vector<std::size_t>& order) {
  std::vector<T> sorted;
  sorted.reserve(values.size());
  for (const std::size_t k : order) sorted.push_back(values[k]);
  values = std::move(sorted);
}

// Sorts the contacts by node and the pairs by (slave, master).
void sort_all(DistributedResult& r) {
  DistributedContacts& c = r.contacts;
  std::vector<std::size_t> order(c.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return c.node[a] < c.node[b]; });
  permute(c.node, order);
  permute(c.face, order);
  permute(c.face_rank, order);
  permute(c.gap, order);
  permute(c.normal, order);
  permute(c.point, order);
  permute(c.local, order);
  permute(c.feature, order);
  permute(c.feature_index, order);
  permute(c.tangent1, order);
  permute(c.tangent2, order);
  permute(c.master_nodes, order);
  permute(c.weights, order);
  if (!c.slip.empty()) {  // track_slip only
    permute(c.slip, order);
    permute(c.new_contact, order);
  }
  order.resize(r.pair_slave.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::pair(r.pair_slave[a], r.pair_master[a]) < std::pair(r.pair_slave[b], r.pair_master[b]);
  });
  permute(r.pair_slave, order);
  permute(r.pair_master, order);
  permute(r.pair_master_rank, order);
  permute(r.pair_distance, order);
  std::sort(r.degenerate_master_faces.begin(), r.degenerate_master_faces.end());
  std::sort(r.degenerate_slave_faces.begin(), r.degenerate_slave_faces.end());
}

}  // namespace

DistributedResult gather_result(MPI_Comm comm, const DistributedResult& result, int root) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  const Message mine = serialize(result);
  const auto size = static_cast<long long>(mine.size());
  std::vector<long long> sizes(rank == root ? static_cast<std::size_t>(ranks) : 0);
  MPI_Gather(&size, 1, MPI_LONG_LONG, sizes.data(), 1, MPI_LONG_LONG, root, comm);
  std::vector<int> counts, displacements;
  Message all;
  if (rank == root) {
    for (const long long s : sizes) {
      displacements.push_back(static_cast<int>(all.size()));
      counts.push_back(static_cast<int>(s));
      all.resize(all.size() + static_cast<std::size_t>(s));
    }
  }
  MPI_Gatherv(mine.data(), static_cast<int>(mine.size()), MPI_BYTE, all.data(), counts.data(), displacements.data(),
              MPI_BYTE, root, comm);
  DistributedResult gathered;
  if (rank != root) return gathered;
  for (int r = 0; r < ranks; ++r) {
    const auto bytes = std::span<const std::byte>(all).subspan(
        static_cast<std::size_t>(displacements[static_cast<std::size_t>(r)]),
        static_cast<std::size_t>(counts[static_cast<std::size_t>(r)]));
    MessageReader m(bytes);
    append(m, gathered);
  }
  sort_all(gathered);
  return gathered;
}

}  // namespace fecontact
