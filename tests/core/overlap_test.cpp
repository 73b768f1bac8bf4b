// SPDX-License-Identifier: BSD-3-Clause
// Separating-axis overlap tests against an independent brute-force check.

#include <algorithm>
#include <cmath>
#include <random>

#include <boost/test/unit_test.hpp>

#include "fecontact/geometry/detail/box_conversions.hpp"
#include "fecontact/geometry/overlap.hpp"
#include "random_geometry.hpp"

using fecontact::Aabb;
using fecontact::Obb;
using Eigen::Matrix3d;
using Eigen::Vector3d;

namespace {

// Independent check: project all 16 corners on all 15 candidate axes (face normals of both
// boxes and the cross products of their edges). Returns the largest gap between the projected
// intervals over the axes, relative to nothing: > 0 means separated by that distance along some
// axis, < 0 means every axis sees an overlap of at least that depth.
double separation(const Obb& a, const Obb& b) {
  std::vector<Vector3d> axes;
  for (int i = 0; i < 3; ++i) {
    axes.push_back(a.axes.col(i));
    axes.push_back(b.axes.col(i));
    for (int j = 0; j < 3; ++j) {
      const Vector3d cross = a.axes.col(i).cross(b.axes.col(j));
      if (cross.norm() > 1e-6) axes.push_back(cross.normalized());  // parallel edges: no axis
    }
  }
  const auto ca = fecontact::corners(a), cb = fecontact::corners(b);
  double largest_gap = -std::numeric_limits<double>::infinity();
  for (const Vector3d& axis : axes) {
    double a_low = INFINITY, a_high = -INFINITY, b_low = INFINITY, b_high = -INFINITY;
    for (const Vector3d& p : ca) a_low = std::min(a_low, axis.dot(p)), a_high = std::max(a_high, axis.dot(p));
    for (const Vector3d& p : cb) b_low = std::min(b_low, axis.dot(p)), b_high = std::max(b_high, axis.dot(p));
    largest_gap = std::max(largest_gap, std::max(b_low - a_high, a_low - b_high));
  }
  return largest_gap;
}

Obb moved(const Obb& box, const Matrix3d& rotation, const Vector3d& translation) {
  Obb result = box;
  result.center = rotation * box.center + translation;
  result.axes = rotation * box.axes;
  return result;
}

constexpr double epsilon = 1e-12;
constexpr double margin = 1e-9;  // closer calls than this are not asserted either way

}  // namespace

BOOST_AUTO_TEST_SUITE(overlap)

BOOST_AUTO_TEST_CASE(obb_test_agrees_with_brute_force_is_symmetric_and_rigid_invariant) {
  std::mt19937_64 rng(2005);
  int overlapping = 0, separated = 0;
  for (int trial = 0; trial < 100000; ++trial) {
    const Obb a = fecontact::test::random_obb(rng, 2, 0.05, 1);
    const Obb b = fecontact::test::random_obb(rng, 2, 0.05, 1);
    const double gap = separation(a, b);
    if (std::abs(gap) < margin) continue;
    const bool expected = gap < 0;
    (expected ? overlapping : separated) += 1;
    const bool answer = fecontact::overlap(a, b, epsilon);
    if (answer != expected) BOOST_ERROR("trial " << trial << ": gap " << gap << ", SAT " << answer);
    if (fecontact::overlap(b, a, epsilon) != answer) BOOST_ERROR("asymmetric at trial " << trial);
    const Matrix3d rotation = fecontact::test::random_rotation(rng);
    const Vector3d translation = fecontact::test::random_vector(rng, -1e3, 1e3);
    if (fecontact::overlap(moved(a, rotation, translation), moved(b, rotation, translation),
                           epsilon) != answer)
      BOOST_ERROR("not invariant under a rigid motion at trial " << trial);
  }
  BOOST_TEST_MESSAGE(overlapping << " overlapping and " << separated << " separated pairs");
  BOOST_TEST(overlapping > 10000);  // both answers well represented
  BOOST_TEST(separated > 10000);
}

BOOST_AUTO_TEST_CASE(parallel_boxes_touching_along_an_edge_overlap) {
  // Same axes (all nine cross products vanish): the epsilon keeps the test from separating them.
  Obb a;
  a.axes = Eigen::AngleAxisd(0.4, Vector3d(1, 1, 0).normalized()).toRotationMatrix();
  a.half_extents = Vector3d(1, 1, 1);
  Obb b = a;
  b.center = a.axes * Vector3d(2, 2, 0);  // touching along an edge
  BOOST_TEST(fecontact::overlap(a, b, epsilon));
  b.center = a.axes * Vector3d(2.01, 2, 0);
  BOOST_TEST(!fecontact::overlap(a, b, epsilon));
}

BOOST_AUTO_TEST_CASE(obb_aabb_and_aabb_aabb_agree_with_obb_obb) {
  std::mt19937_64 rng(4);
  for (int trial = 0; trial < 10000; ++trial) {
    const Obb a = fecontact::test::random_obb(rng, 2, 0.05, 1);
    const Vector3d low = fecontact::test::random_vector(rng, -2, 2);
    const Aabb box{low, low + fecontact::test::random_vector(rng, 0.1, 2)};
    BOOST_TEST(fecontact::overlap(a, box, epsilon) == fecontact::overlap(a, fecontact::detail::to_obb(box), epsilon));
    const Aabb other = fecontact::detail::bounding_aabb(a);
    BOOST_TEST(fecontact::overlap(other, box) ==
               fecontact::overlap(fecontact::detail::to_obb(other), fecontact::detail::to_obb(box), epsilon));
  }
}

BOOST_AUTO_TEST_CASE(bounding_aabb_contains_the_corners) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 1000; ++trial) {
    const Obb a = fecontact::test::random_obb(rng, 100, 0.0, 3);
    const Aabb box = fecontact::detail::bounding_aabb(a);
    for (const Vector3d& corner : fecontact::corners(a))
      BOOST_TEST(fecontact::contains(fecontact::inflate(box, 1e-12), corner));
  }
}

BOOST_AUTO_TEST_CASE(empty_boxes_overlap_nothing) {
  Obb unit;
  unit.half_extents = Vector3d(1, 1, 1);
  BOOST_TEST(!fecontact::overlap(Obb{}, unit, epsilon));
  BOOST_TEST(!fecontact::overlap(unit, Obb{}, epsilon));
  BOOST_TEST(!fecontact::overlap(unit, Aabb{}, epsilon));
  BOOST_TEST(fecontact::is_empty(fecontact::detail::bounding_aabb(Obb{})));
}

BOOST_AUTO_TEST_SUITE_END()
