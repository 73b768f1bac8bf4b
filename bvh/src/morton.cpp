#include "fecontact/bvh/morton.hpp"

#include <algorithm>

namespace fecontact {

std::uint64_t spread_bits_by_3(std::uint64_t x) {
  x &= 0x1fffff;
  x = (x | x << 32) & 0x001f00000000ffffULL;
  x = (x | x << 16) & 0x001f0000ff0000ffULL;
  x = (x | x << 8) & 0x100f00f00f00f00fULL;
  x = (x | x << 4) & 0x10c30c30c30c30c3ULL;
  x = (x | x << 2) & 0x1249249249249249ULL;
  return x;
}

std::uint64_t morton_code(const Eigen::Vector3d& point, const Aabb& bounds) {
  constexpr double cells = 1 << 21;
  std::uint64_t code = 0;
  for (int axis = 0; axis < 3; ++axis) {
    const double extent = bounds.max[axis] - bounds.min[axis];
    const double t = extent > 0 ? (point[axis] - bounds.min[axis]) / extent : 0.0;
    // The comparison form also maps NaN to cell 0.
    const double cell = t > 0 ? std::min(t * cells, cells - 1) : 0.0;
    code |= spread_bits_by_3(static_cast<std::uint64_t>(cell)) << axis;
  }
  return code;
}

}  // namespace fecontact
