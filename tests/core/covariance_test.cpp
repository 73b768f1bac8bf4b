// SPDX-License-Identifier: BSD-3-Clause
// Covariance of points and of triangulated surfaces against closed forms.

#include <array>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "fecontact/geometry/covariance.hpp"

using Eigen::Matrix3d;
using Eigen::Vector3d;
using Triangle = std::array<fecontact::Index, 3>;

namespace {

// Each triangle split into four by its edge midpoints: the same surface, more vertices.
void split_in_four(std::vector<Vector3d>& vertices, std::vector<Triangle>& triangles) {
  std::vector<Triangle> finer;
  for (const Triangle& t : triangles) {
    const auto add = [&](const Vector3d& p) {
      vertices.push_back(p);
      return static_cast<fecontact::Index>(vertices.size() - 1);
    };
    const Vector3d a = vertices[t[0]], b = vertices[t[1]], c = vertices[t[2]];
    const fecontact::Index ab = add((a + b) / 2), bc = add((b + c) / 2), ca = add((c + a) / 2);
    finer.push_back({t[0], ab, ca});
    finer.push_back({ab, t[1], bc});
    finer.push_back({ca, bc, t[2]});
    finer.push_back({ab, bc, ca});
  }
  triangles = finer;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(covariance)

BOOST_AUTO_TEST_CASE(box_corners_give_squared_half_extents_even_far_from_the_origin) {
  for (double offset : {0.0, 1e6}) {
    std::vector<Vector3d> corners;
    for (int k = 0; k < 8; ++k)
      corners.push_back(Vector3d(offset, offset, -offset) +
                        Vector3d(k & 1 ? 2 : -2, k & 2 ? 1 : -1, k & 4 ? 0.5 : -0.5));
    const fecontact::Covariance c = fecontact::point_covariance(corners);
    BOOST_TEST(c.weight == 8.0);
    BOOST_TEST((c.mean - Vector3d(offset, offset, -offset)).norm() == 0.0);
    BOOST_TEST((c.matrix - Vector3d(4, 1, 0.25).asDiagonal().toDenseMatrix()).norm() == 0.0);
  }
}

BOOST_AUTO_TEST_CASE(empty_input_has_zero_weight) {
  BOOST_TEST(fecontact::point_covariance({}).weight == 0.0);
  BOOST_TEST(fecontact::triangle_covariance({}, {}).weight == 0.0);
}

BOOST_AUTO_TEST_CASE(unit_square_has_the_continuous_covariance) {
  // Uniform density on [0,1]²: variance 1/12 along x and y, whatever the triangulation.
  const std::vector<Vector3d> v = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  const std::vector<Triangle> t = {{0, 1, 2}, {0, 2, 3}};
  const fecontact::Covariance c = fecontact::triangle_covariance(v, t);
  BOOST_TEST(c.weight == 1.0, boost::test_tools::tolerance(1e-15));
  BOOST_TEST((c.mean - Vector3d(0.5, 0.5, 0)).norm() < 1e-15);
  const Matrix3d expected = Vector3d(1.0 / 12, 1.0 / 12, 0).asDiagonal();
  BOOST_TEST((c.matrix - expected).norm() < 1e-15);
}

BOOST_AUTO_TEST_CASE(splitting_triangles_does_not_change_the_surface_covariance) {
  std::vector<Vector3d> v = {{0, 0, 0}, {3, 0.2, 0.1}, {1, 2, -0.5}, {-1, 1.5, 2}};
  std::vector<Triangle> t = {{0, 1, 2}, {0, 2, 3}, {1, 3, 2}};
  const fecontact::Covariance coarse = fecontact::triangle_covariance(v, t);
  split_in_four(v, t);
  split_in_four(v, t);
  const fecontact::Covariance fine = fecontact::triangle_covariance(v, t);
  BOOST_TEST(fine.weight == coarse.weight, boost::test_tools::tolerance(1e-14));
  BOOST_TEST((fine.mean - coarse.mean).norm() < 1e-14);
  BOOST_TEST((fine.matrix - coarse.matrix).norm() < 1e-14 * coarse.matrix.norm());
  // The point covariance of the same vertices does change: it is not a surface property.
  BOOST_TEST((fecontact::point_covariance(v).matrix - coarse.matrix).norm() > 1e-3);
}

BOOST_AUTO_TEST_CASE(one_triangle_has_the_closed_form_covariance_even_far_from_the_origin) {
  // Uniform density on the triangle (0,0), (1,0), (0,1): mean (1/3, 1/3), Var x = Var y = 1/18,
  // Cov(x, y) = −1/36; the same as the triangle split in 16 (the many-triangle path).
  for (const double offset : {0.0, 1e6}) {
    std::vector<Vector3d> v = {{offset, offset, 1}, {offset + 1, offset, 1}, {offset, offset + 1, 1}};
    std::vector<Triangle> t = {{0, 1, 2}};
    const fecontact::Covariance c = fecontact::triangle_covariance(v, t);
    BOOST_TEST(c.weight == 0.5, boost::test_tools::tolerance(1e-15));
    BOOST_TEST((c.mean - Vector3d(offset + 1.0 / 3, offset + 1.0 / 3, 1)).norm() < 1e-15 * (1 + offset));
    Matrix3d expected = Matrix3d::Zero();
    expected.topLeftCorner<2, 2>() << 1.0 / 18, -1.0 / 36, -1.0 / 36, 1.0 / 18;
    BOOST_TEST((c.matrix - expected).norm() < 1e-15 * (1 + offset));
    split_in_four(v, t);
    split_in_four(v, t);
    BOOST_TEST((fecontact::triangle_covariance(v, t).matrix - c.matrix).norm() < 1e-14 * (1 + offset));
  }
}

BOOST_AUTO_TEST_CASE(zero_area_triangles_fall_back_to_their_corners) {
  const std::vector<Vector3d> v = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
  const std::vector<Triangle> t = {{0, 1, 2}};
  const fecontact::Covariance c = fecontact::triangle_covariance(v, t);
  const fecontact::Covariance expected = fecontact::point_covariance(v);
  BOOST_TEST((c.matrix - expected.matrix).norm() == 0.0);
  BOOST_TEST(c.matrix(0, 0) == 2.0 / 3, boost::test_tools::tolerance(1e-15));
}

BOOST_AUTO_TEST_SUITE_END()
