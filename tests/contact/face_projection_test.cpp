// SPDX-License-Identifier: BSD-3-Clause
// Closest-point projection onto one face, against closed forms (flat rectangles, points placed
// along a known normal) and dense sampling of curved faces.

#include <algorithm>
#include <cmath>
#include <random>

#include <boost/test/unit_test.hpp>
#include <Eigen/Geometry>

#include "contact_faces.hpp"
#include "fecontact/contact/face_projection.hpp"
#include "random_geometry.hpp"

using fecontact::ElementType;
using fecontact::FaceFeature;
using Eigen::Vector2d;
using Eigen::Vector3d;

namespace {

// Minimum distance from p to the face sampled on a grid of the reference domain, and a bound on
// how far any face point can be from its nearest sample (grid step × largest tangent length).
struct Sampled {
  double distance = INFINITY;
  double spacing = 0;
};

Sampled sample(const Vector3d& p, const fecontact::FaceNodes& face, int n) {
  Sampled result;
  const bool tri = fecontact::is_triangle(face.type);
  const double step = (tri ? 1.0 : 2.0) / n;
  double tangent = 0;
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= n; ++j) {
      const Vector2d u = tri ? Vector2d(i * step, j * step) : Vector2d(-1 + i * step, -1 + j * step);
      if (tri && u.sum() > 1 + 1e-12) continue;
      const Vector3d x = fecontact::face_point(face, u);
      result.distance = std::min(result.distance, (x - p).norm());
      const fecontact::FaceShape s = fecontact::face_shape(face.type, u);
      Vector3d xu = Vector3d::Zero(), xv = Vector3d::Zero();
      for (int k = 0; k < s.count; ++k) {
        xu += s.d_xi[k] * face.x[k];
        xv += s.d_eta[k] * face.x[k];
      }
      tangent = std::max(tangent, xu.norm() + xv.norm());
    }
  result.spacing = 1.5 * step * tangent;  // 1.5: the tangent maximum is itself sampled
  return result;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(face_projection)

BOOST_AUTO_TEST_CASE(point_along_the_normal_projects_back_to_its_foot) {
  std::mt19937_64 rng(21);
  for (const ElementType type : fecontact::test::face_types)
    for (int trial = 0; trial < 40; ++trial) {
      const Eigen::Matrix3d rotation = fecontact::test::random_rotation(rng);
      const Vector3d origin = fecontact::test::random_vector(rng, -5, 5);
      const fecontact::FaceNodes face = fecontact::test::curved_face(type, 0.1, rotation, origin);
      const Vector2d foot = fecontact::test::random_inside(type, rng, 0.05);
      const double height = std::uniform_real_distribution<double>(-0.2, 0.2)(rng);
      const Vector3d p = fecontact::face_point(face, foot) + height * fecontact::face_normal(face, foot);
      const fecontact::FaceProjection q = fecontact::project_onto_face(p, face);
      BOOST_TEST(std::abs(q.distance - std::abs(height)) <= 1e-12 * (1 + std::abs(height)));
      BOOST_TEST((q.local - foot).norm() < 1e-10);
      BOOST_TEST((q.point - fecontact::face_point(face, q.local)).norm() < 1e-12 * (1 + origin.norm()));
      BOOST_TEST((q.feature == FaceFeature::interior));
    }
}

BOOST_AUTO_TEST_CASE(curved_faces_agree_with_dense_sampling) {
  std::mt19937_64 rng(22);
  for (const ElementType type : fecontact::test::face_types)
    for (int trial = 0; trial < 25; ++trial) {
      const fecontact::FaceNodes face =
          fecontact::test::curved_face(type, 0.3, fecontact::test::random_rotation(rng), Vector3d::Zero());
      const Vector3d p = fecontact::test::random_vector(rng, -2, 2);
      const fecontact::FaceProjection q = fecontact::project_onto_face(p, face);
      const Sampled s = sample(p, face, 80);
      BOOST_TEST(q.distance <= s.distance + 1e-12);  // never worse than any sample
      BOOST_TEST(q.distance >= s.distance - s.spacing);
      BOOST_TEST(fecontact::in_reference_domain(type, q.local));
      BOOST_TEST((q.point - p).norm() == q.distance);
    }
}

// Flat convex quadrilaterals of random shape and pose (the closed-form path of quad4).
BOOST_AUTO_TEST_CASE(flat_irregular_quads_agree_with_dense_sampling) {
  std::mt19937_64 rng(24);
  std::uniform_real_distribution<double> radius(0.4, 1.2), jitter(-0.5, 0.5);
  for (int trial = 0; trial < 60; ++trial) {
    const Eigen::Matrix3d rotation = fecontact::test::random_rotation(rng);
    const Vector3d origin = fecontact::test::random_vector(rng, -3, 3);
    fecontact::FaceNodes face;
    face.type = ElementType::quad4;
    for (int k = 0; k < 4; ++k) {  // corners at angles near k·90°, counter-clockwise: convex
      const double angle = (k + 0.5 + 0.3 * jitter(rng)) * 1.5707963267948966;
      face.x[std::size_t(k)] = origin + rotation * Vector3d(radius(rng) * std::cos(angle), radius(rng) * std::sin(angle), 0);
    }
    const Vector3d p = origin + fecontact::test::random_vector(rng, -1.5, 1.5);
    const fecontact::FaceProjection q = fecontact::project_onto_face(p, face);
    const Sampled s = sample(p, face, 120);
    BOOST_TEST(q.distance <= s.distance + 1e-12);
    BOOST_TEST(q.distance >= s.distance - s.spacing);
    BOOST_TEST(fecontact::in_reference_domain(ElementType::quad4, q.local));
    BOOST_TEST((fecontact::face_point(face, q.local) - q.point).norm() < 1e-12 * (1 + origin.norm()));
  }
}

BOOST_AUTO_TEST_CASE(flat_rectangles_match_the_closed_form) {
  // The rectangle [0, 2] × [0, 1] in z = 0 as every quadrilateral type (straight sides, mid-edge
  // nodes at the midpoints): the closest point clamps p's in-plane coordinates.
  std::mt19937_64 rng(23);
  for (const ElementType type : {ElementType::quad4, ElementType::quad8, ElementType::quad9}) {
    const fecontact::FaceNodes face = fecontact::test::mapped_face(
        type, [](const Vector2d& u) { return Vector3d(1 + u.x(), 0.5 + 0.5 * u.y(), 0); });
    for (int trial = 0; trial < 200; ++trial) {
      const Vector3d p = fecontact::test::random_vector(rng, -1.5, 3);
      const Vector3d expected(std::clamp(p.x(), 0.0, 2.0), std::clamp(p.y(), 0.0, 1.0), 0);
      const fecontact::FaceProjection q = fecontact::project_onto_face(p, face);
      BOOST_TEST((q.point - expected).norm() < 1e-13);
      const int outside = (p.x() < 0 || p.x() > 2) + (p.y() < 0 || p.y() > 1);
      const FaceFeature feature = outside == 0   ? FaceFeature::interior
                                  : outside == 1 ? FaceFeature::edge
                                                 : FaceFeature::vertex;
      BOOST_TEST((q.feature == feature));
      if (feature == FaceFeature::edge) {
        const int edge = p.y() < 0 ? 0 : p.x() > 2 ? 1 : p.y() > 1 ? 2 : 3;
        BOOST_TEST(q.feature_index == edge);
      }
      if (feature == FaceFeature::vertex) {
        const int vertex = p.y() < 0 ? (p.x() < 0 ? 0 : 1) : (p.x() > 2 ? 2 : 3);
        BOOST_TEST(q.feature_index == vertex);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(nodes_exactly_on_a_vertex_and_on_an_edge) {
  std::mt19937_64 rng(24);
  for (const ElementType type : fecontact::test::face_types) {
    const fecontact::FaceNodes face =
        fecontact::test::curved_face(type, 0.2, fecontact::test::random_rotation(rng), Vector3d(1, 2, 3));
    const int corners = fecontact::corner_count(type);
    for (int k = 0; k < corners; ++k) {
      const fecontact::FaceProjection v = fecontact::project_onto_face(face.x[k], face);
      BOOST_TEST(v.distance == 0.0);
      BOOST_TEST((v.feature == FaceFeature::vertex));
      BOOST_TEST(v.feature_index == k);
      // A point of edge k (its mid-edge node when quadratic), then pushed outward in the plane.
      const Vector2d mid = 0.5 * (fecontact::reference_face_node(type, k) +
                                  fecontact::reference_face_node(type, (k + 1) % corners));
      const Vector3d on_edge = fecontact::face_point(face, mid);
      const fecontact::FaceProjection e = fecontact::project_onto_face(on_edge, face);
      BOOST_TEST(e.distance < 1e-14);
      BOOST_TEST((e.feature == FaceFeature::edge));
      BOOST_TEST(e.feature_index == k);
    }
  }
}

BOOST_AUTO_TEST_CASE(zero_area_faces_still_project) {
  // All nodes on one line: the closest point is on that segment.
  for (const ElementType type : fecontact::test::face_types) {
    const fecontact::FaceNodes face = fecontact::test::mapped_face(
        type, [](const Vector2d& u) { return Vector3d(u.x() + u.y(), 0, 0); });
    const fecontact::FaceProjection q = fecontact::project_onto_face(Vector3d(0.25, 1, 0), face);
    BOOST_TEST(q.distance == 1.0, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(fecontact::is_degenerate(face));
    BOOST_TEST(fecontact::face_normal(face, q.local).isZero(0));
  }
}

BOOST_AUTO_TEST_SUITE_END()
