// SPDX-License-Identifier: BSD-3-Clause
// Axis-aligned boxes: the empty state and the free functions.

#include <random>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "fecontact/geometry/aabb.hpp"
#include "random_geometry.hpp"

using fecontact::Aabb;
using Eigen::Vector3d;

BOOST_AUTO_TEST_SUITE(aabb)

BOOST_AUTO_TEST_CASE(default_box_is_empty_and_the_identity_of_merge) {
  const Aabb empty;
  BOOST_TEST(fecontact::is_empty(empty));
  BOOST_TEST(fecontact::volume(empty) == 0.0);
  BOOST_TEST(fecontact::surface_area(empty) == 0.0);
  BOOST_TEST(fecontact::is_empty(fecontact::inflate(empty, 1.0)));
  BOOST_TEST(fecontact::is_empty(fecontact::fit_aabb({})));
  const Aabb box{Vector3d(0, 0, 0), Vector3d(1, 2, 3)};
  const Aabb merged = fecontact::merge(empty, box);
  BOOST_TEST((merged.min == box.min && merged.max == box.max));
  BOOST_TEST(!fecontact::overlap(empty, box));
  BOOST_TEST(fecontact::contains(box, empty));
}

BOOST_AUTO_TEST_CASE(measures_of_a_box) {
  const Aabb box{Vector3d(-1, 0, 2), Vector3d(1, 2, 5)};
  BOOST_TEST(fecontact::volume(box) == 12.0);
  BOOST_TEST(fecontact::surface_area(box) == 2 * (4.0 + 6.0 + 6.0));
  BOOST_TEST((fecontact::center(box) - Vector3d(0, 1, 3.5)).norm() == 0.0);
  const Aabb grown = fecontact::inflate(box, 0.5);  // rounded outward by a few units of rounding
  BOOST_TEST(((grown.min - Vector3d(-1.5, -0.5, 1.5)).array() <= 0).all());
  BOOST_TEST(((grown.max - Vector3d(1.5, 2.5, 5.5)).array() >= 0).all());
  BOOST_TEST((grown.min - Vector3d(-1.5, -0.5, 1.5)).norm() <= 1e-14);
  BOOST_TEST((grown.max - Vector3d(1.5, 2.5, 5.5)).norm() <= 1e-14);
  const Aabb point = fecontact::fit_aabb(std::vector<Vector3d>{Vector3d(1, 1, 1)});
  BOOST_TEST(!fecontact::is_empty(point));
  BOOST_TEST(fecontact::volume(point) == 0.0);
}

BOOST_AUTO_TEST_CASE(fit_contains_every_point_and_merge_contains_both) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 100; ++trial) {
    std::vector<Vector3d> a, b;
    for (int i = 0; i < 20; ++i) a.push_back(fecontact::test::random_vector(rng, -5, 5));
    for (int i = 0; i < 20; ++i) b.push_back(fecontact::test::random_vector(rng, 0, 9));
    const Aabb box_a = fecontact::fit_aabb(a), box_b = fecontact::fit_aabb(b);
    for (const Vector3d& p : a) BOOST_TEST(fecontact::contains(box_a, p));
    const Aabb both = fecontact::merge(box_a, box_b);
    BOOST_TEST(fecontact::contains(both, box_a));
    BOOST_TEST(fecontact::contains(both, box_b));
    for (const Vector3d& p : b) BOOST_TEST(fecontact::contains(both, p));
  }
}

BOOST_AUTO_TEST_CASE(overlap_counts_touching_and_is_symmetric) {
  const Aabb a{Vector3d(0, 0, 0), Vector3d(1, 1, 1)};
  const Aabb touching{Vector3d(1, 0.5, 0.5), Vector3d(2, 2, 2)};
  const Aabb apart{Vector3d(1 + 1e-12, 0, 0), Vector3d(2, 1, 1)};
  BOOST_TEST(fecontact::overlap(a, touching));
  BOOST_TEST(fecontact::overlap(touching, a));
  BOOST_TEST(!fecontact::overlap(a, apart));
  BOOST_TEST(!fecontact::overlap(apart, a));
  BOOST_TEST(fecontact::overlap(fecontact::inflate(a, 1e-12), apart));
}

// Every point within the distance of the box in exact arithmetic (long double here, whose wider
// significand holds the sums of these doubles exactly) lies in the inflated box.
BOOST_AUTO_TEST_CASE(inflate_rounds_outward) {
  std::mt19937_64 rng(13);
  std::uniform_real_distribution<double> u(-10, 10), d(0, 1);
  for (int trial = 0; trial < 10000; ++trial) {
    const Vector3d a(u(rng), u(rng), u(rng)), b(u(rng), u(rng), u(rng));
    const Aabb box{a.cwiseMin(b), a.cwiseMax(b)};
    const double distance = d(rng);
    const Aabb grown = fecontact::inflate(box, distance);
    for (int i = 0; i < 3; ++i) {
      BOOST_TEST(static_cast<long double>(grown.min[i]) <= static_cast<long double>(box.min[i]) - distance);
      BOOST_TEST(static_cast<long double>(grown.max[i]) >= static_cast<long double>(box.max[i]) + distance);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
