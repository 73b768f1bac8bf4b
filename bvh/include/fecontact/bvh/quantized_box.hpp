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

namespace fecontact {

/// Steps of a leaf's extent per axis (16 bits).
inline constexpr double quantization_steps = 65535;

/// Box corners in steps of 1/65535 of the leaf's extent from the leaf's min corner.
struct QuantizedBox {
  std::array<std::uint16_t, 3> low{};
  std::array<std::uint16_t, 3> high{};
};

/// `box` (inside `leaf`) in steps of `leaf`, low corner rounded down and high corner up; an empty
/// box gives an empty QuantizedBox (low > high); a box not inside `leaf` (NaN) is clamped to it.
inline QuantizedBox quantize(const Aabb& box, const Aabb& leaf);

/// A box inside `leaf` holding the box that `q` was quantized from (also in floating point: grown
/// by a few rounding units of the leaf's coordinates, then clamped to the leaf); at most 1/65535
/// of the leaf's extent larger per side. Empty for an empty QuantizedBox.
inline Aabb dequantize(const QuantizedBox& q, const Aabb& leaf);

// Defined here, not in a .cpp: unpacking runs at every leaf of every pair search and must inline.

inline QuantizedBox quantize(const Aabb& box, const Aabb& leaf) {
  QuantizedBox q;
  if (is_empty(box)) {
    q.low.fill(1);
    return q;
  }
  for (int axis = 0; axis < 3; ++axis) {
    const double extent = leaf.max[axis] - leaf.min[axis];
    const double scale = extent > 0 ? quantization_steps / extent : 0.0;
    const double low = (box.min[axis] - leaf.min[axis]) * scale;
    const double high = (box.max[axis] - leaf.min[axis]) * scale;
    // Comparison forms: NaN goes to the whole leaf. On [0, quantization_steps] the conversion to an integer
    // truncates, i.e. rounds down; rounding up adds one where that lost something.
    const auto down = static_cast<std::uint16_t>(low > 0 ? std::min(low, quantization_steps) : 0.0);
    const auto up = static_cast<std::uint16_t>(high > 0 ? std::min(high, quantization_steps) : 0.0);
    q.low[std::size_t(axis)] = down;
    q.high[std::size_t(axis)] = !(high < quantization_steps) ? std::uint16_t(quantization_steps) : static_cast<std::uint16_t>(up + (up < high));
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

}  // namespace fecontact
