// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Wavefront OBJ reader: vertices and polygonal faces as a triangle surface mesh.

#include <filesystem>

#include "fecontact/mesh/mesh.hpp"

namespace fecontact {

/// Reads the `v` and `f` statements of an OBJ file. Every `v` becomes a node, in file order
/// (node id = the OBJ index 1..n; vertices are not welded: weld_exact does that if wanted). An
/// `f` takes its vertex from each of the v, v/vt, v/vt/vn and v//vn forms; indices are 1-based,
/// or negative (relative: −1 is the last vertex defined so far), and must name a vertex already
/// defined. A polygon of k ≥ 3 vertices becomes k − 2 triangles as a fan from its first vertex.
///
/// Result: one block of tri3 elements named after the file stem (element ids 1..m in file
/// order) and an element-face SurfaceDefinition of the same name holding every triangle. Groups
/// and objects (`g`, `o`) are ignored, as are vt, vn, vp, s, mtllib, usemtl and `#` comments.
/// Any other line (such as the "<vertices> <triangles>" line that the fcl test meshes begin
/// with, or `l` and `p` statements) is skipped with a warning in Mesh::warnings naming its line
/// (the first 10; then one warning counting the rest). Line continuations ('\') are not supported.
///
/// Throws ReadError (file, line, column) for an empty file, a `v` without 3 coordinates (4 with
/// w, or 6 with r g b), a non-numeric, NaN or infinite number, a face of fewer than 3 vertices,
/// a vertex index that is 0 or names no vertex defined so far, or a file without any face.
Mesh read_obj(const std::filesystem::path& path);

}  // namespace fecontact
