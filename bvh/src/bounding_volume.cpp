#include "fecontact/bvh/bounding_volume.hpp"

#include "fecontact/bvh/detail/enclose_obb.hpp"
#include "fecontact/geometry/eigen3.hpp"
#include "fecontact/geometry/overlap.hpp"

namespace fecontact {

using AabbOps = BoundingVolumeOps<Aabb>;
using ObbOps = BoundingVolumeOps<Obb>;

bool AabbOps::overlap(const Aabb& a, const Aabb& b) { return fecontact::overlap(a, b); }
bool AabbOps::contains(const Aabb& box, const Eigen::Vector3d& point, double distance) {
  return fecontact::contains(fecontact::inflate(box, distance), point);
}
double AabbOps::surface_area(const Aabb& box) { return fecontact::surface_area(box); }
double AabbOps::volume(const Aabb& box) { return fecontact::volume(box); }

bool ObbOps::is_empty(const Obb& box) { return fecontact::is_empty(box); }
Covariance ObbOps::summarize(std::span<const Eigen::Vector3d> points,
                             std::span<const std::array<Index, 3>> triangles) {
  return triangle_covariance(points, triangles);
}

Covariance ObbOps::combine(const Covariance& a, const Covariance& b) {
  if (!(a.weight > 0)) return b;
  if (!(b.weight > 0)) return a;
  Covariance sum;
  sum.weight = a.weight + b.weight;
  const double wa = a.weight / sum.weight;
  const double wb = b.weight / sum.weight;
  // Offsets between the means, not the means themselves: far from the origin they keep their
  // precision.
  const Eigen::Vector3d d = b.mean - a.mean;
  sum.mean = a.mean + wb * d;
  sum.matrix = wa * a.matrix + wb * b.matrix + (wa * wb) * d * d.transpose();
  return sum;
}

Obb ObbOps::fit(const Covariance& summary, std::span<const Eigen::Vector3d> points) {
  const SymmetricEigen3 eigen = eigen_symmetric3(summary.matrix);
  const Eigen::Matrix3d axes =
      eigen.status == EigenStatus::ok ? eigen.vectors : Eigen::Matrix3d::Identity();
  return fit_obb(points, axes);
}
Obb ObbOps::fit_like(const Obb& shape, std::span<const Eigen::Vector3d> points) {
  return fit_obb(points, shape.axes);
}

Obb ObbOps::enclose_like(const Obb& shape, std::span<const Obb> volumes) {
  return detail::enclose_obbs(shape.axes, volumes, [](const Obb& v) -> const Obb& { return v; });
}

Obb ObbOps::inflate(const Obb& box, double distance) { return fecontact::inflate(box, distance); }
bool ObbOps::overlap(const Obb& a, const Obb& b) { return fecontact::overlap(a, b, overlap_epsilon); }
bool ObbOps::contains(const Obb& box, const Eigen::Vector3d& point, double distance) {
  return fecontact::contains(box, point, distance);
}
double ObbOps::surface_area(const Obb& box) {
  if (fecontact::is_empty(box)) return 0;
  const Eigen::Vector3d& h = box.half_extents;
  return 8 * (h.x() * h.y() + h.y() * h.z() + h.z() * h.x());
}
double ObbOps::volume(const Obb& box) { return fecontact::volume(box); }

}  // namespace fecontact
