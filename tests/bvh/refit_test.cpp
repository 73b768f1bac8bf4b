// SPDX-License-Identifier: BSD-3-Clause
// Refit after motion, swept (step) volumes, search tolerance and tree quality.
#include <boost/test/unit_test.hpp>

#include <Eigen/Geometry>

#include "bvh_brute_force.hpp"
#include "bvh_test_meshes.hpp"
#include "fecontact/bvh/build.hpp"
#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/bvh/quality.hpp"
#include "fecontact/bvh/refit.hpp"

using namespace fecontact;

namespace {

using Volumes = std::tuple<Aabb, Obb>;

// Smooth motion of the sheets: a rotation about z, a bend and a random jitter.
std::vector<Eigen::Vector3d> moved(const std::vector<Eigen::Vector3d>& x, double angle, unsigned seed) {
  std::vector<Eigen::Vector3d> y;
  const Eigen::Matrix3d r = Eigen::AngleAxisd(angle, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  for (const auto& p : x) y.push_back(r * p + Eigen::Vector3d(0, 0, 0.05 * p.x() * p.x()));
  test::jitter(y, 0.01, seed);
  return y;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(bvh_refit)

BOOST_AUTO_TEST_CASE_TEMPLATE(refitted_tree_contains_the_moved_patches_and_finds_all_pairs, BV, Volumes) {
  using Ops = BoundingVolumeOps<BV>;
  auto sheets = test::crossing_sheets(25, ElementType::quad8, 11);
  std::array<Patches, 2> patches{face_patches(sheets[0].surface), face_patches(sheets[1].surface)};
  BuildConfig config;
  config.tolerance = 0.003;
  std::array<Bvh<BV>, 2> trees;
  for (int k = 0; k < 2; ++k)
    trees[k] = build<BV>(patch_geometry(sheets[k].surface, patches[k], sheets[k].coordinates), config);
  for (unsigned step = 1; step <= 3; ++step) {
    std::array<PatchGeometry, 2> geometry;
    for (int k = 0; k < 2; ++k) {
      sheets[k].coordinates = moved(sheets[k].coordinates, 0.1 * (k + 1), step * 10 + unsigned(k));
      geometry[k] = patch_geometry(sheets[k].surface, patches[k], sheets[k].coordinates);
      refit(trees[k], geometry[k]);
      // Every face sample lies in its patch volume.
      const auto stored = test::stored_volumes(trees[k]);
      for (std::size_t p = 0; p < stored.size(); ++p)
        for (const auto& x : test::sample_face(sheets[k].surface.faces[p], sheets[k].coordinates, 6))
          BOOST_TEST_REQUIRE(Ops::contains(stored[p], x, 1e-12));
    }
    // The refitted tree finds exactly the overlaps of its own patch volumes.
    const auto expected =
        test::brute_force_pairs(test::stored_volumes(trees[0]), test::stored_volumes(trees[1]), false);
    const PairSearch found = find_pairs(trees[0], trees[1]);
    BOOST_TEST(found.pairs == expected, "step " << step);
    if constexpr (std::is_same_v<BV, Aabb>) {
      // AABB patch volumes do not depend on the tree's axes (refit keeps the OBBs' axes): the
      // refitted tree finds every pair of the volumes fitted afresh, as a rebuild does.
      const auto fresh = test::brute_force_pairs(test::patch_volumes<BV>(geometry[0], config.tolerance),
                                                 test::patch_volumes<BV>(geometry[1], config.tolerance), false);
      BOOST_TEST(std::includes(found.pairs.begin(), found.pairs.end(), fresh.begin(), fresh.end()), "step " << step);
      const auto a = build<BV>(geometry[0], config);
      const auto b = build<BV>(geometry[1], config);
      const auto rebuilt = find_pairs(a, b).pairs;
      BOOST_TEST(std::includes(rebuilt.begin(), rebuilt.end(), fresh.begin(), fresh.end()), "step " << step);
    }
  }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(quality_tells_when_a_rebuild_pays, BV, Volumes) {
  // A soup of small triangles (each with its own nodes) on a plane; each triangle then jumps to
  // a random place: the refitted tree keeps its old grouping and is far worse than a rebuild.
  const auto grid = test::grid_surface(30, 30, ElementType::tri3, [](double u, double v) { return Eigen::Vector3d(u, v, 0); });
  test::TestSurface soup;
  for (SurfaceFace face : grid.surface.faces) {
    for (int k = 0; k < 3; ++k) {
      soup.coordinates.push_back(grid.coordinates[std::size_t(face.node_storage[std::size_t(k)])]);
      face.node_storage[std::size_t(k)] = Index(soup.coordinates.size()) - 1;
    }
    soup.surface.faces.push_back(face);
  }
  const Patches patches = face_patches(soup.surface);
  auto tree = build<BV>(patch_geometry(soup.surface, patches, soup.coordinates));
  const double built = sah_cost(tree);
  BOOST_TEST(built > 0.0);
  if constexpr (BoundingVolumeOps<BV>::children_enclosure_is_tight) {
    // AABB: a rigid translation leaves the cost unchanged (OBB refit is conservative: looser).
    auto shifted = soup.coordinates;
    for (auto& x : shifted) x += Eigen::Vector3d(3, -2, 1);
    auto translated = tree;
    refit(translated, patch_geometry(soup.surface, patches, shifted));
    BOOST_TEST(sah_cost(translated) == built, boost::test_tools::tolerance(1e-9));
  }
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> place(0, 1);
  for (std::size_t f = 0; f < soup.surface.faces.size(); ++f) {
    const Eigen::Vector3d jump(place(rng), place(rng), place(rng));
    for (int k = 0; k < 3; ++k) soup.coordinates[3 * f + std::size_t(k)] += jump;
  }
  const auto jumped = patch_geometry(soup.surface, patches, soup.coordinates);
  refit(tree, jumped);
  const double refitted = sah_cost(tree);
  const double rebuilt = sah_cost(build<BV>(jumped));
  BOOST_TEST(refitted > 3 * rebuilt, "refitted " << refitted << " rebuilt " << rebuilt << " built " << built);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(swept_volumes_cover_the_whole_step, BV, Volumes) {
  using Ops = BoundingVolumeOps<BV>;
  auto mesh = test::crossing_sheets(6, ElementType::tri6, 2)[0];
  const Patches patches = face_patches(mesh.surface);
  const auto start = mesh.coordinates;
  const auto end = moved(start, 0.3, 9);
  const auto tree = build<BV>(patch_geometry(mesh.surface, patches, start, end));
  const auto stored = test::stored_volumes(tree);
  for (std::size_t p = 0; p < stored.size(); ++p)
    for (const double t : {0.0, 0.25, 0.5, 0.75, 1.0}) {
      test::TestSurface at = mesh;
      for (std::size_t n = 0; n < start.size(); ++n) at.coordinates[n] = (1 - t) * start[n] + t * end[n];
      for (const auto& x : test::sample_face(mesh.surface.faces[p], at.coordinates, 8))
        BOOST_TEST_REQUIRE(Ops::contains(stored[p], x, 1e-12));
    }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(tolerance_finds_pairs_within_the_search_distance, BV, Volumes) {
  // Two parallel unit squares (quad4) a gap g apart, tilted: found once 2·tolerance ≥ g.
  const Eigen::Matrix3d r = Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, 2, 3).normalized()).toRotationMatrix();
  const double gap = 0.01;
  const auto square = [&](double z) {
    return test::grid_surface(1, 1, ElementType::quad4, [&, z](double u, double v) { return Eigen::Vector3d(r * Eigen::Vector3d(u, v, z)); });
  };
  const auto a = square(0), b = square(gap);
  for (const double factor : {0.4, 0.6}) {
    BuildConfig config;
    config.tolerance = factor * gap;
    const auto ta = build<BV>(patch_geometry(a.surface, face_patches(a.surface), a.coordinates), config);
    const auto tb = build<BV>(patch_geometry(b.surface, face_patches(b.surface), b.coordinates), config);
    const bool found = !find_pairs(ta, tb).pairs.empty();
    // AABBs of tilted squares overlap anyway; OBBs resolve the gap.
    if constexpr (std::is_same_v<BV, Aabb>) BOOST_TEST(found);
    else BOOST_TEST(found == (factor > 0.5), "tolerance " << config.tolerance);
  }
}

BOOST_AUTO_TEST_SUITE_END()
