#include "fecontact/mesh/weld.hpp"

#include <bit>
#include <cstdint>
#include <limits>

#include "fecontact/assert.hpp"

namespace fecontact {
namespace {

// SplitMix64's finaliser (Steele, Lea & Flood 2014): grid-like coordinates differ in few bits.
std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Hashes the bit patterns; adding +0.0 first turns −0 into +0, so points that compare equal
// hash equal (NaN, the one other exception, is excluded by the precondition).
std::uint64_t hash(const Eigen::Vector3d& p) {
  std::uint64_t h = 0;
  for (const double x : p) h = mix(h ^ std::bit_cast<std::uint64_t>(x + 0.0));
  return h;
}

}  // namespace

// An open-addressing table (linear probing, at most half full) of positions in result.points,
// so that no point costs an allocation.
WeldResult weld_exact(std::span<const Eigen::Vector3d> points) {
  FECONTACT_ASSERT(points.size() < static_cast<std::size_t>(std::numeric_limits<Index>::max()),
                   "weld_exact: too many points for Index");
  WeldResult result;
  result.index.reserve(points.size());
  const std::size_t capacity = std::bit_ceil(2 * points.size() + 1);
  std::vector<Index> table(capacity, -1);
  for (const Eigen::Vector3d& p : points) {
    FECONTACT_ASSERT(p.allFinite(), "weld_exact: coordinates must be finite");
    std::size_t slot = hash(p) & (capacity - 1);
    while (table[slot] >= 0 && result.points[static_cast<std::size_t>(table[slot])] != p) {
      slot = (slot + 1) & (capacity - 1);
    }
    if (table[slot] < 0) {
      table[slot] = static_cast<Index>(result.points.size());
      result.points.push_back(p);
    }
    result.index.push_back(table[slot]);
  }
  return result;
}

}  // namespace fecontact
