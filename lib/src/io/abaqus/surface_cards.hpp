// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// *SURFACE (element faces or nodes) and *CONTACT PAIR.

#include "assembly.hpp"
#include "deck.hpp"
#include "model.hpp"

namespace fecontact::detail::abaqus {

/// *SURFACE, NAME=name[, TYPE=ELEMENT|NODE]. TYPE=ELEMENT (the default): "element or element
/// set, face label" per line, with S1..S6 for volume elements (face S(k) -> faces(type)[k-1],
/// through the element's numbering map) and SPOS or S2 / SNEG or S1 (CalculiX's names) for
/// surface elements (local face 0 = the element as given, 1 = reversed). TYPE=NODE: "node or node
/// set[, area]" per line. A surface named again with the same type is extended; a node surface and
/// an element surface may share a name (CalculiX decks do this).
void read_surface(Model& model, const Card& card, const Scope& scope);

/// Removes repeated faces and nodes of a surface, keeping the first-seen order. read_surface
/// does it whenever a surface outgrows its mesh (a deck naming a large element set on many
/// lines would otherwise need lines x elements faces); the reader does it once at the end.
void remove_repeats(SurfaceDefinition& surface);

/// *CONTACT PAIR[, TYPE=NODE TO SURFACE|SURFACE TO SURFACE][, ...]: "slave, master" per line.
/// Other parameters are kept as options with lower-case keys.
void read_contact_pair(Model& model, const Card& card, const Scope& scope);

}  // namespace fecontact::detail::abaqus
