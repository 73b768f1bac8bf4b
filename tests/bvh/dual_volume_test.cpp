// Dual trees (AABB nodes, AABB + OBB patches): what they report follows from the other two trees.
// A dual patch volume is the patch's AABB (as the AABB tree fits it, before packing) and its OBB
// (as the OBB tree fits and stores it), so the dual pairs are exactly the pairs whose exact AABBs
// overlap among the OBB tree's pairs: a subset of the AABB tree's pairs and of the OBB tree's.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <iterator>

#include "bvh_brute_force.hpp"
#include "bvh_test_meshes.hpp"
#include "fecontact/bvh/build.hpp"
#include "fecontact/bvh/dual_volume.hpp"
#include "fecontact/bvh/find_pairs.hpp"

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

std::vector<PatchPair> intersection(const std::vector<PatchPair>& a, const std::vector<PatchPair>& b) {
  std::vector<PatchPair> both;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(both));
  return both;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(bvh_dual_volume)

BOOST_AUTO_TEST_CASE(nodes_carry_no_obb_patches_carry_their_pca_box) {
  const auto geometry = geometry_of(shell(1, 24, 6));
  BuildConfig config;
  config.tolerance = 1e-3;
  const auto dual = build<DualVolume>(geometry, config);
  const auto obb = build<Obb>(geometry, config);
  for (const auto& node : dual.nodes) BOOST_TEST(is_empty(node.volume.obb));
  const auto dual_patches = test::stored_volumes(dual);
  const auto obb_patches = test::stored_volumes(obb);
  const auto boxes = test::patch_volumes<Aabb>(geometry, config.tolerance);
  for (std::size_t p = 0; p < dual_patches.size(); ++p) {
    BOOST_TEST((dual_patches[p].obb.axes - obb_patches[p].axes).norm() == 0.0);
    BOOST_TEST((dual_patches[p].obb.half_extents - obb_patches[p].half_extents).norm() == 0.0);
    BOOST_TEST((dual_patches[p].box.min - boxes[p].min).norm() == 0.0);
    BOOST_TEST((dual_patches[p].box.max - boxes[p].max).norm() == 0.0);
  }
}

BOOST_AUTO_TEST_CASE(dual_pairs_are_the_obb_pairs_whose_boxes_overlap) {
  // Coaxial shells 0.2% apart, fine enough that a facet's PCA box stays clear of the other shell
  // (AABBs of the tilted facets overlap across the gap, OBBs do not),
  // and two crossing sheets (real contacts), each searched by all three trees.
  const auto sheets = test::crossing_sheets(16, ElementType::tri3, 4);
  const std::array<std::array<test::TestSurface, 2>, 2> scenes{{{shell(1, 200, 16), shell(1.002, 200, 16)}, sheets}};
  for (const auto& scene : scenes) {
    const auto a = geometry_of(scene[0]), b = geometry_of(scene[1]);
    for (const Builder builder : {Builder::morton, Builder::binned_sah}) {
      BuildConfig config;
      config.builder = builder;
      config.tolerance = 1e-4;
      const auto aabb_pairs = find_pairs(build<Aabb>(a, config), build<Aabb>(b, config)).pairs;
      const auto obb_pairs = find_pairs(build<Obb>(a, config), build<Obb>(b, config)).pairs;
      const auto dual_pairs = find_pairs(build<DualVolume>(a, config), build<DualVolume>(b, config)).pairs;
      const auto exact_boxes = test::brute_force_pairs(test::patch_volumes<Aabb>(a, config.tolerance),
                                                       test::patch_volumes<Aabb>(b, config.tolerance), false);
      BOOST_TEST(dual_pairs == intersection(exact_boxes, obb_pairs));
      BOOST_TEST(std::includes(aabb_pairs.begin(), aabb_pairs.end(), dual_pairs.begin(), dual_pairs.end()));
      BOOST_TEST_MESSAGE("pairs AABB " << aabb_pairs.size() << ", OBB " << obb_pairs.size() << ", dual " << dual_pairs.size());
    }
  }
  // The shells: the AABB tree reports facets across the gap, the dual tree none.
  const auto inner = geometry_of(scenes[0][0]), outer = geometry_of(scenes[0][1]);
  BuildConfig config;
  config.tolerance = 1e-4;
  BOOST_TEST(!find_pairs(build<Aabb>(inner, config), build<Aabb>(outer, config)).pairs.empty());
  BOOST_TEST(find_pairs(build<DualVolume>(inner, config), build<DualVolume>(outer, config)).pairs.empty());
}

BOOST_AUTO_TEST_CASE(an_absent_obb_constrains_nothing) {
  using Ops = BoundingVolumeOps<DualVolume>;
  const DualVolume node{Aabb{Eigen::Vector3d::Zero(), Eigen::Vector3d::Ones()}, Obb{}};
  DualVolume patch = node;
  patch.obb.center = Eigen::Vector3d::Constant(0.5);
  patch.obb.half_extents = Eigen::Vector3d(0.5, 0.5, 0.01);  // a thin slab through the box
  const Eigen::Vector3d corner(0.9, 0.9, 0.9);
  BOOST_TEST(Ops::contains(node, corner, 0));
  BOOST_TEST(!Ops::contains(patch, corner, 0));
  BOOST_TEST(Ops::volume(node) == 1.0);
  BOOST_TEST(Ops::volume(patch) == 8 * 0.5 * 0.5 * 0.01, boost::test_tools::tolerance(1e-15));
  BOOST_TEST(Ops::surface_area(node) == 6.0);
  BOOST_TEST(is_empty(Ops::inflate(node, 0.1).obb));  // stays absent
  DualVolume above = patch;  // the same slab moved up: the boxes overlap, the slabs do not
  above.obb.center.z() = 0.9;
  BOOST_TEST(!Ops::overlap(patch, above));
  BOOST_TEST(Ops::overlap(node, above));  // a node (no OBB) against a patch: the boxes decide
  const std::array<DualVolume, 2> both{patch, above};
  const DualVolume enclosing = Ops::enclose_like(patch, both);
  BOOST_TEST(is_empty(enclosing.obb));
  BOOST_TEST((enclosing.box.max - node.box.max).norm() == 0.0);
}

BOOST_AUTO_TEST_SUITE_END()
