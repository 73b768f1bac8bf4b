// SPDX-License-Identifier: BSD-3-Clause
// BVH benchmark on the real CalculiX decks of $FECONTACT_SHARED_DATA/calculix: for every
// *CONTACT PAIR, the trees of its slave and master face surfaces (read_mesh, contact_surface),
// built and searched as AABB, OBB and dual (dual_search.hpp) trees with both builders; counters and a pair
// checksum, 1 and 2 threads (exits 1 if they disagree). Decks are small: times in microseconds.
//   FECONTACT_SHARED_DATA=../shared/data bench_bvh_calculix [--smoke]
#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string_view>
#include <vector>

#include "bench.hpp"
#include "fecontact/bvh/build.hpp"
#include "fecontact/contact/contact_definitions.hpp"
#include "fecontact/io/read_mesh.hpp"
#include "tree_search.hpp"

using namespace fecontact;
namespace fs = std::filesystem;

namespace {

// The faces of a contact surface of `mesh` (empty for a node surface or an unknown name).
Surface faces_of(const Mesh& mesh, const std::string& name) {
  const SurfaceDefinition* definition = find_surface_definition(mesh, name);
  if (definition == nullptr) return {};
  ContactSurface surface = contact_surface(mesh, *definition);
  return surface.nodes_only ? Surface{} : std::move(surface.surface);
}

// One row: slave tree against master tree ("dual": AABB trees searched by find_pairs_dual).
// Returns the checksum of the pairs.
template <class BV>
std::uint64_t run(const std::string& label, const std::array<PatchGeometry, 2>& geometry, double tolerance,
                  const char* bv, Builder builder, int threads) {
  omp_set_num_threads(threads);
  BuildConfig config;
  config.builder = builder;
  config.tolerance = tolerance;
  std::array<Bvh<BV>, 2> trees;
  const double build_s = bench::median_seconds(7, [&] {
    for (std::size_t k = 0; k < 2; ++k) trees[k] = build<BV>(geometry[k], config);
  });
  PairSearch search;
  const double query_s = bench::median_seconds(7, [&] {
    search = bench::search_trees(trees, geometry, std::string_view(bv) == "dual");
  });
  bench::Checksum checksum;
  checksum.add(search.pairs.data(), search.pairs.size() * sizeof(PatchPair));
  std::printf("%-34s %6lld %6lld %-4s %-6s %d | %9.1f %9.1f | %7zu %9llu | %016llx\n", label.c_str(),
              static_cast<long long>(geometry[0].size()), static_cast<long long>(geometry[1].size()), bv,
              builder == Builder::morton ? "morton" : "sah", threads, build_s * 1e6, query_s * 1e6,
              search.pairs.size(), static_cast<unsigned long long>(search.counters.bv_tests),
              static_cast<unsigned long long>(checksum.value()));
  return checksum.value();
}

// All rows of one pair; false when 1 and 2 threads disagree.
bool run_pair(const std::string& label, const Mesh& mesh, const Surface& slave, const Surface& master) {
  std::array<PatchGeometry, 2> geometry;
  const std::array<const Surface*, 2> surfaces{&slave, &master};
  double size = 0;  // tolerance: 1% of the larger bounding-box diagonal of the two surfaces
  for (std::size_t k = 0; k < 2; ++k) {
    geometry[k] = patch_geometry(*surfaces[k], face_patches(*surfaces[k]), mesh.coordinates);
    const Aabb box = fit_aabb(geometry[k].points);
    size = std::max(size, (box.max - box.min).norm());
  }
  const double tolerance = 0.01 * size;
  bool same = true;
  for (const Builder builder : {Builder::morton, Builder::binned_sah}) {
    same &= run<Aabb>(label, geometry, tolerance, "aabb", builder, 1) ==
            run<Aabb>(label, geometry, tolerance, "aabb", builder, 2);
    // The dual rows right after the AABB rows, whose build they time (as bvh_scenes does).
    same &= run<Aabb>(label, geometry, tolerance, "dual", builder, 1) ==
            run<Aabb>(label, geometry, tolerance, "dual", builder, 2);
    same &= run<Obb>(label, geometry, tolerance, "obb", builder, 1) ==
            run<Obb>(label, geometry, tolerance, "obb", builder, 2);
  }
  return same;
}

}  // namespace

int main(int argc, char** argv) {
  const bool smoke = bench::smoke_run(argc, argv);
  const char* root = std::getenv("FECONTACT_SHARED_DATA");
  if (root == nullptr || !fs::is_directory(fs::path(root) / "calculix")) {
    std::printf("FECONTACT_SHARED_DATA/calculix not found: nothing to measure\n");
    return 0;
  }
  std::vector<fs::path> decks;
  for (const auto& entry : fs::directory_iterator(fs::path(root) / "calculix"))
    if (entry.path().extension() == ".inp") decks.push_back(entry.path());
  std::sort(decks.begin(), decks.end());
  if (smoke) decks.resize(std::min<std::size_t>(decks.size(), 1));
  std::printf("CalculiX decks, *CONTACT PAIR slave faces against master faces (tolerance 1%% of the larger\n"
              "surface's box diagonal); medians of 7 runs in microseconds, both trees built.\n");
  std::printf("%-34s %6s %6s %-4s %-6s %s | %9s %9s | %7s %9s | %s\n", "deck:pair", "slave", "master", "bv",
              "build", "t", "build us", "query us", "pairs", "bv tests", "checksum");
  bool same = true;
  for (const fs::path& deck : decks) {
    const Mesh mesh = read_mesh(deck);
    for (std::size_t k = 0; k < mesh.contact_pairs.size(); ++k) {
      const ContactPairDefinition& pair = mesh.contact_pairs[k];
      const std::string label = deck.stem().string() + ":" + pair.slave + "-" + pair.master;
      const Surface slave = faces_of(mesh, pair.slave);
      const Surface master = faces_of(mesh, pair.master);
      if (slave.faces.empty() || master.faces.empty()) {
        std::printf("%-34s (a node surface or an empty one: no tree pair)\n", label.c_str());
        continue;
      }
      same &= run_pair(label, mesh, slave, master);
    }
  }
  if (!same) std::printf("ERROR: 1 and 2 threads gave different pairs\n");
  return same ? 0 : 1;
}
