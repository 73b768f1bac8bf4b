// SPDX-License-Identifier: BSD-3-Clause
// BVH benchmark on generated contact scenes (scenes.hpp): build, refit and pair search of AABB
// and OBB trees and of the dual mode (AABB trees, then the patches' normal slabs: dual_search.hpp), with
// 1 and 2 threads; counters, culling figure (BV tests per reported pair), tree bytes per patch,
// and a checksum of the pairs. Medians of several runs.
//   bench_bvh_scenes [--smoke] [--min-level l] [--max-level L] [--aabb-only]
//   (sphere levels l..L, default 3..7, cylinders of matching size; --aabb-only: the AABB tree
//   of the Morton builder alone, for levels 8 and 9, 2·10⁶ and 8·10⁶ patches)
#include <omp.h>

#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "bench.hpp"
#include "fecontact/bvh/build.hpp"
#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/bvh/refit.hpp"
#include "prepared_scene.hpp"
#include "tree_search.hpp"

using namespace fecontact;
using fecontact::bench::PreparedScene;
using fecontact::bench::Scene;

namespace {

template <class BV>
std::size_t tree_bytes(const Bvh<BV>& t) {
  return t.nodes.size() * sizeof(typename Bvh<BV>::Node) + t.prim_ids.size() * sizeof(Index) +
         t.prim_volumes.size() * sizeof(typename BoundingVolumeOps<BV>::Packed);
}

// One row: the scene with trees of BV on `threads` threads ("dual": AABB trees searched by
// find_pairs_dual). Returns the checksum of the pairs.
template <class BV>
std::uint64_t run(const Scene& scene, const PreparedScene& p, const char* bv_name, Builder builder, int threads,
                  int runs) {
  const bool dual = std::string_view(bv_name) == "dual";
  omp_set_num_threads(threads);
  BuildConfig config;
  config.builder = builder;
  config.tolerance = scene.tolerance;
  std::array<Bvh<BV>, 2> trees;
  const double build_s = bench::median_seconds(runs, [&] {
    for (int k = 0; k < 2; ++k) trees[std::size_t(k)] = build<BV>(p.geometry[std::size_t(k)], config);
  });
  PairSearch search;
  const double query_s =
      bench::median_seconds(runs, [&] { search = bench::search_trees(trees, p.geometry, dual); });
  std::array<Bvh<BV>, 2> refitted = trees;
  const double refit_s = bench::median_seconds(runs, [&] {
    for (int k = 0; k < 2; ++k) refit(refitted[std::size_t(k)], p.moved[std::size_t(k)]);
  });
  const std::size_t refit_pairs = bench::search_trees(refitted, p.moved, dual).pairs.size();
  bench::Checksum checksum;
  checksum.add(search.pairs.data(), search.pairs.size() * sizeof(PatchPair));
  const double n = double(scene.patches());
  const auto& c = search.counters;
  std::printf("%-17s %9zu %-4s %-6s %d | %8.2f | %8.2f %7.2f | %7.2f %7.2f | %8.3f %9zu %7.2f | %10llu %10llu %9llu %8.2f | %6.1f | %9zu | %016llx\n",
              scene.name.c_str(), scene.patches(), bv_name, builder == Builder::morton ? "morton" : "sah", threads,
              (build_s + query_s) * 1e3, build_s * 1e3, n / build_s / 1e6,
              refit_s * 1e3, n / refit_s / 1e6, query_s * 1e3, search.pairs.size(),
              double(search.pairs.size()) / query_s / 1e6, static_cast<unsigned long long>(c.node_pairs),
              static_cast<unsigned long long>(c.bv_tests), static_cast<unsigned long long>(c.leaf_pairs),
              search.pairs.empty() ? 0.0 : double(c.bv_tests) / double(search.pairs.size()),
              double(tree_bytes(trees[0]) + tree_bytes(trees[1])) / n, refit_pairs,
              static_cast<unsigned long long>(checksum.value()));
  return checksum.value();
}

// All rows of one scene; false when 1 and 2 threads disagree (a parallel bug).
// aabb_only: the AABB tree of the default (Morton) builder alone, for the largest scenes.
bool run_scene(const Scene& scene, bool aabb_only) {
  const PreparedScene p = bench::prepare(scene);
  const int runs = scene.patches() > 300000 ? 3 : 5;
  bool same = true;
  for (const Builder builder : {Builder::morton, Builder::binned_sah}) {
    same &= run<Aabb>(scene, p, "aabb", builder, 1, runs) == run<Aabb>(scene, p, "aabb", builder, 2, runs);
    if (aabb_only) break;
    // The dual rows next: they time the AABB rows' build, which after the OBB rows (trees four
    // times the size) took up to 1.2x as long at 121k patches, the same code.
    same &= run<Aabb>(scene, p, "dual", builder, 1, runs) == run<Aabb>(scene, p, "dual", builder, 2, runs);
    same &= run<Obb>(scene, p, "obb", builder, 1, runs) == run<Obb>(scene, p, "obb", builder, 2, runs);
  }
  std::fflush(stdout);
  return same;
}

}  // namespace

int main(int argc, char** argv) {
  const bool smoke = bench::smoke_run(argc, argv);
  const bench::LevelRange levels = bench::level_range(argc, argv, smoke);
  const bool aabb_only = bench::has_flag(argc, argv, "--aabb-only");
  std::printf("fecontact BVH scenes: times are medians (ms), rates in million patches or pairs per second;\n"
              "bv/pair = BV overlap tests per reported pair (culling); B/patch = tree bytes per patch;\n"
              "refit pairs = pairs after one refitted step; b+q = build + query. Leaves <= 4 patches.\n");
  std::printf("%-17s %9s %-4s %-6s %s | %8s | %8s %7s | %7s %7s | %8s %9s %7s | %10s %10s %9s %8s | %6s | %9s | %s\n", "scene",
              "patches", "bv", "build", "t", "b+q", "build", "Mp/s", "refit", "Mp/s", "query", "pairs", "Mpair/s", "node pairs",
              "bv tests", "leaf prs", "bv/pair", "B/ptch", "refit prs", "checksum");
  bool same = true;
  for (int level = levels.min; level <= levels.max; ++level) {
    for (const Scene& scene : bench::scenes_of_level(level)) same &= run_scene(scene, aabb_only);
  }
  if (!same) std::printf("ERROR: 1 and 2 threads gave different pairs\n");
  return same ? 0 : 1;
}
