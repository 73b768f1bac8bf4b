// SPDX-License-Identifier: BSD-3-Clause
// Per-node closest face over candidate master faces: signed gaps on a flat plate, ties to the
// lowest face index, the edge rule at a convex corner, and zero-area faces skipped.

#include <cmath>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "fecontact/contact/node_contact.hpp"

using fecontact::ElementType;
using fecontact::Index;
using Eigen::Vector3d;

namespace {

fecontact::SurfaceFace quad(Index a, Index b, Index c, Index d) {
  fecontact::SurfaceFace face;
  face.type = ElementType::quad4;
  face.node_storage = {a, b, c, d};
  return face;
}

// A 2 × 1 plate of unit quad4 faces in z = 0, normals +z: nodes 0..5 on the grid x ∈ {0,1,2},
// y ∈ {0,1}; face 0 = [0,1]², face 1 = [1,2] × [0,1].
struct Plate {
  std::vector<Vector3d> nodes = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {1, 1, 0}, {2, 1, 0}};
  fecontact::Surface surface{"plate", {quad(0, 1, 4, 3), quad(1, 2, 5, 4)}};
};

}  // namespace

BOOST_AUTO_TEST_SUITE(node_contact)

BOOST_AUTO_TEST_CASE(signed_gap_above_and_below_a_plate) {
  const Plate plate;
  const std::vector<Index> candidates = {1, 0};
  const auto above = fecontact::closest_face(Vector3d(1.5, 0.25, 0.3), candidates, plate.surface, plate.nodes);
  BOOST_TEST(above.face == 1);
  BOOST_TEST(above.gap == 0.3, boost::test_tools::tolerance(1e-14));
  BOOST_TEST((above.normal - Vector3d(0, 0, 1)).norm() < 1e-15);
  BOOST_TEST((above.point - Vector3d(1.5, 0.25, 0)).norm() < 1e-14);
  BOOST_TEST((above.local - Eigen::Vector2d(0, -0.5)).norm() < 1e-13);
  const auto below = fecontact::closest_face(Vector3d(0.5, 0.5, -0.2), candidates, plate.surface, plate.nodes);
  BOOST_TEST(below.face == 0);
  BOOST_TEST(below.gap == -0.2, boost::test_tools::tolerance(1e-14));
}

BOOST_AUTO_TEST_CASE(ties_go_to_the_lowest_face_index) {
  const Plate plate;
  // On the shared edge x = 1 both faces are at the same distance, in either candidate order.
  for (const std::vector<Index>& candidates : {std::vector<Index>{0, 1}, std::vector<Index>{1, 0, 1}}) {
    const auto c = fecontact::closest_face(Vector3d(1, 0.5, 0.1), candidates, plate.surface, plate.nodes);
    BOOST_TEST(c.face == 0);
    BOOST_TEST((c.feature == fecontact::FaceFeature::edge));
    BOOST_TEST(c.feature_index == 1);
    BOOST_TEST(c.gap == 0.1, boost::test_tools::tolerance(1e-14));
  }
  // Exactly on the shared vertex (1, 1, 0): gap 0, face 0, vertex 2 of face 0.
  const auto v = fecontact::closest_face(Vector3d(1, 1, 0), std::vector<Index>{1, 0}, plate.surface, plate.nodes);
  BOOST_TEST(v.face == 0);
  BOOST_TEST(v.gap == 0.0);
  BOOST_TEST((v.feature == fecontact::FaceFeature::vertex));
  BOOST_TEST(v.feature_index == 2);
}

BOOST_AUTO_TEST_CASE(beyond_an_edge_the_sign_comes_from_the_chosen_face) {
  const Plate plate;
  // Beside the plate, below its plane: closest to edge 1 of face 1; the distance is
  // |(0.3, 0, −0.4)| = 0.5 and (p − point)·n = −0.4 < 0, so the gap is −0.5.
  const auto c = fecontact::closest_face(Vector3d(2.3, 0.5, -0.4), std::vector<Index>{0, 1}, plate.surface, plate.nodes);
  BOOST_TEST(c.face == 1);
  BOOST_TEST(c.gap == -0.5, boost::test_tools::tolerance(1e-14));
  BOOST_TEST((c.feature == fecontact::FaceFeature::edge));
  BOOST_TEST(c.feature_index == 1);
}

BOOST_AUTO_TEST_CASE(zero_area_faces_are_skipped_and_reported) {
  Plate plate;
  plate.nodes.push_back({1.5, 0.5, 0.05});  // node 6, just below the query point
  plate.surface.faces.push_back(quad(6, 6, 6, 6));
  const auto c = fecontact::closest_face(Vector3d(1.5, 0.5, 0.1), std::vector<Index>{2, 0, 1}, plate.surface, plate.nodes);
  BOOST_TEST(c.face == 1);
  BOOST_TEST(c.gap == 0.1, boost::test_tools::tolerance(1e-14));
  BOOST_TEST(fecontact::degenerate_faces(plate.surface, plate.nodes) == std::vector<Index>{2});
  // Only degenerate candidates: no contact.
  const auto none = fecontact::closest_face(Vector3d(0, 0, 1), std::vector<Index>{2}, plate.surface, plate.nodes);
  BOOST_TEST(none.face == -1);
  BOOST_TEST(std::isinf(none.gap));
}

BOOST_AUTO_TEST_SUITE_END()
