// Morton codes against a bit-by-bit interleaving.

#include <cmath>
#include <random>

#include <boost/test/unit_test.hpp>

#include "fecontact/bvh/morton.hpp"

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
    const std::uint64_t fast = fecontact::spread_bits_by_3(x) | fecontact::spread_bits_by_3(y) << 1 |
                               fecontact::spread_bits_by_3(z) << 2;
    BOOST_TEST(fast == interleave_slowly(x, y, z));
  }
}

BOOST_AUTO_TEST_CASE(codes_span_the_bounds_and_clamp_outside) {
  const fecontact::Aabb bounds{Eigen::Vector3d(-1, -1, -1), Eigen::Vector3d(1, 3, 1)};
  BOOST_TEST(fecontact::morton_code(bounds.min, bounds) == 0u);
  BOOST_TEST(fecontact::morton_code(bounds.max, bounds) == (std::uint64_t(1) << 63) - 1);
  BOOST_TEST(fecontact::morton_code(Eigen::Vector3d(-5, -5, -5), bounds) == 0u);
  BOOST_TEST(fecontact::morton_code(Eigen::Vector3d(NAN, -1, -1), bounds) == 0u);
  // Flat bounds (zero extent on an axis) put every point in cell 0 of that axis.
  const fecontact::Aabb flat{Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1, 1, 0)};
  BOOST_TEST((fecontact::morton_code(Eigen::Vector3d(0, 0, 0), flat) & 4u) == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
