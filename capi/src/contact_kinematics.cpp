// SPDX-License-Identifier: BSD-3-Clause
// The kinematics of the node-to-surface contacts through the C interface: local coordinates and
// tangent frames, master nodes and weights, slip; each a copy of the last step's C++ results
// (fecontact::NodeContacts) into caller arrays of `capacity` contacts.

#include <algorithm>
#include <cstdint>
#include <string>

#include "call.hpp"
#include "fecontact/contact/contact_search.hpp"
#include "fecontact/fecontact.h"
#include "search_object.hpp"

namespace fecontact::capi {
namespace {

// The contacts of node-to-surface interface `index`, checked to fit in `capacity`.
const NodeContacts& contacts_within(const fecontact_search* s, int index, std::int64_t capacity) {
  const NodeContacts& c = node_contacts_of(s, index).contacts;
  require_capacity(capacity, c.size(), "capacity", "contacts (fecontact_contact_count)");
  return c;
}

// Copies `width` components of each vector of `from` into out[width * k + i] (none when out is
// NULL).
template <class Vectors, class To>
void copy_components(const Vectors& from, int width, To* out) {
  if (!out) return;
  for (std::size_t k = 0; k < from.size(); ++k)
    for (int i = 0; i < width; ++i)
      out[static_cast<std::size_t>(width) * k + static_cast<std::size_t>(i)] = static_cast<To>(from[k][i]);
}

}  // namespace
}  // namespace fecontact::capi

using namespace fecontact::capi;

extern "C" int fecontact_get_contact_frames(const fecontact_search* s, int interface_index, int64_t capacity,
                                            double* local, double* tangent1, double* tangent2) {
  return guarded("fecontact_get_contact_frames", -1, [&] {
    const fecontact::NodeContacts& c = contacts_within(s, interface_index, capacity);
    copy_components(c.local, 2, local);
    copy_components(c.tangent1, 3, tangent1);
    copy_components(c.tangent2, 3, tangent2);
    return 0;
  });
}

extern "C" int fecontact_get_contact_weights(const fecontact_search* s, int interface_index, int64_t capacity,
                                             int64_t* master_nodes, double* weights) {
  return guarded("fecontact_get_contact_weights", -1, [&] {
    const fecontact::NodeContacts& c = contacts_within(s, interface_index, capacity);
    copy_components(c.master_nodes, 9, master_nodes);
    copy_components(c.weights, 9, weights);
    return 0;
  });
}

extern "C" int fecontact_get_contact_slip(const fecontact_search* s, int interface_index, int64_t capacity,
                                          double* slip, int* new_contact) {
  return guarded("fecontact_get_contact_slip", -1, [&] {
    const fecontact::NodeContacts& c = contacts_within(s, interface_index, capacity);
    // The results are those of the search as built (an option set since then waits for a step).
    if (!s->search->interfaces()[static_cast<std::size_t>(interface_index)].options.track_slip)
      throw ArgumentError("interface_index = " + std::to_string(interface_index) +
                          ": the last step did not track slip (option \"track_slip\" \"on\")");
    copy_components(c.slip, 3, slip);
    if (new_contact) std::copy(c.new_contact.begin(), c.new_contact.end(), new_contact);
    return 0;
  });
}
