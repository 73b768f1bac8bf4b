// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Patches: the primitives of a BVH. A patch is one face of a Surface or a group of faces (e.g.
// the spectral patches of contact/); a tree over patches holds, per patch, the faces in it.

#include "fecontact/compressed_rows.hpp"
#include "fecontact/mesh/surface.hpp"

namespace fecontact {

/// Patches of a surface as rows of face indices (into Surface::faces): patch p holds the faces
/// patches.row(p).
using Patches = CompressedRows;

/// One patch per face, in face order.
Patches face_patches(const Surface& surface);

}  // namespace fecontact
