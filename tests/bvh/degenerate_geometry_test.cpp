// SPDX-License-Identifier: BSD-3-Clause
// Degenerate patch geometry through build and pair search, against brute force for every
// volume type: all nodes on one line (every face of zero area), surfaces with coincident nodes
// (zero-area faces among normal ones) and slivers, and sheets 10⁹ from the origin.
// (Empty, single-patch, identical, coplanar and 10⁶-offset trees: degenerate_test.cpp.)
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <limits>
#include <vector>

#include "bvh_brute_force.hpp"
#include "bvh_test_meshes.hpp"
#include "fecontact/bvh/build.hpp"
#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/bvh/traverse.hpp"

using namespace fecontact;

namespace {

using Volumes = std::tuple<Aabb, Obb>;

PatchGeometry geometry_of(const test::TestSurface& mesh) {
  return patch_geometry(mesh.surface, face_patches(mesh.surface), mesh.coordinates);
}

/// Tree-vs-tree pairs and self-traversal pairs agree with brute force (brute_force_mismatch: the
/// stored volumes exactly, every pair of the volumes fitted one by one); every stored patch volume
/// holds samples of its face within `slack`.
template <class BV>
void check_against_brute_force(const test::TestSurface& a, const test::TestSurface& b,
                               double tolerance, double slack) {
  BuildConfig config;
  config.tolerance = tolerance;
  for (const Builder builder : {Builder::binned_sah, Builder::morton}) {
    config.builder = builder;
    const auto ga = geometry_of(a);
    const auto gb = geometry_of(b);
    const Bvh<BV> ta = build<BV>(ga, config);
    const Bvh<BV> tb = build<BV>(gb, config);
    const auto stored_a = test::stored_volumes(ta);
    const auto stored_b = test::stored_volumes(tb);
    const auto exact_a = test::patch_volumes<BV>(ga, tolerance);
    const auto exact_b = test::patch_volumes<BV>(gb, tolerance);
    const auto exact = test::brute_force_pairs(exact_a, exact_b, false);
    BOOST_TEST(!exact.empty());  // every scene here has overlapping patches
    const auto grown_a = test::grown_by_packing(exact_a);
    BOOST_TEST(test::brute_force_mismatch(find_pairs(ta, tb).pairs, test::brute_force_pairs(stored_a, stored_b, false),
                                          exact, test::brute_force_pairs(grown_a, test::grown_by_packing(exact_b), false)) == "");
    std::vector<PatchPair> self;
    traverse_self(ta, [&](Index p, Index q) { self.push_back({p, q}); });
    std::sort(self.begin(), self.end());
    BOOST_TEST(test::brute_force_mismatch(self, test::brute_force_pairs(stored_a, stored_a, true),
                                          test::brute_force_pairs(exact_a, exact_a, true),
                                          test::brute_force_pairs(grown_a, grown_a, true)) == "");
    for (std::size_t p = 0; p < stored_a.size(); ++p)
      for (const auto& x : test::sample_face(a.surface.faces[p], a.coordinates, 4))
        BOOST_TEST_REQUIRE(BoundingVolumeOps<BV>::contains(stored_a[p], x, slack));
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(bvh_degenerate_geometry)

BOOST_AUTO_TEST_CASE_TEMPLATE(all_nodes_on_one_line, BV, Volumes) {
  // Every node on the line x = y = z: zero-area faces, zero-thickness volumes in two directions.
  const auto line = [](double u, double v) { return Eigen::Vector3d(Eigen::Vector3d::Constant(u + 2 * v)); };
  const auto shifted = [](double u, double v) { return Eigen::Vector3d(Eigen::Vector3d::Constant(u + 2 * v + 1.5)); };
  check_against_brute_force<BV>(test::grid_surface(6, 6, ElementType::tri3, line),
                                test::grid_surface(6, 6, ElementType::quad4, shifted), 0, 1e-12);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(coincident_nodes_and_slivers, BV, Volumes) {
  // A flat grid whose every third node is moved onto its neighbour (zero-area faces next to
  // normal ones), against a sheet lifted by 1e-12 at one edge (slivers of the search distance).
  auto collapsed = test::grid_surface(10, 10, ElementType::tri3, [](double u, double v) { return Eigen::Vector3d(u, v, 0); });
  for (std::size_t n = 3; n < collapsed.coordinates.size(); n += 3) collapsed.coordinates[n] = collapsed.coordinates[n - 1];
  const auto lifted = test::grid_surface(7, 7, ElementType::quad4, [](double u, double v) {
    return Eigen::Vector3d(u + 0.01, v + 0.01, 1e-12 * u);
  });
  check_against_brute_force<BV>(collapsed, lifted, 1e-12, 1e-12);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(sheets_1e9_from_the_origin, BV, Volumes) {
  // ulp(10⁹) = 1.2e-7: a hundredth of a cell. The trees still give the brute-force pairs and
  // their volumes hold the faces to a few ulps.
  auto sheets = test::crossing_sheets(12, ElementType::tri6, 5);
  const Eigen::Vector3d offset(1e9, -1e9, 1e9);
  for (auto& sheet : sheets)
    for (auto& x : sheet.coordinates) x += offset;
  check_against_brute_force<BV>(sheets[0], sheets[1], 0.002, 8 * 1e9 * std::numeric_limits<double>::epsilon());
}

BOOST_AUTO_TEST_SUITE_END()
