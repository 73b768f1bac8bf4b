// SPDX-License-Identifier: BSD-3-Clause
// Quantized patch boxes: conservative (the decoded box holds the original, in floating point),
// at most one step of 1/65535 of the leaf larger per side, at the origin and 10⁶–10⁹ away; a box
// out of its leaf gets the whole leaf on that axis.

#include <cmath>
#include <limits>
#include <random>

#include <boost/test/unit_test.hpp>

#include "fecontact/bvh/quantized_box.hpp"

using namespace fecontact;

BOOST_AUTO_TEST_SUITE(quantized_box)

BOOST_AUTO_TEST_CASE(decoded_boxes_hold_the_originals_and_are_at_most_one_step_larger) {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> unit(0, 1);
  for (const double offset : {0.0, 1e6, -1e9, 1e9}) {
    for (const double size : {1e-3, 1.0, 1e3}) {
      for (int trial = 0; trial < 2000; ++trial) {
        // A leaf made of two boxes (as a leaf encloses its patches); quantize the first.
        Aabb a, b;
        for (int axis = 0; axis < 3; ++axis) {
          const double base = offset + size * unit(rng);
          a.min[axis] = base;
          a.max[axis] = base + size * unit(rng) * (trial % 7 == 0 ? 0.0 : 1.0);  // some flat boxes
          b.min[axis] = offset + size * unit(rng);
          b.max[axis] = b.min[axis] + size * unit(rng);
        }
        const Aabb leaf = merge(a, b);
        const Aabb decoded = detail::dequantize(detail::quantize(a, leaf), leaf);
        BOOST_TEST_REQUIRE(contains(decoded, a), "offset " << offset << " size " << size);
        BOOST_TEST_REQUIRE(contains(leaf, decoded));
        for (int axis = 0; axis < 3; ++axis) {
          // One step plus the rounding allowance of the coordinates.
          const double slack = (leaf.max[axis] - leaf.min[axis]) / 65535 +
                               64 * std::numeric_limits<double>::epsilon() *
                                   (std::abs(leaf.min[axis]) + std::abs(leaf.max[axis]));
          BOOST_TEST_REQUIRE(a.min[axis] - decoded.min[axis] <= slack);
          BOOST_TEST_REQUIRE(decoded.max[axis] - a.max[axis] <= slack);
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(empty_boxes_stay_empty_and_flat_leaves_are_exact) {
  const Aabb leaf{Eigen::Vector3d(1e9, 2, 3), Eigen::Vector3d(1e9, 2, 3)};  // one point
  BOOST_TEST(is_empty(detail::dequantize(detail::quantize(Aabb{}, leaf), leaf)));
  const Aabb decoded = detail::dequantize(detail::quantize(leaf, leaf), leaf);
  BOOST_TEST(decoded.min == leaf.min);
  BOOST_TEST(decoded.max == leaf.max);
}

BOOST_AUTO_TEST_CASE(a_box_out_of_its_leaf_takes_the_whole_leaf_on_that_axis) {
  // Not a use of the tree (a leaf encloses its patches), but quantize must stay conservative:
  // the part of the box inside the leaf stays covered.
  const Aabb leaf{Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1, 2, 3)};
  const Aabb box{Eigen::Vector3d(-0.5, 0.5, 1), Eigen::Vector3d(0.25, 1, 4)};  // out on x and z
  const Aabb decoded = detail::dequantize(detail::quantize(box, leaf), leaf);
  BOOST_TEST(decoded.min.x() == leaf.min.x());
  BOOST_TEST(decoded.max.x() == leaf.max.x());
  BOOST_TEST(decoded.min.z() == leaf.min.z());
  BOOST_TEST(decoded.max.z() == leaf.max.z());
  BOOST_TEST(decoded.min.y() <= box.min.y());  // y is inside: quantized as usual
  BOOST_TEST(decoded.max.y() >= box.max.y());
  BOOST_TEST(decoded.max.y() - box.max.y() <= 2.0 / 65535);
}

BOOST_AUTO_TEST_SUITE_END()
