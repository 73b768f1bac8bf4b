// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// A patch box stored relative to its leaf's box in 16-bit fixed point, rounded outward: 12 bytes
// instead of 48 (the compressed leaves of Ylitie, Karras & Laine 2017, "Efficient incoherent ray
// traversal on GPUs through compressed wide BVHs", §3, with 16 bits and no shared exponent).
// Relative to the leaf, so that it keeps its precision far from the origin, unlike absolute
// float boxes (whose rounding at 10⁹ is 64 units).

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

#include "fecontact/geometry/aabb.hpp"

namespace fecontact::detail {

/// Steps of a leaf's extent per axis (16 bits).
inline constexpr std::int32_t max_step = 65535;
inline constexpr double quantization_steps = max_step;

/// Box corners in steps of 1/65535 of the leaf's extent from the leaf's min corner.
struct QuantizedBox {
  std::array<std::uint16_t, 3> low{};
  std::array<std::uint16_t, 3> high{};
};

/// `box` (inside `leaf`) in steps of `leaf`, low corner rounded down and high corner up; an empty
/// box gives an empty QuantizedBox (low > high); on an axis where `box` is not inside `leaf`
/// (NaN), the whole leaf.
inline QuantizedBox quantize(const Aabb& box, const Aabb& leaf);

/// A box inside `leaf` holding the box that `q` was quantized from (also in floating point: grown
/// by a few rounding units of the leaf's coordinates, then clamped to the leaf); at most 1/65535
/// of the leaf's extent larger per side. Empty for an empty QuantizedBox.
inline Aabb dequantize(const QuantizedBox& q, const Aabb& leaf);

// Defined here, not in a .cpp: unpacking runs at every leaf of every pair search and must inline.

inline QuantizedBox quantize(const Aabb& box, const Aabb& leaf) {
  // The scale first and without a branch: packing the boxes of one leaf then computes it once
  // (the compiler hoists it out of the loop; a division behind a branch it must not hoist).
  std::array<double, 3> scale;
  for (int axis = 0; axis < 3; ++axis) {
    const double extent = leaf.max[axis] - leaf.min[axis];
    const double steps_per_unit = quantization_steps / extent;
    scale[std::size_t(axis)] = extent > 0 ? steps_per_unit : 0.0;
  }
  QuantizedBox q;
  if (is_empty(box)) {
    q.low.fill(1);
    return q;
  }
  for (int axis = 0; axis < 3; ++axis) {
    const auto a = std::size_t(axis);
    const double low = (box.min[axis] - leaf.min[axis]) * scale[a];
    const double high = (box.max[axis] - leaf.min[axis]) * scale[a];
    // A box inside its leaf lies in [0, quantization_steps] give or take the rounding at the top:
    // one well-predicted test, then branch-free integer clamps (clamping each double instead
    // branches, and mispredicts on every box that touches its leaf's side). NaN and boxes out
    // of the leaf take the whole leaf on that axis. The conversion to an integer truncates, i.e.
    // rounds down; rounding up adds one where that lost something.
    if (low >= 0 && high <= quantization_steps + 1) {
      const auto down = static_cast<std::int32_t>(low);
      const auto up = static_cast<std::int32_t>(high);
      q.low[a] = static_cast<std::uint16_t>(std::min(down, max_step));
      q.high[a] = static_cast<std::uint16_t>(std::min(up + (up < high), max_step));
    } else {
      q.low[a] = 0;
      q.high[a] = max_step;
    }
  }
  return q;
}

inline Aabb dequantize(const QuantizedBox& q, const Aabb& leaf) {
  Aabb box;
  for (int axis = 0; axis < 3; ++axis) {
    const auto a = std::size_t(axis);
    if (q.low[a] > q.high[a]) return Aabb{};
    const double extent = leaf.max[axis] - leaf.min[axis];
    const double step = extent > 0 ? extent / quantization_steps : 0.0;
    // Rounding of the quantization and of this sum: a few units of the leaf's coordinates.
    const double pad = 16 * std::numeric_limits<double>::epsilon() *
                       (std::abs(leaf.min[axis]) + std::abs(leaf.max[axis]));
    // The quantized box lay in the leaf: clamping to it loses nothing.
    box.min[axis] = std::max(leaf.min[axis], leaf.min[axis] + q.low[a] * step - pad);
    box.max[axis] = std::min(leaf.max[axis], leaf.min[axis] + q.high[a] * step + pad);
  }
  return box;
}

}  // namespace fecontact::detail
