// SPDX-License-Identifier: BSD-3-Clause
// The dual search on the scenes it is for: coaxial shells 0.2% apart, whose tilted facets have
// AABBs (and, on coarse shells, PCA boxes) reaching across the gap; after the nodes move
// (refit); and its counters. Its pairs against brute force on every size are in find_pairs_test.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <random>

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
    const PairSearch dual = find_pairs_dual(a, inner, b, outer);
    BOOST_TEST(boxes.pairs.size() > 1000u);
    BOOST_TEST(dual.pairs.empty());
    BOOST_TEST(dual.counters.bv_tests == boxes.counters.bv_tests + boxes.pairs.size());  // one slab test each
    // The OBB tree agrees: no pair either.
    BOOST_TEST(find_pairs(build<Obb>(inner, config), build<Obb>(outer, config)).pairs.empty());
    // A tolerance wider than the gap finds the facets facing each other again: every inner
    // facet is in some pair.
    config.tolerance = 2e-3;
    const auto wide_a = build<Aabb>(inner, config), wide_b = build<Aabb>(outer, config);
    std::vector<Index> paired;
    for (const PatchPair& pair : find_pairs_dual(wide_a, inner, wide_b, outer).pairs)
      paired.push_back(pair.a);
    const auto distinct = std::unique(paired.begin(), paired.end()) - paired.begin();  // pairs are sorted
    BOOST_TEST(distinct == inner.size());
  }
}

// Shells coarse enough that a facet's PCA box, projected on a facing facet's normal, reaches
// across the gap (its width times the tilt between the facets, about 0.1 rad here), yet no
// facet comes within twice the tolerance of the other shell: the outer facets, chords of radius
// 1.002 over 2π/63, keep at least 1.002·cos(π/63) − 1 = 7.5·10⁻⁴ from the inner shell (≤ r = 1).
// The OBBs leave pairs; the slabs, which project the facet itself, leave none.
BOOST_AUTO_TEST_CASE(coarse_shells_the_slabs_cull_where_the_obbs_do_not) {
  const auto inner = geometry_of(shell(1, 60, 6)), outer = geometry_of(shell(1.002, 63, 7));
  BuildConfig config;
  config.tolerance = 1e-4;
  const auto a = build<Aabb>(inner, config), b = build<Aabb>(outer, config);
  const auto obb_pairs = test::brute_force_pairs(test::patch_volumes<Obb>(inner, config.tolerance),
                                                 test::patch_volumes<Obb>(outer, config.tolerance), false);
  BOOST_TEST(obb_pairs.size() > 10u);
  const PairSearch dual = find_pairs_dual(a, inner, b, outer);
  BOOST_TEST(dual.pairs.empty());
  BOOST_TEST(dual.counters.bv_tests == find_pairs(a, b).counters.bv_tests + find_pairs(a, b).pairs.size());
}

BOOST_AUTO_TEST_CASE(after_a_refit_the_volumes_follow_the_moved_geometry) {
  // The inner shell moves by 1.5 gaps sideways and its tree is refitted: it now cuts the outer
  // shell near x = 1. The dual search fits the slabs of the moved patches.
  const auto outer = geometry_of(shell(1.002, 120, 8));
  test::TestSurface inner = shell(1, 120, 8);
  auto inner_tree = build<Aabb>(geometry_of(inner), {});
  for (auto& x : inner.coordinates) x.x() += 0.003;
  const auto moved = geometry_of(inner);
  refit(inner_tree, moved);
  const auto outer_tree = build<Aabb>(outer, {});
  const PairSearch dual = find_pairs_dual(inner_tree, moved, outer_tree, outer);
  const auto candidates =
      test::brute_force_pairs(test::stored_volumes(inner_tree), test::stored_volumes(outer_tree), false);
  const std::string mismatch = test::dual_mismatch(dual.pairs, candidates, moved, outer, 0.0);
  BOOST_TEST(mismatch.empty(), mismatch);
  BOOST_TEST(dual.pairs.size() > 10u);  // the shells cross: facets that cut each other are pairs
}

// Two coplanar sheets meeting along an edge, tilted against the axes and 10⁶ from the origin,
// searched with tolerance 0: the facets along the edge share corners and must be paired (the
// shared corners project alike on either slab).
BOOST_AUTO_TEST_CASE(touching_coplanar_facets_far_from_the_origin_are_kept) {
  const Eigen::Vector3d origin(1e6, -2e6, 3e6);
  const Eigen::Vector3d e1 = Eigen::Vector3d(1, 2, 2) / 3, e2 = Eigen::Vector3d(2, -2, 1) / 3;
  const auto sheet = [&](double u0) {
    return test::grid_surface(10, 10, ElementType::tri3,
                              [&, u0](double u, double v) { return origin + (u0 + u) * e1 + v * e2; });
  };
  const test::TestSurface left = sheet(0), right = sheet(1);
  const auto a = geometry_of(left), b = geometry_of(right);
  const PairSearch dual = find_pairs_dual(build<Aabb>(a, {}), a, build<Aabb>(b, {}), b);
  // Every left facet with a corner on the shared edge, (x − origin)·e1 = 1, is in some pair.
  std::vector<Index> left_on_edge;
  for (Index p = 0; p < a.size(); ++p)
    for (const Eigen::Vector3d& x : a.points_of(p))
      if (std::abs((x - origin).dot(e1) - 1) < 1e-6) {
        left_on_edge.push_back(p);
        break;
      }
  std::vector<Index> paired;
  for (const PatchPair& pair : dual.pairs) paired.push_back(pair.a);
  paired.erase(std::unique(paired.begin(), paired.end()), paired.end());
  BOOST_TEST(std::includes(paired.begin(), paired.end(), left_on_edge.begin(), left_on_edge.end()));
  BOOST_TEST(left_on_edge.size() >= 10u);
}

// Facets that touch without sharing a point: q's corner lies on an edge of p, three quarters of
// the way, both in the plane x + y + z = 3·10⁶ with coordinates on a 2⁻¹² grid, so every point
// is exact and exactly coplanar; the projections on the rounded normal are not exactly 0, and
// rounding slack keeps these pairs at tolerance 0 (without it, 3 of the 200 were culled).
BOOST_AUTO_TEST_CASE(facets_touching_inside_an_edge_are_kept) {
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> step(0, 1023);
  const auto on_plane = [&](double x0, double y0) {
    const double x = x0 + step(rng) / 1024.0, y = y0 + step(rng) / 1024.0;
    return Eigen::Vector3d(x, y, 3e6 - x - y);
  };
  test::TestSurface a, b;
  constexpr int pairs = 200;
  for (int k = 0; k < pairs; ++k) {
    const double x0 = 1e6 + 10.0 * k, y0 = 1e6 - 10.0 * k;  // pairs 10 apart along the plane
    const Eigen::Vector3d p0 = on_plane(x0, y0), p1 = on_plane(x0, y0), p2 = on_plane(x0, y0);
    test::add_triangle(a, p0, p1, p2);
    const Eigen::Vector3d q1 = on_plane(x0 + 1, y0), q2 = on_plane(x0, y0 + 1);  // in this order
    test::add_triangle(b, p0 + 0.75 * (p1 - p0), q1, q2);
  }
  const auto ga = geometry_of(a), gb = geometry_of(b);
  const PairSearch dual = find_pairs_dual(build<Aabb>(ga, {}), ga, build<Aabb>(gb, {}), gb);
  std::vector<PatchPair> facing;
  for (const PatchPair& pair : dual.pairs)
    if (pair.a == pair.b) facing.push_back(pair);
  BOOST_TEST(facing.size() == std::size_t(pairs));
}

BOOST_AUTO_TEST_SUITE_END()
