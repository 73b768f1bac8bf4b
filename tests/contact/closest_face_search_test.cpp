// SPDX-License-Identifier: BSD-3-Clause
// ClosestFaceSearch against brute force: every face projected, the closest kept, ties within
// the tie distance broken by the nearest corner mean and then the lowest index, on curved grids
// of every face type, after refits and rebuilds, on 1 and 2 threads; and its refusals.

#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <omp.h>

#include "contact_faces.hpp"
#include "fecontact/contact/closest_face_search.hpp"
#include "fecontact/contact/face_geometry.hpp"
#include "mortar_meshes.hpp"

using fecontact::ClosestFace;
using fecontact::ClosestFaceSearch;
using fecontact::ElementType;
using fecontact::Index;
using Eigen::Vector3d;

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

// The answer by definition: every non-degenerate face projected.
ClosestFace brute_force(const fecontact::Surface& surface, const std::vector<Vector3d>& x, const Vector3d& p,
                        double max_distance, double tie) {
  std::vector<ClosestFace> all;
  double closest = infinity;
  for (std::size_t f = 0; f < surface.faces.size(); ++f) {
    const fecontact::FaceNodes nodes = fecontact::gather_face_nodes(surface.faces[f], x);
    if (fecontact::is_degenerate(nodes)) continue;
    const fecontact::FaceProjection q = fecontact::project_onto_face(p, nodes);
    if (!(q.distance <= max_distance)) continue;
    all.push_back({static_cast<Index>(f), q});
    closest = std::min(closest, q.distance);
  }
  ClosestFace best;
  double best_centroid = infinity;
  for (const ClosestFace& c : all) {
    if (c.projection.distance > closest + tie) continue;
    const fecontact::SurfaceFace& face = surface.faces[static_cast<std::size_t>(c.face)];
    Vector3d centroid = Vector3d::Zero();
    const int corners = fecontact::corner_count(face.type);
    for (int k = 0; k < corners; ++k) centroid += x[static_cast<std::size_t>(face.nodes()[static_cast<std::size_t>(k)])];
    const double d = (centroid / corners - p).squaredNorm();
    if (d < best_centroid) {  // ascending faces: the lowest index wins an equal distance
      best = c;
      best_centroid = d;
    }
  }
  return best;
}

// A jittered grid of `type` faces over [0, 3] × [0, 2], bent into z = 0.3 sin(2x) cos(1.5y).
fecontact::Surface bent_grid(ElementType type, std::vector<Vector3d>& x) {
  fecontact::Surface surface = fecontact::test::flat_grid(x, type, 9, 6, 0, 0, 3, 2, 0, false, 0.25, 7);
  for (Vector3d& p : x) p.z() = 0.3 * std::sin(2 * p.x()) * std::cos(1.5 * p.y());
  return surface;
}

// Points near the surface, far from it, beyond its borders, and exactly above its nodes (where
// faces tie to rounding).
std::vector<Vector3d> query_points(const std::vector<Vector3d>& x, std::mt19937_64& rng, int count) {
  std::uniform_real_distribution<double> near_x(-0.5, 3.5), near_y(-0.5, 2.5), near_z(-0.4, 0.4), far(-10, 10);
  std::vector<Vector3d> points;
  for (int k = 0; k < count; ++k) points.emplace_back(near_x(rng), near_y(rng), near_z(rng));
  for (int k = 0; k < count / 10; ++k) points.emplace_back(far(rng), far(rng), far(rng));
  for (std::size_t k = 0; k < x.size(); k += 3) points.push_back(x[k] + Vector3d(0, 0, 0.25));
  return points;
}

void check_against_brute_force(ClosestFaceSearch& search, const std::vector<Vector3d>& x,
                               const std::vector<Vector3d>& points, double max_distance, double tie) {
  std::vector<ClosestFace> found(points.size());
  search.find(points, max_distance, tie, found);
  int with_face = 0;
  for (std::size_t k = 0; k < points.size(); ++k) {
    const ClosestFace expected = brute_force(search.surface(), x, points[k], max_distance, tie);
    BOOST_TEST_CONTEXT("point " << k << " (" << points[k].transpose() << "), max " << max_distance << ", tie " << tie) {
      BOOST_TEST_REQUIRE(found[k].face == expected.face);
      BOOST_TEST(found[k].projection.distance == expected.projection.distance);
      if (expected.face >= 0) {
        ++with_face;
        BOOST_TEST((found[k].projection.point - expected.projection.point).norm() == 0.0);
        BOOST_TEST((found[k].projection.local - expected.projection.local).norm() == 0.0);
      } else {
        BOOST_TEST(std::isnan(found[k].projection.point.x()));
      }
    }
  }
  BOOST_TEST(with_face > 0);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(closest_face_search)

BOOST_AUTO_TEST_CASE(equals_brute_force_on_curved_grids_of_every_face_type) {
  for (const ElementType type : fecontact::test::face_types) {
    BOOST_TEST_CONTEXT(fecontact::name(type)) {
      std::vector<Vector3d> x;
      ClosestFaceSearch search(bent_grid(type, x));
      search.update(x);
      std::mt19937_64 rng(11);
      const std::vector<Vector3d> points = query_points(x, rng, 250);
      check_against_brute_force(search, x, points, infinity, 0);
      check_against_brute_force(search, x, points, infinity, 0.05);
      check_against_brute_force(search, x, points, 0.2, 1e-9);
    }
  }
}

BOOST_AUTO_TEST_CASE(refits_and_rebuilds_follow_the_moving_surface) {
  std::vector<Vector3d> x;
  ClosestFaceSearch search(bent_grid(ElementType::quad8, x));
  search.update(x);
  std::mt19937_64 rng(5);
  for (int step = 1; step <= 4; ++step) {
    // Small motions refit; the last step folds the grid, which rebuilds (the brute force does
    // not care which).
    for (Vector3d& p : x) {
      p += Vector3d(0.01 * step, -0.02, 0.05 * std::sin(p.x() + step));
      if (step == 4) p = Vector3d(p.x(), p.y() * std::cos(p.x()), p.y() * std::sin(p.x()));
    }
    search.update(x);
    BOOST_TEST_CONTEXT("step " << step) check_against_brute_force(search, x, query_points(x, rng, 200), infinity, 1e-9);
  }
}

BOOST_AUTO_TEST_CASE(zero_area_faces_are_never_returned) {
  std::vector<Vector3d> x;
  fecontact::Surface surface = fecontact::test::flat_grid(x, ElementType::tri3, 4, 4, 0, 0, 4, 4, 0, false);
  // Face 10's third node moved onto its first: zero area, right under the query point.
  const fecontact::SurfaceFace& collapsed = surface.faces[10];
  x[static_cast<std::size_t>(collapsed.node_storage[2])] = x[static_cast<std::size_t>(collapsed.node_storage[0])];
  const Vector3d p = x[static_cast<std::size_t>(collapsed.node_storage[0])] + Vector3d(0, 0, 0.1);
  ClosestFaceSearch search(surface);
  search.update(x);
  std::vector<ClosestFace> found(1);
  search.find(std::vector<Vector3d>{p}, infinity, 0, found);
  BOOST_TEST(found[0].face >= 0);
  BOOST_TEST(found[0].face != 10);
  BOOST_TEST(found[0].face == brute_force(surface, x, p, infinity, 0).face);
  BOOST_TEST(found[0].projection.distance == 0.1, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(answers_do_not_depend_on_the_thread_count) {
  std::vector<Vector3d> x;
  ClosestFaceSearch search(bent_grid(ElementType::tri6, x));
  search.update(x);
  std::mt19937_64 rng(3);
  const std::vector<Vector3d> points = query_points(x, rng, 10000);  // several chunks
  const int threads = omp_get_max_threads();
  std::vector<ClosestFace> one(points.size()), two(points.size());
  omp_set_num_threads(1);
  search.find(points, infinity, 1e-9, one);
  omp_set_num_threads(2);
  search.find(points, infinity, 1e-9, two);
  omp_set_num_threads(threads);
  for (std::size_t k = 0; k < points.size(); ++k) {
    BOOST_TEST_REQUIRE(one[k].face == two[k].face);
    BOOST_TEST_REQUIRE(one[k].projection.distance == two[k].projection.distance);
  }
}

BOOST_AUTO_TEST_CASE(an_empty_surface_finds_nothing) {
  ClosestFaceSearch search(fecontact::Surface{});
  search.update({});
  std::vector<ClosestFace> found(2);
  search.find(std::vector<Vector3d>{Vector3d::Zero(), Vector3d::Ones()}, infinity, 0, found);
  BOOST_TEST(found[0].face == -1);
  BOOST_TEST(found[1].projection.distance == infinity);
}

BOOST_AUTO_TEST_CASE(bad_input_is_refused_with_what_was_wrong) {
  std::vector<Vector3d> x;
  fecontact::Surface surface = fecontact::test::flat_grid(x, ElementType::quad4, 2, 2, 0, 0, 1, 1, 0, false);
  ClosestFaceSearch search(surface);
  std::vector<ClosestFace> found(1);
  const std::vector<Vector3d> point{Vector3d::Zero()};
  const auto refused = [](auto&& call, const std::string& message) {
    try {
      call();
    } catch (const std::invalid_argument& e) {
      BOOST_TEST_CONTEXT(e.what()) BOOST_TEST(std::string(e.what()).find(message) != std::string::npos);
      return;
    }
    BOOST_ERROR("not refused: " << message);
  };
  refused([&] { search.find(point, infinity, 0, found); }, "no update yet");
  const Index last = surface.faces[0].node_storage[2];  // the highest node of face 0 (flat_grid's order)
  refused([&] { search.update(std::span(x).first(static_cast<std::size_t>(last))); },
          "face 0 has node " + std::to_string(last) + ", outside the " + std::to_string(last) + " coordinates");
  std::vector<Vector3d> bad = x;
  bad[static_cast<std::size_t>(last)].y() = NAN;
  refused([&] { search.update(bad); }, "node " + std::to_string(last) + " of face 0 is not finite");
  search.update(x);
  refused([&] { search.find(std::vector<Vector3d>{Vector3d(0, INFINITY, 0)}, infinity, 0, found); },
          "point 0 is not finite");
  refused([&] { search.find(point, -1, 0, found); }, "max_distance = -1");
  refused([&] { search.find(point, NAN, 0, found); }, "max_distance");
  refused([&] { search.find(point, 1, infinity, found); }, "tie_distance");
  std::vector<ClosestFace> two(2);
  refused([&] { search.find(point, 1, 0, two); }, "2 answers for 1 points");
  search.find(point, infinity, 0, found);  // nothing was lost
  BOOST_TEST(found[0].face == 0);
  BOOST_TEST(found[0].projection.distance == 0.0);
}

BOOST_AUTO_TEST_SUITE_END()
