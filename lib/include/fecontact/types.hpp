// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Index types shared by every module.

#include <cstdint>

namespace fecontact {

/// A position in one of this library's arrays (node, element, face, patch). 32 bits: meshes up to
/// 2^31 - 1 items of each kind.
using Index = std::int32_t;

/// An id as written in an input file (Gmsh tags, Abaqus node and element numbers): 64 bits.
using FileId = std::int64_t;

}  // namespace fecontact
