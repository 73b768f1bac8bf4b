// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Reader of Gmsh .msh files, versions 4.1 and 2.2, ASCII and binary (either byte order).
//
// What becomes what:
//  - nodes: all of $Nodes, in file order; tags may be sparse and unordered.
//  - blocks: the 3D and 2D elements, one block per (physical group, element type); an element of
//    an entity without a physical group goes to the block of (entity, type). Blocks are named by
//    the physical name ("physical<tag>" if unnamed) or "entity<tag>"; they come volumes first,
//    then surfaces, physical groups by tag before entities by tag, then by element type. An
//    element in two physical groups is in both blocks (as Gmsh writes it in version 2.2).
//  - surfaces: one element-face SurfaceDefinition per physical surface, listing its surface
//    elements (local_face 0); surface_from_boundary_elements() turns it into outward faces.
//  - 1D and 0D elements are skipped; other sections ($NodeData, $Periodic, ...) are skipped
//    with a warning.
//
// Element types and node order: Gmsh 4 tet4, 11 tet10, 5 hex8, 17 hex20, 12 hex27, 6 wedge6,
// 18 wedge15, 7 pyramid5, 2 tri3, 9 tri6, 3 quad4, 16 quad8, 10 quad9. Nodes are reordered to the
// internal (VTK) order of element_type.hpp, internal[i] = gmsh[map[i]]:
//   tet10   {0,1,2,3, 4,5,6,7, 9,8}           (Gmsh edge 8 is 3-2, edge 9 is 3-1)
//   hex20   {0..7, 8,11,13,9, 16,18,19,17, 10,12,14,15}
//   hex27   hex20's, then face centres {22,23,21,24,20,25}, then 26
//   wedge15 {0..5, 6,9,7, 12,14,13, 8,10,11}  (corners agree: 0-1-2 turns towards 3-4-5)
//   all others: identity (corners, then edges as VTK lists them).
//
// Errors: ReadError naming the file and line (for binary data, the section's line and the byte
// offset) for a header count the file cannot hold, a missing node, an unknown or unsupported
// element type, truncated binary data, a non-numeric field, a NaN or infinite coordinate. No
// partly read mesh is ever returned.

#include <filesystem>

#include "fecontact/mesh/mesh.hpp"

namespace fecontact {

/// Reads a Gmsh .msh file (4.1 or 2.2, ASCII or binary). Throws ReadError on malformed input.
Mesh read_gmsh(const std::filesystem::path& path);

}  // namespace fecontact
