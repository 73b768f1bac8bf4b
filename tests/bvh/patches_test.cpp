// SPDX-License-Identifier: BSD-3-Clause
// Patches: one per face.
#include <boost/test/unit_test.hpp>

#include "bvh_test_meshes.hpp"
#include "fecontact/bvh/patches.hpp"

using namespace fecontact;

namespace {
const auto plane = [](double u, double v) { return Eigen::Vector3d(u, v, 0); };
}

BOOST_AUTO_TEST_SUITE(bvh_patches)

BOOST_AUTO_TEST_CASE(face_patches_hold_one_face_each) {
  const auto mesh = test::grid_surface(3, 2, ElementType::quad8, plane);
  const Patches patches = face_patches(mesh.surface);
  BOOST_TEST(patches.size() == mesh.surface.size());
  for (Index p = 0; p < patches.size(); ++p) {
    BOOST_TEST(patches.row(p).size() == 1u);
    BOOST_TEST(patches.row(p)[0] == p);
  }
  BOOST_TEST(face_patches(Surface{}).size() == 0);
}

BOOST_AUTO_TEST_SUITE_END()
