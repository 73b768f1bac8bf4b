// SPDX-License-Identifier: BSD-3-Clause
// Morton codes against a bit-by-bit interleaving; the Morton builder's patch order against a
// stable comparison sort of the codes.

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include <boost/test/unit_test.hpp>
#include <omp.h>

#include "bvh_test_meshes.hpp"
#include "fecontact/bvh/build.hpp"
#include "fecontact/bvh/detail/morton.hpp"

namespace {
std::uint64_t interleave_slowly(std::uint64_t x, std::uint64_t y, std::uint64_t z) {
  std::uint64_t code = 0;
  for (int bit = 0; bit < 21; ++bit) {
    code |= ((x >> bit) & 1) << (3 * bit);
    code |= ((y >> bit) & 1) << (3 * bit + 1);
    code |= ((z >> bit) & 1) << (3 * bit + 2);
  }
  return code;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(morton)

BOOST_AUTO_TEST_CASE(spreading_matches_bitwise_interleaving) {
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 10000; ++trial) {
    const std::uint64_t x = rng() & 0x1fffff, y = rng() & 0x1fffff, z = rng() & 0x1fffff;
    const std::uint64_t fast = fecontact::detail::spread_bits_by_3(x) | fecontact::detail::spread_bits_by_3(y) << 1 |
                               fecontact::detail::spread_bits_by_3(z) << 2;
    BOOST_TEST(fast == interleave_slowly(x, y, z));
  }
}

BOOST_AUTO_TEST_CASE(codes_span_the_bounds_and_clamp_outside) {
  const fecontact::Aabb bounds{Eigen::Vector3d(-1, -1, -1), Eigen::Vector3d(1, 3, 1)};
  const fecontact::detail::MortonGrid grid(bounds);
  BOOST_TEST(grid.code(bounds.min) == 0u);
  BOOST_TEST(grid.code(bounds.max) == (std::uint64_t(1) << 63) - 1);
  BOOST_TEST(grid.code(Eigen::Vector3d(-5, -5, -5)) == 0u);
  BOOST_TEST(grid.code(Eigen::Vector3d(NAN, -1, -1)) == 0u);
  // The centre of the bounds: the first cell of the upper half on each axis, 2^20 = bit 60 of x.
  BOOST_TEST(grid.code(Eigen::Vector3d(0, 1, 0)) == std::uint64_t(7) << 60);
  // Flat bounds (zero extent on an axis) put every point in cell 0 of that axis.
  const fecontact::detail::MortonGrid flat(fecontact::Aabb{Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1, 1, 0)});
  BOOST_TEST((flat.code(Eigen::Vector3d(0, 0, 0)) & 4u) == 0u);
  BOOST_TEST((flat.code(Eigen::Vector3d(0.5, 0.5, 7)) & 4u) == 0u);
}

namespace {
using namespace fecontact;

// The Morton builder lists the patches (prim_ids) in the order of the codes of their box centres
// within the bounds of all the patches' points, equal codes by patch id: std::stable_sort of the
// ids gives it independently of the builder's radix sort. Checked with 1 and 4 threads.
void check_builder_order(const PatchGeometry& geometry, const BuildConfig& config) {
  std::vector<Eigen::Vector3d> centres;
  for (Index p = 0; p < geometry.size(); ++p) centres.push_back(center(fit_aabb(geometry.points_of(p))));
  Aabb bounds;
  for (const Eigen::Vector3d& point : geometry.points) bounds = expand(bounds, point);
  const detail::MortonGrid grid(bounds);
  std::vector<std::uint64_t> codes;
  for (const Eigen::Vector3d& c : centres) codes.push_back(grid.code(c));
  std::vector<Index> expected(centres.size());
  std::iota(expected.begin(), expected.end(), Index{0});
  std::stable_sort(expected.begin(), expected.end(),
                   [&](Index a, Index b) { return codes[std::size_t(a)] < codes[std::size_t(b)]; });
  const int threads = omp_get_max_threads();
  for (const int t : {1, 4}) {
    omp_set_num_threads(t);
    BOOST_TEST(build<Aabb>(geometry, config).prim_ids == expected, t << " threads");
  }
  omp_set_num_threads(threads);
}

}  // namespace

// Every face is there twice, so that half the codes are equal. 196 patches are sorted by
// comparisons; 40k make several chunks and buckets of the radix sort.
BOOST_AUTO_TEST_CASE(morton_builder_orders_patches_by_code_ties_by_id) {
  for (const int cells : {7, 100}) {
    BOOST_TEST_CONTEXT(cells << " x " << cells << " cells") {
      test::TestSurface twice = test::crossing_sheets(cells, ElementType::tri3, 3)[0];
      const std::vector<SurfaceFace> faces = twice.surface.faces;
      twice.surface.faces.insert(twice.surface.faces.end(), faces.begin(), faces.end());
      const PatchGeometry geometry = patch_geometry(twice.surface, face_patches(twice.surface), twice.coordinates);
      BuildConfig config;
      config.tolerance = 1e-3;
      check_builder_order(geometry, config);
      BOOST_TEST(geometry.size() == 4 * cells * cells);
    }
  }
}

// A graded mesh: 20k faces squeezed into 10⁻⁴ of the bounds (about 200 of the 2^21 cells per
// axis) by one far face, so that their codes agree in all the bits of the radix passes and are
// told apart by the bits below.
BOOST_AUTO_TEST_CASE(morton_builder_orders_patches_of_a_tiny_cluster) {
  test::TestSurface cluster = test::crossing_sheets(100, ElementType::tri3, 3)[0];
  for (Eigen::Vector3d& x : cluster.coordinates) x *= 1e-4;
  test::add_triangle(cluster, {1, 1, 1}, {1.1, 1, 1}, {1, 1.1, 1});
  const PatchGeometry geometry = patch_geometry(cluster.surface, face_patches(cluster.surface), cluster.coordinates);
  BuildConfig config;
  config.tolerance = 1e-7;
  check_builder_order(geometry, config);
}

BOOST_AUTO_TEST_SUITE_END()
