// SPDX-License-Identifier: BSD-3-Clause
// Contact kinematics of one face (contact_kinematics.hpp) against closed forms: each face placed
// by a map that its interpolation reproduces exactly (affine for flat faces, a quadratic lift for
// the quadratic ones, the bilinear twist ξη for a quad4), so the map itself gives the point and,
// by central differences (exact for quadratics up to rounding), ∂x/∂ξ.

#include <random>

#include <boost/test/unit_test.hpp>
#include <Eigen/Geometry>

#include "contact_faces.hpp"
#include "fecontact/contact/contact_kinematics.hpp"
#include "random_geometry.hpp"

using fecontact::ElementType;
using Eigen::Vector2d;
using Eigen::Vector3d;
namespace test = fecontact::test;

namespace {

// A face of `type` placed by `map`, checked at 50 random points inside: weights that sum to 1 and
// interpolate the map, a frame that is orthonormal and right-handed with tangent1 along ∂x/∂ξ.
template <class Map>
void check_face(ElementType type, Map map, std::mt19937_64& rng) {
  const fecontact::FaceNodes face = test::mapped_face(type, map);
  for (int k = 0; k < 50; ++k) {
    const Vector2d u = test::random_inside(type, rng, 0.01);
    const std::array<double, 9> w = fecontact::face_weights(type, u);
    double sum = 0;
    Vector3d point = Vector3d::Zero();
    for (int i = 0; i < 9; ++i) {
      sum += w[static_cast<std::size_t>(i)];
      if (i < fecontact::node_count(type)) point += w[static_cast<std::size_t>(i)] * face.x[static_cast<std::size_t>(i)];
      else BOOST_TEST(w[static_cast<std::size_t>(i)] == 0.0);
    }
    BOOST_TEST(std::abs(sum - 1) < 1e-12);
    BOOST_TEST((point - map(u)).norm() < 1e-12, "type " << int(type) << " at " << u.transpose());

    const Vector3d n = fecontact::face_normal(face, u);
    const fecontact::TangentFrame f = fecontact::tangent_frame(face, u, n);
    BOOST_TEST(std::abs(f.tangent1.norm() - 1) < 1e-14);
    BOOST_TEST(std::abs(f.tangent2.norm() - 1) < 1e-14);
    BOOST_TEST(std::abs(f.tangent1.dot(f.tangent2)) < 1e-14);
    BOOST_TEST(std::abs(f.tangent1.dot(n)) < 1e-14);
    BOOST_TEST(std::abs(f.tangent2.dot(n)) < 1e-14);
    BOOST_TEST(std::abs(f.tangent1.cross(f.tangent2).dot(n) - 1) < 1e-14);  // right-handed
    const double h = 1e-4;
    const Vector3d x_xi = (map(Vector2d(u.x() + h, u.y())) - map(Vector2d(u.x() - h, u.y()))) / (2 * h);
    BOOST_TEST((f.tangent1 - x_xi.normalized()).norm() < 1e-9, "type " << int(type));
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(contact_kinematics)

BOOST_AUTO_TEST_CASE(every_face_type_flat_and_curved_interpolates_its_points_with_an_orthonormal_frame) {
  std::mt19937_64 rng(33);
  for (const ElementType type : test::face_types) {
    const Eigen::Matrix3d r = test::random_rotation(rng);
    const Vector3d origin = test::random_vector(rng, -5, 5);
    // Flat: a sheared, scaled reference domain.
    check_face(type, [&](const Vector2d& u) { return Vector3d(origin + r * Vector3d(2 * u.x() + 0.3 * u.y(), 1.5 * u.y(), 0)); },
               rng);
    // Curved: what the face's interpolation reproduces exactly.
    const bool quadratic = fecontact::node_count(type) > 4;
    if (quadratic)
      check_face(type, [&](const Vector2d& u) {
        return Vector3d(origin + r * Vector3d(u.x(), u.y(), 0.3 * (u.x() * u.x() + 0.5 * u.x() * u.y() - 0.7 * u.y() * u.y())));
      }, rng);
    else if (type == ElementType::quad4)
      check_face(type, [&](const Vector2d& u) { return Vector3d(origin + r * Vector3d(u.x(), u.y(), 0.4 * u.x() * u.y())); },
                 rng);
  }
}

BOOST_AUTO_TEST_CASE(master_nodes_are_the_face_nodes_padded_with_minus_one) {
  fecontact::SurfaceFace face;
  face.type = ElementType::tri6;
  face.node_storage = {10, 11, 12, 13, 14, 15, 99, 99, 99};
  const std::array<fecontact::Index, 9> nodes = fecontact::face_node_indices(face);
  const std::array<fecontact::Index, 9> expected{10, 11, 12, 13, 14, 15, -1, -1, -1};
  BOOST_TEST(nodes == expected);
}

// A quad4 with corners 0 and 1 collapsed: ∂x/∂ξ vanishes along the edge η = −1, so the frame
// takes ∂x/∂ξ at the centre, which is ½ (x₂ − x₃) there; a zero normal gives zero tangents.
BOOST_AUTO_TEST_CASE(a_collapsed_corner_takes_the_centre_tangent) {
  fecontact::FaceNodes face;
  face.type = ElementType::quad4;
  face.x[0] = {0, 0, 0};
  face.x[1] = {0, 0, 0};
  face.x[2] = {2, 1, 0};
  face.x[3] = {0, 1, 0};
  const Vector3d n(0, 0, 1);
  const fecontact::TangentFrame f = fecontact::tangent_frame(face, Vector2d(0.3, -1), n);
  BOOST_TEST((f.tangent1 - Vector3d(1, 0, 0)).norm() < 1e-15);
  BOOST_TEST((f.tangent2 - Vector3d(0, 1, 0)).norm() < 1e-15);
  const fecontact::TangentFrame none = fecontact::tangent_frame(face, Vector2d(0, 0), Vector3d::Zero());
  BOOST_TEST(none.tangent1.isZero(0));
  BOOST_TEST(none.tangent2.isZero(0));
}

// The convected slip: the previous point carried by the face's nodes, minus its normal part.
BOOST_AUTO_TEST_CASE(convected_slip_is_the_tangential_part_of_the_motion_over_the_face) {
  fecontact::FaceNodes face;  // the unit triangle shifted by (1, 2, 3): the point at (ξ, η) is (1 + ξ, 2 + η, 3)
  face.type = ElementType::tri3;
  face.x[0] = {1, 2, 3};
  face.x[1] = {2, 2, 3};
  face.x[2] = {1, 3, 3};
  const Vector3d slip =
      fecontact::convected_slip(Vector3d(1.5, 2.25, 3.5), face, Vector2d(0.25, 0.125), Vector3d(0, 0, 1));
  BOOST_TEST((slip - Vector3d(0.25, 0.125, 0)).norm() < 1e-15);
}

BOOST_AUTO_TEST_SUITE_END()
