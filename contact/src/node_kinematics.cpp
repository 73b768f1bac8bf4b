// SPDX-License-Identifier: BSD-3-Clause
// The kinematics of a step's node-to-surface contacts (contact_kinematics.hpp), computed for the
// contacts only, after the narrow phase chose them: master nodes, weights, tangent frames and,
// with track_slip, the convected slip against each slave node's contact at the last accepted step.
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

// The slip of every contact against the accepted step's contact of its slave node; this step's
// contacts become the trial ones.
void slip(InterfaceState& s, NodeContacts& c, Coordinates x) {
  const Surface& master = s.definition->master;
  const std::size_t slaves = s.definition->slave_nodes.size();
  if (s.accepted_face.size() != slaves) {  // the first step: nothing accepted before it
    s.accepted_face.assign(slaves, -1);
    s.accepted_local.resize(slaves);
    s.trial_face.assign(slaves, -1);
    s.trial_local.resize(slaves);
  }
  const std::size_t count = c.size();
  c.slip.resize(count);
  c.new_contact.resize(count);
  detail::parallel_for(count, kinematics_grain, [&](std::size_t k) {
    const auto slot = static_cast<std::size_t>(s.contact_slot[k]);
    const Index accepted = s.accepted_face[slot];
    c.new_contact[k] = accepted < 0;
    c.slip[k] = accepted < 0 ? Vector3d::Zero()
                             : convected_slip(c.point[k], gather_face_nodes(master.faces[static_cast<std::size_t>(accepted)], x),
                                              s.accepted_local[slot], c.normal[k]);
  });
  for (const Index slot : s.trial_slots) s.trial_face[static_cast<std::size_t>(slot)] = -1;
  for (std::size_t k = 0; k < count; ++k) {
    const auto slot = static_cast<std::size_t>(s.contact_slot[k]);
    s.trial_face[slot] = c.face[k];
    s.trial_local[slot] = c.local[k];
  }
  s.trial_slots.assign(s.contact_slot.begin(), s.contact_slot.end());
}

}  // namespace

void node_kinematics(InterfaceState& s, InterfaceResult& r, Coordinates current, const Coordinates* predicted) {
  const Surface& master = s.definition->master;
  frames_and_weights(r.contacts, master, current);
  if (predicted) frames_and_weights(r.predicted, master, *predicted);
  if (s.definition->options.track_slip) slip(s, r.contacts, current);
}

void accept_trial_contacts(InterfaceState& s) {
  for (const Index slot : s.accepted_slots) s.accepted_face[static_cast<std::size_t>(slot)] = -1;
  for (const Index slot : s.trial_slots) {
    const auto k = static_cast<std::size_t>(slot);
    s.accepted_face[k] = s.trial_face[k];
    s.accepted_local[k] = s.trial_local[k];
  }
  s.accepted_slots.assign(s.trial_slots.begin(), s.trial_slots.end());
}

}  // namespace fecontact::detail
