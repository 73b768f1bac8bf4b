// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Tree quality: the expected cost of a traversal, so that a caller can tell when refitting has
// degraded a tree enough for a rebuild to pay.

#include "fecontact/bvh/bvh.hpp"

namespace fecontact {

/// Surface-area-heuristic cost of the tree (MacDonald & Booth 1990), not normalised:
/// Σ_inner traversal_cost·A(node) + Σ_leaf A(leaf)·patches(leaf), A the volume's surface area
/// (units of area; divided by A(root) it is the expected work of a random ray, in patch tests).
/// Not normalised because a refit that bloats the root would otherwise hide its own damage.
/// Compare the value of a refitted tree with its value right after the build: a growth of ~1.5×
/// or more usually makes a rebuild pay. 0 for an empty tree.
template <BoundingVolume BV>
double sah_cost(const Bvh<BV>& tree, double traversal_cost = 1.0);

extern template double sah_cost(const Bvh<Aabb>&, double);
extern template double sah_cost(const Bvh<Obb>&, double);

}  // namespace fecontact
