#include "fecontact/geometry/aabb.hpp"

namespace fecontact {

using Eigen::Vector3d;

bool overlap(const Aabb& a, const Aabb& b) {
  return (a.min.array() <= b.max.array()).all() && (b.min.array() <= a.max.array()).all();
}

bool contains(const Aabb& box, const Vector3d& point) {
  return (box.min.array() <= point.array()).all() && (point.array() <= box.max.array()).all();
}

bool contains(const Aabb& outer, const Aabb& inner) {
  return is_empty(inner) || (contains(outer, inner.min) && contains(outer, inner.max));
}

Vector3d center(const Aabb& box) { return 0.5 * (box.min + box.max); }

double volume(const Aabb& box) { return is_empty(box) ? 0.0 : (box.max - box.min).prod(); }

double surface_area(const Aabb& box) {
  if (is_empty(box)) return 0.0;
  const Vector3d d = box.max - box.min;
  return 2 * (d.x() * d.y() + d.y() * d.z() + d.z() * d.x());
}

}  // namespace fecontact
