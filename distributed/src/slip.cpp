// SPDX-License-Identifier: BSD-3-Clause
// The convected slip across ranks (contact_kinematics.hpp, convected_slip): the slip of a slave
// node's contact is measured against where its contact point of the accepted step is now, Σ Nᵢ(ξ_prev) xᵢ
// over its previous master face at this step's coordinates. That face lives on one rank, which
// may hold neither the node nor its new contact face. So the owner of the node sends its previous
// face and ξ_prev with the node's coordinates; it always sends the node to that face's rank (the
// pattern adds that rank, communication_pattern.cpp); that rank returns the face's nodes at this
// step's coordinates with its findings, and the owner calls convected_slip on them as the serial
// search does, so the slip is the serial one bit for bit.
#include <algorithm>

#include "fecontact/contact/contact_kinematics.hpp"
#include "interface_state.hpp"

namespace fecontact::detail::distributed {

void put_previous_contact(Message& message, const InterfaceState& s, Index item) {
  const InterfaceState::PreviousContact& previous = s.previous[static_cast<std::size_t>(item)];
  put(message, previous.face);
  put(message, previous.local);
}

Index own_face(const InterfaceState& s, GlobalId id) {
  const auto found = std::lower_bound(s.master_ids.begin(), s.master_ids.end(), id);
  return found != s.master_ids.end() && *found == id ? static_cast<Index>(found - s.master_ids.begin()) : -1;
}

void evaluate_own_previous_faces(InterfaceState& s) {
  for (InterfaceState::PreviousContact& previous : s.previous) {
    previous.evaluated = previous.face >= 0 && previous.rank == s.rank;
    if (!previous.evaluated) continue;
    const Index face = own_face(s, previous.face);
    FECONTACT_ASSERT(face >= 0, "evaluate_own_previous_faces: a previous face of this rank is not among its faces");
    previous.nodes = gather_face_nodes(s.master.faces[static_cast<std::size_t>(face)], s.coordinates);
  }
}

void write_slip(InterfaceState& s, DistributedContacts& c) {
  const auto& findings = s.contact_findings;
  std::size_t k = 0;
  for (std::size_t f = 0; f < findings.size(); ++f) {
    if (f > 0 && findings[f - 1].item == findings[f].item) continue;
    const InterfaceState::PreviousContact& previous = s.previous[static_cast<std::size_t>(findings[f].item)];
    const bool none = previous.face < 0;
    FECONTACT_ASSERT(none || previous.evaluated, "write_slip: the previous face of a contact was not evaluated");
    c.new_contact.push_back(none);
    c.slip.push_back(none ? Eigen::Vector3d::Zero() : convected_slip(c.point[k], previous.nodes, previous.local, c.normal[k]));
    ++k;
  }
  for (InterfaceState::TrialContact& trial : s.trial) trial.face = -1;
  for (std::size_t f = 0; f < findings.size(); ++f) {
    if (f > 0 && findings[f - 1].item == findings[f].item) continue;
    InterfaceState::TrialContact& trial = s.trial[static_cast<std::size_t>(findings[f].item)];
    trial.face = findings[f].face;
    trial.rank = findings[f].rank;
    trial.local = findings[f].local;
  }
}

void accept_trial_contacts(InterfaceState& s) {
  for (std::size_t item = 0; item < s.trial.size(); ++item) {
    s.previous[item].face = s.trial[item].face;
    s.previous[item].rank = s.trial[item].rank;
    s.previous[item].local = s.trial[item].local;
  }
}

}  // namespace fecontact::detail::distributed
