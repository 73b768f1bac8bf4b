#pragma once
// Morton (Z-order) codes: the sort key of the linear BVH builder (Lauterbach et al. 2009, "Fast
// BVH construction on GPUs"; Karras 2012).

#include <cstdint>

#include <Eigen/Core>

#include "fecontact/geometry/aabb.hpp"

namespace fecontact {

/// 63-bit Morton code of `point` on a 2^21 grid over `bounds` (points outside are clamped).
std::uint64_t morton_code(const Eigen::Vector3d& point, const Aabb& bounds);

/// Spreads the low 21 bits of x so that bit i moves to bit 3i.
std::uint64_t spread_bits_by_3(std::uint64_t x);

}  // namespace fecontact
