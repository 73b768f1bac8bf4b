// SPDX-License-Identifier: BSD-3-Clause
// The distributed search per step on ranks of MPI: the contact_search benchmark's block_cylinder
// scene (a block top of n × n quad4 master faces, 10⁶ at n = 1000, pressed by a cylinder whose
// (n/3 + 1)(n + 1) nodes are the slaves; tolerance 1/n; the slave nodes move 10⁻⁴ down per step),
// each rank making only its own part: its block faces (Cut) and the cylinder nodes above them.
// Global ids are the serial scene's indices.
//
// usage: mpirun -n P bench_distributed [--n N] [--steps S] [--skin D (in tolerances)]
//        [--cut slabs|stripes] [--top-tree B] [--smoke]
// --top-tree B also times what making the pattern would cost each rank at many ranks: its
// slave nodes' boxes queried against a tree of B boxes (a grid over the scene, as P·8 ranks'
// boxes would cover it), per query.
// Prints per run: ranks, threads, first search, median step (the slowest rank's, each step
// between barriers), contacts and the checksum of their gaps (the same for any P), and per rank
// the bytes it sent in a step that made its pattern and in one that kept it, and its ghosts. On
// one rank it also times ContactSearch alone on the same arrays (the wrapper's overhead) and
// checks that its gaps are the same.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include <mpi.h>
#include <omp.h>

#include "bench.hpp"
#include "fecontact/bvh/build.hpp"
#include "fecontact/bvh/traverse.hpp"
#include "fecontact/distributed/distributed_search.hpp"

namespace {

using namespace fecontact;
using Eigen::Vector3d;

struct RankScene {
  std::vector<GlobalId> node_ids;  ///< ascending: on one rank, local order = global order
  std::vector<Vector3d> coordinates;
  std::vector<Index> slaves;       ///< local indices of the slave nodes (they move)
  DistributedInterface interface;
};

// The rank of block face (i, j): slabs of n·r/P ≤ i < n·(r + 1)/P (across the contact strip,
// which runs along x), or the rows dealt round-robin (stripes: every contact node near faces of
// other ranks, the most traffic a partition can make).
struct Cut {
  int n, ranks;
  bool stripes;
  int operator()(int i, int j) const {
    if (stripes) return j % ranks;
    int r = static_cast<int>(static_cast<long>(i) * ranks / n);
    while (r + 1 < ranks && static_cast<long>(n) * (r + 1) / ranks <= i) ++r;
    while (r > 0 && static_cast<long>(n) * r / ranks > i) --r;
    return r;
  }
  int under(const Vector3d& x) const {  // the rank of the face under a point
    const auto cell = [&](double c) { return std::clamp(static_cast<int>(std::floor((c + 1) / 2 * n)), 0, n - 1); };
    return (*this)(cell(x.x()), cell(x.y()));
  }
};

RankScene block_cylinder_part(const Cut& cut, int rank) {
  constexpr double pi = 3.14159265358979323846;
  const int n = cut.n;
  RankScene s;
  // Block top: node (i, j) has id j(n + 1) + i, face (i, j) id jn + i. This rank's faces, then
  // the nodes they use, ascending id.
  std::vector<Index> local(static_cast<std::size_t>(n + 1) * static_cast<std::size_t>(n + 1), -1);
  const auto id = [&](int i, int j) { return static_cast<std::size_t>(j) * static_cast<std::size_t>(n + 1) + static_cast<std::size_t>(i); };
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      if (cut(i, j) == rank)
        for (const auto k : {id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j + 1)}) local[k] = 0;
  for (std::size_t k = 0; k < local.size(); ++k)
    if (local[k] == 0) {
      local[k] = static_cast<Index>(s.node_ids.size());
      s.node_ids.push_back(static_cast<GlobalId>(k));
      s.coordinates.emplace_back(2.0 * static_cast<double>(k % static_cast<std::size_t>(n + 1)) / n - 1,
                                 2.0 * static_cast<double>(k / static_cast<std::size_t>(n + 1)) / n - 1, 0);
    }
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      if (cut(i, j) != rank) continue;
      SurfaceFace face;
      face.type = ElementType::quad4;
      face.node_storage = {local[id(i, j)], local[id(i + 1, j)], local[id(i + 1, j + 1)], local[id(i, j + 1)]};
      s.interface.master.faces.push_back(face);
      s.interface.master_ids.push_back(static_cast<GlobalId>(j) * n + i);
    }
  // Cylinder of radius 0.5 along x, 0.02 into the block: node (i, j) has id (n + 1)² + j(nu + 1) + i;
  // it belongs to the rank of the block face under it.
  const int nu = n / 3, nv = n;
  const GlobalId offset = static_cast<GlobalId>(n + 1) * (n + 1);
  for (int j = 0; j <= nv; ++j)
    for (int i = 0; i <= nu; ++i) {
      const double t = 2 * pi * j / nv;
      const Vector3d x(1.6 * i / nu - 0.8, 0.5 * std::sin(t), 0.48 + 0.5 * std::cos(t));
      if (cut.under(x) != rank) continue;
      s.slaves.push_back(static_cast<Index>(s.node_ids.size()));
      s.node_ids.push_back(offset + static_cast<GlobalId>(j) * (nu + 1) + i);
      s.coordinates.push_back(x);
    }
  s.interface.slave_nodes = s.slaves;
  s.interface.options.tolerance = 1.0 / n;
  return s;
}

void advance(RankScene& s) {
  for (const Index k : s.slaves) s.coordinates[static_cast<std::size_t>(k)].z() -= 1e-4;
}

std::uint64_t checksum(const std::vector<double>& gaps) {
  bench::Checksum sum;
  for (const double g : gaps) sum.add(g);
  return sum.value();
}

// Seconds to build a tree of about `boxes` boxes tiling the scene's bounding box, seconds per
// query of the rank's slave nodes (boxes grown by the tolerance) against it, and the boxes each
// met on average.
struct TopTreeCost {
  double build_s, query_s, met;
};
TopTreeCost top_tree_query(const RankScene& s, long boxes) {
  const int cells = std::max(1, static_cast<int>(std::lround(std::cbrt(static_cast<double>(boxes)))));
  const Eigen::Vector3d low(-1, -1, -0.1), high(1, 1, 1);
  const Eigen::Vector3d size = (high - low) / cells;
  PatchGeometry geometry;
  for (int k = 0; k < cells; ++k)
    for (int j = 0; j < cells; ++j)
      for (int i = 0; i < cells; ++i) {
        const Eigen::Vector3d corner = low + Eigen::Vector3d(i, j, k).cwiseProduct(size);
        geometry.points.push_back(corner);
        geometry.points.push_back(corner + size);
        geometry.point_offsets.push_back(static_cast<Index>(geometry.points.size()));
        geometry.triangles.push_back({0, 1, 1});
        geometry.triangle_offsets.push_back(static_cast<Index>(geometry.triangles.size()));
      }
  Bvh<Aabb> tree;
  const double build_s = bench::seconds([&] { tree = build<Aabb>(geometry); });
  VolumeQuery<Aabb> query;
  TraversalCounters counters;
  std::uint64_t met = 0;
  const double seconds = bench::seconds([&] {
    for (const Index k : s.slaves) {
      const Eigen::Vector3d& x = s.coordinates[static_cast<std::size_t>(k)];
      query(tree, inflate(Aabb{x, x}, s.interface.options.tolerance), [&](Index) { ++met; }, counters);
    }
  });
  const double queries = std::max<double>(1, static_cast<double>(s.slaves.size()));
  return {build_s, seconds / queries, static_cast<double>(met) / queries};
}

double slowest(double seconds) {
  MPI_Allreduce(MPI_IN_PLACE, &seconds, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return seconds;
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const bool smoke = bench::smoke_run(argc, argv);
  const int n = static_cast<int>(bench::int_option(argc, argv, "--n", smoke ? 30 : 1000));
  const int steps = static_cast<int>(bench::int_option(argc, argv, "--steps", smoke ? 2 : 7));
  double skin = 0;  // --skin D: in units of the tolerance 1/n
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string_view(argv[i]) == "--skin") skin = std::strtod(argv[i + 1], nullptr) / n;
  bool stripes = false;  // --cut slabs|stripes
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string_view(argv[i]) == "--cut") stripes = std::string_view(argv[i + 1]) == "stripes";
  int status = 0;
  {
    RankScene scene = block_cylinder_part(Cut{n, ranks, stripes}, rank);
    scene.interface.options.skin = skin;
    const RankScene start = scene;
    DistributedSearch search(MPI_COMM_WORLD, scene.node_ids, {scene.interface});
    std::vector<DistributedResult> results;
    MPI_Barrier(MPI_COMM_WORLD);
    const double first = slowest(bench::seconds([&] { search.search(scene.coordinates, results); }));
    std::vector<double> times;
    std::uint64_t bytes_remade = 0, bytes_kept = 0;
    for (int step = 0; step < steps; ++step) {
      advance(scene);
      MPI_Barrier(MPI_COMM_WORLD);
      times.push_back(slowest(bench::seconds([&] { search.search(scene.coordinates, results); })));
      const ExchangeStatistics& e = results[0].exchange;
      (results[0].searched ? bytes_remade : bytes_kept) = e.bytes_sent + e.collective_bytes;
    }
    std::sort(times.begin(), times.end());
    const DistributedResult all = gather_result(MPI_COMM_WORLD, results[0], 0);
    struct PerRank {
      std::uint64_t faces, slaves, ghosts, items_sent, bytes_remade, bytes_kept;
    } mine{scene.interface.master.faces.size(), scene.slaves.size(), results[0].exchange.ghosts_received,
           results[0].exchange.items_sent, bytes_remade, bytes_kept};
    std::vector<PerRank> per_rank(static_cast<std::size_t>(ranks));
    MPI_Gather(&mine, sizeof mine, MPI_BYTE, per_rank.data(), sizeof mine, MPI_BYTE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
      std::printf("block_cylinder n = %d: %d master faces, %d slave nodes, tolerance %g, skin %g, cut %s; %d rank(s) "
                  "x %d thread(s); median of %d steps\n",
                  n, n * n, (n / 3 + 1) * (n + 1), 1.0 / n, skin, stripes ? "stripes" : "slabs", ranks, omp_get_max_threads(), steps);
      std::printf("  distributed: first search %.3f s, step %.4f s, %zu contacts, gap checksum %016llx\n", first,
                  times[times.size() / 2], all.contacts.size(),
                  static_cast<unsigned long long>(checksum(all.contacts.gap)));
      for (int r = 0; r < ranks; ++r) {
        const PerRank& p = per_rank[static_cast<std::size_t>(r)];
        std::printf("  rank %d: %llu faces, %llu slave nodes, %llu ghosts in, %llu items out, bytes sent per step "
                    "%llu (pattern made), %llu (pattern kept)\n",
                    r, static_cast<unsigned long long>(p.faces), static_cast<unsigned long long>(p.slaves),
                    static_cast<unsigned long long>(p.ghosts), static_cast<unsigned long long>(p.items_sent),
                    static_cast<unsigned long long>(p.bytes_remade), static_cast<unsigned long long>(p.bytes_kept));
      }
    }
    if (const long boxes = bench::int_option(argc, argv, "--top-tree", 0); boxes > 0 && rank == 0) {
      const TopTreeCost cost = top_tree_query(scene, boxes);
      std::printf("  top tree of %ld boxes: build %.4f s, %.0f ns per slave node query (%.2f boxes met), %.4f s for "
                  "this rank's %zu\n",
                  boxes, cost.build_s, cost.query_s * 1e9, cost.met,
                  cost.query_s * static_cast<double>(scene.slaves.size()), scene.slaves.size());
    }
    if (ranks == 1) {  // the same arrays in one ContactSearch: the wrapper's overhead, the same gaps
      ContactInterface whole;
      whole.master = start.interface.master;
      whole.slave_nodes = start.slaves;
      whole.options = start.interface.options;
      ContactSearch serial(static_cast<Index>(start.node_ids.size()), {whole});
      std::vector<InterfaceResult> expected;
      RankScene moving = start;
      const double serial_first = bench::seconds([&] { serial.search(moving.coordinates, expected); });
      std::vector<double> serial_times;
      for (int step = 0; step < steps; ++step) {
        advance(moving);
        serial_times.push_back(bench::seconds([&] { serial.search(moving.coordinates, expected); }));
      }
      std::sort(serial_times.begin(), serial_times.end());
      const bool same = checksum(expected[0].contacts.gap) == checksum(all.contacts.gap);
      std::printf("  ContactSearch alone: first search %.3f s, step %.4f s, %zu contacts, gap checksum %016llx (%s)\n",
                  serial_first, serial_times[serial_times.size() / 2], expected[0].contacts.size(),
                  static_cast<unsigned long long>(checksum(expected[0].contacts.gap)), same ? "same" : "DIFFERENT");
      status = same ? 0 : 1;
    }
  }
  MPI_Finalize();
  return status;
}
