// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The geometry a BVH bounds: for every patch, the Bézier control points of its faces (at one
// position, or at the start and end of a step) and the triangles of their control nets.

#include <array>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "fecontact/bvh/patches.hpp"
#include "fecontact/mesh/surface.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// Control points and control-net triangles, patch by patch, in compressed rows. Triangles
/// index the points of their own patch (0 = the patch's first point). Every point is a vertex of
/// some triangle, so a volume fitted to the triangles' vertices holds all points.
struct PatchGeometry {
  std::vector<Eigen::Vector3d> points;
  std::vector<Index> point_offsets{0};
  std::vector<std::array<Index, 3>> triangles;
  std::vector<Index> triangle_offsets{0};

  Index size() const { return static_cast<Index>(point_offsets.size()) - 1; }
  std::span<const Eigen::Vector3d> points_of(Index p) const {
    const auto i = static_cast<std::size_t>(p);
    return std::span(points).subspan(static_cast<std::size_t>(point_offsets[i]),
                                     static_cast<std::size_t>(point_offsets[i + 1] - point_offsets[i]));
  }
  std::span<const std::array<Index, 3>> triangles_of(Index p) const {
    const auto i = static_cast<std::size_t>(p);
    return std::span(triangles).subspan(
        static_cast<std::size_t>(triangle_offsets[i]),
        static_cast<std::size_t>(triangle_offsets[i + 1] - triangle_offsets[i]));
  }
};

/// Geometry of the patches with the nodes at `coordinates` (indexed by mesh node). The convex
/// hull of a patch's points contains the patch, curved quadratic faces included (bezier.hpp).
PatchGeometry patch_geometry(const Surface& surface, const Patches& patches,
                             std::span<const Eigen::Vector3d> coordinates);

/// Geometry of the patches over a step whose nodes move linearly from `start` to `end`: each
/// patch holds its control points at both ends. Control points are linear in the nodes, so at
/// any time of the step they are convex combinations of their end values, and the hull of both
/// sets contains the patch during the whole step (a swept volume).
PatchGeometry patch_geometry(const Surface& surface, const Patches& patches,
                             std::span<const Eigen::Vector3d> start,
                             std::span<const Eigen::Vector3d> end);

/// Moves the patches of `geometry` (made by patch_geometry from the same surface and patches, one
/// position) to `coordinates`: the rows and triangles stay, only the control points are written
/// again, patch by patch in parallel. No allocation: what a search repeats every step.
void update_patch_geometry(const Surface& surface, const Patches& patches,
                           std::span<const Eigen::Vector3d> coordinates, PatchGeometry& geometry);

/// The same for the geometry of a step (made by patch_geometry from `start` and `end`).
void update_patch_geometry(const Surface& surface, const Patches& patches, std::span<const Eigen::Vector3d> start,
                           std::span<const Eigen::Vector3d> end, PatchGeometry& geometry);

}  // namespace fecontact
