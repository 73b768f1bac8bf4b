// Full contact search per step (refit + broad + narrow phase), node-to-surface, on three scenes:
// a block pressed by a cylinder (n² master faces, default n = 1000: 10⁶ faces, and the
// cylinder's ≈ n²/3 nodes), and the two scenes of the BVH benchmarks at icosphere level L
// (default 6): the sphere's nodes on the block's faces, the inner shell's nodes in the outer
// shell's faces. Per scene: AABB vs OBB trees, 1 and 2 threads; then the same broad phase
// through fcl (collide) and CGAL (box_intersection_d), when built with them, each followed by
// our narrow phase. Prints one markdown table per scene: first search (tree build), median step,
// fecontact's broad-phase counters of the last step, contacts, a checksum of the gaps (equal on every row of a scene: same contacts), and each step
// time relative to fecontact's.
//   bench_contact_search [--smoke] [--n N] [--level L] [--steps S] [--patches] [--fecontact-only]

#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <omp.h>

#include "fecontact/contact/contact_search.hpp"
#include "scene.hpp"

using fecontact::Index;
using fecontact::bench::ContactScene;
using fecontact::bench::Row;

namespace {

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown CPU";
}

Row fecontact_search(const ContactScene& s, fecontact::VolumeKind volume, fecontact::LeafUnit leaves, int threads,
                     int steps) {
  omp_set_num_threads(threads);
  fecontact::ContactInterface in;
  in.master = s.master;
  in.slave_nodes = s.slave_nodes;
  in.options.tolerance = s.tolerance;
  in.options.volume = volume;
  in.options.leaves = leaves;
  fecontact::ContactSearch search(s.mesh, {in});
  std::string name = std::string("fecontact ") + (volume == fecontact::VolumeKind::aabb ? "aabb" : "obb");
  if (leaves == fecontact::LeafUnit::spectral_patch) name += " patches";
  fecontact::TraversalCounters counters;  // of the last step
  Row row = fecontact::bench::time_search(name, threads, s, steps, [&](const std::vector<Eigen::Vector3d>& x) {
    fecontact::InterfaceResult result = std::move(search.search(x).front());
    counters = result.counters;
    return std::move(result.contacts.gap);
  });
  row.bv_tests = counters.bv_tests;
  row.broad_pairs = counters.pairs_reported;
  return row;
}

// A counter of the fecontact rows, "–" on the others (counted differently or not at all).
std::string counter(const Row& row, std::uint64_t value) {
  return row.method.rfind("fecontact", 0) == 0 ? std::to_string(value) : "–";
}

// One scene's table; returns 1 when its rows disagree on the contacts.
int run_scene(const ContactScene& scene, int steps, bool patches, [[maybe_unused]] bool others) {
  const int threads_available = omp_get_max_threads();
  std::printf("\n## %s: %d master faces, %zu slave nodes, tolerance %g; %s, %d threads available; median of %d steps\n\n",
              scene.name.c_str(), scene.master.size(), scene.slave_nodes.size(), scene.tolerance, cpu_model().c_str(),
              threads_available, steps);
  std::fflush(stdout);
  std::vector<Row> rows;
  std::vector<fecontact::LeafUnit> leaves{fecontact::LeafUnit::face};
  if (patches) leaves.push_back(fecontact::LeafUnit::spectral_patch);
  for (const auto unit : leaves)
    for (const auto volume : {fecontact::VolumeKind::aabb, fecontact::VolumeKind::obb})
      for (const int threads : {1, 2}) rows.push_back(fecontact_search(scene, volume, unit, threads, steps));
  omp_set_num_threads(threads_available);
#ifdef FECONTACT_BENCH_FCL
  if (others) rows.push_back(fecontact::bench::fcl_search(scene, steps));
#endif
#ifdef FECONTACT_BENCH_CGAL
  if (others) rows.push_back(fecontact::bench::cgal_search(scene, steps));
#endif
  const double reference = rows.front().step_s;  // fecontact aabb, 1 thread
  std::printf("| method | threads | first search s | step median s | step / fecontact aabb 1 thread | BV tests | "
              "broad-phase pairs | contacts | gap checksum |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
  int status = 0;
  for (const Row& row : rows) {
    std::printf("| %s | %d | %.3f | %.3f | %.2f | %s | %s | %zu | %016llx |\n", row.method.c_str(), row.threads,
                row.first_s, row.step_s, row.step_s / reference, counter(row, row.bv_tests).c_str(),
                counter(row, row.broad_pairs).c_str(), row.contacts, static_cast<unsigned long long>(row.checksum));
    if (row.checksum != rows.front().checksum) status = 1;  // every method must find the same contacts
  }
  if (status != 0) std::printf("# ERROR: the rows of %s disagree on the contacts\n", scene.name.c_str());
  std::fflush(stdout);
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  const bool smoke = fecontact::bench::smoke_run(argc, argv);
  const int n = int(fecontact::bench::int_option(argc, argv, "--n", smoke ? 24 : 1000));
  const int level = int(fecontact::bench::int_option(argc, argv, "--level", smoke ? 2 : 6));
  const int steps = int(fecontact::bench::int_option(argc, argv, "--steps", smoke ? 1 : 5));
  const bool patches = fecontact::bench::has_flag(argc, argv, "--patches");
  const bool others = !fecontact::bench::has_flag(argc, argv, "--fecontact-only");  // e.g. for profiling
  std::printf("# contact_search: --n %d, --level %d, --steps %d\n", n, level, steps);
  int status = run_scene(fecontact::bench::contact_scene(n), steps, patches, others);
  for (const auto& scene : fecontact::bench::scenes_of_level(level))
    status |= run_scene(fecontact::bench::contact_scene(scene), steps, patches, others);
  return status;
}
