// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What a BVH needs from its bounding volume, as a C++20 concept over BoundingVolumeOps<BV>, and
// the two volumes of the library (Aabb, Obb). A third one (an 18-DOP, a sphere) is added by
// specialising BoundingVolumeOps: the tree code does not change.

#include <array>
#include <concepts>
#include <span>

#include <Eigen/Core>

#include "fecontact/bvh/quantized_box.hpp"
#include "fecontact/geometry/aabb.hpp"
#include "fecontact/geometry/covariance.hpp"
#include "fecontact/geometry/obb.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// Operations of a bounding volume, specialised per volume type (see the concept below).
template <class BV>
struct BoundingVolumeOps;

/// A bounding volume the tree can use. With Ops = BoundingVolumeOps<BV>:
/// - BV{} is the empty volume, Ops::is_empty tells it;
/// - Ops::Summary: what shaping a volume needs to know of the geometry beneath it, additive over
///   patches so that every node gets its own fit in linear time: Ops::summarize(points,
///   triangles) (triangles index points) and Ops::combine(a, b);
/// - Ops::fit(summary, points): the volume shaped by the summary holding the points (no point:
///   an empty volume with that shape, to be grown by enclose_like);
/// - Ops::fit_like(shape, points) and Ops::enclose_like(shape, volumes): a volume of the same
///   kind and orientation as `shape` holding the points / volumes (refit keeps orientations);
/// - Ops::children_enclosure_is_tight: enclosing the children is as tight as fitting all the
///   geometry beneath (true for AABB; false for OBB, whose node axes come from the moments of
///   everything beneath and whose extents enclose the children's boxes);
/// - Ops::Packed, Ops::pack(volume, leaf) and Ops::unpack(packed, leaf): how a patch volume is
///   stored within its leaf's volume; unpack(pack(v, leaf), leaf) contains v (conservative);
///   a Packed that is BV itself means stored as it is (refit reads it in place);
/// - Ops::inflate, Ops::overlap (closed volumes, conservative), Ops::contains (a point within a
///   distance), Ops::surface_area and Ops::volume (tree quality).
template <class BV>
concept BoundingVolume =
    std::default_initializable<BV> && std::copyable<BV> &&
    requires(const BV& a, const BV& b, std::span<const Eigen::Vector3d> points,
             std::span<const std::array<Index, 3>> triangles, std::span<const BV> volumes,
             const Eigen::Vector3d& point, double distance,
             const typename BoundingVolumeOps<BV>::Summary& summary,
             const typename BoundingVolumeOps<BV>::Packed& packed) {
      { BoundingVolumeOps<BV>::is_empty(a) } -> std::same_as<bool>;
      { BoundingVolumeOps<BV>::summarize(points, triangles) } -> std::same_as<typename BoundingVolumeOps<BV>::Summary>;
      { BoundingVolumeOps<BV>::combine(summary, summary) } -> std::same_as<typename BoundingVolumeOps<BV>::Summary>;
      { BoundingVolumeOps<BV>::fit(summary, points) } -> std::same_as<BV>;
      { BoundingVolumeOps<BV>::fit_like(a, points) } -> std::same_as<BV>;
      { BoundingVolumeOps<BV>::enclose_like(a, volumes) } -> std::same_as<BV>;
      { BoundingVolumeOps<BV>::children_enclosure_is_tight } -> std::convertible_to<bool>;
      { BoundingVolumeOps<BV>::pack(a, b) } -> std::same_as<typename BoundingVolumeOps<BV>::Packed>;
      { BoundingVolumeOps<BV>::unpack(packed, a) } -> std::same_as<BV>;
      { BoundingVolumeOps<BV>::inflate(a, distance) } -> std::same_as<BV>;
      { BoundingVolumeOps<BV>::overlap(a, b) } -> std::same_as<bool>;
      { BoundingVolumeOps<BV>::contains(a, point, distance) } -> std::same_as<bool>;
      { BoundingVolumeOps<BV>::surface_area(a) } -> std::same_as<double>;
      { BoundingVolumeOps<BV>::volume(a) } -> std::same_as<double>;
    };

template <>
struct BoundingVolumeOps<Aabb> {
  static constexpr bool children_enclosure_is_tight = true;
  /// An AABB has no orientation to choose: nothing to summarise.
  struct Summary {};
  // What a build, refit or search calls per patch and node is inline (defined here), the rest in
  // the .cpp.
  static bool is_empty(const Aabb& box) { return fecontact::is_empty(box); }
  static Summary summarize(std::span<const Eigen::Vector3d>, std::span<const std::array<Index, 3>>) { return {}; }
  static Summary combine(const Summary&, const Summary&) { return {}; }
  static Aabb fit(const Summary&, std::span<const Eigen::Vector3d> points) { return fit_aabb(points); }
  static Aabb fit_like(const Aabb&, std::span<const Eigen::Vector3d> points) { return fit_aabb(points); }
  /// The exact merge.
  static Aabb enclose_like(const Aabb&, std::span<const Aabb> volumes) {
    Aabb box;
    for (const Aabb& v : volumes) box = merge(box, v);
    return box;
  }
  /// 12 bytes instead of 48, at most 1/65535 of the leaf's extent larger per side.
  using Packed = detail::QuantizedBox;
  static detail::QuantizedBox pack(const Aabb& box, const Aabb& leaf) { return detail::quantize(box, leaf); }
  static Aabb unpack(const detail::QuantizedBox& packed, const Aabb& leaf) { return detail::dequantize(packed, leaf); }
  static Aabb inflate(const Aabb& box, double distance) { return fecontact::inflate(box, distance); }
  static bool overlap(const Aabb& a, const Aabb& b) { return fecontact::overlap(a, b); }
  static bool contains(const Aabb& box, const Eigen::Vector3d& point, double distance);
  static double surface_area(const Aabb& box) { return fecontact::surface_area(box); }
  static double volume(const Aabb& box);
};

template <>
struct BoundingVolumeOps<Obb> {
  /// Dimensionless slack of the separating-axis test (overlap.hpp).
  static constexpr double overlap_epsilon = 1e-12;
  static constexpr bool children_enclosure_is_tight = false;
  /// Area-weighted moments of the surface (Gottschalk, Lin & Manocha 1996, §4.1: they add up
  /// over triangles, so every node's covariance comes from its children's in O(1)).
  using Summary = Covariance;
  static bool is_empty(const Obb& box) { return fecontact::is_empty(box); }
  static Covariance summarize(std::span<const Eigen::Vector3d> points,
                              std::span<const std::array<Index, 3>> triangles);
  /// The covariance of the union of two weighted distributions (parallel-axis theorem).
  static Covariance combine(const Covariance& a, const Covariance& b);
  /// Axes: eigenvectors of the covariance of the geometry of `points`; centre and extents
  /// bounding the points. When the points are coplanar (a flat patch: a tri3 face always) the
  /// normal is one of them and the other two come from a 2×2 problem in the plane, in closed form.
  static Obb fit(const Covariance& summary, std::span<const Eigen::Vector3d> points);
  /// The axes of `shape`, centre and extents bounding the points.
  static Obb fit_like(const Obb& shape, std::span<const Eigen::Vector3d> points);
  /// The axes of `shape`, centre and extents bounding the corners of the volumes, grown by a few
  /// rounding units so that the result contains them in floating point too.
  static Obb enclose_like(const Obb& shape, std::span<const Obb> volumes);
  /// Stored as it is.
  using Packed = Obb;
  static Obb pack(const Obb& box, const Obb&) { return box; }
  static Obb unpack(const Obb& packed, const Obb&) { return packed; }
  static Obb inflate(const Obb& box, double distance);
  static bool overlap(const Obb& a, const Obb& b);
  static bool contains(const Obb& box, const Eigen::Vector3d& point, double distance);
  static double surface_area(const Obb& box);  ///< 8(ab + bc + ca), half extents a, b, c
  static double volume(const Obb& box);
};

static_assert(BoundingVolume<Aabb>);
static_assert(BoundingVolume<Obb>);

}  // namespace fecontact
