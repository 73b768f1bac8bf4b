// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Reader of Exodus II files (.e, .exo: the meshes and results of Cubit, Sierra, MOOSE and the
// SEACAS tools), through the Exodus library (Debian libexodusii-dev) when fecontact was built
// with it; without it, read_exodus throws ReadError saying so.
//
// What becomes what:
//  - nodes: in file order; node_ids from the node number map (1..N when the file has none).
//  - blocks: one per element block of a type fecontact knows (Exodus TETRA 4/10, HEX 8/20/27,
//    WEDGE 6/15, PYRAMID 5, SHELL 3/4/6/8/9, TRI 3/6, QUAD 4/8/9, told apart by their first three
//    letters and node count), nodes converted to the internal order (exodus_element_type.hpp
//    in the sources has the tables); element_ids from the element number map. A block of another
//    type (BEAM, SPHERE, TETRA8, NSIDED, ...) is skipped with a warning.
//  - node sets: sorted by index without duplicates.
//  - side sets: element-face SurfaceDefinitions in the file's order, with Exodus's side numbers
//    (not Abaqus's: hex side 5 is {1,4,3,2}, side 6 {5,6,7,8}; SEACAS's ex_get_side_set_node_list);
//    a side that is an edge (of a shell or a 2D element) or an element of a skipped block is
//    left out with a warning.
//  - names as in the file; an unnamed block, node set or side set is "block_<id>",
//    "nodelist_<id>" or "surface_<id>" (as the SEACAS IOSS library and ParaView name them).
//  - 32- and 64-bit integer files; a connectivity or set entry beyond 2^31 − 1 is an error.
//
// The Exodus library keeps global state: fecontact calls it under one process-wide lock, so
// reads and writes of Exodus files from several threads run one after another.
//
// Errors: ReadError (line 0) naming the file, the block or set, and what was expected: a file
// the Exodus library cannot open (not netCDF, truncated, a dimension missing), a node index
// beyond the node count, an element beyond the element count, a side number out of range, a
// non-finite coordinate, a missing time step or displacement.

#include <filesystem>

#include "fecontact/mesh/mesh.hpp"

namespace fecontact {

/// The state of a results file to read: the coordinates as written, or moved by the nodal
/// displacements of one time step.
struct ExodusStep {
  /// 0: the coordinates as written; k ≥ 1: time step k (Exodus counts from 1); −1: the last step.
  int step = 0;
};

inline constexpr ExodusStep exodus_undeformed{0};
inline constexpr ExodusStep exodus_last_step{-1};

/// Reads an Exodus II file. With a step, the nodal displacements of that step (variables DISP_X,
/// DISP_Y, DISP_Z, or DISPX, DISPY, DISPZ as MOOSE and Sierra write them; any case) are added to
/// the coordinates. Throws ReadError on malformed input; never returns a partly read mesh.
Mesh read_exodus(const std::filesystem::path& path, ExodusStep step = exodus_undeformed);

}  // namespace fecontact
