#pragma once
// A patch box stored relative to its leaf's box in 16-bit fixed point, rounded outward: 12 bytes
// instead of 48 (the compressed leaves of Ylitie, Karras & Laine 2017, "Efficient incoherent ray
// traversal on GPUs through compressed wide BVHs", §3, with 16 bits and no shared exponent).
// Relative to the leaf, so that it keeps its precision far from the origin, unlike absolute
// float boxes (whose rounding at 10⁹ is 64 units).

#include <array>
#include <cstdint>

#include "fecontact/geometry/aabb.hpp"

namespace fecontact {

/// Box corners in steps of 1/65535 of the leaf's extent from the leaf's min corner.
struct QuantizedBox {
  std::array<std::uint16_t, 3> low{};
  std::array<std::uint16_t, 3> high{};
};

/// `box` (inside `leaf`) in steps of `leaf`, low corner rounded down and high corner up; an empty
/// box gives an empty QuantizedBox (low > high); a box not inside `leaf` (NaN) is clamped to it.
QuantizedBox quantize(const Aabb& box, const Aabb& leaf);

/// A box inside `leaf` holding the box that `q` was quantized from (also in floating point: grown
/// by a few rounding units of the leaf's coordinates, then clamped to the leaf); at most 1/65535
/// of the leaf's extent larger per side. Empty for an empty QuantizedBox.
Aabb dequantize(const QuantizedBox& q, const Aabb& leaf);

}  // namespace fecontact
