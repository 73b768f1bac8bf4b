// SPDX-License-Identifier: BSD-3-Clause
// A partitioned solver asking fecontact for node-to-surface contacts across MPI ranks. The
// master is a flat plate of n × n quad4 faces at z = 0 whose rows of faces are dealt out to the
// ranks in blocks; the slaves are a grid of nodes above it (a tilted punch lowered a little each
// step) whose rows are dealt out in the opposite order, so that most nodes meet faces held by
// another rank. Each rank keeps only its own arrays, numbered by global ids, as a partitioned
// solver does. The closed form: a slave node at (x, y, z) over the plate has the gap z, the
// normal +z and the face under (x, y), and is in contact exactly when z ≤ the tolerance. Every
// rank checks its own contacts against it at every step; rank 0 also checks the gathered count.
//
// Usage: mpiexec -n R distributed_plate [--faces n] [--steps s]
// Exit status 0 when every rank's contacts agree with the closed form, 1 otherwise.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <utility>
#include <vector>

#include <mpi.h>

#include <Eigen/Core>

#include "fecontact/distributed.hpp"

namespace {

using fecontact::GlobalId;
using fecontact::Index;

constexpr double tolerance = 0.05;
constexpr double lowering = 0.005;  // the punch's descent per step

// The row range [begin, end) of `rows` rows that block `part` of `parts` holds.
std::pair<int, int> block(int rows, int part, int parts) {
  return {rows * part / parts, rows * (part + 1) / parts};
}

// Slave node (a, b) of the m × m punch: inside face (a, b) of the plate (m = n), off its edges,
// tilted along x so that part of the punch stays out of reach of the tolerance.
Eigen::Vector3d slave_position(int a, int b, int n, int step) {
  const double x = (a + 0.3) / n, y = (b + 0.6) / n;
  return {x, y, -0.02 + 0.1 * x - lowering * step};
}

struct RankArrays {
  std::vector<GlobalId> node_ids;
  std::vector<Eigen::Vector3d> coordinates;
  std::vector<Index> face_offsets{0}, face_nodes, slave_nodes;
  std::vector<GlobalId> face_ids;
  std::vector<std::pair<int, int>> slave_grid;  // (a, b) of each slave node
};

// This rank's plate rows [rows.first, rows.second) with their nodes, and its punch rows.
RankArrays rank_arrays(int n, int rank, int ranks) {
  RankArrays r;
  const auto [row_begin, row_end] = block(n, rank, ranks);
  const int columns = n + 1;  // plate nodes per row
  for (int j = row_begin; j <= row_end && row_begin < row_end; ++j)
    for (int i = 0; i <= n; ++i) {
      r.node_ids.push_back(GlobalId{j} * columns + i);
      r.coordinates.emplace_back(double(i) / n, double(j) / n, 0.0);
    }
  for (int j = row_begin; j < row_end; ++j)
    for (int i = 0; i < n; ++i) {
      const Index corner = (j - row_begin) * columns + i;  // this rank's node index
      for (const Index node : {corner, corner + 1, corner + columns + 1, corner + columns})
        r.face_nodes.push_back(node);
      r.face_offsets.push_back(Index(r.face_nodes.size()));
      r.face_ids.push_back(GlobalId{j} * n + i);
    }
  const auto [slave_begin, slave_end] = block(n, ranks - 1 - rank, ranks);  // the opposite order
  for (int b = slave_begin; b < slave_end; ++b)
    for (int a = 0; a < n; ++a) {
      r.slave_nodes.push_back(Index(r.node_ids.size()));
      r.node_ids.push_back(GlobalId{columns} * columns + GlobalId{b} * n + a);
      r.coordinates.push_back(slave_position(a, b, n, 0));
      r.slave_grid.emplace_back(a, b);
    }
  return r;
}

// The mismatches between this rank's contacts and the closed form at `step`.
int check_contacts(const RankArrays& r, const fecontact::DistributedContacts& contacts, int n, int ranks, int step) {
  int errors = 0, expected = 0;
  std::size_t k = 0;  // contacts ascend by node id, as the slave nodes here do
  for (std::size_t s = 0; s < r.slave_nodes.size(); ++s) {
    const auto [a, b] = r.slave_grid[s];
    const Eigen::Vector3d x = slave_position(a, b, n, step);
    const GlobalId id = r.node_ids[std::size_t(r.slave_nodes[s])];
    const bool touching = x.z() <= tolerance;
    expected += touching;
    const bool found = k < contacts.size() && contacts.node[k] == id;
    if (touching != found) {
      std::fprintf(stderr, "step %d: node %lld at z = %g %s\n", step, (long long)id, x.z(),
                   found ? "reported, beyond the tolerance" : "not reported");
      ++errors;
    }
    if (!found) continue;
    int face_rank = 0;
    while (block(n, face_rank, ranks).second <= b) ++face_rank;
    if (std::abs(contacts.gap[k] - x.z()) > 1e-12 || (contacts.normal[k] - Eigen::Vector3d::UnitZ()).norm() > 1e-12 ||
        contacts.face[k] != GlobalId{b} * n + a || contacts.face_rank[k] != face_rank) {
      std::fprintf(stderr, "step %d: node %lld: gap %g (expected %g), face %lld on rank %d (expected %lld on %d)\n",
                   step, (long long)id, contacts.gap[k], x.z(), (long long)contacts.face[k], contacts.face_rank[k],
                   (long long)(GlobalId{b} * n + a), face_rank);
      ++errors;
    }
    ++k;
  }
  if (std::size_t(expected) != contacts.size()) ++errors;
  return errors;
}

int option(int argc, char** argv, const char* name, int fallback) {
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], name) == 0) return std::atoi(argv[i + 1]);
  return fallback;
}

int run(int argc, char** argv) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const int n = option(argc, argv, "--faces", 40), steps = option(argc, argv, "--steps", 4);
  RankArrays r = rank_arrays(n, rank, ranks);

  // fecontact: this rank's part of the interface, over its own node array (global ids).
  fecontact::DistributedInterface part;
  part.master = fecontact::surface_from_arrays(r.face_offsets, r.face_nodes);
  part.master_ids = r.face_ids;
  part.slave_nodes = r.slave_nodes;
  part.options.tolerance = tolerance;  // absolute
  part.options.skin = lowering;        // the trees are searched again once a node moved this far
  fecontact::DistributedSearch search(MPI_COMM_WORLD, r.node_ids, {part});  // once per analysis

  std::vector<fecontact::DistributedResult> results;  // kept: later steps reuse its arrays
  int errors = 0;
  for (int step = 0; step < steps; ++step) {
    for (std::size_t s = 0; s < r.slave_nodes.size(); ++s)
      r.coordinates[std::size_t(r.slave_nodes[s])] = slave_position(r.slave_grid[s].first, r.slave_grid[s].second, n, step);
    search.search(r.coordinates, results);  // fecontact: collective, every step
    errors += check_contacts(r, results[0].contacts, n, ranks, step);
    const fecontact::DistributedResult all = fecontact::gather_result(MPI_COMM_WORLD, results[0], 0);
    if (rank == 0)
      std::printf("step %d: %zu contacts on %d ranks, deepest gap %g\n", step, all.contacts.size(), ranks,
                  all.contacts.size() ? *std::min_element(all.contacts.gap.begin(), all.contacts.gap.end()) : 0.0);
  }
  int total_errors = 0;
  MPI_Allreduce(&errors, &total_errors, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) std::printf("%s\n", total_errors == 0 ? "every contact as the closed form" : "MISMATCHES");
  return total_errors == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int status = 1;
  try {
    status = run(argc, argv);  // the search is destroyed there, before MPI_Finalize
  } catch (const std::exception& e) {
    std::fprintf(stderr, "distributed_plate: %s\n", e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return status;
}
