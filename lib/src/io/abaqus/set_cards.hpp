// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// *NSET and *ELSET: node and element sets, from lists of numbers and set names or from
// GENERATE ranges. A set named again is extended (Abaqus and CalculiX do the same).

#include <vector>

#include "assembly.hpp"
#include "deck.hpp"
#include "model.hpp"

namespace fecontact::detail::abaqus {

/// *NSET, NSET=name[, GENERATE][, ELSET=elset][, INSTANCE=instance]. With INSTANCE=, numbers
/// and set names in the data lines are the instance's.
void read_node_set(Model& model, const Card& card, const Scope& scope, const Assembly& assembly);

/// *ELSET, ELSET=name[, GENERATE][, INSTANCE=instance].
void read_element_set(Model& model, const Card& card, const Scope& scope, const Assembly& assembly);

/// Sorts a set's members (elements by block, then position) and removes repeats. The readers
/// of *NSET and *ELSET do it after every card, and within a card whose list outgrows the mesh,
/// so that a set never holds more members than the mesh: a set that names itself ("*NSET,
/// NSET=A" listing A) would otherwise double with each such card (2^40 members asked for by a
/// 600-byte deck), and a card naming a large set many times would multiply it.
void sort_members(std::vector<Index>& nodes);
void sort_members(std::vector<ElementRef>& elements);

}  // namespace fecontact::detail::abaqus
