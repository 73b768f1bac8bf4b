// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// STL reader (ASCII and binary): a triangle soup welded into a surface mesh.

#include <filesystem>

#include "fecontact/mesh/mesh.hpp"

namespace fecontact {

/// Reads an ASCII or binary STL file. Binary is recognised by its size (84 + 50·n bytes for the
/// n triangles its header declares), whatever its first bytes ("solid" is common in binary
/// headers); otherwise a file beginning with "solid" and holding no NUL byte is read as ASCII.
/// ASCII keywords are case-insensitive; several solids in one file are read one after the other.
///
/// Result: vertices welded exactly as they are read (PointWelder: equal coordinates become one
/// node, numbered in order of first appearance, node ids 1..n); one block of tri3 elements named
/// after the file stem, vertex order kept (counter-clockwise seen from outside, by the STL
/// convention; the stored normals are checked as numbers but otherwise ignored), element ids
/// 1..m; and one element-face SurfaceDefinition of the same name holding every triangle.
/// Degenerate triangles (a vertex repeated after welding) are kept and counted in Mesh::warnings.
///
/// Throws ReadError (file, line and column; for binary, line 0 and the byte offset in the
/// message) for an empty file, a binary size that disagrees with its triangle count, a facet
/// without exactly three vertices, a missing keyword, a non-numeric, NaN or infinite number, or
/// a file without any triangle.
Mesh read_stl(const std::filesystem::path& path);

}  // namespace fecontact
