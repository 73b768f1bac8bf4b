// SPDX-License-Identifier: BSD-3-Clause
// How fast can a refit of an AABB tree be? Beside the Morton build and the refit of the scenes of
// bvh_scenes, the work that any refit has to do: fit and inflate every patch's box once, in a
// flat loop over the patches in their own order (no tree order, no packing, no node boxes). A
// refit cannot be faster than that loop, so build / loop bounds the ratio build / refit (goal 7
// of issue 5: refit >= 10x faster than a rebuild). One thread; medians.
//   bench_refit_floor [--smoke] [--min-level l] [--max-level L] [--runs n]
// Exits 1 if a box of the loop misses a point of its patch or is not inside the refitted tree's box
// of the same patch (the loop would not be doing the refit's work).
#include <omp.h>

#include <cstdio>
#include <vector>

#include "bench.hpp"
#include "fecontact/bvh/build.hpp"
#include "fecontact/bvh/refit.hpp"
#include "prepared_scene.hpp"

using namespace fecontact;
using fecontact::bench::Scene;

namespace {

// Every patch box of `geometry`, inflated by `tolerance`, in patch order.
void fit_patch_boxes(const PatchGeometry& geometry, double tolerance, std::vector<Aabb>& boxes) {
  for (Index p = 0; p < geometry.size(); ++p)
    boxes[static_cast<std::size_t>(p)] = inflate(fit_aabb(geometry.points_of(p)), tolerance);
}

// True when each box of `boxes` holds its patch's points and lies inside the tree's (dequantized)
// box of that patch: the loop fitted what the refit fits, not less (an empty or short box) and
// not more.
bool boxes_match_tree(const Bvh<Aabb>& tree, const PatchGeometry& geometry, const std::vector<Aabb>& boxes) {
  for (const auto& node : tree.nodes) {
    if (!node.is_leaf()) continue;
    for (Index i = node.index; i < node.index + node.prim_count; ++i) {
      const Index patch = tree.prim_ids[static_cast<std::size_t>(i)];
      const Aabb& box = boxes[static_cast<std::size_t>(patch)];
      if (!contains(tree.prim_volume(node, i), box)) return false;
      for (const Eigen::Vector3d& point : geometry.points_of(patch))
        if (!contains(box, point)) return false;
    }
  }
  return true;
}

// One row: both surfaces of the scene, moved by one step for the refit and the loop.
bool run_scene(const Scene& scene, int runs) {
  const bench::PreparedScene p = bench::prepare(scene);
  BuildConfig config;  // Morton, the default builder
  config.tolerance = scene.tolerance;
  std::array<Bvh<Aabb>, 2> trees;
  std::array<std::vector<Aabb>, 2> boxes{std::vector<Aabb>(std::size_t(p.moved[0].size())),
                                         std::vector<Aabb>(std::size_t(p.moved[1].size()))};
  const double build_s = bench::median_seconds(runs, [&] {
    for (std::size_t k = 0; k < 2; ++k) trees[k] = build<Aabb>(p.geometry[k], config);
  });
  const double refit_s = bench::median_seconds(runs, [&] {
    for (std::size_t k = 0; k < 2; ++k) refit(trees[k], p.moved[k]);
  });
  const double loop_s = bench::median_seconds(runs, [&] {
    for (std::size_t k = 0; k < 2; ++k) fit_patch_boxes(p.moved[k], config.tolerance, boxes[k]);
  });
  const bool match = boxes_match_tree(trees[0], p.moved[0], boxes[0]) && boxes_match_tree(trees[1], p.moved[1], boxes[1]);
  std::printf("%-17s %9lld | %8.2f %8.2f %8.2f | %7.1fx %7.1fx%s\n", scene.name.c_str(),
              static_cast<long long>(scene.patches()), build_s * 1e3, refit_s * 1e3, loop_s * 1e3, build_s / refit_s,
              build_s / loop_s, match ? "" : "  ERROR: a loop box misses its patch's points or leaves the tree's box");
  return match;
}

}  // namespace

int main(int argc, char** argv) {
  const bool smoke = bench::smoke_run(argc, argv);
  const bench::LevelRange levels = bench::level_range(argc, argv, smoke);
  const int runs = int(bench::int_option(argc, argv, "--runs", smoke ? 1 : 21));
  omp_set_num_threads(1);
  std::printf("AABB trees, Morton builder, 1 thread, medians of %d runs (ms). loop = fit and inflate every\n"
              "patch box in patch order, the least a refit does; build/loop bounds build/refit.\n",
              runs);
  std::printf("%-17s %9s | %8s %8s %8s | %8s %8s\n", "scene", "patches", "build", "refit", "loop", "b/refit",
              "b/loop");
  bool match = true;
  for (int level = levels.min; level <= levels.max; ++level)
    for (const Scene& scene : bench::scenes_of_level(level)) match &= run_scene(scene, runs);
  return match ? 0 : 1;
}
