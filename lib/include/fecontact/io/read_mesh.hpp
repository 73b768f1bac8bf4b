// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// One entry point for every mesh format the library reads, chosen by the file's extension.

#include <filesystem>

#include "fecontact/mesh/mesh.hpp"

namespace fecontact {

/// Reads `path` with the reader of its extension (case-insensitive): .msh → read_gmsh,
/// .inp → read_abaqus, .stl → read_stl, .obj → read_obj, .e and .exo → read_exodus. Throws ReadError (line 0) for another
/// extension, and whatever the chosen reader throws on malformed input.
Mesh read_mesh(const std::filesystem::path& path);

}  // namespace fecontact
