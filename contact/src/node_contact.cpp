// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/contact/node_contact.hpp"

namespace fecontact {
namespace {

// The contact of `p` with face f (projection q) when it is closer than `best` (equal distances:
// the lower face index) and the face has a normal there; returns whether it was taken.
bool take_if_closer(NodeContact& best, const Eigen::Vector3d& p, Index f, const FaceProjection& q,
                    const Surface& master, std::span<const Eigen::Vector3d> coordinates) {
  const bool closer = q.distance < std::abs(best.gap) || (q.distance == std::abs(best.gap) && f < best.face);
  if (!closer) return false;
  const FaceNodes face = gather_face_nodes(master.faces[static_cast<std::size_t>(f)], coordinates);
  const Eigen::Vector3d normal = face_normal(face, q.local);
  if (normal.isZero(0)) return false;  // zero-area face: no side, no contact
  best.face = f;
  best.gap = (p - q.point).dot(normal) >= 0 ? q.distance : -q.distance;
  best.normal = normal;
  best.point = q.point;
  best.local = q.local;
  best.feature = q.feature;
  best.feature_index = q.feature_index;
  return true;
}

}  // namespace

NodeContact closest_face(const Eigen::Vector3d& p, std::span<const Index> candidates,
                         const Surface& master, std::span<const Eigen::Vector3d> coordinates) {
  NodeContact best;
  for (const Index f : candidates) {
    const FaceProjection q =
        project_onto_face(p, gather_face_nodes(master.faces[static_cast<std::size_t>(f)], coordinates));
    take_if_closer(best, p, f, q, master, coordinates);
  }
  return best;
}

NodeContact closest_projected_face(const Eigen::Vector3d& p,
                                   std::span<const std::pair<Index, FaceProjection>> projections,
                                   const Surface& master, std::span<const Eigen::Vector3d> coordinates) {
  NodeContact best;
  for (const auto& [f, q] : projections) take_if_closer(best, p, f, q, master, coordinates);
  return best;
}

}  // namespace fecontact
