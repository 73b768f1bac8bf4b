// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Surfaces made from a Mesh: the exterior of element blocks, and the surfaces named in the file.
// Faces take their nodes from the reference face tables of element_type.hpp (outward by the
// right-hand rule, quadratic faces with all their nodes) and know their owner element and local
// face. Faces are matched by their sorted corner nodes.

#include <span>
#include <string>
#include <vector>

#include "fecontact/mesh/mesh.hpp"
#include "fecontact/mesh/surface.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// The faces of the volume blocks `blocks` (indices into mesh.blocks) that belong to exactly one
/// of their elements, in (block, element, local face) order. Faces between two elements of the
/// given blocks are left out, so the result is the boundary of their union.
/// Precondition: every listed block is a volume block.
Surface exterior_surface(const Mesh& mesh, std::span<const Index> blocks, std::string name = {});

/// The face `ref` of the mesh, in outward node order: a volume element's reference face, or a
/// surface element as numbered (local_face 0, Abaqus SPOS) or turned over (local_face 1, SNEG:
/// corners 0, n−1, ..., 1, each mid-edge node with its edge, the centre node in place).
/// Precondition: ref is valid for mesh.
SurfaceFace element_face(const Mesh& mesh, const FaceRef& ref);

/// The faces of an element-face SurfaceDefinition, in its order: a face of a volume element
/// takes that element's reference face; a surface element (shell, rigid tool) is a face as given.
/// Precondition: definition.kind == element_faces and its FaceRefs are valid for mesh.
Surface surface_from_definition(const Mesh& mesh, const SurfaceDefinition& definition);

/// A surface of surface elements (a Gmsh physical surface), each matched to the face of a volume
/// element with the same corner nodes, whose outward node order and owner it takes; a surface
/// element that bounds no volume element (a shell, a rigid tool) is taken as given. A face shared
/// by two volume elements (an interface) is matched to the first in (block, element, face) order.
/// FaceRefs of volume elements are taken as in surface_from_definition.
/// Precondition: definition.kind == element_faces and its FaceRefs are valid for mesh.
Surface surface_from_boundary_elements(const Mesh& mesh, const SurfaceDefinition& definition);

/// The node indices used by the faces of `surface`, sorted ascending, each once.
std::vector<Index> surface_nodes(const Surface& surface);

}  // namespace fecontact
