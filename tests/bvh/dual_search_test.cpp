// The dual search on the scenes it is for: coaxial shells 0.2% apart, whose tilted facets have
// AABBs reaching across the gap; after the nodes move (refit); and its counters. Its pairs
// against brute force on every size are in find_pairs_test.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>

#include "bvh_brute_force.hpp"
#include "bvh_test_meshes.hpp"
#include "fecontact/bvh/build.hpp"
#include "fecontact/bvh/dual_search.hpp"
#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/bvh/refit.hpp"

using namespace fecontact;

namespace {

// A cylindrical shell of radius r, axis z, length 2: nu × nv cells of two tri3 faces, tilted
// against the coordinate axes as the benchmark's coaxial cylinders.
test::TestSurface shell(double r, int nu, int nv) {
  return test::grid_surface(nu, nv, ElementType::tri3, [r](double u, double v) {
    return Eigen::Vector3d(r * std::cos(2 * M_PI * u), r * std::sin(2 * M_PI * u), 2 * v);
  });
}

PatchGeometry geometry_of(const test::TestSurface& mesh) {
  return patch_geometry(mesh.surface, face_patches(mesh.surface), mesh.coordinates);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(bvh_dual_search)

BOOST_AUTO_TEST_CASE(coaxial_shells_leave_aabb_pairs_and_no_dual_pair) {
  // Fine enough that a facet's PCA box (as thick as its sagitta) stays clear of the other shell.
  const auto inner = geometry_of(shell(1, 200, 16)), outer = geometry_of(shell(1.002, 200, 16));
  for (const Builder builder : {Builder::morton, Builder::binned_sah}) {
    BuildConfig config;
    config.builder = builder;
    config.tolerance = 1e-4;
    const auto a = build<Aabb>(inner, config), b = build<Aabb>(outer, config);
    const PairSearch boxes = find_pairs(a, b);
    const PairSearch dual = find_pairs_dual(a, inner, b, outer, config.tolerance);
    BOOST_TEST(boxes.pairs.size() > 1000u);
    BOOST_TEST(dual.pairs.empty());
    BOOST_TEST(dual.counters.bv_tests == boxes.counters.bv_tests + boxes.pairs.size());  // one SAT each
    // The OBB tree agrees: no pair either.
    BOOST_TEST(find_pairs(build<Obb>(inner, config), build<Obb>(outer, config)).pairs.empty());
    // A tolerance wider than the gap finds the facets facing each other again: every inner
    // facet is in some pair.
    config.tolerance = 2e-3;
    const auto wide_a = build<Aabb>(inner, config), wide_b = build<Aabb>(outer, config);
    std::vector<Index> paired;
    for (const PatchPair& pair : find_pairs_dual(wide_a, inner, wide_b, outer, config.tolerance).pairs)
      paired.push_back(pair.a);
    const auto distinct = std::unique(paired.begin(), paired.end()) - paired.begin();  // pairs are sorted
    BOOST_TEST(distinct == inner.size());
  }
}

BOOST_AUTO_TEST_CASE(after_a_refit_the_obbs_follow_the_moved_geometry) {
  // The inner shell moves by 1.5 gaps sideways and its tree is refitted: it now cuts the outer
  // shell near x = 1. The dual search fits the OBBs of the moved patches.
  const auto outer = geometry_of(shell(1.002, 120, 8));
  test::TestSurface inner = shell(1, 120, 8);
  auto inner_tree = build<Aabb>(geometry_of(inner), {});
  for (auto& x : inner.coordinates) x.x() += 0.003;
  const auto moved = geometry_of(inner);
  refit(inner_tree, moved, 0.0);
  const PairSearch dual = find_pairs_dual(inner_tree, moved, build<Aabb>(outer, {}), outer, 0.0);
  const auto obbs = test::brute_force_pairs(test::patch_volumes<Obb>(moved, 0), test::patch_volumes<Obb>(outer, 0), false);
  const auto exact = test::brute_force_pairs(test::patch_volumes<Aabb>(moved, 0), test::patch_volumes<Aabb>(outer, 0),
                                             false, [&](Index p, Index q) {
                                               return std::binary_search(obbs.begin(), obbs.end(), PatchPair{p, q});
                                             });
  // Every pair whose exact boxes and OBBs overlap; none whose OBBs are apart (packed boxes are
  // a little larger than exact ones, so a few more box pairs may reach the OBB test).
  BOOST_TEST(!exact.empty());
  BOOST_TEST(std::includes(dual.pairs.begin(), dual.pairs.end(), exact.begin(), exact.end()));
  BOOST_TEST(std::includes(obbs.begin(), obbs.end(), dual.pairs.begin(), dual.pairs.end()));
}

BOOST_AUTO_TEST_SUITE_END()
