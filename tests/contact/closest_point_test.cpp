// SPDX-License-Identifier: BSD-3-Clause
// Exact closest point on a triangle against dense sampling of the triangle.

#include <cmath>
#include <random>

#include <boost/test/unit_test.hpp>

#include "fecontact/contact/closest_point.hpp"
#include "random_geometry.hpp"

using Eigen::Vector3d;

namespace {

// Distance from p to the triangle by sampling it on a grid of n × n barycentric steps: an
// upper bound within the grid spacing of the true distance.
double sampled_distance(const Vector3d& p, const Vector3d& a, const Vector3d& b, const Vector3d& c,
                        int n) {
  double best = INFINITY;
  for (int i = 0; i <= n; ++i)
    for (int j = 0; i + j <= n; ++j) {
      const double u = double(i) / n, v = double(j) / n;
      best = std::min(best, (a + u * (b - a) + v * (c - a) - p).norm());
    }
  return best;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(closest_point)

BOOST_AUTO_TEST_CASE(matches_sampling_and_its_barycentric_coordinates) {
  std::mt19937_64 rng(3);
  const int n = 200;
  for (int trial = 0; trial < 300; ++trial) {
    const Vector3d a = fecontact::test::random_vector(rng, -1, 1);
    const Vector3d b = fecontact::test::random_vector(rng, -1, 1);
    const Vector3d c = fecontact::test::random_vector(rng, -1, 1);
    const Vector3d p = fecontact::test::random_vector(rng, -2, 2);
    const fecontact::TrianglePoint q = fecontact::closest_point_on_triangle(p, a, b, c);
    const double exact = (q.point - p).norm();
    const double sampled = sampled_distance(p, a, b, c, n);
    const double spacing = std::max({(b - a).norm(), (c - a).norm(), (c - b).norm()}) / n;
    BOOST_TEST(exact <= sampled + 1e-12);
    BOOST_TEST(exact >= sampled - spacing);
    BOOST_TEST(q.barycentric.sum() == 1.0, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(q.barycentric.minCoeff() >= 0.0);
    BOOST_TEST((q.barycentric[0] * a + q.barycentric[1] * b + q.barycentric[2] * c - q.point).norm() < 1e-12);
  }
}

BOOST_AUTO_TEST_CASE(vertices_edges_and_the_face_interior) {
  const Vector3d a(0, 0, 0), b(1, 0, 0), c(0, 1, 0);
  const auto closest = [&](const Vector3d& p) { return fecontact::closest_point_on_triangle(p, a, b, c).point; };
  BOOST_TEST((closest(Vector3d(-1, -1, 3)) - a).norm() == 0.0);
  BOOST_TEST((closest(Vector3d(2, -1, 0)) - b).norm() == 0.0);
  BOOST_TEST((closest(Vector3d(0.5, -2, 1)) - Vector3d(0.5, 0, 0)).norm() < 1e-15);
  BOOST_TEST((closest(Vector3d(1, 1, 0)) - Vector3d(0.5, 0.5, 0)).norm() < 1e-15);
  BOOST_TEST((closest(Vector3d(0.2, 0.3, -4)) - Vector3d(0.2, 0.3, 0)).norm() < 1e-15);
  // A point exactly on an edge and exactly on a vertex is its own closest point.
  BOOST_TEST((closest(Vector3d(0.25, 0, 0)) - Vector3d(0.25, 0, 0)).norm() == 0.0);
  BOOST_TEST((closest(c) - c).norm() == 0.0);
}

BOOST_AUTO_TEST_CASE(degenerate_triangles_use_their_edges) {
  const Vector3d a(0, 0, 0), b(1, 0, 0), c(3, 0, 0);  // collinear
  const auto q = fecontact::closest_point_on_triangle(Vector3d(2, 1, 0), a, b, c);
  BOOST_TEST((q.point - Vector3d(2, 0, 0)).norm() < 1e-15);
  const auto single = fecontact::closest_point_on_triangle(Vector3d(1, 1, 1), a, a, a);
  BOOST_TEST(single.point.norm() == 0.0);
  BOOST_TEST(single.barycentric.sum() == 1.0);
}

BOOST_AUTO_TEST_SUITE_END()
