// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The object behind fecontact_search: the interfaces and options collected so far, the
// fecontact::ContactSearch built from them, and the last successful step's results, which the
// getters (search.cpp, contact_kinematics.cpp) copy out.

#include <optional>
#include <vector>

#include "fecontact/contact/contact_search.hpp"
#include "fecontact/fecontact.h"

struct fecontact_search {
  std::vector<fecontact::ContactInterface> interfaces;
  std::optional<fecontact::ContactSearch> search;  ///< of `interfaces` as they were at its build
  bool changed = false;                            ///< an interface or option changed since
  /// The last successful step's results, one per interface the search then had.
  std::vector<fecontact::InterfaceResult> results;
};

namespace fecontact::capi {

/// Throws (ArgumentError) unless s is not NULL and `index` one of its interfaces.
void require_interface(const fecontact_search* s, int index);

/// The results of interface `index` at the last successful step (throws when there is none).
const InterfaceResult& result_of(const fecontact_search* s, int index);

/// The same, for a node-to-surface interface (throws for another kind).
const InterfaceResult& node_contacts_of(const fecontact_search* s, int index);

}  // namespace fecontact::capi
