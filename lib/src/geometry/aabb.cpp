// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/geometry/aabb.hpp"

namespace fecontact {

using Eigen::Vector3d;

bool contains(const Aabb& box, const Vector3d& point) {
  return (box.min.array() <= point.array()).all() && (point.array() <= box.max.array()).all();
}

bool contains(const Aabb& outer, const Aabb& inner) {
  return is_empty(inner) || (contains(outer, inner.min) && contains(outer, inner.max));
}

std::array<Vector3d, 8> corners(const Aabb& box) {
  std::array<Vector3d, 8> result;
  for (std::size_t k = 0; k < 8; ++k)
    result[k] = {(k & 1) ? box.max.x() : box.min.x(), (k & 2) ? box.max.y() : box.min.y(),
                 (k & 4) ? box.max.z() : box.min.z()};
  return result;
}

double volume(const Aabb& box) { return is_empty(box) ? 0.0 : (box.max - box.min).prod(); }

}  // namespace fecontact
