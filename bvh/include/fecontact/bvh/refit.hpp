// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Refitting a tree after its nodes moved, keeping its topology (no rebuild).

#include "fecontact/bvh/bvh.hpp"
#include "fecontact/bvh/patch_geometry.hpp"

namespace fecontact {

/// Refits every volume of `tree` to `geometry` (the same patches as at build time, moved),
/// bottom-up: patch volumes are refitted to their points and inflated by tree.tolerance, then each
/// node encloses its children. AABB: exactly the boxes a rebuild with the same topology gives.
/// OBB: axes kept, centre and extents recomputed (a node encloses its children's boxes, as at
/// build time). Watch quality.hpp's sah_cost to decide when to rebuild.
/// Precondition: geometry.size() == tree.size().
template <BoundingVolume BV>
void refit(Bvh<BV>& tree, const PatchGeometry& geometry);

extern template void refit(Bvh<Aabb>&, const PatchGeometry&);
extern template void refit(Bvh<Obb>&, const PatchGeometry&);

}  // namespace fecontact
