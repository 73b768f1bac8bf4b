// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Axis-aligned bounding box: a plain struct with an explicit empty state and free functions.

#include <array>
#include <limits>
#include <span>

#include <Eigen/Core>

namespace fecontact {

/// Axis-aligned box [min, max]. Default-constructed it is empty (min = +inf, max = −inf), the
/// identity of merge. A box holding one point has min == max.
struct Aabb {
  Eigen::Vector3d min = Eigen::Vector3d::Constant(std::numeric_limits<double>::infinity());
  Eigen::Vector3d max = Eigen::Vector3d::Constant(-std::numeric_limits<double>::infinity());
};

// is_empty, expand, fit_aabb, merge, inflate, center, overlap and surface_area are inline: a BVH
// build, refit or search calls them for every patch and node, across libraries (out of line,
// the calls took a fifth of an AABB pair search).

inline bool is_empty(const Aabb& box) { return !(box.min.array() <= box.max.array()).all(); }

/// The box grown to contain `point`.
inline Aabb expand(const Aabb& box, const Eigen::Vector3d& point) {
  return {box.min.cwiseMin(point), box.max.cwiseMax(point)};
}

/// Smallest box containing all points (empty for no point).
inline Aabb fit_aabb(std::span<const Eigen::Vector3d> points) {
  // Local arrays, not the returned box (which might alias the points): they stay in registers.
  Eigen::Array3d low = Eigen::Array3d::Constant(std::numeric_limits<double>::infinity());
  Eigen::Array3d high = -low;
  for (const Eigen::Vector3d& p : points) {
    low = low.min(p.array());
    high = high.max(p.array());
  }
  return {low.matrix(), high.matrix()};
}

/// Smallest box containing both boxes.
inline Aabb merge(const Aabb& a, const Aabb& b) { return {a.min.cwiseMin(b.min), a.max.cwiseMax(b.max)}; }

/// The box grown by `distance` ≥ 0 on every side (an empty box stays empty), rounded outward:
/// each bound moves a further 2ε of its magnitude (at least the rounding of the sum), so that the
/// box holds every point within `distance` of the original box, as it would in exact arithmetic.
/// A search for pairs within a distance then keeps the pairs exactly at it.
inline Aabb inflate(const Aabb& box, double distance) {
  if (is_empty(box)) return box;
  constexpr double slack = 2 * std::numeric_limits<double>::epsilon();
  const Eigen::Array3d low = box.min.array() - distance, high = box.max.array() + distance;
  return {(low - slack * low.abs()).matrix(), (high + slack * high.abs()).matrix()};
}

/// True when the closed boxes share a point (touching counts).
inline bool overlap(const Aabb& a, const Aabb& b) {
  return (a.min.array() <= b.max.array()).all() && (b.min.array() <= a.max.array()).all();
}

bool contains(const Aabb& box, const Eigen::Vector3d& point);
bool contains(const Aabb& outer, const Aabb& inner);

inline Eigen::Vector3d center(const Aabb& box) { return 0.5 * (box.min + box.max); }
/// The eight corners; corner k is on the upper side along axis i where bit i of k is set (the
/// numbering of corners(const Obb&)).
std::array<Eigen::Vector3d, 8> corners(const Aabb& box);

double volume(const Aabb& box);        ///< 0 for an empty box

/// 0 for an empty box.
inline double surface_area(const Aabb& box) {
  if (is_empty(box)) return 0.0;
  const Eigen::Vector3d d = box.max - box.min;
  return 2 * (d.x() * d.y() + d.y() * d.z() + d.z() * d.x());
}

}  // namespace fecontact
