// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Morton (Z-order) codes: the sort key of the linear BVH builder (Lauterbach et al. 2009, "Fast
// BVH construction on GPUs"; Karras 2012).

#include <algorithm>
#include <cstdint>

#include <Eigen/Core>

#include "fecontact/geometry/aabb.hpp"

namespace fecontact::detail {

/// Spreads the low 21 bits of x so that bit i moves to bit 3i.
inline std::uint64_t spread_bits_by_3(std::uint64_t x) {
  x &= 0x1fffff;
  x = (x | x << 32) & 0x001f00000000ffffULL;
  x = (x | x << 16) & 0x001f0000ff0000ffULL;
  x = (x | x << 8) & 0x100f00f00f00f00fULL;
  x = (x | x << 4) & 0x10c30c30c30c30c3ULL;
  x = (x | x << 2) & 0x1249249249249249ULL;
  return x;
}

/// The grid of 2^21 cells per axis over some bounds, on which Morton codes are taken. The
/// cells per unit length are computed once: a code costs multiplications, not divisions (a
/// builder codes every patch; inline for the same reason).
class MortonGrid {
 public:
  static constexpr double cells = 1 << 21;

  explicit MortonGrid(const Aabb& bounds) : origin_(bounds.min) {
    for (int axis = 0; axis < 3; ++axis) {
      const double extent = bounds.max[axis] - bounds.min[axis];
      cells_per_length_[axis] = extent > 0 ? cells / extent : 0.0;  // a flat axis: all in cell 0
    }
  }

  /// 63-bit Morton code of the cell holding `point`; points outside the bounds are clamped to
  /// the nearest cell, and a NaN coordinate to cell 0.
  std::uint64_t code(const Eigen::Vector3d& point) const {
    std::uint64_t code = 0;
    for (int axis = 0; axis < 3; ++axis) {
      const double t = (point[axis] - origin_[axis]) * cells_per_length_[axis];
      const double cell = t > 0 ? std::min(t, cells - 1) : 0.0;  // the comparison form maps NaN to 0
      code |= spread_bits_by_3(static_cast<std::uint64_t>(cell)) << axis;
    }
    return code;
  }

 private:
  Eigen::Vector3d origin_;
  Eigen::Vector3d cells_per_length_;
};

}  // namespace fecontact::detail
