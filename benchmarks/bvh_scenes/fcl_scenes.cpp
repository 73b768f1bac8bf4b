// SPDX-License-Identifier: BSD-3-Clause
// The scenes of bvh_scenes.cpp through the Flexible Collision Library: BVHModel with AABB, OBB
// and OBBRSS trees, collide() with all contacts (exact triangle tests, no search tolerance).
//   bench_fcl_scenes [--smoke] [--max-level L]
#include <fcl/fcl.h>

#include <cstdio>
#include <limits>
#include <memory>

#include "bench.hpp"
#include "scenes.hpp"

using namespace fecontact;

namespace {

template <class BV>
std::shared_ptr<fcl::BVHModel<BV>> model_of(const bench::TriangleSurface& s) {
  std::vector<fcl::Triangle> triangles;
  triangles.reserve(s.triangles.size());
  for (const auto& t : s.triangles)
    triangles.emplace_back(std::size_t(t[0]), std::size_t(t[1]), std::size_t(t[2]));
  auto model = std::make_shared<fcl::BVHModel<BV>>();
  model->beginModel();
  model->addSubModel(s.coordinates, triangles);
  model->endModel();
  return model;
}

template <class BV>
void run(const bench::Scene& scene, const char* name) {
  const int runs = scene.patches() > 300000 ? 3 : 5;
  std::array<std::shared_ptr<fcl::BVHModel<BV>>, 2> models;
  const double build_s = bench::median_seconds(runs, [&] {
    for (int k = 0; k < 2; ++k) models[std::size_t(k)] = model_of<BV>(scene.surfaces[std::size_t(k)]);
  });
  const fcl::CollisionObjectd a(models[0]), b(models[1]);
  fcl::CollisionRequestd request(std::numeric_limits<std::size_t>::max(), false);
  std::size_t contacts = 0;
  const double query_s = bench::median_seconds(runs, [&] {
    fcl::CollisionResultd result;
    fcl::collide(&a, &b, request, result);
    contacts = result.numContacts();
  });
  std::printf("%-17s %9zu fcl-%-6s 1 | build %8.2f ms | query %9.3f ms | contacts %9zu\n", scene.name.c_str(),
              scene.patches(), name, build_s * 1e3, query_s * 1e3, contacts);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const bool smoke = bench::smoke_run(argc, argv);
  const bench::LevelRange levels = bench::level_range(argc, argv, smoke);
  std::printf("fcl %s BVHModel + collide (all contacts, exact triangle tests) on the bvh_scenes inputs (medians)\n",
              FCL_VERSION);
  for (int level = levels.min; level <= levels.max; ++level)
    for (const bench::Scene& scene : bench::scenes_of_level(level)) {
      run<fcl::AABBd>(scene, "aabb");
      run<fcl::OBBd>(scene, "obb");
      run<fcl::OBBRSSd>(scene, "obbrss");
    }
  return 0;
}
