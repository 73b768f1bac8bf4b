// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The contact pairs of a contact detection as an Abaqus / CalculiX include file: one
// element-face *SURFACE per side, one *CONTACT PAIR per pair, and the surface interaction they
// name. A deck reads it with *INCLUDE, INPUT=<file> among its model data (before *STEP).

#include <ostream>
#include <string>

#include "fecontact/frontend/contact_detection.hpp"
#include "fecontact/mesh/mesh.hpp"

namespace fecontact {

struct InpPairOptions {
  /// NAME of the *SURFACE INTERACTION that every *CONTACT PAIR names.
  std::string interaction = "FECONTACT";
  /// The *SURFACE BEHAVIOR card written under it (keyword line and data lines, without the
  /// final newline). "Hard" contact: in CalculiX a penalty whose stiffness it derives from the
  /// adjacent elements, in Abaqus the Lagrange / penalty default of the contact formulation.
  std::string behavior = "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD";
};

/// Writes, for each pair of `detection` (made from `mesh`): a comment with the components, face
/// counts, areas and distances; the two *SURFACE, NAME=<DetectedPair::surfaces>, TYPE=ELEMENT
/// cards, one "element id, label" line per face (label S1..S6 for the face k of a volume
/// element: S(k+1), the Abaqus numbering the reader uses; SPOS / SNEG for the two sides of a
/// shell); the *CONTACT PAIR, INTERACTION=..., TYPE=SURFACE TO SURFACE card with the slave
/// surface first and the master second. Then the *SURFACE INTERACTION and its behaviour, also
/// when there is no pair (a deck that names the interaction still reads). For a flat deck, as
/// CalculiX reads them: throws std::invalid_argument, naming the component and before writing
/// anything, when a face belongs to an instance of an Abaqus assembly (abaqus_reader.hpp),
/// whose surfaces would go inside *ASSEMBLY and the pairs after it. Stream errors are the
/// caller's to check.
void write_contact_pairs_inp(std::ostream& out, const Mesh& mesh, const ContactDetection& detection,
                             const InpPairOptions& options = {});

}  // namespace fecontact
