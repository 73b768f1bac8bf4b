// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The node-to-surface contacts of a step as plain arrays, one template for the search's indices
// and the distributed search's global ids.

#include <array>
#include <cstddef>
#include <vector>

#include <Eigen/Core>

#include "fecontact/contact/face_projection.hpp"

namespace fecontact {

/// Node-to-surface contacts in plain arrays (structure of arrays), one entry per slave node, with
/// ids of type Id: the search's indices (NodeContacts) or global ids (DistributedContacts). The
/// kinematics of each contact (contact_kinematics.hpp) follow the geometry: which master nodes
/// carry it and with which weights, the tangent frame and, with SearchOptions::track_slip, the
/// slip. An entry without a face (face −1, in `predicted` only) has master nodes −1, weights 0
/// and zero tangents.
template <class Id>
struct NodeContactArrays {
  std::vector<Id> node;  ///< slave node
  std::vector<Id> face;  ///< master face
  std::vector<double> gap;  ///< negative = penetration (node_contact.hpp for the sign rule)
  std::vector<Eigen::Vector3d> normal;  ///< outward unit normal of the master face at the point
  std::vector<Eigen::Vector3d> point;   ///< contact point on the master face
  std::vector<Eigen::Vector2d> local;   ///< its local coordinates on the face
  std::vector<FaceFeature> feature;     ///< interior, edge or vertex
  std::vector<int> feature_index;
  /// Orthonormal right-handed frame (tangent1, tangent2, normal) at the point: tangent1 = ∂x/∂ξ
  /// of the master face normalised, tangent2 = normal × tangent1 (tangent_frame).
  std::vector<Eigen::Vector3d> tangent1, tangent2;
  /// The master face's nodes, −1 beyond its node count.
  std::vector<std::array<Id, 9>> master_nodes;
  /// The face's shape functions Nᵢ at `local` (face_weights), 0 beyond its node count:
  /// Σ Nᵢ = 1, Σ Nᵢ x[master_nodes[i]] = point. A force f on the slave node puts −Nᵢ f on node i.
  std::vector<std::array<double, 9>> weights;
  /// track_slip only (empty otherwise), `contacts` only (`predicted` leaves them empty): the
  /// convected slip since the last accepted step (ContactSearch::accept_step), the tangential
  /// part (w.r.t. `normal`) of point − Σ Nᵢ(ξ_prev) xᵢ over the node's master face of that step at
  /// the current coordinates (convected_slip), whatever face the point is on now; and
  /// new_contact = 1 (slip 0) where the node had no contact at that step (or none was accepted yet).
  std::vector<Eigen::Vector3d> slip;
  std::vector<char> new_contact;

  std::size_t size() const { return node.size(); }
  /// Empties every array, keeping its capacity.
  void clear() {
    node.clear();
    face.clear();
    gap.clear();
    normal.clear();
    point.clear();
    local.clear();
    feature.clear();
    feature_index.clear();
    tangent1.clear();
    tangent2.clear();
    master_nodes.clear();
    weights.clear();
    slip.clear();
    new_contact.clear();
  }
};

}  // namespace fecontact
