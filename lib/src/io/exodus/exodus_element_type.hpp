// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Exodus II element topologies: which fecontact type a block's (name, node count) is, the map
// between Exodus's node order and the internal one, and Exodus's side numbers.
//
// Node orders (SAND92-2137 and SEACAS's ex_get_side_set_node_list, which lists every side's
// nodes), internal[i] = exodus[map[i]], 0-based:
//   hex20   Exodus puts the vertical edges (0-4, 1-5, 2-6, 3-7) at 12..15 and the top edges at
//           16..19; VTK the other way round: {0..11, 16,17,18,19, 12,13,14,15}
//   hex27   hex20's, then Exodus's centre 20 and face centres 21 z−, 22 z+, 23 x−, 24 x+, 25 y−,
//           26 y+ in VTK's order x−, x+, y−, y+, z−, z+, centre: {.., 23,24,25,26,21,22,20}
//   wedge15 Exodus: vertical edges 9..11, top edges 12..14; VTK the other way round
//   all others (tet4, tet10, hex8, wedge6, pyramid5, shells): identity.
//
// Sides (1-based) as ex_get_side_set_node_list defines them, with the internal face they are
// (face k of element_type.hpp is Abaqus's S(k+1)):
//   tetra   1 {1,2,4}, 2 {2,3,4}, 3 {1,4,3}, 4 {1,3,2}            → faces 1, 2, 3, 0
//   hex     1 {1,2,6,5} y−, 2 x+, 3 y+, 4 {1,5,8,4} x−, 5 {1,4,3,2} z−, 6 {5,6,7,8} z+
//                                                                 → faces 2, 3, 4, 5, 0, 1
//   wedge   1 {1,2,5,4}, 2 {2,3,6,5}, 3 {1,4,6,3}, 4 {1,3,2}, 5 {4,5,6} → faces 2, 3, 4, 0, 1
//   pyramid 1 {1,2,5}, 2 {2,3,5}, 3 {3,4,5}, 4 {1,5,4}, 5 {1,4,3,2}     → faces 1, 2, 3, 4, 0
//   shell (SHELL, and TRI in 3D: a triangular shell) 1 the element as given, 2 reversed
//           (FaceRef local_face 0 and 1); 3.. its edges
//   quad, and tri in 2D: every side is an edge.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "fecontact/mesh/element_type.hpp"

namespace fecontact::detail {

struct ExodusTopology {
  ElementType type;
  std::span<const std::uint8_t> to_internal;  ///< internal node i = Exodus node to_internal[i]
  /// Internal face (or FaceRef local_face of a surface element) of each side, −1 for an edge;
  /// its size is the number of sides.
  std::span<const std::int8_t> side_faces;
};

/// The topology of an Exodus block: its element type name (case-insensitive, told apart by the
/// first three letters as the Exodus library does: TETRA, HEX, WEDGE, PYRAMID, SHELL, TRI, QUAD)
/// with its node count, in a mesh of `dimension` coordinates. Nothing for another topology
/// (BEAM, SPHERE, TETRA8, NSIDED, ...).
std::optional<ExodusTopology> exodus_topology(std::string_view name, int nodes_per_element, int dimension);

/// The name the writer gives a type (TETRA, TETRA10, HEX8, HEX20, HEX27, WEDGE, WEDGE15, PYRAMID,
/// TRI3, TRI6, SHELL4, SHELL8, SHELL9: surface elements as shells, whose sides 1 and 2 are faces).
std::string_view exodus_name(ElementType type);

/// The Exodus side (1-based) of an internal face (local_face of a surface element).
int exodus_side(ElementType type, int local_face);

}  // namespace fecontact::detail
