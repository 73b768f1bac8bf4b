// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/mesh/weld.hpp"

#include <bit>
#include <cstdint>
#include <limits>

#include "fecontact/detail/assert.hpp"

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

// A table of positions in points_ rather than of points, so that no point costs an allocation
// and the table costs 4 bytes a slot.
PointWelder::PointWelder(std::size_t expected) : table_(std::bit_ceil(2 * expected + 2), -1) {}

Index PointWelder::add(const Eigen::Vector3d& p) {
  FECONTACT_ASSERT(p.allFinite(), "PointWelder: coordinates must be finite");
  const std::size_t mask = table_.size() - 1;
  std::size_t slot = hash(p) & mask;
  while (table_[slot] >= 0 && points_[static_cast<std::size_t>(table_[slot])] != p)
    slot = (slot + 1) & mask;
  if (table_[slot] >= 0) return table_[slot];
  FECONTACT_ASSERT(points_.size() < static_cast<std::size_t>(std::numeric_limits<Index>::max()),
                   "PointWelder: too many points for Index");
  const auto index = static_cast<Index>(points_.size());
  table_[slot] = index;
  points_.push_back(p);
  if (2 * points_.size() >= table_.size()) grow();
  return index;
}

std::vector<Eigen::Vector3d> PointWelder::take_points() {
  table_.assign(2, -1);
  std::vector<Eigen::Vector3d> points;
  points.swap(points_);
  return points;
}

void PointWelder::grow() {
  table_.assign(2 * table_.size(), -1);
  const std::size_t mask = table_.size() - 1;
  for (std::size_t i = 0; i < points_.size(); ++i) {
    std::size_t slot = hash(points_[i]) & mask;
    while (table_[slot] >= 0) slot = (slot + 1) & mask;
    table_[slot] = static_cast<Index>(i);
  }
}

WeldResult weld_exact(std::span<const Eigen::Vector3d> points) {
  PointWelder welder(points.size());
  WeldResult result;
  result.index.reserve(points.size());
  for (const Eigen::Vector3d& p : points) result.index.push_back(welder.add(p));
  result.points = welder.take_points();
  return result;
}

}  // namespace fecontact
