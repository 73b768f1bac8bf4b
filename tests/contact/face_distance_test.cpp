// SPDX-License-Identifier: BSD-3-Clause
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
#include "fecontact/contact/triangle_distance.hpp"
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

// An independent reference for two triangles in long double: each vertex against the other
// triangle (its plane when it projects inside, its edges otherwise) and each edge against each
// edge by a ternary search along one (the distance to the other, in closed form, is convex
// along it).
using Point = std::array<long double, 3>;

Point point_of(const Vector3d& x) { return {x[0], x[1], x[2]}; }
Point minus(const Point& a, const Point& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
long double dot(const Point& a, const Point& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
Point cross(const Point& a, const Point& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

long double point_segment(const Point& p, const Point& a, const Point& b) {
  const Point d = minus(b, a);
  const long double t = std::clamp(dot(minus(p, a), d) / dot(d, d), 0.0L, 1.0L);
  const Point e = minus({a[0] + t * d[0], a[1] + t * d[1], a[2] + t * d[2]}, p);
  return std::sqrt(dot(e, e));
}

long double point_triangle(const Point& p, const std::array<Point, 3>& t) {
  const Point n = cross(minus(t[1], t[0]), minus(t[2], t[0]));
  const long double h = dot(minus(p, t[0]), n) / dot(n, n);
  const Point q = minus(p, {h * n[0], h * n[1], h * n[2]});
  bool inside = true;
  for (int k = 0; k < 3; ++k) inside = inside && dot(cross(minus(t[(k + 1) % 3], t[k]), minus(q, t[k])), n) >= 0;
  if (inside) return std::abs(h) * std::sqrt(dot(n, n));
  return std::min({point_segment(p, t[0], t[1]), point_segment(p, t[1], t[2]), point_segment(p, t[2], t[0])});
}

long double reference_distance(const std::array<Vector3d, 3>& a, const std::array<Vector3d, 3>& b) {
  std::array<Point, 3> pa, pb;
  for (int k = 0; k < 3; ++k) pa[k] = point_of(a[k]), pb[k] = point_of(b[k]);
  long double best = INFINITY;
  for (int i = 0; i < 3; ++i) {
    best = std::min({best, point_triangle(pa[i], pb), point_triangle(pb[i], pa)});
    for (int j = 0; j < 3; ++j) {
      const Point d = minus(pa[(i + 1) % 3], pa[i]);
      const auto at = [&](long double s) {
        return point_segment({pa[i][0] + s * d[0], pa[i][1] + s * d[1], pa[i][2] + s * d[2]}, pb[j], pb[(j + 1) % 3]);
      };
      long double low = 0, high = 1;  // the distance to a segment is convex along a line: ternary search
      for (int k = 0; k < 200; ++k) {
        const long double m1 = low + (high - low) / 3, m2 = high - (high - low) / 3;
        if (at(m1) < at(m2)) high = m2; else low = m1;
      }
      best = std::min({best, at(low), at(0), at(1)});
    }
  }
  return best;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(face_distance)

// Facets of two coaxial shells 0.2% apart, as a surface-to-surface search meets them: nearly
// parallel, offset by a fraction of a facet. The distance must be exact to rounding (fcl 0.7's
// triDistance is off by up to 1e-6 on such pairs, which moves pairs across a tolerance of 2e-3).
BOOST_AUTO_TEST_CASE(near_parallel_facets_of_coaxial_shells) {
  constexpr double pi = 3.14159265358979323846;
  std::mt19937_64 rng(33);
  std::uniform_real_distribution<double> u(0, 1);
  const auto facet = [](double radius, double angle, double step, double z, double height, bool upper) {
    const auto at = [&](double t, double h) { return Vector3d(radius * std::cos(t), radius * std::sin(t), h); };
    return upper ? std::array<Vector3d, 3>{at(angle, z), at(angle + step, z + height), at(angle, z + height)}
                 : std::array<Vector3d, 3>{at(angle, z), at(angle + step, z), at(angle + step, z + height)};
  };
  for (int trial = 0; trial < 60; ++trial) {
    const double inner_step = 2 * pi / 359, outer_step = 2 * pi / 362;
    const auto a = facet(1.0, u(rng) * inner_step, inner_step, u(rng) * 0.02, 0.0175, trial % 2 == 0);
    const auto b = facet(1.002, u(rng) * inner_step, outer_step, u(rng) * 0.02, 0.0174, trial % 3 == 0);
    const long double reference = reference_distance(a, b);
    BOOST_TEST(std::abs(fecontact::triangle_distance(a, b) - reference) <= 1e-12L, "trial " << trial);
    BOOST_TEST(std::abs(fecontact::triangle_distance(b, a) - reference) <= 1e-12L, "trial " << trial);
  }
}

// With a finite limit, a pair within it gets the same distance, bit for bit, as without one; a
// pair beyond it gets a value above the limit and no larger than the distance (the long-double
// reference), which is what lets the search skip the exact work for such pairs.
BOOST_AUTO_TEST_CASE(a_limit_changes_only_the_distances_beyond_it) {
  std::mt19937_64 rng(41);
  std::uniform_real_distribution<double> u(-1, 1);
  int within = 0, beyond = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    std::array<Vector3d, 3> a, b;
    const Vector3d offset(u(rng), u(rng), 0.6 * u(rng));
    for (int k = 0; k < 3; ++k) a[k] = Vector3d(u(rng), u(rng), 0.1 * u(rng)), b[k] = a[k] + offset + 0.5 * Vector3d(u(rng), u(rng), u(rng));
    const double exact = fecontact::triangle_distance(a, b);
    const long double reference = reference_distance(a, b);
    for (const double limit : {0.05, 0.2, 0.5}) {
      const double bounded = fecontact::triangle_distance(a, b, limit);
      if (exact <= limit) {
        ++within;
        BOOST_TEST(bounded == exact, "trial " << trial << ", limit " << limit);
      } else {
        ++beyond;
        BOOST_TEST(bounded > limit, "trial " << trial << ", limit " << limit);
        BOOST_TEST(bounded <= reference + 1e-12L, "trial " << trial << ", limit " << limit);
      }
    }
  }
  BOOST_TEST(within > 500);  // both branches exercised
  BOOST_TEST(beyond > 500);
}

// Neighbouring facets side by side, in one plane or nearly: their corners are not strictly on
// one side of each other's plane, and the edge between them is what keeps them apart. Beyond the
// limit that edge's normal separates them (the distance's lower bound the search stops at); in
// one plane it is the distance itself, the gap g across parallel edges.
BOOST_AUTO_TEST_CASE(side_by_side_facets_beyond_the_limit_are_separated_by_an_edge) {
  const Vector3d outward = Vector3d(1, 1, 0).normalized();  // of a's edge from (1, 0) to (0, 1)
  const std::array<Vector3d, 3> a{Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(0, 1, 0)};
  for (const double gap : {0.1, 0.3, 1.0})
    for (const double tilt : {0.0, 1e-3, -0.05}) {
      const std::array<Vector3d, 3> b{Vector3d(1, 0, 0) + gap * outward, Vector3d(1, 1, tilt) + gap * outward,
                                      Vector3d(0, 1, 0) + gap * outward};
      const long double reference = reference_distance(a, b);
      BOOST_TEST(std::abs(reference - gap) <= 1e-15L, "gap " << gap << ", tilt " << tilt);
      for (const auto& [first, second] : {std::pair(a, b), std::pair(b, a)}) {
        const double bounded = fecontact::triangle_distance(first, second, 0.05);
        BOOST_TEST(bounded > 0.05, "gap " << gap << ", tilt " << tilt);
        BOOST_TEST(bounded <= reference + 1e-15L, "gap " << gap << ", tilt " << tilt);
        if (tilt == 0)  // in one plane only the edge's normal separates them, by the gap
          BOOST_TEST(std::abs(bounded - reference) <= 1e-15L, "gap " << gap);
        BOOST_TEST(std::abs(fecontact::triangle_distance(first, second) - reference) <= 1e-15L);
      }
    }
}

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
