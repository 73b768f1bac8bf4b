#include "fecontact/bvh/dual_volume.hpp"

#include <algorithm>

namespace fecontact {

using DualOps = BoundingVolumeOps<DualVolume>;
using AabbOps = BoundingVolumeOps<Aabb>;
using ObbOps = BoundingVolumeOps<Obb>;

namespace {
bool has_obb(const DualVolume& v) { return !fecontact::is_empty(v.obb); }
}  // namespace

bool DualOps::is_empty(const DualVolume& v) { return AabbOps::is_empty(v.box); }

DualOps::Summary DualOps::summarize(std::span<const Eigen::Vector3d> points,
                                    std::span<const std::array<Index, 3>> triangles) {
  return ObbOps::summarize(points, triangles);
}

DualVolume DualOps::fit(const Summary& summary, std::span<const Eigen::Vector3d> points) {
  if (points.empty()) return {};
  return {AabbOps::fit({}, points), ObbOps::fit(summary, points)};
}

DualVolume DualOps::fit_like(const DualVolume& shape, std::span<const Eigen::Vector3d> points) {
  return {AabbOps::fit_like(shape.box, points), has_obb(shape) ? ObbOps::fit_like(shape.obb, points) : Obb{}};
}

DualVolume DualOps::enclose_like(const DualVolume&, std::span<const DualVolume> volumes) {
  DualVolume result;
  for (const DualVolume& v : volumes) result.box = merge(result.box, v.box);
  return result;
}

DualVolume DualOps::inflate(const DualVolume& v, double distance) {
  return {AabbOps::inflate(v.box, distance), ObbOps::inflate(v.obb, distance)};  // an absent OBB stays so
}

bool DualOps::overlap(const DualVolume& a, const DualVolume& b) {
  if (!AabbOps::overlap(a.box, b.box)) return false;
  return !has_obb(a) || !has_obb(b) || ObbOps::overlap(a.obb, b.obb);
}

bool DualOps::contains(const DualVolume& v, const Eigen::Vector3d& point, double distance) {
  return AabbOps::contains(v.box, point, distance) && (!has_obb(v) || ObbOps::contains(v.obb, point, distance));
}

double DualOps::surface_area(const DualVolume& v) {
  const double box = AabbOps::surface_area(v.box);
  return has_obb(v) ? std::min(box, ObbOps::surface_area(v.obb)) : box;
}

double DualOps::volume(const DualVolume& v) {
  const double box = AabbOps::volume(v.box);
  return has_obb(v) ? std::min(box, ObbOps::volume(v.obb)) : box;
}

}  // namespace fecontact
