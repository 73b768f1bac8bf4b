// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/distributed/distributed_search.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>

#include "interface_state.hpp"

namespace fecontact {
namespace {

using detail::distributed::InterfaceState;

std::string check_node_ids(std::span<const GlobalId> ids) {
  std::vector<Index> order(ids.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](Index a, Index b) { return std::pair(ids[a], a) < std::pair(ids[b], b); });
  for (std::size_t k = 1; k < order.size(); ++k)
    if (ids[order[k]] == ids[order[k - 1]])
      return "distributed contact search: node id " + std::to_string(ids[order[k]]) + " is given to nodes " +
             std::to_string(order[k - 1]) + " and " + std::to_string(order[k]);
  return {};
}

// What every rank must give alike, per interface: mode and options.
std::vector<double> descriptor(const std::vector<DistributedInterface>& interfaces) {
  std::vector<double> values;
  for (const DistributedInterface& in : interfaces) {
    const SearchOptions& o = in.options;
    values.insert(values.end(), {double(in.mode), o.tolerance, o.skin, double(o.bv), double(o.leaves),
                                 double(o.patch_faces), o.rebuild_factor, double(o.track_slip)});
  }
  return values;
}

// Every rank's `values` equal? (The largest of each and of its negation: its least.)
bool same_on_every_rank(MPI_Comm comm, std::vector<double> values) {
  const std::size_t n = values.size();
  for (std::size_t k = 0; k < n; ++k) values.push_back(-values[k]);
  MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_DOUBLE, MPI_MAX, comm);
  for (std::size_t k = 0; k < n; ++k)
    if (values[k] != -values[n + k]) return false;
  return true;
}

// Throws on every rank (all find it) when the interfaces differ between ranks.
void check_same_interfaces(MPI_Comm comm, const std::vector<DistributedInterface>& interfaces) {
  if (!same_on_every_rank(comm, {double(interfaces.size())}))
    throw std::invalid_argument("distributed contact search: the ranks give different numbers of interfaces");
  const std::vector<double> values = descriptor(interfaces);
  if (!same_on_every_rank(comm, values))
    throw std::invalid_argument("distributed contact search: an interface's mode or options differ between ranks");
}

}  // namespace

ExchangeStatistics& ExchangeStatistics::operator+=(const ExchangeStatistics& o) {
  items_sent += o.items_sent;
  ghosts_received += o.ghosts_received;
  send_ranks += o.send_ranks;
  receive_ranks += o.receive_ranks;
  bytes_sent += o.bytes_sent;
  bytes_received += o.bytes_received;
  collective_bytes += o.collective_bytes;
  return *this;
}

void DistributedResult::clear() {
  contacts.clear();
  pair_slave.clear();
  pair_master.clear();
  pair_master_rank.clear();
  pair_distance.clear();
  degenerate_master_faces.clear();
  degenerate_slave_faces.clear();
  tolerance = 0;
  searched = false;
  rebuilt = false;
  counters = {};
  exchange = {};
}

struct DistributedSearch::State {
  MPI_Comm comm = MPI_COMM_NULL;
  int rank = 0, ranks = 1;
  Index node_count = 0;
  std::vector<InterfaceState> interfaces;
  std::vector<double> reduced;  // scratch: what the ranks agree on at each step

  ~State() {
    if (comm != MPI_COMM_NULL) MPI_Comm_free(&comm);
  }
  void step(detail::distributed::Coordinates coordinates, std::vector<DistributedResult>& results);
  void step(InterfaceState& s, std::span<const double> agreed, DistributedResult& r);
};

// Every rank checks its input and gathers its coordinates, then the ranks agree in one
// allreduce on whether one failed, and per interface on the largest coordinate (the rounding
// slack of the pattern and of the local searches) and the largest motions of its sides (the
// skin's test).
void DistributedSearch::State::step(detail::distributed::Coordinates coordinates, std::vector<DistributedResult>& results) {
  std::string error;
  if (coordinates.size() != static_cast<std::size_t>(node_count))
    error = "distributed contact search: " + std::to_string(node_count) + " coordinates expected (one per node), got " +
            std::to_string(coordinates.size());
  reduced.assign(1 + 3 * interfaces.size(), 0.0);
  for (std::size_t i = 0; i < interfaces.size() && error.empty(); ++i) {
    InterfaceState& s = interfaces[i];
    Index bad = -1;
    detail::distributed::gather_coordinates(s, coordinates, bad);
    if (bad >= 0) {
      error = "distributed contact search: the coordinates of node " + std::to_string(bad) + " are not finite";
      break;
    }
    reduced[1 + 3 * i] = s.pass.magnitude;
    reduced[2 + 3 * i] = s.pass.motion[0];
    reduced[3 + 3 * i] = s.pass.motion[1];
  }
  reduced[0] = detail::distributed::failure_code(!error.empty(), rank, ranks);
  ExchangeStatistics agreement;
  detail::distributed::allreduce_max(comm, reduced, agreement);
  detail::distributed::throw_on_failure(comm, reduced[0], error);
  results.resize(interfaces.size());
  for (std::size_t i = 0; i < interfaces.size(); ++i)
    step(interfaces[i], std::span(reduced).subspan(1 + 3 * i, 3), results[i]);
  if (!results.empty()) results[0].exchange.collective_bytes += agreement.collective_bytes;
}

void DistributedSearch::State::step(InterfaceState& s, std::span<const double> agreed, DistributedResult& r) {
  r.clear();
  r.tolerance = s.options.tolerance;
  // The skin holds while no pair can have closed by it since the pattern was made.
  const double closing = s.motion_bound[0] * agreed[1] + s.motion_bound[1] * agreed[2];
  if (!s.pattern.made || !(closing < s.options.skin)) {
    const double distance = s.options.tolerance + s.options.skin + detail::distributed::rounding_slack(agreed[0]);
    r.rebuilt = detail::distributed::make_pattern(s, comm, distance, r.exchange);
    r.searched = true;
  }
  detail::distributed::send_coordinates(s, comm, r.exchange);
  // The local search's nodes are the ranks' (measured, checked finite by their owners) and the
  // free slots parked at s.park. It searches its trees exactly when the pattern is made: its
  // ghosts stay in their slots while the pattern holds.
  s.search->search(s.coordinates, MeasuredStep{r.searched, std::max(agreed[0], s.park.norm())}, s.local);
  detail::distributed::return_findings(s, comm, r);
  r.exchange.items_sent = s.pattern.send_items.values.size();
  r.exchange.ghosts_received = s.pattern.ghosts.size();
  r.exchange.send_ranks = static_cast<int>(s.pattern.send_ranks.size());
  r.exchange.receive_ranks = static_cast<int>(s.pattern.receive_ranks.size());
}

DistributedSearch::DistributedSearch(MPI_Comm comm, std::span<const GlobalId> node_ids,
                                     std::vector<DistributedInterface> interfaces)
    : state_(std::make_unique<State>()) {
  State& st = *state_;
  MPI_Comm_dup(comm, &st.comm);
  MPI_Comm_rank(st.comm, &st.rank);
  MPI_Comm_size(st.comm, &st.ranks);
  st.node_count = static_cast<Index>(node_ids.size());
  std::string error = check_node_ids(node_ids);
  for (std::size_t i = 0; i < interfaces.size() && error.empty(); ++i)
    error = detail::distributed::check_interface(i, interfaces[i], st.node_count);
  detail::distributed::agree_on_input(st.comm, error);
  check_same_interfaces(st.comm, interfaces);
  std::vector<double> bounds;
  for (std::size_t i = 0; i < interfaces.size(); ++i) {
    st.interfaces.push_back(detail::distributed::make_interface_state(i, interfaces[i], node_ids, st.rank, st.ranks));
    bounds.insert(bounds.end(), st.interfaces.back().motion_bound.begin(), st.interfaces.back().motion_bound.end());
  }
  // The motion bounds of the whole surfaces: the largest of every rank's.
  MPI_Allreduce(MPI_IN_PLACE, bounds.data(), static_cast<int>(bounds.size()), MPI_DOUBLE, MPI_MAX, st.comm);
  for (std::size_t i = 0; i < st.interfaces.size(); ++i) {
    InterfaceState& s = st.interfaces[i];
    for (std::size_t side = 0; side < 2; ++side) s.motion_bound[side] = bounds[2 * i + side];
    if (s.mode == ContactMode::self) s.motion_bound[0] *= 2;  // both faces of a pair move
  }
}

DistributedSearch::~DistributedSearch() = default;
DistributedSearch::DistributedSearch(DistributedSearch&&) noexcept = default;
DistributedSearch& DistributedSearch::operator=(DistributedSearch&&) noexcept = default;

void DistributedSearch::search(std::span<const Eigen::Vector3d> coordinates, std::vector<DistributedResult>& results) {
  state_->step(coordinates, results);
}

std::vector<DistributedResult> DistributedSearch::search(std::span<const Eigen::Vector3d> coordinates) {
  std::vector<DistributedResult> results;
  search(coordinates, results);
  return results;
}

void DistributedSearch::accept_step() {
  for (InterfaceState& s : state_->interfaces)
    if (detail::distributed::tracks_slip(s)) detail::distributed::accept_trial_contacts(s);
}

Index DistributedSearch::node_count() const { return state_->node_count; }
int DistributedSearch::rank() const { return state_->rank; }
int DistributedSearch::ranks() const { return state_->ranks; }

}  // namespace fecontact
