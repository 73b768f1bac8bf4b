// SPDX-License-Identifier: BSD-3-Clause
// fecontact-mpi search MESH [options of fecontact search]: every rank reads the mesh, rank 0
// partitions each interface's surfaces with METIS and tells the others, each rank searches its
// part with a DistributedSearch (global ids = the serial search's indices), and rank 0 prints
// the gathered result as `fecontact search` does, with the ranks' statistics.

#include "mpi_search_command.hpp"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include "fecontact/contact/contact_definitions.hpp"
#include "fecontact/distributed/distributed_search.hpp"
#include "fecontact/distributed/interface_part.hpp"
#include "fecontact/frontend/json_writer.hpp"
#include "interface_run.hpp"
#include "search_request.hpp"
#include "surface_partition.hpp"
#include "table.hpp"

namespace fecontact::cli {
namespace {

constexpr const char* usage =
    "usage: mpirun -n N fecontact-mpi search MESH [--pair SLAVE:MASTER]... [--self SURFACE]...\n"
    "         [--tolerance D] [--mode node-to-surface|surface-to-surface] [--bv aabb|obb|dual] [--json]\n"
    "         [--vtu FILE]\n"
    "The search of 'fecontact search' on the ranks of MPI, with the same results; the surfaces are\n"
    "partitioned by METIS. JSON: that of 'fecontact search', plus ranks, partitioner and\n"
    "rank_statistics [{rank, interface, master_faces, slave_items, ghosts_received, items_sent,\n"
    "send_ranks, receive_ranks, bytes_sent, bytes_received, collective_bytes, contacts, pairs,\n"
    "search_ms}] (bytes of the last step).\n";

double elapsed_ms(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// The tolerance as the serial search uses it: a relative one times its master's mean face size,
// which the serial search computes at its first search (here one of the master alone, on rank 0).
double absolute_tolerance(const Mesh& mesh, const ContactInterface& in, MPI_Comm comm) {
  double tolerance = in.options.tolerance;
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  if (in.options.relative && rank == 0) {
    ContactInterface master_only;
    master_only.master = in.master;
    master_only.options = in.options;
    tolerance = ContactSearch(mesh, {master_only}).search(mesh.coordinates)[0].tolerance;
  }
  MPI_Bcast(&tolerance, 1, MPI_DOUBLE, 0, comm);
  return tolerance;
}

void broadcast(std::vector<int>& values, MPI_Comm comm) {
  unsigned long long size = values.size();
  MPI_Bcast(&size, 1, MPI_UNSIGNED_LONG_LONG, 0, comm);
  values.resize(static_cast<std::size_t>(size));
  MPI_Bcast(values.data(), static_cast<int>(size), MPI_INT, 0, comm);
}

// Rank 0's METIS partition, on every rank.
SurfacePartition partition(const Mesh& mesh, const InterfaceSpec& spec, const ContactInterface& in, MPI_Comm comm) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  SurfacePartition p;
  if (rank == 0) {
    const Surface slave_faces = in.mode == ContactMode::node_to_surface ? named_contact_surface(mesh, spec.slave).surface
                                                                        : Surface{};
    p = partition_interface(in, slave_faces, ranks);
  }
  broadcast(p.master, comm);
  broadcast(p.slave, comm);
  return p;
}

// The gathered result with the serial search's indices (the global ids).
InterfaceResult serial_form(const DistributedResult& d) {
  InterfaceResult r;
  const auto index = [](GlobalId id) { return static_cast<Index>(id); };
  const DistributedContacts& c = d.contacts;
  std::transform(c.node.begin(), c.node.end(), std::back_inserter(r.contacts.node), index);
  std::transform(c.face.begin(), c.face.end(), std::back_inserter(r.contacts.face), index);
  r.contacts.gap = c.gap;
  r.contacts.normal = c.normal;
  r.contacts.point = c.point;
  r.contacts.local = c.local;
  r.contacts.feature = c.feature;
  r.contacts.feature_index = c.feature_index;
  std::transform(d.pair_slave.begin(), d.pair_slave.end(), std::back_inserter(r.pair_slave), index);
  std::transform(d.pair_master.begin(), d.pair_master.end(), std::back_inserter(r.pair_master), index);
  r.pair_distance = d.pair_distance;
  std::transform(d.degenerate_master_faces.begin(), d.degenerate_master_faces.end(),
                 std::back_inserter(r.degenerate_master_faces), index);
  std::transform(d.degenerate_slave_faces.begin(), d.degenerate_slave_faces.end(),
                 std::back_inserter(r.degenerate_slave_faces), index);
  r.tolerance = d.tolerance;
  r.counters = d.counters;
  r.searched = d.searched;
  r.rebuilt = d.rebuilt;
  return r;
}

// One rank's share of one interface, gathered on rank 0.
struct RankStatistics {
  int rank = 0, interface = 0;
  std::uint64_t master_faces = 0, slave_items = 0;
  ExchangeStatistics exchange;
  std::uint64_t contacts = 0, pairs = 0;
  double search_ms = 0;
};

std::vector<RankStatistics> gather_statistics(const RankStatistics& mine, MPI_Comm comm) {
  int ranks = 1;
  MPI_Comm_size(comm, &ranks);
  std::vector<RankStatistics> all(static_cast<std::size_t>(ranks));
  MPI_Gather(&mine, sizeof mine, MPI_BYTE, all.data(), sizeof mine, MPI_BYTE, 0, comm);
  return all;
}

// The first search (which builds), then the median of three, timed on each rank between barriers.
DistributedResult timed_search(DistributedSearch& search, const Mesh& mesh, MPI_Comm comm, double& build_ms,
                               double& search_ms) {
  std::vector<DistributedResult> results;
  MPI_Barrier(comm);
  auto start = std::chrono::steady_clock::now();
  search.search(mesh.coordinates, results);
  build_ms = elapsed_ms(start);
  std::vector<double> times;
  for (int i = 0; i < 3; ++i) {
    MPI_Barrier(comm);
    start = std::chrono::steady_clock::now();
    search.search(mesh.coordinates, results);
    times.push_back(elapsed_ms(start));
  }
  std::sort(times.begin(), times.end());
  search_ms = times[1];
  return results.front();
}

void write_json(const Mesh& mesh, const std::vector<InterfaceRun>& runs, const std::vector<RankStatistics>& statistics,
                int ranks) {
  JsonWriter json(std::cout);
  json.begin_object();
  write_runs_json(json, mesh, runs);
  json.key("ranks").value(ranks).key("partitioner").value("metis");
  json.key("rank_statistics").begin_array();
  for (const RankStatistics& s : statistics) {
    json.begin_object().key("rank").value(s.rank).key("interface").value(s.interface);
    json.key("master_faces").value(s.master_faces).key("slave_items").value(s.slave_items);
    json.key("ghosts_received").value(s.exchange.ghosts_received).key("items_sent").value(s.exchange.items_sent);
    json.key("send_ranks").value(s.exchange.send_ranks).key("receive_ranks").value(s.exchange.receive_ranks);
    json.key("bytes_sent").value(s.exchange.bytes_sent).key("bytes_received").value(s.exchange.bytes_received);
    json.key("collective_bytes").value(s.exchange.collective_bytes);
    json.key("contacts").value(s.contacts).key("pairs").value(s.pairs).key("search_ms").value(s.search_ms);
    json.end_object();
  }
  json.end_array().end_object();
  std::cout << '\n';
}

void print_rank_table(const std::vector<RankStatistics>& statistics) {
  Table table({"rank", "interface", "master faces", "slave items", "ghosts in", "items out", "bytes out", "bytes in",
               "contacts", "search ms"});
  for (const RankStatistics& s : statistics)
    table.add_row({std::to_string(s.rank), std::to_string(s.interface), std::to_string(s.master_faces),
                   std::to_string(s.slave_items), std::to_string(s.exchange.ghosts_received),
                   std::to_string(s.exchange.items_sent), std::to_string(s.exchange.bytes_sent),
                   std::to_string(s.exchange.bytes_received), std::to_string(s.contacts), format_fixed(s.search_ms, 2)});
  table.print(std::cout);
}

}  // namespace

int run_mpi_search(Words words, MPI_Comm comm) {
  const auto request = parse_search_request(words, std::string(usage) + search_options_help);
  if (!request) return 0;
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  const Mesh mesh = read_mesh_at(request->mesh, request->step);
  std::vector<GlobalId> node_ids(static_cast<std::size_t>(mesh.node_count()));
  for (std::size_t n = 0; n < node_ids.size(); ++n) node_ids[n] = static_cast<GlobalId>(n);

  std::vector<InterfaceRun> runs;
  std::vector<RankStatistics> statistics;
  const std::vector<InterfaceSpec> specs = interface_specs(request->arguments, mesh);
  for (std::size_t i = 0; i < specs.size(); ++i) {
    InterfaceRun run;
    run.spec = specs[i];
    run.interface = make_interface(mesh, specs[i], request->tolerance, request->bv);
    std::vector<Index>& slaves = run.interface.slave_nodes;  // as the serial search keeps them
    std::sort(slaves.begin(), slaves.end());
    slaves.erase(std::unique(slaves.begin(), slaves.end()), slaves.end());
    run.interface.options.tolerance = absolute_tolerance(mesh, run.interface, comm);
    run.interface.options.relative = false;
    const SurfacePartition p = partition(mesh, specs[i], run.interface, comm);
    DistributedInterface part = interface_part(run.interface, p.master, p.slave, rank);
    RankStatistics mine;
    mine.rank = rank;
    mine.interface = static_cast<int>(i);
    mine.master_faces = part.master.faces.size();
    mine.slave_items = run.interface.mode == ContactMode::surface_to_surface ? part.slave.faces.size()
                       : run.interface.mode == ContactMode::self           ? part.master.faces.size()
                                                                           : part.slave_nodes.size();
    DistributedSearch search(comm, node_ids, {std::move(part)});
    const DistributedResult result = timed_search(search, mesh, comm, run.build_ms, run.search_ms);
    mine.exchange = result.exchange;
    mine.contacts = result.contacts.size();
    mine.pairs = result.pair_slave.size();
    mine.search_ms = run.search_ms;
    const std::vector<RankStatistics> all = gather_statistics(mine, comm);
    statistics.insert(statistics.end(), all.begin(), all.end());
    run.result = serial_form(gather_result(comm, result, 0));
    runs.push_back(std::move(run));
  }
  if (rank != 0) return 0;
  if (request->json) {
    write_json(mesh, runs, statistics, ranks);
  } else {
    print_interface_table(runs);
    std::cout << '\n';
    print_rank_table(statistics);
  }
  if (request->vtu) write_runs_vtu(*request->vtu, mesh, runs);
  if (request->exodus) write_runs_exodus(*request->exodus, mesh, runs);
  return 0;
}

}  // namespace fecontact::cli
