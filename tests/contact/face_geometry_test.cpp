// SPDX-License-Identifier: BSD-3-Clause
// Face geometry: areas of flat faces (closed form), outward unit normals, zero-area detection.

#include <boost/test/unit_test.hpp>
#include <Eigen/Geometry>

#include "contact_faces.hpp"
#include "fecontact/contact/face_geometry.hpp"
#include "random_geometry.hpp"

using fecontact::ElementType;
using Eigen::Vector2d;
using Eigen::Vector3d;

BOOST_AUTO_TEST_SUITE(face_geometry)

BOOST_AUTO_TEST_CASE(flat_faces_have_their_closed_form_area_and_normal) {
  std::mt19937_64 rng(41);
  for (const ElementType type : fecontact::test::face_types) {
    const Eigen::Matrix3d r = fecontact::test::random_rotation(rng);
    // Reference domain scaled by (3, 2): area 6 × reference area (½ or 4), normal r·e_z.
    const fecontact::FaceNodes face = fecontact::test::mapped_face(
        type, [&](const Vector2d& u) { return Vector3d(r * Vector3d(3 * u.x(), 2 * u.y(), 0) + Vector3d(7, 8, 9)); });
    const double reference_area = fecontact::is_triangle(type) ? 0.5 : 4.0;
    BOOST_TEST(fecontact::face_area(face) == 6 * reference_area, boost::test_tools::tolerance(1e-13));
    BOOST_TEST((fecontact::face_normal(face, Vector2d(0.2, 0.1)) - r.col(2)).norm() < 1e-14);
    BOOST_TEST(!fecontact::is_degenerate(face));
  }
}

BOOST_AUTO_TEST_CASE(a_skewed_quadrilateral) {
  // Flat quad4 with corners (0,0), (2,0), (3,2), (0,1): shoelace area 3.5.
  fecontact::FaceNodes face;
  face.type = ElementType::quad4;
  face.x[0] = {0, 0, 0};
  face.x[1] = {2, 0, 0};
  face.x[2] = {3, 2, 0};
  face.x[3] = {0, 1, 0};
  BOOST_TEST(fecontact::face_area(face) == 3.5, boost::test_tools::tolerance(1e-14));
  // Collapsing a corner onto its neighbour keeps an area (a triangle), a line loses it.
  face.x[3] = face.x[0];
  BOOST_TEST(fecontact::face_area(face) == 2.0, boost::test_tools::tolerance(1e-14));
  BOOST_TEST(!fecontact::is_degenerate(face));
  BOOST_TEST(fecontact::face_normal(face, Vector2d(-1, -1)).z() == 1.0);  // centre normal at the collapsed corner
  face.x[2] = {1, 0, 0};
  face.x[3] = {0.5, 0, 0};
  BOOST_TEST(fecontact::is_degenerate(face));
}

BOOST_AUTO_TEST_SUITE_END()
