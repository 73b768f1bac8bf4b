// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Node-to-surface narrow phase: for one slave node, the closest of its candidate master faces
// with the signed gap, normal, contact point and local coordinates.

#include <limits>
#include <span>
#include <utility>

#include <Eigen/Core>

#include "fecontact/contact/face_projection.hpp"
#include "fecontact/mesh/surface.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// The contact of one slave node with a master surface.
///
/// Sign rule: gap = ±|p − point|, positive when (p − point)·normal ≥ 0, where `normal` is the
/// unit outward normal of the chosen master face at the contact point (face_normal). In the
/// interior of a face p − point is parallel to the normal, so the gap is the distance measured
/// along it; when the closest feature is an edge or a vertex the same rule applies with the
/// normal of the chosen face at that edge or vertex point (the distance keeps its magnitude,
/// the chosen face decides the side). Negative gap = penetration.
struct NodeContact {
  Index face = -1;  ///< master face index; −1 when no candidate could be projected on
  double gap = std::numeric_limits<double>::infinity();
  Eigen::Vector3d normal = Eigen::Vector3d::Zero();
  Eigen::Vector3d point = Eigen::Vector3d::Zero();
  Eigen::Vector2d local = Eigen::Vector2d::Zero();
  FaceFeature feature = FaceFeature::interior;
  int feature_index = -1;
};

/// Projects `p` onto every candidate face of `master` (indices into master.faces, any order,
/// repeats allowed) and keeps the closest; equal distances go to the lowest face index.
/// Faces without a normal (zero area, see face_normal) are skipped.
NodeContact closest_face(const Eigen::Vector3d& p, std::span<const Index> candidates,
                         const Surface& master, std::span<const Eigen::Vector3d> coordinates);

/// The same choice among faces onto which `p` has been projected already (face index and
/// project_onto_face's result), so that the search projects each candidate once.
NodeContact closest_projected_face(const Eigen::Vector3d& p,
                                   std::span<const std::pair<Index, FaceProjection>> projections,
                                   const Surface& master, std::span<const Eigen::Vector3d> coordinates);

}  // namespace fecontact
