#include "fecontact/bvh/quantized_box.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace fecontact {
namespace {

constexpr double steps = 65535;

}  // namespace

QuantizedBox quantize(const Aabb& box, const Aabb& leaf) {
  QuantizedBox q;
  if (is_empty(box)) {
    q.low.fill(1);
    return q;
  }
  for (int axis = 0; axis < 3; ++axis) {
    const double extent = leaf.max[axis] - leaf.min[axis];
    const double scale = extent > 0 ? steps / extent : 0.0;
    const double low = (box.min[axis] - leaf.min[axis]) * scale;
    const double high = (box.max[axis] - leaf.min[axis]) * scale;
    // Comparison forms: NaN goes to the whole leaf. On [0, steps] the conversion to an integer
    // truncates, i.e. rounds down; rounding up adds one where that lost something.
    const auto down = static_cast<std::uint16_t>(low > 0 ? std::min(low, steps) : 0.0);
    const auto up = static_cast<std::uint16_t>(high > 0 ? std::min(high, steps) : 0.0);
    q.low[std::size_t(axis)] = down;
    q.high[std::size_t(axis)] = !(high < steps) ? std::uint16_t(steps) : static_cast<std::uint16_t>(up + (up < high));
  }
  return q;
}

Aabb dequantize(const QuantizedBox& q, const Aabb& leaf) {
  Aabb box;
  for (int axis = 0; axis < 3; ++axis) {
    const auto a = std::size_t(axis);
    if (q.low[a] > q.high[a]) return Aabb{};
    const double extent = leaf.max[axis] - leaf.min[axis];
    const double step = extent > 0 ? extent / steps : 0.0;
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
