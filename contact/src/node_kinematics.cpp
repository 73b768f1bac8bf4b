// SPDX-License-Identifier: BSD-3-Clause
// The kinematics of a step's node-to-surface contacts (contact_kinematics.hpp), computed for the
// contacts only, after the narrow phase chose them: master nodes, weights, tangent frames and,
// with track_slip, the convected slip against each slave node's contact at the previous step.
// Both the steps that search the trees and those that check the kept candidates end here, so
// the slip does not depend on the skin.
#include <utility>

#include "fecontact/contact/contact_kinematics.hpp"
#include "fecontact/detail/parallel.hpp"
#include "search_state.hpp"

namespace fecontact::detail {
namespace {

using Eigen::Vector3d;

// Contacts per task: the work per contact is a few shape-function evaluations.
constexpr std::size_t kinematics_grain = 4096;

// Master nodes, weights and tangent frame of every entry of `c` at coordinates `x`.
void frames_and_weights(NodeContacts& c, const Surface& master, Coordinates x) {
  const std::size_t count = c.size();
  c.tangent1.resize(count);
  c.tangent2.resize(count);
  c.master_nodes.resize(count);
  c.weights.resize(count);
  detail::parallel_for(count, kinematics_grain, [&](std::size_t k) {
    if (c.face[k] < 0) {  // no face (a predicted entry whose candidates all have zero area)
      c.master_nodes[k].fill(-1);
      c.weights[k].fill(0);
      c.tangent1[k].setZero();
      c.tangent2[k].setZero();
      return;
    }
    const SurfaceFace& face = master.faces[static_cast<std::size_t>(c.face[k])];
    c.master_nodes[k] = face_node_indices(face);
    c.weights[k] = face_weights(face.type, c.local[k]);
    const TangentFrame frame = tangent_frame(gather_face_nodes(face, x), c.local[k], c.normal[k]);
    c.tangent1[k] = frame.tangent1;
    c.tangent2[k] = frame.tangent2;
  });
}

// The slip of every contact against the previous step's contact of its slave node, then this
// step's contacts become the previous ones.
void slip(InterfaceState& s, NodeContacts& c, Coordinates x) {
  const Surface& master = s.definition->master;
  const std::size_t slaves = s.definition->slave_nodes.size();
  if (s.previous_face.size() != slaves) {  // the first step: no contact before it
    s.previous_face.assign(slaves, -1);
    s.previous_local.resize(slaves);
  }
  const std::size_t count = c.size();
  c.slip.resize(count);
  c.new_contact.resize(count);
  detail::parallel_for(count, kinematics_grain, [&](std::size_t k) {
    const auto slot = static_cast<std::size_t>(s.contact_slot[k]);
    const Index previous = s.previous_face[slot];
    c.new_contact[k] = previous < 0;
    c.slip[k] = previous < 0 ? Vector3d::Zero()
                             : convected_slip(c.point[k], gather_face_nodes(master.faces[static_cast<std::size_t>(previous)], x),
                                              s.previous_local[slot], c.normal[k]);
  });
  for (const Index slot : s.previous_slots) s.previous_face[static_cast<std::size_t>(slot)] = -1;
  for (std::size_t k = 0; k < count; ++k) {
    const auto slot = static_cast<std::size_t>(s.contact_slot[k]);
    s.previous_face[slot] = c.face[k];
    s.previous_local[slot] = c.local[k];
  }
  std::swap(s.previous_slots, s.contact_slot);
}

}  // namespace

void node_kinematics(InterfaceState& s, InterfaceResult& r, Coordinates current, const Coordinates* predicted) {
  const Surface& master = s.definition->master;
  frames_and_weights(r.contacts, master, current);
  if (predicted) frames_and_weights(r.predicted, master, *predicted);
  if (s.definition->options.track_slip) slip(s, r.contacts, current);
}

}  // namespace fecontact::detail
