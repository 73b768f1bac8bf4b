// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// *NODE and *ELEMENT: the nodes and the element blocks.

#include "assembly.hpp"
#include "deck.hpp"
#include "model.hpp"

namespace fecontact::detail::abaqus {

/// *NODE[, NSET=name]: "number, x[, y[, z]]" per line (missing coordinates are 0, as in Abaqus;
/// up to three more numbers, a normal direction, are checked and ignored).
void read_nodes(Model& model, const Card& card, const Scope& scope);

/// *ELEMENT, TYPE=type[, ELSET=name]: "number, node, node, ..." per element, continued on the
/// next line while a line ends with a comma and nodes are missing. Needs model.nodes.
void read_elements(Model& model, const Card& card, const Scope& scope);

}  // namespace fecontact::detail::abaqus
