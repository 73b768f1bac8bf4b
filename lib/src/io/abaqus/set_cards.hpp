#pragma once
// *NSET and *ELSET: node and element sets, from lists of numbers and set names or from
// GENERATE ranges. A set named again is extended (Abaqus and CalculiX do the same).

#include "assembly.hpp"
#include "deck.hpp"
#include "model.hpp"

namespace fecontact::detail::abaqus {

/// *NSET, NSET=name[, GENERATE][, ELSET=elset][, INSTANCE=instance]. With INSTANCE=, numbers
/// and set names in the data lines are the instance's.
void read_node_set(Model& model, const Card& card, const Scope& scope, const Assembly& assembly);

/// *ELSET, ELSET=name[, GENERATE][, INSTANCE=instance].
void read_element_set(Model& model, const Card& card, const Scope& scope, const Assembly& assembly);

}  // namespace fecontact::detail::abaqus
