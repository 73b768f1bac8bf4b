// SPDX-License-Identifier: BSD-3-Clause
// PCA-fitted oriented boxes: containment, recovery of a rotated box, degenerate inputs.

#include <array>
#include <cmath>
#include <random>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "fecontact/geometry/obb.hpp"
#include "fecontact/geometry/overlap.hpp"
#include "random_geometry.hpp"

using fecontact::Obb;
using Eigen::Matrix3d;
using Eigen::Vector3d;
using Triangle = std::array<fecontact::Index, 3>;

namespace {

std::vector<Vector3d> box_corners(const Matrix3d& rotation, const Vector3d& center,
                                  const Vector3d& half) {
  std::vector<Vector3d> corners;
  for (int k = 0; k < 8; ++k)
    corners.push_back(center + rotation * Vector3d(k & 1 ? half.x() : -half.x(),
                                                   k & 2 ? half.y() : -half.y(),
                                                   k & 4 ? half.z() : -half.z()));
  return corners;
}

// The 12 triangles of a box's surface over box_corners' numbering (outward or not: the
// covariance does not care).
const std::vector<Triangle> box_triangles = {{0, 2, 3}, {0, 3, 1}, {4, 5, 7}, {4, 7, 6},
                                             {0, 1, 5}, {0, 5, 4}, {2, 6, 7}, {2, 7, 3},
                                             {0, 4, 6}, {0, 6, 2}, {1, 3, 7}, {1, 7, 5}};

// Axes equal up to sign and extents to `tolerance` relative.
void check_recovers(const Obb& box, const Matrix3d& rotation, const Vector3d& center,
                    const Vector3d& half, double tolerance) {
  // Axes come out in ascending variance: the smallest half extent first.
  BOOST_TEST((box.center - center).norm() <= tolerance * center.norm() + tolerance);
  for (int axis = 0; axis < 3; ++axis) {
    BOOST_TEST(std::abs(std::abs(box.axes.col(axis).dot(rotation.col(axis))) - 1) <= tolerance);
    BOOST_TEST(box.half_extents[axis] == half[axis], boost::test_tools::tolerance(tolerance));
  }
  BOOST_TEST(box.axes.determinant() == 1.0, boost::test_tools::tolerance(1e-14));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(obb)

BOOST_AUTO_TEST_CASE(every_input_point_lies_in_its_box) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    const Matrix3d stretch = fecontact::test::random_vector(rng, 0.01, 10).asDiagonal();
    const Matrix3d rotation = fecontact::test::random_rotation(rng);
    const Vector3d offset = fecontact::test::random_vector(rng, -1e6, 1e6);
    std::vector<Vector3d> points;
    for (int i = 0; i < 30; ++i)
      points.push_back(offset + rotation * stretch * fecontact::test::random_vector(rng, -1, 1));
    const Obb box = fecontact::fit_obb(points);
    const double size = box.half_extents.maxCoeff();
    for (const Vector3d& p : points) BOOST_TEST(fecontact::contains(box, p, 1e-9 * size));
    BOOST_TEST((box.axes.transpose() * box.axes - Matrix3d::Identity()).norm() < 1e-14);
  }
}

// Two triangles sharing an edge, tilted against the axes and 10⁶ from the origin: each box holds
// the shared corners despite the rounding of its centre there (10⁻¹⁰), so the boxes touch.
BOOST_AUTO_TEST_CASE(boxes_of_facets_sharing_an_edge_far_from_the_origin_touch) {
  std::mt19937_64 rng(13);
  for (int trial = 0; trial < 100; ++trial) {
    const Vector3d offset = fecontact::test::random_vector(rng, -1e6, 1e6);
    const Matrix3d rotation = fecontact::test::random_rotation(rng);
    const auto at = [&](double u, double v) -> Vector3d { return offset + rotation * Vector3d(u, v, 0); };
    const std::vector<Vector3d> left = {at(0, 0), at(0.1, 0), at(0.1, 0.1)};
    const std::vector<Vector3d> right = {left[1], at(0.2, 0.05), left[2]};
    const Obb a = fecontact::fit_obb(left), b = fecontact::fit_obb(right);
    BOOST_TEST(fecontact::overlap(a, b, 1e-12));
    for (const Vector3d& p : left) BOOST_TEST(fecontact::contains(a, p));
  }
}

BOOST_AUTO_TEST_CASE(box_of_a_rotated_box_recovers_it) {
  std::mt19937_64 rng(12);
  for (int trial = 0; trial < 100; ++trial) {
    const Matrix3d rotation = fecontact::test::random_rotation(rng);
    const Vector3d center = fecontact::test::random_vector(rng, -100, 100);
    const Vector3d half(0.5, 1.5, 4.0);  // ascending: the order the axes come out in
    const std::vector<Vector3d> corners = box_corners(rotation, center, half);
    check_recovers(fecontact::fit_obb(corners), rotation, center, half, 1e-12);
    check_recovers(fecontact::fit_obb(corners, box_triangles), rotation, center, half, 1e-12);
  }
}

BOOST_AUTO_TEST_CASE(centre_is_the_middle_of_the_extremes_not_the_centroid) {
  // Nine points at x = 0 (spread symmetrically in y, so the axes are x, y, z exactly) and one
  // at x = 10: the centroid has x = 1, the box centre x = 5.
  std::vector<Vector3d> points;
  for (int i = -4; i <= 4; ++i) points.push_back(Vector3d(0, 0.01 * i, 0));
  points.push_back(Vector3d(10, 0, 0));
  const Obb box = fecontact::fit_obb(points);
  BOOST_TEST(box.center.x() == 5.0, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(box.half_extents.maxCoeff() == 5.0, boost::test_tools::tolerance(1e-12));
}

// Zero thickness up to the rounding of the centre (4 units of its largest coordinate, 7 here).
BOOST_AUTO_TEST_CASE(flat_collinear_and_single_point_inputs_give_zero_thickness_boxes) {
  const std::vector<Vector3d> flat = {{0, 0, 1}, {2, 0, 1}, {2, 1, 1}, {0, 1, 1}, {1, 0.5, 1}};
  const std::vector<Vector3d> line = {{1, 1, 1}, {2, 2, 2}, {4, 4, 4}};
  const std::vector<Vector3d> point = {{3, -2, 7}, {3, -2, 7}};
  for (const auto* points : {&flat, &line, &point}) {
    const Obb box = fecontact::fit_obb(*points);
    BOOST_TEST(!fecontact::is_empty(box));
    BOOST_TEST(box.half_extents.minCoeff() <= 1e-14);
    for (const Vector3d& p : *points) BOOST_TEST(fecontact::contains(box, p, 1e-14));
    BOOST_TEST(std::isfinite(fecontact::volume(box)));
  }
  const Obb single = fecontact::fit_obb(point);
  BOOST_TEST((single.center - point[0]).norm() == 0.0);
  BOOST_TEST(fecontact::volume(single) <= 1e-40);
  const Obb segment = fecontact::fit_obb(line);
  BOOST_TEST(segment.half_extents[2] == std::sqrt(27.0) / 2, boost::test_tools::tolerance(1e-14));
}

BOOST_AUTO_TEST_CASE(empty_inflate_volume_and_corners) {
  BOOST_TEST(fecontact::is_empty(Obb{}));
  BOOST_TEST(fecontact::volume(Obb{}) == 0.0);
  BOOST_TEST(fecontact::is_empty(fecontact::fit_obb(std::vector<Vector3d>{})));
  Obb box;
  box.center = Vector3d(1, 2, 3);
  box.axes = Eigen::AngleAxisd(0.3, Vector3d::UnitZ()).toRotationMatrix();
  box.half_extents = Vector3d(1, 2, 3);
  BOOST_TEST(fecontact::volume(box) == 48.0);
  BOOST_TEST(fecontact::volume(fecontact::inflate(box, 1)) == 8 * 2 * 3 * 4.0);
  for (const Vector3d& corner : fecontact::corners(box)) {
    BOOST_TEST(fecontact::contains(box, corner, 1e-14));
    BOOST_TEST(!fecontact::contains(box, box.center + 1.001 * (corner - box.center)));
  }
}

BOOST_AUTO_TEST_SUITE_END()
