// SPDX-License-Identifier: BSD-3-Clause
// The scenes of bvh_scenes.cpp through CGAL's box_intersection_d (Zomorodian & Edelsbrunner
// 2002): the AABBs of the triangles, inflated by the same tolerance, all intersecting pairs.
// Its pairs are those of fecontact's AABB tree (same boxes, closed), unless the tree's packed
// patch boxes add a pair within one storage step of touching: the checksums match on these scenes.
//   bench_cgal_scenes [--smoke] [--max-level L]
#include <CGAL/box_intersection_d.h>

#include <algorithm>
#include <cstdio>

#include "bench.hpp"
#include "fecontact/bvh/find_pairs.hpp"
#include "scenes.hpp"

using namespace fecontact;
using Box = CGAL::Box_intersection_d::Box_with_info_d<double, 3, Index>;

namespace {

std::vector<Box> boxes_of(const bench::TriangleSurface& s, double tolerance) {
  std::vector<Box> boxes;
  boxes.reserve(s.triangles.size());
  for (std::size_t t = 0; t < s.triangles.size(); ++t) {
    double lo[3], hi[3];
    for (int i = 0; i < 3; ++i) {
      lo[i] = hi[i] = s.coordinates[std::size_t(s.triangles[t][0])][i];
      for (int k = 1; k < 3; ++k) {
        lo[i] = std::min(lo[i], s.coordinates[std::size_t(s.triangles[t][std::size_t(k)])][i]);
        hi[i] = std::max(hi[i], s.coordinates[std::size_t(s.triangles[t][std::size_t(k)])][i]);
      }
      lo[i] -= tolerance;
      hi[i] += tolerance;
    }
    boxes.emplace_back(lo, hi, Index(t));
  }
  return boxes;
}

void run(const bench::Scene& scene) {
  const int runs = scene.patches() > 300000 ? 3 : 5;
  std::array<std::vector<Box>, 2> boxes;
  const double build_s = bench::median_seconds(runs, [&] {
    for (int k = 0; k < 2; ++k) boxes[std::size_t(k)] = boxes_of(scene.surfaces[std::size_t(k)], scene.tolerance);
  });
  std::vector<PatchPair> pairs;
  const double query_s = bench::median_seconds(runs, [&] {
    auto a = boxes[0];  // box_intersection_d reorders its input
    auto b = boxes[1];
    pairs.clear();
    CGAL::box_intersection_d(a.begin(), a.end(), b.begin(), b.end(),
                             [&](const Box& x, const Box& y) { pairs.push_back({x.info(), y.info()}); });
  });
  std::sort(pairs.begin(), pairs.end());
  bench::Checksum checksum;
  checksum.add(pairs.data(), pairs.size() * sizeof(PatchPair));
  std::printf("%-17s %9zu cgal-box_intersection_d 1 | build %8.2f ms | query %9.3f ms | pairs %9zu | %016llx\n",
              scene.name.c_str(), scene.patches(), build_s * 1e3, query_s * 1e3, pairs.size(),
              static_cast<unsigned long long>(checksum.value()));
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const bool smoke = bench::smoke_run(argc, argv);
  const bench::LevelRange levels = bench::level_range(argc, argv, smoke);
  std::printf("CGAL %s box_intersection_d on the bvh_scenes inputs (medians; 'build' = making the boxes)\n",
              CGAL_VERSION_STR);
  for (int level = levels.min; level <= levels.max; ++level)
    for (const bench::Scene& scene : bench::scenes_of_level(level)) run(scene);
  return 0;
}
