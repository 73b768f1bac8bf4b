// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Merging points that have exactly the same coordinates: what turns a triangle soup (STL, three
// vertices per triangle) into a mesh whose faces share nodes.

#include <cstddef>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "fecontact/types.hpp"

namespace fecontact {

/// Merges points one at a time, as a reader meets them, so that the soup is never held: add(p)
/// returns the index of the point equal to p, appending p first when it is new. Points compare
/// equal by ==, component by component (so −0 and +0 merge, and nothing else does: no
/// tolerance). Preconditions: finite coordinates, fewer than 2^31 distinct points.
/// Deterministic: the numbering is the order of first appearance.
class PointWelder {
 public:
  /// `expected`: how many distinct points to make room for (the table grows past it).
  explicit PointWelder(std::size_t expected = 0);

  Index add(const Eigen::Vector3d& p);
  /// The distinct points, in order of first appearance.
  const std::vector<Eigen::Vector3d>& points() const { return points_; }
  /// Hands the points over (the welder is then empty).
  std::vector<Eigen::Vector3d> take_points();

 private:
  void grow();

  std::vector<Eigen::Vector3d> points_;
  std::vector<Index> table_;  // open addressing, linear probing, at most half full; -1: empty
};

struct WeldResult {
  std::vector<Eigen::Vector3d> points;  ///< the distinct points, in order of first appearance
  std::vector<Index> index;             ///< for each input point, its position in `points`
};

/// PointWelder over a whole array of points.
WeldResult weld_exact(std::span<const Eigen::Vector3d> points);

}  // namespace fecontact
