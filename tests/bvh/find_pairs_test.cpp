// SPDX-License-Identifier: BSD-3-Clause
// Pair search against the brute-force reference: the same pairs exactly, on meshes of growing
// size, between two trees and within one (and the dual search of AABB trees); identical results
// for 1 and N threads.
#include <boost/test/unit_test.hpp>

#include <omp.h>

#include "bvh_brute_force.hpp"
#include "bvh_test_meshes.hpp"
#include "fecontact/bvh/build.hpp"
#include "fecontact/bvh/dual_search.hpp"
#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/bvh/traverse.hpp"

using namespace fecontact;

namespace {

using Volumes = std::tuple<Aabb, Obb>;

struct Scene {
  std::array<test::TestSurface, 2> sheets;
  std::array<Patches, 2> patches;
  std::array<PatchGeometry, 2> geometry;
};

// Two crossing sheets of n × n cells (2n² tri3 patches each, n² for quadrilaterals).
Scene crossing_scene(int n, ElementType type) {
  Scene s{test::crossing_sheets(n, type, unsigned(n)), {}, {}};
  for (int k = 0; k < 2; ++k) {
    s.patches[k] = face_patches(s.sheets[k].surface);
    s.geometry[k] = patch_geometry(s.sheets[k].surface, s.patches[k], s.sheets[k].coordinates);
  }
  return s;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(bvh_find_pairs)

// Sizes 2·2², …, 2·71² ≈ 10⁴ triangle patches per sheet (kept to one sheet pair at 10⁴, whose
// reference takes a second under the sanitizers).
BOOST_AUTO_TEST_CASE_TEMPLATE(tree_against_tree_equals_brute_force, BV, Volumes) {
  const double tolerance = 0.002;
  for (const int n : {2, 7, 22, 71}) {
    const Scene s = crossing_scene(n, ElementType::tri3);
    const auto va = test::patch_volumes<BV>(s.geometry[0], tolerance);
    const auto vb = test::patch_volumes<BV>(s.geometry[1], tolerance);
    const auto expected = test::brute_force_pairs(va, vb, false);
    const auto loose = test::brute_force_pairs(test::grown_by_packing(va), test::grown_by_packing(vb), false);
    for (const Builder builder : {Builder::binned_sah, Builder::morton}) {
      BuildConfig config;
      config.builder = builder;
      config.tolerance = tolerance;
      const auto a = build<BV>(s.geometry[0], config);
      const auto b = build<BV>(s.geometry[1], config);
      const PairSearch found = find_pairs(a, b);
      const auto stored = test::brute_force_pairs(test::stored_volumes(a), test::stored_volumes(b), false);
      const std::string mismatch = test::brute_force_mismatch(found.pairs, stored, expected, loose);
      BOOST_TEST(mismatch.empty(), "n = " << n << (builder == Builder::morton ? " morton " : " sah ") << mismatch);
      BOOST_TEST(found.counters.pairs_reported == found.pairs.size());
      BOOST_TEST(found.counters.bv_tests >= found.counters.node_pairs);
      if (n == 71) BOOST_TEST(found.counters.bv_tests < va.size() * vb.size() / 50);  // it culls
      if constexpr (std::is_same_v<BV, Aabb>) {
        // The dual mode: the pairs of the stored boxes whose patches the normal slabs do not
        // separate; the same descent, plus one BV test per pair of overlapping boxes.
        const PairSearch dual = find_pairs_dual(a, s.geometry[0], b, s.geometry[1]);
        const std::string dual_mismatch =
            test::dual_mismatch(dual.pairs, stored, s.geometry[0], s.geometry[1], 2 * tolerance);
        BOOST_TEST(dual_mismatch.empty(), "n = " << n << " " << dual_mismatch);
        BOOST_TEST(dual.counters.node_pairs == found.counters.node_pairs);
        BOOST_TEST(dual.counters.bv_tests == found.counters.bv_tests + found.pairs.size());
        BOOST_TEST(dual.counters.pairs_reported == dual.pairs.size());
      }
    }
    BOOST_TEST_MESSAGE("n = " << n << ": " << expected.size() << " pairs");
    if (n > 2) BOOST_TEST(!expected.empty());
  }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(self_search_equals_brute_force_without_neighbours, BV, Volumes) {
  for (const ElementType type : {ElementType::tri3, ElementType::quad9}) {
    // One surface made of both sheets: it touches itself where they cross.
    const Scene s = crossing_scene(20, type);
    test::TestSurface both = s.sheets[0];
    const auto offset = Index(both.coordinates.size());
    both.coordinates.insert(both.coordinates.end(), s.sheets[1].coordinates.begin(), s.sheets[1].coordinates.end());
    for (SurfaceFace face : s.sheets[1].surface.faces) {
      for (int k = 0; k < node_count(face.type); ++k) face.node_storage[std::size_t(k)] += offset;
      both.surface.faces.push_back(face);
    }
    const Patches patches = test::pair_patches(both.surface);
    const auto share_node = [&](Index p, Index q) {
      for (const Index f : patches.row(p))
        for (const Index g : patches.row(q)) {
          const auto a = both.surface.faces[std::size_t(f)].nodes(), b = both.surface.faces[std::size_t(g)].nodes();
          if (std::find_first_of(a.begin(), a.end(), b.begin(), b.end()) != a.end()) return true;
        }
      return false;
    };
    const PatchGeometry geometry = patch_geometry(both.surface, patches, both.coordinates);
    BuildConfig config;
    config.tolerance = 0.001;
    const auto tree = build<BV>(geometry, config);
    const auto volumes = test::patch_volumes<BV>(geometry, config.tolerance);
    const auto grown = test::grown_by_packing(volumes);
    const auto expected = test::brute_force_pairs(volumes, volumes, true);
    const auto stored = test::stored_volumes(tree);
    const PairSearch found = find_self_pairs(tree);
    const std::string mismatch = test::brute_force_mismatch(found.pairs, test::brute_force_pairs(stored, stored, true),
                                                            expected, test::brute_force_pairs(grown, grown, true));
    BOOST_TEST(mismatch.empty(), name(type) << " " << mismatch);
    // Neighbours (patches sharing a node) are reported: filtering them is the caller's.
    BOOST_TEST(std::any_of(found.pairs.begin(), found.pairs.end(),
                           [&](const PatchPair& pair) { return share_node(pair.a, pair.b); }));
    if constexpr (std::is_same_v<BV, Aabb>) {
      const PairSearch dual = find_self_pairs_dual(tree, geometry);
      const std::string dual_mismatch = test::dual_mismatch(dual.pairs, test::brute_force_pairs(stored, stored, true),
                                                            geometry, geometry, 2 * config.tolerance);
      BOOST_TEST(dual_mismatch.empty(), name(type) << " " << dual_mismatch);
      BOOST_TEST(!dual.pairs.empty());
    }
    // The serial callback traversal reports the same pairs.
    std::vector<PatchPair> all;
    traverse_self(tree, [&](Index p, Index q) { all.push_back({p, q}); });
    std::sort(all.begin(), all.end());
    BOOST_TEST((all == found.pairs), name(type));
  }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(one_and_many_threads_give_identical_results, BV, Volumes) {
  const Scene s = crossing_scene(60, ElementType::quad8);
  BuildConfig config;
  config.tolerance = 0.003;
  config.task_grain = 64;
  for (const Builder builder : {Builder::morton, Builder::binned_sah}) {  // both builders: tasks in both
    config.builder = builder;
    const int threads = omp_get_max_threads();
    omp_set_num_threads(1);
    const auto a1 = build<BV>(s.geometry[0], config);
    const auto b1 = build<BV>(s.geometry[1], config);
    const PairSearch serial = find_pairs(a1, b1);
    omp_set_num_threads(std::max(threads, 4));
    const auto a4 = build<BV>(s.geometry[0], config);
    const auto b4 = build<BV>(s.geometry[1], config);
    const PairSearch parallel = find_pairs(a4, b4);
    omp_set_num_threads(threads);
    BOOST_TEST(a1.prim_ids == a4.prim_ids);
    BOOST_TEST(a1.nodes.size() == a4.nodes.size());
    BOOST_TEST(serial.pairs == parallel.pairs);
    BOOST_TEST((serial.counters == parallel.counters));
    BOOST_TEST(!serial.pairs.empty());
    BOOST_TEST(serial.counters.node_pairs > 8192u);  // beyond the serial start: the parallel part ran
    if constexpr (std::is_same_v<BV, Aabb>) {  // the dual mode's slabs are fitted by whichever task first needs one
      omp_set_num_threads(1);
      const PairSearch dual_serial = find_pairs_dual(a1, s.geometry[0], b1, s.geometry[1]);
      omp_set_num_threads(std::max(threads, 4));
      const PairSearch dual_parallel = find_pairs_dual(a4, s.geometry[0], b4, s.geometry[1]);
      omp_set_num_threads(threads);
      BOOST_TEST(dual_serial.pairs == dual_parallel.pairs);
      BOOST_TEST((dual_serial.counters == dual_parallel.counters));
      BOOST_TEST(!dual_serial.pairs.empty());
    }
  }
}

// Two parallel sheets 0.01 apart searched with a tolerance of a cell and a half: each patch
// overlaps dozens of the other sheet's, so the pair sort counts by first id in as many runs of
// the parallel phase's parts as there are threads. Same pairs as brute force, on 1 and 4 threads.
BOOST_AUTO_TEST_CASE(many_pairs_per_patch_equal_brute_force_on_one_and_many_threads) {
  const int n = 30;
  std::array<test::TestSurface, 2> sheets;
  for (int k = 0; k < 2; ++k) {
    sheets[k] = test::grid_surface(n, n, ElementType::tri3, [k](double u, double v) { return Eigen::Vector3d(u, v, 0.01 * k); });
    test::jitter(sheets[k].coordinates, 0.1 / n, unsigned(k + 1));
  }
  std::array<PatchGeometry, 2> geometry;
  for (int k = 0; k < 2; ++k)
    geometry[k] = patch_geometry(sheets[k].surface, face_patches(sheets[k].surface), sheets[k].coordinates);
  BuildConfig config;
  config.tolerance = 1.5 / n;
  const auto a = build<Aabb>(geometry[0], config);
  const auto b = build<Aabb>(geometry[1], config);
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  const PairSearch serial = find_pairs(a, b);
  omp_set_num_threads(std::max(threads, 4));
  const PairSearch parallel = find_pairs(a, b);
  omp_set_num_threads(threads);
  const auto va = test::patch_volumes<Aabb>(geometry[0], config.tolerance);
  const auto vb = test::patch_volumes<Aabb>(geometry[1], config.tolerance);
  const std::string mismatch = test::brute_force_mismatch(
      parallel.pairs, test::brute_force_pairs(test::stored_volumes(a), test::stored_volumes(b), false),
      test::brute_force_pairs(va, vb, false),
      test::brute_force_pairs(test::grown_by_packing(va), test::grown_by_packing(vb), false));
  BOOST_TEST(mismatch.empty(), mismatch);
  BOOST_TEST(serial.pairs == parallel.pairs);
  BOOST_TEST((serial.counters == parallel.counters));
  BOOST_TEST(parallel.pairs.size() >= 4 * a.size());  // four pairs per first id: four runs
  BOOST_TEST(parallel.counters.node_pairs > 8192u);   // beyond the serial start: many parts
  BOOST_TEST_MESSAGE(parallel.pairs.size() << " pairs of " << a.size() << " x " << b.size() << " patches, "
                                           << parallel.counters.node_pairs << " node pairs");
}

BOOST_AUTO_TEST_CASE(callback_traversal_matches_find_pairs) {
  const Scene s = crossing_scene(15, ElementType::tri6);
  const auto a = build<Obb>(s.geometry[0]);
  const auto b = build<Obb>(s.geometry[1]);
  std::vector<PatchPair> seen;
  const TraversalCounters counters = traverse(a, b, [&](Index p, Index q) { seen.push_back({p, q}); });
  std::sort(seen.begin(), seen.end());
  const PairSearch found = find_pairs(a, b);
  BOOST_TEST(seen == found.pairs);
  BOOST_TEST((counters == found.counters));
}

BOOST_AUTO_TEST_SUITE_END()
