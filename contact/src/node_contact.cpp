#include "fecontact/contact/node_contact.hpp"

namespace fecontact {

NodeContact closest_face(const Eigen::Vector3d& p, std::span<const Index> candidates,
                         const Surface& master, std::span<const Eigen::Vector3d> coordinates) {
  NodeContact best;
  double best_distance = std::numeric_limits<double>::infinity();
  for (const Index f : candidates) {
    const FaceNodes face = gather_face_nodes(master.faces[static_cast<std::size_t>(f)], coordinates);
    const FaceProjection q = project_onto_face(p, face);
    const bool closer = q.distance < best_distance || (q.distance == best_distance && f < best.face);
    if (!closer) continue;
    const Eigen::Vector3d normal = face_normal(face, q.local);
    if (normal.isZero(0)) continue;  // zero-area face: no side, no contact
    best_distance = q.distance;
    best.face = f;
    best.gap = (p - q.point).dot(normal) >= 0 ? q.distance : -q.distance;
    best.normal = normal;
    best.point = q.point;
    best.local = q.local;
    best.feature = q.feature;
    best.feature_index = q.feature_index;
  }
  return best;
}

}  // namespace fecontact
