// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Whether four corners, in order around a quadrilateral, form a parallelogram to the rounding of
// their coordinates: the twist x₀ − x₁ + x₂ − x₃ vanishes exactly on a parallelogram, and then
// the bilinear map through the corners is affine.

#include <algorithm>
#include <limits>

namespace fecontact::detail {

/// True when the twist is no larger than what rounding leaves of zero (64 ε times the largest
/// coordinate magnitude). `Point`: an Eigen vector of any size.
template <class Point>
bool is_parallelogram(const Point& x0, const Point& x1, const Point& x2, const Point& x3) {
  const double magnitude = std::max({x0.cwiseAbs().maxCoeff(), x1.cwiseAbs().maxCoeff(), x2.cwiseAbs().maxCoeff(),
                                     x3.cwiseAbs().maxCoeff()});
  return (x0 - x1 + x2 - x3).norm() <= 64 * std::numeric_limits<double>::epsilon() * magnitude;
}

}  // namespace fecontact::detail
