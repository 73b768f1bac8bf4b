#include "fecontact/mesh/weld.hpp"

#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <unordered_map>

#include "fecontact/assert.hpp"

namespace fecontact {
namespace {

using Key = std::array<double, 3>;

// SplitMix64's finaliser (Steele, Lea & Flood 2014): grid-like coordinates differ in few bits.
std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Hashes the bit patterns; adding +0.0 first turns −0 into +0, so values that compare equal
// hash equal (NaN, the one other exception, is excluded by the precondition).
struct KeyHash {
  std::size_t operator()(const Key& key) const {
    std::uint64_t h = 0;
    for (const double x : key) h = mix(h ^ std::bit_cast<std::uint64_t>(x + 0.0));
    return static_cast<std::size_t>(h);
  }
};

}  // namespace

WeldResult weld_exact(std::span<const Eigen::Vector3d> points) {
  FECONTACT_ASSERT(points.size() < static_cast<std::size_t>(std::numeric_limits<Index>::max()),
                   "weld_exact: too many points for Index");
  WeldResult result;
  result.index.reserve(points.size());
  std::unordered_map<Key, Index, KeyHash> first_seen;
  first_seen.reserve(points.size());
  for (const Eigen::Vector3d& p : points) {
    FECONTACT_ASSERT(p.allFinite(), "weld_exact: coordinates must be finite");
    const auto next = static_cast<Index>(result.points.size());
    const auto [it, inserted] = first_seen.try_emplace(Key{p.x(), p.y(), p.z()}, next);
    if (inserted) result.points.push_back(p);
    result.index.push_back(it->second);
  }
  return result;
}

}  // namespace fecontact
