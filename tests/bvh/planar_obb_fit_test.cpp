// SPDX-License-Identifier: BSD-3-Clause
// The PCA box of a planar patch (BoundingVolumeOps<Obb>::fit: normal + closed-form 2×2 in the
// plane) against the general 3×3 path (eigen_symmetric3 of triangle_covariance, then fit_obb),
// on random triangles and planar quadrilaterals, and on degenerate ones.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include <Eigen/Geometry>

#include "fecontact/bvh/bounding_volume.hpp"
#include "fecontact/geometry/eigen3.hpp"
#include "random_geometry.hpp"

using namespace fecontact;
using Eigen::Matrix3d;
using Eigen::Vector3d;
using Triangle = std::array<Index, 3>;

namespace {

using ObbOps = BoundingVolumeOps<Obb>;

Obb fast_fit(const std::vector<Vector3d>& points, const std::vector<Triangle>& triangles) {
  return ObbOps::fit(ObbOps::summarize(points, triangles), points);
}

// The general path through public functions only: the reference.
struct General {
  Obb box;
  Vector3d values;
};
General general_fit(const std::vector<Vector3d>& points, const std::vector<Triangle>& triangles) {
  const SymmetricEigen3 eigen = eigen_symmetric3(triangle_covariance(points, triangles).matrix);
  return {fit_obb(points, eigen.vectors), eigen.values};
}

double extent(const std::vector<Vector3d>& points) {
  double size = 0;
  for (const auto& p : points) size = std::max(size, (p - points[0]).norm());
  return size;
}

// Orthonormal, right-handed axes and every point inside (to rounding of the patch's size).
void check_box(const Obb& box, const std::vector<Vector3d>& points, const char* what) {
  BOOST_TEST((box.axes.transpose() * box.axes - Matrix3d::Identity()).norm() < 1e-14, what);
  BOOST_TEST(box.axes.determinant() > 0, what);
  const double slack = 1e-14 * (extent(points) + points[0].norm());
  for (const auto& p : points) BOOST_TEST(contains(box, p, slack), what);
}

// Same axes up to sign (columns in the same order: both ascending by eigenvalue) and the same
// half extents, where the in-plane eigenvalues are well separated.
void check_against_general(const std::vector<Vector3d>& points, const std::vector<Triangle>& triangles) {
  const Obb fast = fast_fit(points, triangles);
  const General general = general_fit(points, triangles);
  check_box(fast, points, "planar fit");
  const double size = extent(points);
  const Vector3d& values = general.values;
  if (values(2) - values(1) > 1e-3 * values(2) && values(1) > 1e-6 * values(2)) {
    for (int k = 0; k < 3; ++k)
      BOOST_TEST(std::abs(fast.axes.col(k).dot(general.box.axes.col(k))) > 1 - 1e-10, "axis " << k);
    BOOST_TEST((fast.half_extents - general.box.half_extents).norm() < 1e-9 * size);
    BOOST_TEST((fast.center - general.box.center).norm() < 1e-9 * size);
  }
  // Flat either way: no thickness beyond rounding along the normal.
  BOOST_TEST(fast.half_extents(0) < 1e-14 * (size + points[0].norm()));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(bvh_planar_obb_fit)

BOOST_AUTO_TEST_CASE(random_triangles_and_planar_quads_match_the_general_fit) {
  std::mt19937_64 rng(17);
  for (int trial = 0; trial < 300; ++trial) {
    const Vector3d offset = test::random_vector(rng, -10, 10) * (trial % 3 == 0 ? 1e5 : 1.0);
    const Matrix3d rotation = test::random_rotation(rng);
    const auto point = [&](double x, double y) { return Vector3d(offset + rotation * Vector3d(x, y, 0)); };
    std::uniform_real_distribution<double> coordinate(-1, 1);
    std::vector<Vector3d> triangle;
    for (int k = 0; k < 3; ++k) triangle.push_back(point(coordinate(rng), coordinate(rng)));
    check_against_general(triangle, {{0, 1, 2}});
    // A planar convex quadrilateral (two triangles sharing a diagonal).
    const double a = 0.5 + 0.5 * coordinate(rng) * coordinate(rng), b = 0.3 + 0.2 * coordinate(rng);
    const std::vector<Vector3d> quad{point(-a, -b), point(a, -b + 0.1 * b), point(a * 0.8, b), point(-a, b * 1.2)};
    check_against_general(quad, {{0, 1, 2}, {0, 2, 3}});
  }
}

BOOST_AUTO_TEST_CASE(equal_in_plane_eigenvalues_give_any_orthonormal_pair) {
  // An equilateral triangle: the in-plane covariance is a multiple of the identity.
  const Matrix3d rotation = Eigen::AngleAxisd(0.4, Vector3d(1, -2, 0.5).normalized()).toRotationMatrix();
  std::vector<Vector3d> points;
  for (int k = 0; k < 3; ++k) {
    const double angle = 2 * M_PI * k / 3;
    points.push_back(Vector3d(3, -1, 2) + rotation * Vector3d(std::cos(angle), std::sin(angle), 0));
  }
  const Obb box = fast_fit(points, {{0, 1, 2}});
  check_box(box, points, "equilateral");
  BOOST_TEST(std::abs(box.axes.col(0).dot(rotation.col(2))) > 1 - 1e-14);  // the normal
  BOOST_TEST(box.half_extents(0) < 1e-14);
}

BOOST_AUTO_TEST_CASE(degenerate_triangles_give_valid_boxes) {
  const std::vector<std::vector<Vector3d>> cases{
      {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}},        // collinear
      {{1, 2, 3}, {1, 2, 3}, {1, 2, 3}},        // one point
      {{0, 0, 0}, {0, 0, 0}, {1, -2, 0.5}},     // two coincident corners
      {{1e6, 0, 0}, {1e6 + 1, 0, 0}, {1e6 + 2, 1e-300, 0}}};  // nearly collinear far away
  for (const auto& points : cases) {
    const Obb box = fast_fit(points, {{0, 1, 2}});
    check_box(box, points, "degenerate");
    BOOST_TEST(!is_empty(box));
  }
}

BOOST_AUTO_TEST_CASE(non_planar_patches_take_the_general_path) {
  // A twisted quadrilateral: the normal of its first triangle is no eigenvector; the fit is the
  // general one exactly.
  const std::vector<Vector3d> points{{0, 0, 0}, {1, 0, 0.3}, {1, 1, 0}, {0, 1, 0.2}};
  const std::vector<Triangle> triangles{{0, 1, 2}, {0, 2, 3}};
  const Obb fast = fast_fit(points, triangles);
  const Obb general = general_fit(points, triangles).box;
  BOOST_TEST((fast.axes - general.axes).norm() == 0.0);
  BOOST_TEST((fast.center - general.center).norm() == 0.0);
  BOOST_TEST((fast.half_extents - general.half_extents).norm() == 0.0);
  check_box(fast, points, "twisted");
}

BOOST_AUTO_TEST_SUITE_END()
