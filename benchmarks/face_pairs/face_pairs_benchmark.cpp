// SPDX-License-Identifier: BSD-3-Clause
// Surface-to-surface search: every pair of triangles (one of each surface) within a distance,
// with the distance, on the two scenes of the BVH benchmarks (a sphere resting on a block;
// coaxial cylinders 0.2% apart). A row is a first search as a solver makes it: the search object
// built from the plain arrays, its trees built, searched, the distances computed (median of
// several). Beside it, what a user would assemble from existing libraries: CGAL's
// box_intersection_d on boxes grown by half the distance, then fcl's exact triangle distance on
// every candidate (serial, as fecontact on one thread). The fecontact rows must find the same
// pairs (a pair within 1e-12 of the distance may fall either way by rounding), or the program
// exits 1; the pipeline's pairs are compared and the pairs it puts on the other side of the
// distance counted (fcl's triDistance is off by up to 1e-6 on near-parallel facets, which
// face_distance_test checks fecontact's distance against).
//   bench_face_pairs [--smoke] [--level L] [--cylinder-triangles N] [--distance D] [--runs R]

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <omp.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "bench.hpp"
#include "face_pairs.hpp"
#include "fecontact/contact/contact_search.hpp"
#include "fecontact/frontend/contact_json.hpp"
#include "fecontact/frontend/option_names.hpp"

namespace {

using namespace fecontact;
using bench::FacePairs;
using bench::FacePairScene;

Surface surface_of(const std::vector<std::array<Index, 3>>& triangles) {
  std::vector<Index> offsets{0}, nodes;
  for (const auto& t : triangles) {
    nodes.insert(nodes.end(), t.begin(), t.end());
    offsets.push_back(static_cast<Index>(nodes.size()));
  }
  return surface_from_arrays(offsets, nodes);
}

// One first search of fecontact: the object built from the arrays, then searched once.
FacePairs fecontact_pairs(const FacePairScene& s, const std::array<Surface, 2>& surfaces, BvKind bv) {
  ContactInterface in;
  in.mode = ContactMode::surface_to_surface;
  in.slave = surfaces[0];
  in.master = surfaces[1];
  in.options.tolerance = s.distance;
  in.options.bv = bv;
  ContactSearch search(static_cast<Index>(s.nodes.size()), {std::move(in)});
  const InterfaceResult r = std::move(search.search(s.nodes).front());
  FacePairs found;
  found.candidates = r.counters.pairs_reported;
  for (std::size_t k = 0; k < r.pair_slave.size(); ++k) found.pairs.emplace_back(r.pair_slave[k], r.pair_master[k]);
  found.distances = r.pair_distance;
  return found;
}

// The pairs of `a` not in `b` and of `b` not in `a`, leaving out pairs within 1e-12 of the
// distance (rounding may put those on either side).
std::size_t differing_pairs(const FacePairs& a, const FacePairs& b, double distance) {
  const auto off_boundary = [&](const FacePairs& f, std::pair<Index, Index> pair) {
    const auto it = std::lower_bound(f.pairs.begin(), f.pairs.end(), pair);
    return std::abs(f.distances[std::size_t(it - f.pairs.begin())] - distance) > 1e-12 * (1 + distance);
  };
  std::vector<std::pair<Index, Index>> only_a, only_b;
  std::set_difference(a.pairs.begin(), a.pairs.end(), b.pairs.begin(), b.pairs.end(), std::back_inserter(only_a));
  std::set_difference(b.pairs.begin(), b.pairs.end(), a.pairs.begin(), a.pairs.end(), std::back_inserter(only_b));
  return std::size_t(std::count_if(only_a.begin(), only_a.end(), [&](auto p) { return off_boundary(a, p); }) +
                     std::count_if(only_b.begin(), only_b.end(), [&](auto p) { return off_boundary(b, p); }));
}

#ifdef FECONTACT_BENCH_CGAL_FCL
// Sorts the pairs (and their distances) of a method that reports them in any order: the CGAL +
// fcl pipeline's.
void sort_pairs(FacePairs& f) {
  std::vector<std::size_t> order(f.pairs.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) { return f.pairs[i] < f.pairs[j]; });
  FacePairs sorted{{}, {}, f.candidates};
  for (const std::size_t k : order) {
    sorted.pairs.push_back(f.pairs[k]);
    sorted.distances.push_back(f.distances[k]);
  }
  f = std::move(sorted);
}
#endif

struct Row {
  std::string method;
  int threads = 1;
  double seconds = 0;
  FacePairs found;
};

template <class Search>
Row measure(std::string method, int threads, int runs, Search&& search) {
  omp_set_num_threads(threads);
  Row row{std::move(method), threads, 0, {}};
  row.seconds = bench::median_seconds(runs, [&] { row.found = search(); });
  return row;
}

int run_scene(const FacePairScene& s, int runs) {
  const std::array<Surface, 2> surfaces{surface_of(s.triangles[0]), surface_of(s.triangles[1])};
  std::printf("\n## %s: %zu + %zu triangles, distance %g; median of %d first searches\n\n", s.name.c_str(),
              s.triangles[0].size(), s.triangles[1].size(), s.distance, runs);
  std::vector<Row> rows;
  const int threads_available = omp_get_max_threads();
  for (const auto bv : {BvKind::aabb, BvKind::obb, BvKind::dual})
    for (const int threads : {1, 2})
      rows.push_back(measure(std::string("fecontact ") + std::string(fecontact::name(bv)), threads, runs,
                             [&] { return fecontact_pairs(s, surfaces, bv); }));
#ifdef FECONTACT_BENCH_CGAL_FCL
  rows.push_back(measure("CGAL box_intersection_d + fcl triDistance", 1, runs, [&] { return bench::cgal_fcl_pairs(s); }));
  sort_pairs(rows.back().found);
#endif
  omp_set_num_threads(threads_available);
  const Row& reference = rows.back();  // the CGAL + fcl pipeline when built
  std::printf("| method | threads | first search s | / %s | candidates | pairs within | pairs differing from "
              "fecontact aabb |\n",
              reference.method.c_str());
  std::printf("|---|---:|---:|---:|---:|---:|---:|\n");
  int status = 0;
  for (const Row& row : rows) {
    const std::size_t differing = differing_pairs(row.found, rows.front().found, s.distance);
    if (row.method.rfind("fecontact", 0) == 0 && differing > 0) status = 1;
    std::printf("| %s | %d | %.4f | %.2f | %zu | %zu | %zu |\n", row.method.c_str(), row.threads, row.seconds,
                row.seconds / reference.seconds, row.found.candidates, row.found.pairs.size(), differing);
  }
  if (status) std::printf("# ERROR: the fecontact rows of %s disagree on the pairs\n", s.name.c_str());
  std::fflush(stdout);
  return status;
}

}  // namespace

// Every row from the same allocator state: freed blocks stay with the process for the next run.
// By default glibc maps every block above a threshold afresh, and the kernel faults it in page by
// page again at each run; the threshold moves with the blocks freed before, so a row paid those
// faults or not according to the rows before it (on a 2-core VM, the sphere's first row took five
// times its work). A fresh process pays them once for its working set, whatever the method.
void keep_freed_memory() {
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 32 << 20);  // glibc's largest: blocks of the scenes come from the heap
  mallopt(M_TRIM_THRESHOLD, 1 << 30);   // and its top is not returned to the kernel
#endif
}

int main(int argc, char** argv) {
  keep_freed_memory();
  const bool smoke = bench::smoke_run(argc, argv);
  const int level = int(bench::int_option(argc, argv, "--level", smoke ? 2 : 6));
  // 82,100 requested: 359 × 114 cells, 81,852 triangles on the inner shell.
  const auto cylinder_triangles = std::size_t(bench::int_option(argc, argv, "--cylinder-triangles", smoke ? 500 : 82100));
  const int runs = int(bench::int_option(argc, argv, "--runs", smoke ? 1 : 7));
  double distance = 2e-3;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string(argv[i]) == "--distance") distance = std::atof(argv[i + 1]);
  std::printf("# face_pairs: --level %d, --cylinder-triangles %zu, --distance %g, --runs %d\n", level,
              cylinder_triangles, distance, runs);
  int status = run_scene(bench::face_pair_scene(bench::sphere_on_block(level), distance), runs);
  status |= run_scene(bench::face_pair_scene(bench::coaxial_cylinders(cylinder_triangles), distance), runs);
  return status;
}
