// SPDX-License-Identifier: BSD-3-Clause
// PointWelder and weld_exact: exact merging of equal points, checked against a quadratic search.

#include "fecontact/mesh/weld.hpp"

#include <boost/test/unit_test.hpp>
#include <random>
#include <vector>

namespace {

using fecontact::Index;
using fecontact::weld_exact;

// Reference: quadratic search of the first earlier point that compares equal.
std::vector<Index> brute_force_weld(const std::vector<Eigen::Vector3d>& points,
                                    std::vector<Eigen::Vector3d>& distinct) {
  std::vector<Index> index;
  for (const Eigen::Vector3d& p : points) {
    Index found = -1;
    for (std::size_t j = 0; j < distinct.size() && found < 0; ++j) {
      if (distinct[j] == p) found = static_cast<Index>(j);
    }
    if (found < 0) {
      found = static_cast<Index>(distinct.size());
      distinct.push_back(p);
    }
    index.push_back(found);
  }
  return index;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(weld)

BOOST_AUTO_TEST_CASE(equal_merge_signed_zeros_merge_one_ulp_does_not) {
  const double next = std::nextafter(1.0, 2.0);
  const std::vector<Eigen::Vector3d> points{{1, 0, 0}, {next, 0, 0}, {1, -0.0, 0}, {1, 0, -0.0}};
  const fecontact::WeldResult welded = weld_exact(points);
  BOOST_TEST(welded.points.size() == 2u);
  BOOST_TEST(welded.index == (std::vector<Index>{0, 1, 0, 0}), boost::test_tools::per_element());
  BOOST_TEST(welded.points[1].x() == next);
}

BOOST_AUTO_TEST_CASE(matches_brute_force_on_grid_points_with_many_repeats) {
  std::mt19937 random(20261121);
  std::uniform_int_distribution<int> coordinate(-3, 3);
  std::vector<Eigen::Vector3d> points;
  for (int i = 0; i < 2000; ++i) {
    points.emplace_back(0.1 * coordinate(random), 0.1 * coordinate(random),
                        0.1 * coordinate(random));
  }
  std::vector<Eigen::Vector3d> distinct;
  const std::vector<Index> expected = brute_force_weld(points, distinct);
  const fecontact::WeldResult welded = weld_exact(points);
  BOOST_TEST(welded.index == expected, boost::test_tools::per_element());
  BOOST_TEST_REQUIRE(welded.points.size() == distinct.size());
  for (std::size_t i = 0; i < distinct.size(); ++i) BOOST_TEST(welded.points[i] == distinct[i]);
  BOOST_TEST(distinct.size() < 343u + 1u);  // at most 7^3 grid points: repeats were exercised
}

BOOST_AUTO_TEST_CASE(a_welder_that_grows_numbers_as_brute_force_does) {
  // No room made beforehand: the table doubles many times while points arrive.
  std::mt19937 random(20261125);
  std::uniform_int_distribution<int> coordinate(-20, 20);
  std::vector<Eigen::Vector3d> points;
  for (int i = 0; i < 20000; ++i)
    points.emplace_back(coordinate(random), coordinate(random), 0.5 * coordinate(random));
  std::vector<Eigen::Vector3d> distinct;
  const std::vector<Index> expected = brute_force_weld(points, distinct);
  fecontact::PointWelder welder;
  std::vector<Index> index;
  for (const Eigen::Vector3d& p : points) index.push_back(welder.add(p));
  BOOST_TEST(index == expected, boost::test_tools::per_element());
  BOOST_TEST(welder.points() == distinct, boost::test_tools::per_element());
  BOOST_TEST(distinct.size() > 5000u);  // the table grew past its first sizes
  BOOST_TEST(welder.take_points().size() == distinct.size());
  BOOST_TEST(welder.points().empty());
  BOOST_TEST(welder.add(points[0]) == 0);  // an emptied welder starts numbering again
}

BOOST_AUTO_TEST_CASE(empty_input) {
  const fecontact::WeldResult welded = weld_exact({});
  BOOST_TEST(welded.points.empty());
  BOOST_TEST(welded.index.empty());
}

BOOST_AUTO_TEST_SUITE_END()
