// SPDX-License-Identifier: BSD-3-Clause
// Full contact search per step (refit + broad + narrow phase), node-to-surface, on three scenes:
// a block pressed by a cylinder (n² master faces, default n = 1000: 10⁶ faces, and the
// cylinder's ≈ n²/3 nodes), and the two scenes of the BVH benchmarks at icosphere level L
// (default 6): the sphere's nodes on the block's faces, the inner shell's nodes in the outer
// shell's faces. Per scene: AABB vs OBB trees, 1 and 2 threads; then the same broad phase
// through fcl (collide) and CGAL (box_intersection_d), when built with them, each followed by
// our narrow phase. Prints one markdown table per scene: first search (tree build), median step,
// fecontact's broad-phase counters of the last step, contacts, a checksum of the gaps (equal on every row of a scene: same contacts), and each step
// time relative to fecontact's. Then, on the block and cylinder, the skin: the mean step over
// 100 steps of explicit-dynamics motion (every slave node 10⁻³ of a face size a step) with a
// search of the trees at every step and with a skin. Then the cost of track_slip (the contacts'
// slip since the previous step): the same steps with it off and on, alternately, 1 thread.
//   bench_contact_search [--smoke] [--n N] [--level L] [--steps S] [--patches] [--fecontact-only]
//                        [--skin-steps K] [--slip-steps K]

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <omp.h>

#include "fecontact/contact/contact_search.hpp"
#include "fecontact/frontend/contact_json.hpp"
#include "fecontact/frontend/option_names.hpp"
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

Row fecontact_search(const ContactScene& s, fecontact::BvKind bv, fecontact::LeafUnit leaves, int threads,
                     int steps) {
  omp_set_num_threads(threads);
  fecontact::ContactInterface in;
  in.master = s.master;
  in.slave_nodes = s.slave_nodes;
  in.options.tolerance = s.tolerance;
  in.options.bv = bv;
  in.options.leaves = leaves;
  fecontact::ContactSearch search(s.mesh, {in});
  std::string name = std::string("fecontact ") + std::string(fecontact::name(bv));
  if (leaves == fecontact::LeafUnit::spectral_patch) name += " patches";
  std::vector<fecontact::InterfaceResult> results;
  Row row = fecontact::bench::time_search(name, threads, s, steps, [&](const std::vector<Eigen::Vector3d>& x) {
    search.search(x, results);
    return results.front().contacts.gap;
  });
  row.bv_tests = results.front().counters.bv_tests;
  row.broad_pairs = results.front().counters.pairs_reported;
  return row;
}

struct SkinRow {
  double mean_step = 0;
  std::uint64_t checksum = 0;  ///< of every step's gaps
};

// The mean step over `steps` steps in which every slave node moves 10⁻³ of a master face size
// (down, into the block), with skin `skin` (0: the trees searched at every step), 1 thread;
// prints a row (with the ratio to `full_step` when given).
SkinRow skin_row(const ContactScene& s, double skin, int steps, double full_step) {
  omp_set_num_threads(1);
  fecontact::ContactInterface in;
  in.master = s.master;
  in.slave_nodes = s.slave_nodes;
  in.options.tolerance = s.tolerance;
  in.options.skin = skin;
  fecontact::ContactSearch search(s.mesh, {in});
  std::vector<fecontact::InterfaceResult> results;
  std::vector<Eigen::Vector3d> x = s.mesh.coordinates;
  search.search(x, results);  // builds the tree: the analysis's first step, not timed
  int searched = 0;
  fecontact::bench::Checksum checksum;
  double seconds = 0;  // the searches only, not the motion
  for (int k = 0; k < steps; ++k) {
    for (const Index node : s.slave_nodes) x[static_cast<std::size_t>(node)].z() -= 1e-3 * s.face_size;
    seconds += fecontact::bench::seconds([&] { search.search(x, results); });
    searched += results.front().searched;
    for (const double g : results.front().contacts.gap) checksum.add(g);
  }
  const SkinRow row{seconds / steps, checksum.value()};
  std::printf("| %s | %g | %d | %d | %.4f | %.1f | %zu | %016llx |\n", skin > 0 ? "skin" : "full search every step",
              skin, steps, searched, row.mean_step, full_step > 0 ? full_step / row.mean_step : 1.0,
              results.front().contacts.size(), static_cast<unsigned long long>(row.checksum));
  std::fflush(stdout);
  return row;
}

// The skin table: a search of the tree at every step, then skins of a quarter, a half and one
// face size. Every row must give the same contacts at every step (the checksum of all steps'
// gaps); returns 1 when one does not.
int run_skin(const ContactScene& s, int steps) {
  std::printf("\n## %s, skin: %d steps of 10^-3 face size each (%g), 1 thread; the tree built before\n\n",
              s.name.c_str(), steps, 1e-3 * s.face_size);
  std::printf("| search | skin | steps | searches of the tree | mean step s | full / this | contacts (last step) | "
              "gap checksum (all steps) |\n|---|---:|---:|---:|---:|---:|---:|---|\n");
  const SkinRow full = skin_row(s, 0, steps, 0);
  int status = 0;
  for (const double fraction : {0.25, 0.5, 1.0})
    if (skin_row(s, fraction * s.face_size, steps, full.mean_step).checksum != full.checksum) status = 1;
  if (status != 0) std::printf("# ERROR: a skin gave other contacts than the search at every step\n");
  return status;
}

// The step with track_slip off and on over the same `steps` steps of the scene's motion, one
// thread, AABB trees, no skin: two searches called alternately at each step, so that a load on
// the machine weighs on both alike; the median of each and their ratio. Returns 1 when they
// disagree on the contacts.
int run_track_slip(const ContactScene& s, int steps) {
  omp_set_num_threads(1);
  std::printf("\n## %s, track_slip: median of %d steps, 1 thread, the two searches alternately\n\n", s.name.c_str(),
              steps);
  std::printf("| track_slip | step median s | / off | contacts | gap checksum |\n|---|---:|---:|---:|---|\n");
  fecontact::ContactInterface in;
  in.master = s.master;
  in.slave_nodes = s.slave_nodes;
  in.options.tolerance = s.tolerance;
  fecontact::ContactSearch off(s.mesh, {in});
  in.options.track_slip = true;
  fecontact::ContactSearch on(s.mesh, {in});
  std::vector<fecontact::InterfaceResult> off_results, on_results;
  std::vector<Eigen::Vector3d> x = s.mesh.coordinates;
  off.search(x, off_results);  // the trees' builds, not timed
  on.search(x, on_results);
  std::vector<double> off_times, on_times;
  for (int k = 0; k < steps; ++k) {
    fecontact::bench::advance(x, s);
    const auto step = [&](fecontact::ContactSearch& search, std::vector<fecontact::InterfaceResult>& results) {
      search.search(x, results);
      search.accept_step();  // explicit steps: each one accepted
    };
    off_times.push_back(fecontact::bench::seconds([&] { step(off, off_results); }));
    on_times.push_back(fecontact::bench::seconds([&] { step(on, on_results); }));
  }
  const auto median = [](std::vector<double> t) {
    std::nth_element(t.begin(), t.begin() + static_cast<std::ptrdiff_t>(t.size() / 2), t.end());
    return t[t.size() / 2];
  };
  std::uint64_t checksums[2] = {};
  for (int mode = 0; mode < 2; ++mode) {
    const fecontact::NodeContacts& c = (mode == 0 ? off_results : on_results).front().contacts;
    fecontact::bench::Checksum checksum;
    for (const double g : c.gap) checksum.add(g);
    checksums[mode] = checksum.value();
    const double step = median(mode == 0 ? off_times : on_times);
    std::printf("| %s | %.4f | %.3f | %zu | %016llx |\n", mode == 0 ? "off" : "on", step, step / median(off_times),
                c.size(), static_cast<unsigned long long>(checksums[mode]));
  }
  std::fflush(stdout);
  if (checksums[0] == checksums[1]) return 0;
  std::printf("# ERROR: track_slip changed the contacts\n");
  return 1;
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
    for (const auto bv : {fecontact::BvKind::aabb, fecontact::BvKind::obb, fecontact::BvKind::dual})
      for (const int threads : {1, 2}) rows.push_back(fecontact_search(scene, bv, unit, threads, steps));
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
  const int skin_steps = int(fecontact::bench::int_option(argc, argv, "--skin-steps", smoke ? 5 : 100));
  const int slip_steps = int(fecontact::bench::int_option(argc, argv, "--slip-steps", smoke ? 3 : 21));
  std::printf("# contact_search: --n %d, --level %d, --steps %d, --skin-steps %d, --slip-steps %d\n", n, level, steps,
              skin_steps, slip_steps);
  const ContactScene block_cylinder = fecontact::bench::contact_scene(n);
  int status = run_scene(block_cylinder, steps, patches, others);
  status |= run_skin(block_cylinder, skin_steps);
  status |= run_track_slip(block_cylinder, slip_steps);
  for (const auto& scene : fecontact::bench::scenes_of_level(level))
    status |= run_scene(fecontact::bench::contact_scene(scene), steps, patches, others);
  return status;
}
