#pragma once
// A bounding volume made of an AABB and an OBB of the same geometry: the volume is their
// intersection. Overlap tests the cheap AABB pair first and runs the 15-axis OBB test only when
// the boxes overlap, so the tree culls at least as well as the better of the two while paying
// the OBB price only where AABBs fail. Added through BoundingVolumeOps alone: the tree code is
// the same as for Aabb and Obb.

#include <array>
#include <span>

#include "fecontact/bvh/bounding_volume.hpp"

namespace fecontact {

struct DualVolume {
  Aabb box;
  Obb obb;
};

template <>
struct BoundingVolumeOps<DualVolume> {
  static constexpr bool children_enclosure_is_tight = false;
  using Summary = BoundingVolumeOps<Obb>::Summary;  // the AABB needs none
  static bool is_empty(const DualVolume& v);
  static Summary summarize(std::span<const Eigen::Vector3d> points,
                           std::span<const std::array<Index, 3>> triangles);
  static Summary combine(const Summary& a, const Summary& b);
  static DualVolume fit(const Summary& summary, std::span<const Eigen::Vector3d> points);
  static DualVolume fit_like(const DualVolume& shape, std::span<const Eigen::Vector3d> points);
  static DualVolume enclose_like(const DualVolume& shape, std::span<const DualVolume> volumes);
  /// Stored as it is.
  using Packed = DualVolume;
  static DualVolume pack(const DualVolume& v, const DualVolume&) { return v; }
  static DualVolume unpack(const DualVolume& packed, const DualVolume&) { return packed; }
  static DualVolume inflate(const DualVolume& v, double distance);
  /// AABBs first; the OBBs only when the AABBs overlap.
  static bool overlap(const DualVolume& a, const DualVolume& b);
  static bool contains(const DualVolume& v, const Eigen::Vector3d& point, double distance);
  static double surface_area(const DualVolume& v);  ///< the smaller of the two boxes' areas
  static double volume(const DualVolume& v);        ///< the smaller of the two boxes' volumes
};

static_assert(BoundingVolume<DualVolume>);

}  // namespace fecontact
