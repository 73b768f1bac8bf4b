#pragma once
// A bounding volume made of an AABB and, for patches only, an OBB of the same geometry: the
// volume is their intersection. Nodes (inner and leaves) carry the AABB alone, so the tree is
// built and descended exactly like the AABB tree, with no eigen-decomposition per node; each patch
// also carries its PCA box, and two patch volumes whose AABBs overlap are then tested by the
// 15-axis SAT. The patch-level test removes the false pairs of tilted facets (coaxial shells)
// for the price of one planar OBB fit per patch. Added through BoundingVolumeOps alone: the tree
// code is the same as for Aabb and Obb.

#include <array>
#include <span>

#include "fecontact/bvh/bounding_volume.hpp"

namespace fecontact {

/// The volume box ∩ obb. An empty `obb` (the default) means "absent": it constrains nothing and
/// the volume is `box` alone (what every node holds). The volume is empty when `box` is.
struct DualVolume {
  Aabb box;
  Obb obb;
};

template <>
struct BoundingVolumeOps<DualVolume> {
  static constexpr bool children_enclosure_is_tight = true;  // nodes are AABBs
  /// A patch's moments, for its OBB; nodes carry no OBB, so combining keeps nothing.
  using Summary = BoundingVolumeOps<Obb>::Summary;
  static bool is_empty(const DualVolume& v);
  static Summary summarize(std::span<const Eigen::Vector3d> points,
                           std::span<const std::array<Index, 3>> triangles);
  static Summary combine(const Summary&, const Summary&) { return {}; }
  /// Points given (a patch): its AABB and its PCA box. No point (a node's shape): empty, no OBB.
  static DualVolume fit(const Summary& summary, std::span<const Eigen::Vector3d> points);
  /// The AABB of the points, and the OBB with the axes of shape's OBB when it has one.
  static DualVolume fit_like(const DualVolume& shape, std::span<const Eigen::Vector3d> points);
  /// The merged AABBs, no OBB (whatever `shape` holds: a node is an AABB).
  static DualVolume enclose_like(const DualVolume& shape, std::span<const DualVolume> volumes);
  /// Stored as it is.
  using Packed = DualVolume;
  static DualVolume pack(const DualVolume& v, const DualVolume&) { return v; }
  static DualVolume unpack(const DualVolume& packed, const DualVolume&) { return packed; }
  static DualVolume inflate(const DualVolume& v, double distance);
  /// AABBs first; the SAT only when both volumes carry an OBB (two patches) and the AABBs overlap.
  static bool overlap(const DualVolume& a, const DualVolume& b);
  static bool contains(const DualVolume& v, const Eigen::Vector3d& point, double distance);
  static double surface_area(const DualVolume& v);  ///< the smaller of the two boxes' areas
  static double volume(const DualVolume& v);        ///< the smaller of the two boxes' volumes
};

static_assert(BoundingVolume<DualVolume>);

}  // namespace fecontact
