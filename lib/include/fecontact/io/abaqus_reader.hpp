// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Reader of Abaqus / CalculiX input decks (.inp).

#include <filesystem>

#include "fecontact/mesh/mesh.hpp"

namespace fecontact {

/// Reads the mesh of an Abaqus or CalculiX input deck: nodes, element blocks, node and element
/// sets, surfaces and contact pairs. Throws ReadError (file, line, column, what was expected)
/// on malformed input; never returns a partly read mesh.
///
/// Keywords read (case-insensitive, "**" comments, keyword lines continued after a trailing
/// comma): *NODE, *ELEMENT, *NSET, *ELSET (lists, set names, GENERATE, INSTANCE=), *SURFACE
/// (TYPE=ELEMENT with S1..S6, and SPOS / SNEG or CalculiX's S2 / S1 on shells; TYPE=NODE), *CONTACT
/// PAIR, *INCLUDE (INPUT= relative to the including file), *PART / *END PART, *ASSEMBLY, *INSTANCE
/// / *END INSTANCE. Every other keyword (materials, steps, loads, ...) is skipped and listed in
/// Mesh::warnings.
///
/// Element types: C3D4, C3D10, C3D8, C3D20, C3D6, C3D15, C3D5 with their H/R/I/M/T variants;
/// shells and surface elements S3(R), S4(R), S6, S8(R), S9R5, STRI65, M3D*, R3D3/4, SFM3D*, and
/// CPS3/4/6/8, which Gmsh writes for its surface elements, as surface elements.
/// Connectivity is in the internal node order of element_type.hpp, which equals Abaqus's for
/// every supported type; face label Sk is local face k − 1.
///
/// Naming:
/// - one block per *ELEMENT keyword, named by its ELSET= (or "<TYPE>_<n>" with n the block
///   count so far, 1-based), with "_2", "_3", ... appended when a block of that name exists;
///   its elements also join the element set of the ELSET name;
/// - inside an instance every name gets the instance's prefix "<instance>.", as Abaqus writes
///   assembly-level references ("Part-1-1.Set-1"); node and element ids of the k-th instance
///   (1-based, file order) are (k << 32) + the number written in the part;
/// - names are matched case-insensitively and stored as first written.
/// Sets are sorted by index without duplicates; surfaces keep their first-seen face order
/// without duplicates. Contact pairs hold the defined names of their surfaces.
Mesh read_abaqus(const std::filesystem::path& path);

}  // namespace fecontact
