// Face-to-face distance: exact triangle pairs against closed forms and point sampling; the
// conservative bound of curved faces never above the sampled distance and close to it.

#include <algorithm>
#include <cmath>
#include <random>

#include <boost/test/unit_test.hpp>
#include <Eigen/Geometry>

#include "contact_faces.hpp"
#include "fecontact/contact/closest_point.hpp"
#include "fecontact/contact/face_distance.hpp"
#include "fecontact/contact/face_projection.hpp"
#include "random_geometry.hpp"

using fecontact::ElementType;
using Eigen::Vector2d;
using Eigen::Vector3d;

namespace {

// Upper estimate of the distance between faces: min over a grid of points of `a` of their exact
// (tri3) or projected distance to `b`.
double sampled_distance(const fecontact::FaceNodes& a, const fecontact::FaceNodes& b, int n) {
  double best = INFINITY;
  const bool tri = fecontact::is_triangle(a.type);
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= n; ++j) {
      const Vector2d u = tri ? Vector2d(double(i) / n, double(j) / n) : Vector2d(-1 + 2.0 * i / n, -1 + 2.0 * j / n);
      if (tri && u.sum() > 1 + 1e-12) continue;
      best = std::min(best, fecontact::project_onto_face(fecontact::face_point(a, u), b).distance);
    }
  return best;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(face_distance)

BOOST_AUTO_TEST_CASE(closest_points_on_segments_closed_forms) {
  const auto s = fecontact::closest_points_on_segments(Vector3d(0, 0, 0), Vector3d(2, 0, 0), Vector3d(1, -1, 1), Vector3d(1, 1, 1));
  BOOST_TEST((s.on_p - Vector3d(1, 0, 0)).norm() < 1e-15);
  BOOST_TEST((s.on_q - Vector3d(1, 0, 1)).norm() < 1e-15);
  const auto parallel = fecontact::closest_points_on_segments(Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(2, 1, 0), Vector3d(3, 1, 0));
  BOOST_TEST((parallel.on_p - parallel.on_q).norm() == std::sqrt(2.0), boost::test_tools::tolerance(1e-15));
  const auto point = fecontact::closest_points_on_segments(Vector3d(0, 3, 0), Vector3d(0, 3, 0), Vector3d(-1, 0, 0), Vector3d(1, 0, 0));
  BOOST_TEST((point.on_q - Vector3d(0, 0, 0)).norm() < 1e-15);
}

BOOST_AUTO_TEST_CASE(triangle_pairs_closed_forms) {
  using T = std::array<Vector3d, 3>;
  const T a = {Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(0, 1, 0)};
  // parallel copy 0.7 above: distance 0.7
  BOOST_TEST(fecontact::triangle_distance(a, {Vector3d(0, 0, .7), Vector3d(1, 0, .7), Vector3d(0, 1, .7)}) == 0.7,
             boost::test_tools::tolerance(1e-15));
  // a triangle piercing a's interior without any vertex or edge near it: 0
  BOOST_TEST(fecontact::triangle_distance(a, {Vector3d(0.2, 0.2, -1), Vector3d(0.3, 0.2, 1), Vector3d(0.2, 5, 1)}) == 0.0);
  // edge–edge: crossed edges 0.5 apart
  BOOST_TEST(fecontact::triangle_distance(a, {Vector3d(0.5, -1, -0.5), Vector3d(0.5, -1, -3), Vector3d(0.5, 1, -0.5)}) == 0.5,
             boost::test_tools::tolerance(1e-15));
  // coplanar, one inside the other: 0
  BOOST_TEST(fecontact::triangle_distance(a, {Vector3d(.1, .1, 0), Vector3d(.2, .1, 0), Vector3d(.1, .2, 0)}) == 0.0);
}

BOOST_AUTO_TEST_CASE(random_triangle_pairs_against_sampling) {
  std::mt19937_64 rng(31);
  for (int trial = 0; trial < 100; ++trial) {
    const auto tri = [&] {
      const Vector3d c = fecontact::test::random_vector(rng, -1, 1);
      return fecontact::test::mapped_face(ElementType::tri3, [&](const Vector2d&) {
        return Vector3d(c + fecontact::test::random_vector(rng, -0.8, 0.8));
      });
    };
    const fecontact::FaceNodes a = tri(), b = tri();
    const fecontact::FaceDistance d = fecontact::face_distance(a, b);
    BOOST_TEST(d.exact);
    const int n = 40;
    const double sampled = std::min(sampled_distance(a, b, n), sampled_distance(b, a, n));
    const double longest = std::max({(a.x[0] - a.x[1]).norm(), (a.x[1] - a.x[2]).norm(), (a.x[2] - a.x[0]).norm(),
                                     (b.x[0] - b.x[1]).norm(), (b.x[1] - b.x[2]).norm(), (b.x[2] - b.x[0]).norm()});
    BOOST_TEST(d.distance <= sampled + 1e-12);
    BOOST_TEST(d.distance >= sampled - longest / n);
    // Symmetric in its arguments.
    BOOST_TEST(fecontact::face_distance(b, a).distance == d.distance, boost::test_tools::tolerance(1e-14));
  }
}

BOOST_AUTO_TEST_CASE(curved_faces_get_a_conservative_close_bound) {
  std::mt19937_64 rng(32);
  for (const ElementType ta : fecontact::test::face_types)
    for (const ElementType tb : fecontact::test::face_types) {
      if (ta == ElementType::tri3 && tb == ElementType::tri3) continue;
      for (int trial = 0; trial < 3; ++trial) {
        const fecontact::FaceNodes a = fecontact::test::curved_face(ta, 0.2, fecontact::test::random_rotation(rng), Vector3d::Zero());
        const fecontact::FaceNodes b = fecontact::test::curved_face(tb, 0.2, fecontact::test::random_rotation(rng),
                                                                    fecontact::test::random_vector(rng, -2.5, 2.5));
        const fecontact::FaceDistance d = fecontact::face_distance(a, b);
        BOOST_TEST(!d.exact);
        const double sampled = std::min(sampled_distance(a, b, 30), sampled_distance(b, a, 30));
        BOOST_TEST(d.distance <= sampled + 1e-12);  // conservative: never above a real distance
        BOOST_TEST(d.distance >= sampled - 0.15);   // and tight: ε ≈ 0.05 per face, sampling ≈ 0.05
      }
    }
}

BOOST_AUTO_TEST_CASE(flat_parallel_quadratic_faces_are_exact) {
  // Straight-sided rectangles have no curvature and no twist: the bound is the distance.
  for (const ElementType type : {ElementType::quad4, ElementType::quad8, ElementType::quad9, ElementType::tri6}) {
    const auto at = [&](double z) {
      return fecontact::test::mapped_face(type, [&](const Vector2d& u) { return Vector3d(u.x(), 2 * u.y(), z); });
    };
    BOOST_TEST(fecontact::face_distance(at(0), at(0.3)).distance == 0.3, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(fecontact::face_distance(at(0), at(0)).distance == 0.0);
  }
}

BOOST_AUTO_TEST_SUITE_END()
