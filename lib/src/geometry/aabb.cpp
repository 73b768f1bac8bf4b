#include "fecontact/geometry/aabb.hpp"

namespace fecontact {

using Eigen::Vector3d;

bool contains(const Aabb& box, const Vector3d& point) {
  return (box.min.array() <= point.array()).all() && (point.array() <= box.max.array()).all();
}

bool contains(const Aabb& outer, const Aabb& inner) {
  return is_empty(inner) || (contains(outer, inner.min) && contains(outer, inner.max));
}

double volume(const Aabb& box) { return is_empty(box) ? 0.0 : (box.max - box.min).prod(); }

}  // namespace fecontact
