// SPDX-License-Identifier: BSD-3-Clause
// Degenerate trees: empty, a single patch, all patches identical, all coplanar, far from the
// origin.
#include <boost/test/unit_test.hpp>

#include "bvh_brute_force.hpp"
#include "bvh_test_meshes.hpp"
#include "fecontact/bvh/build.hpp"
#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/bvh/quality.hpp"
#include "fecontact/bvh/refit.hpp"
#include "fecontact/bvh/traverse.hpp"

using namespace fecontact;

namespace {

using Volumes = std::tuple<Aabb, Obb>;

template <class BV>
Bvh<BV> tree_of(const test::TestSurface& mesh, const BuildConfig& config = {}) {
  return build<BV>(patch_geometry(mesh.surface, face_patches(mesh.surface), mesh.coordinates), config);
}

const auto plane = [](double u, double v) { return Eigen::Vector3d(u, v, 0); };

}  // namespace

BOOST_AUTO_TEST_SUITE(bvh_degenerate)

BOOST_AUTO_TEST_CASE_TEMPLATE(empty_tree, BV, Volumes) {
  const test::TestSurface none;
  const auto empty = tree_of<BV>(none);
  BOOST_TEST(empty.empty());
  BOOST_TEST(empty.size() == 0);
  const auto one = tree_of<BV>(test::grid_surface(1, 1, ElementType::quad4, plane));
  const PairSearch found = find_pairs(empty, one);
  BOOST_TEST(found.pairs.empty());
  BOOST_TEST((found.counters == TraversalCounters{}));
  BOOST_TEST(find_pairs(one, empty).pairs.empty());
  BOOST_TEST(find_self_pairs(empty).pairs.empty());
  BOOST_TEST(sah_cost(empty) == 0.0);
  auto refitted = empty;
  refit(refitted, PatchGeometry{});
  BOOST_TEST(refitted.empty());
}

BOOST_AUTO_TEST_CASE_TEMPLATE(single_patch, BV, Volumes) {
  const auto mesh = test::grid_surface(1, 1, ElementType::quad9, plane);
  for (const Builder builder : {Builder::binned_sah, Builder::morton}) {
    BuildConfig config;
    config.builder = builder;
    const auto tree = tree_of<BV>(mesh, config);
    BOOST_TEST(tree.nodes.size() == 1u);
    BOOST_TEST(tree.nodes[0].is_leaf());
    const PairSearch found = find_pairs(tree, tree);
    const std::vector<PatchPair> itself{{0, 0}};
    BOOST_TEST(found.pairs == itself);
    BOOST_TEST(find_self_pairs(tree).pairs.empty());
  }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(all_patches_identical, BV, Volumes) {
  // 50 copies of one triangle: no split separates them; leaves still respect the size limit
  // and every pair is found once.
  test::TestSurface mesh = test::grid_surface(1, 1, ElementType::tri3, plane);
  mesh.surface.faces.resize(1);
  for (int k = 0; k < 49; ++k) mesh.surface.faces.push_back(mesh.surface.faces[0]);
  for (const Builder builder : {Builder::binned_sah, Builder::morton}) {
    BuildConfig config;
    config.builder = builder;
    const auto tree = tree_of<BV>(mesh, config);
    for (const auto& node : tree.nodes) BOOST_TEST(node.prim_count <= config.max_leaf_size);
    std::size_t count = 0;
    traverse_self(tree, [&](Index p, Index q) { count += p < q; });
    BOOST_TEST(count == 50u * 49u / 2u);
    BOOST_TEST(find_pairs(tree, tree).pairs.size() == 50u * 50u);
  }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(all_patches_coplanar, BV, Volumes) {
  // Two flat grids in the same plane, shifted by a third of a cell: flat volumes of zero
  // thickness must still overlap where the faces do.
  const auto a = test::grid_surface(12, 12, ElementType::tri3, plane);
  const auto b = test::grid_surface(12, 12, ElementType::quad4, [](double u, double v) { return Eigen::Vector3d(u + 0.028, v + 0.028, 0); });
  const auto ta = tree_of<BV>(a);
  const auto tb = tree_of<BV>(b);
  const auto va = test::patch_volumes<BV>(patch_geometry(a.surface, face_patches(a.surface), a.coordinates), 0);
  const auto vb = test::patch_volumes<BV>(patch_geometry(b.surface, face_patches(b.surface), b.coordinates), 0);
  const auto expected = test::brute_force_pairs(va, vb, false);
  const std::string mismatch = test::brute_force_mismatch(
      find_pairs(ta, tb).pairs, test::brute_force_pairs(test::stored_volumes(ta), test::stored_volumes(tb), false), expected,
      test::brute_force_pairs(test::grown_by_packing(va), test::grown_by_packing(vb), false));
  BOOST_TEST(mismatch.empty(), mismatch);
  BOOST_TEST(expected.size() >= a.surface.faces.size());  // every face overlaps some face
}

BOOST_AUTO_TEST_CASE_TEMPLATE(far_from_the_origin, BV, Volumes) {
  // The crossing sheets at 10⁶ from the origin (cells of 1/30): the same pairs as at the origin.
  auto sheets = test::crossing_sheets(30, ElementType::tri6, 4);
  BuildConfig config;
  config.tolerance = 0.002;
  const auto pairs = [&](const std::array<test::TestSurface, 2>& s) {
    return find_pairs(tree_of<BV>(s[0], config), tree_of<BV>(s[1], config)).pairs;
  };
  const auto at_origin = pairs(sheets);
  const Eigen::Vector3d offset(1e6, -1e6, 1e6);
  for (auto& sheet : sheets)
    for (auto& x : sheet.coordinates) x += offset;
  const auto far = pairs(sheets);
  std::vector<PatchPair> in_both;
  std::set_intersection(at_origin.begin(), at_origin.end(), far.begin(), far.end(), std::back_inserter(in_both));
  // Rounding of 10⁶ + x moves nodes by ~1e-10: only pairs at the edge of touching may differ.
  BOOST_TEST(in_both.size() >= at_origin.size() - at_origin.size() / 1000);
  BOOST_TEST(far.size() <= at_origin.size() + at_origin.size() / 1000 + 1);
  const auto geometry = patch_geometry(sheets[0].surface, face_patches(sheets[0].surface), sheets[0].coordinates);
  const auto tree = build<BV>(geometry, config);
  const auto stored = test::stored_volumes(tree);
  for (std::size_t p = 0; p < stored.size(); ++p)
    for (const auto& x : test::sample_face(sheets[0].surface.faces[p], sheets[0].coordinates, 6))
      BOOST_TEST_REQUIRE(BoundingVolumeOps<BV>::contains(stored[p], x, 1e-9));
  const auto other = patch_geometry(sheets[1].surface, face_patches(sheets[1].surface), sheets[1].coordinates);
  const auto va = test::patch_volumes<BV>(geometry, config.tolerance);
  const auto vb = test::patch_volumes<BV>(other, config.tolerance);
  const std::string mismatch = test::brute_force_mismatch(
      far, test::brute_force_pairs(stored, test::stored_volumes(build<BV>(other, config)), false),
      test::brute_force_pairs(va, vb, false),
      test::brute_force_pairs(test::grown_by_packing(va), test::grown_by_packing(vb), false));
  BOOST_TEST(mismatch.empty(), mismatch);
}

BOOST_AUTO_TEST_SUITE_END()
