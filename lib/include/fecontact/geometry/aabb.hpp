#pragma once
// Axis-aligned bounding box: a plain struct with an explicit empty state and free functions.

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

bool is_empty(const Aabb& box);

/// Smallest box containing all points (empty for no point).
Aabb fit_aabb(std::span<const Eigen::Vector3d> points);

/// The box grown to contain `point`.
Aabb expand(const Aabb& box, const Eigen::Vector3d& point);

/// Smallest box containing both boxes.
Aabb merge(const Aabb& a, const Aabb& b);

/// The box grown by `distance` ≥ 0 on every side (an empty box stays empty).
Aabb inflate(const Aabb& box, double distance);

/// True when the closed boxes share a point (touching counts).
bool overlap(const Aabb& a, const Aabb& b);

bool contains(const Aabb& box, const Eigen::Vector3d& point);
bool contains(const Aabb& outer, const Aabb& inner);

Eigen::Vector3d center(const Aabb& box);
double volume(const Aabb& box);        ///< 0 for an empty box
double surface_area(const Aabb& box);  ///< 0 for an empty box

}  // namespace fecontact
