// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/geometry/overlap.hpp"

#include "fecontact/geometry/detail/box_conversions.hpp"

#include <cmath>

namespace fecontact {

using Eigen::Matrix3d;
using Eigen::Vector3d;

// Ericson 2005, §4.4.1 (after Gottschalk 1996): all quantities in a's frame. R = a.axesᵀ b.axes
// holds the cosines between the axes; |R| + epsilon is what the projected radii use. Row i of R
// is computed just before the test on a's axis i needs it: thin boxes (flat patches) are mostly
// separated by the first, their normal, and the rest is then never computed.
bool overlap(const Obb& a, const Obb& b, double epsilon) {
  if (is_empty(a) || is_empty(b)) return false;
  const Vector3d& ea = a.half_extents;
  const Vector3d& eb = b.half_extents;
  const Vector3d d = b.center - a.center;
  Matrix3d r, abs_r;
  Vector3d t;
  for (int i = 0; i < 3; ++i) {  // axes of a
    r.row(i) = a.axes.col(i).transpose() * b.axes;
    abs_r.row(i) = r.row(i).cwiseAbs().array() + epsilon;
    t[i] = a.axes.col(i).dot(d);
    if (std::abs(t[i]) > ea[i] + abs_r.row(i).dot(eb)) return false;
  }
  for (int j = 0; j < 3; ++j)  // axes of b
    if (std::abs(t.dot(r.col(j))) > abs_r.col(j).dot(ea) + eb[j]) return false;

  for (int i = 0; i < 3; ++i) {  // the nine cross products a_i × b_j
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const double ra = ea[i1] * abs_r(i2, j) + ea[i2] * abs_r(i1, j);
      const double rb = eb[j1] * abs_r(i, j2) + eb[j2] * abs_r(i, j1);
      const double distance = std::abs(t[i2] * r(i1, j) - t[i1] * r(i2, j));
      if (distance > ra + rb) return false;
    }
  }
  return true;
}

bool overlap(const Obb& a, const Aabb& b, double epsilon) { return overlap(a, detail::to_obb(b), epsilon); }

namespace detail {

Aabb bounding_aabb(const Obb& box) {
  if (is_empty(box)) return Aabb{};
  const Vector3d reach = box.axes.cwiseAbs() * box.half_extents;
  return {box.center - reach, box.center + reach};
}

Obb to_obb(const Aabb& box) {
  if (is_empty(box)) return Obb{};
  Obb result;
  result.center = center(box);
  result.half_extents = 0.5 * (box.max - box.min);
  return result;
}

}  // namespace detail

}  // namespace fecontact
