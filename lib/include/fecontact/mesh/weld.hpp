#pragma once
// Merging points that have exactly the same coordinates: what turns a triangle soup (STL, three
// vertices per triangle) into a mesh whose faces share nodes.

#include <span>
#include <vector>

#include <Eigen/Core>

#include "fecontact/types.hpp"

namespace fecontact {

struct WeldResult {
  std::vector<Eigen::Vector3d> points;  ///< the distinct points, in order of first appearance
  std::vector<Index> index;             ///< for each input point, its position in `points`
};

/// Merges points whose coordinates compare equal (==, component by component; so −0 and +0
/// merge, and nothing else does: no tolerance). Precondition: all coordinates finite, fewer than
/// 2^31 points. Deterministic: the numbering depends only on the input order.
WeldResult weld_exact(std::span<const Eigen::Vector3d> points);

}  // namespace fecontact
