// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The face-adjacency graph of a surface: faces are adjacent when they share an edge (two corner
// nodes that are consecutive on both faces).

#include "fecontact/compressed_rows.hpp"
#include "fecontact/mesh/surface.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// The neighbours of face f are row f: ascending, without f itself and without repeats. A
/// non-manifold edge (shared by three or more faces) makes all of them mutually adjacent.
CompressedRows face_adjacency(const Surface& surface);

}  // namespace fecontact
