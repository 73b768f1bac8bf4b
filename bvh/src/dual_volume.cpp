#include "fecontact/bvh/dual_volume.hpp"

#include <algorithm>

#include "fecontact/bvh/detail/enclose_obb.hpp"

namespace fecontact {

using DualOps = BoundingVolumeOps<DualVolume>;
using AabbOps = BoundingVolumeOps<Aabb>;
using ObbOps = BoundingVolumeOps<Obb>;

bool DualOps::is_empty(const DualVolume& v) { return AabbOps::is_empty(v.box); }

DualOps::Summary DualOps::summarize(std::span<const Eigen::Vector3d> points,
                                   std::span<const std::array<Index, 3>> triangles) {
  return ObbOps::summarize(points, triangles);
}

DualOps::Summary DualOps::combine(const Summary& a, const Summary& b) { return ObbOps::combine(a, b); }

DualVolume DualOps::fit(const Summary& summary, std::span<const Eigen::Vector3d> points) {
  return {AabbOps::fit({}, points), ObbOps::fit(summary, points)};
}

DualVolume DualOps::fit_like(const DualVolume& shape, std::span<const Eigen::Vector3d> points) {
  return {AabbOps::fit_like(shape.box, points), ObbOps::fit_like(shape.obb, points)};
}

DualVolume DualOps::enclose_like(const DualVolume& shape, std::span<const DualVolume> volumes) {
  DualVolume result;
  for (const DualVolume& v : volumes) result.box = merge(result.box, v.box);
  result.obb = detail::enclose_obbs(shape.obb.axes, volumes, [](const DualVolume& v) -> const Obb& { return v.obb; });
  return result;
}

DualVolume DualOps::inflate(const DualVolume& v, double distance) {
  return {AabbOps::inflate(v.box, distance), ObbOps::inflate(v.obb, distance)};
}

bool DualOps::overlap(const DualVolume& a, const DualVolume& b) {
  return AabbOps::overlap(a.box, b.box) && ObbOps::overlap(a.obb, b.obb);
}

bool DualOps::contains(const DualVolume& v, const Eigen::Vector3d& point, double distance) {
  return AabbOps::contains(v.box, point, distance) && ObbOps::contains(v.obb, point, distance);
}

double DualOps::surface_area(const DualVolume& v) {
  return std::min(AabbOps::surface_area(v.box), ObbOps::surface_area(v.obb));
}

double DualOps::volume(const DualVolume& v) { return std::min(AabbOps::volume(v.box), ObbOps::volume(v.obb)); }

}  // namespace fecontact
