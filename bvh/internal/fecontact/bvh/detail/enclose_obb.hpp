// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The OBB with given axes enclosing a set of OBBs (a node of an OBB tree).

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "fecontact/geometry/obb.hpp"

namespace fecontact::detail {

/// The box with `axes` holding every non-empty box of `volumes`, grown by a few rounding units so
/// that it holds them in floating point too. Empty when all are empty.
inline Obb enclose_obbs(const Eigen::Matrix3d& axes, std::span<const Obb> volumes) {
  Obb box;
  box.axes = axes;
  const Obb* first = nullptr;
  for (const Obb& b : volumes)
    if (!is_empty(b)) { first = &b; break; }
  if (first == nullptr) return box;
  // Project the corners about the first centre, so that coordinates far from the origin keep
  // their precision; axesᵀ·axes_v maps each box's frame into ours.
  const Eigen::Vector3d origin = first->center;
  Eigen::Vector3d low = Eigen::Vector3d::Constant(std::numeric_limits<double>::infinity());
  Eigen::Vector3d high = -low;
  // Axis by axis, with dot products: the same sums written as one matrix expression,
  // (axesᵀ·b.axes).cwiseAbs() * b.half_extents, build a 3×3 product per box that Eigen does not
  // fuse (this is the inner loop of an OBB refit).
  for (const Obb& b : volumes) {
    if (is_empty(b)) continue;
    const Eigen::Vector3d offset = b.center - origin;
    for (int i = 0; i < 3; ++i) {
      const Eigen::Vector3d axis = axes.col(i);
      const double center = axis.dot(offset);
      double reach = 0;  // of b along `axis`: Σⱼ |axis·b.axesⱼ| b.half_extentsⱼ
      for (int j = 0; j < 3; ++j) reach += std::abs(axis.dot(b.axes.col(j))) * b.half_extents[j];
      low[i] = std::min(low[i], center - reach);
      high[i] = std::max(high[i], center + reach);
    }
  }
  // A few rounding units of every magnitude involved: the corners, the origin, the result.
  const double scale = std::max(low.cwiseAbs().maxCoeff(), high.cwiseAbs().maxCoeff()) +
                       origin.cwiseAbs().maxCoeff();
  const double pad = 16 * std::numeric_limits<double>::epsilon() * scale;
  box.center = origin + axes * (0.5 * (low + high));
  box.half_extents = (0.5 * (high - low)).array() + pad;
  return box;
}

}  // namespace fecontact::detail
