// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// VtuGrids of the library's objects, for write_vtu: a mesh's elements, a surface's faces,
// bounding boxes as hexahedra, line segments.

#include <array>
#include <span>

#include <Eigen/Core>

#include "fecontact/frontend/vtu_writer.hpp"
#include "fecontact/geometry/aabb.hpp"
#include "fecontact/geometry/obb.hpp"
#include "fecontact/mesh/element_type.hpp"
#include "fecontact/mesh/mesh.hpp"
#include "fecontact/mesh/surface.hpp"

namespace fecontact {

/// The VTK cell type of an element type (the internal node order is VTK's, so connectivity
/// maps straight).
VtkCellType vtk_cell_type(ElementType type);

/// All elements of all blocks (volume and surface), block after block, on all the mesh's nodes.
/// Point data "node_id" (file ids); cell data "block" (index in mesh.blocks), "element_id".
VtuGrid vtu_grid(const Mesh& mesh);

/// The faces of `surface` (whose node indices refer to mesh.coordinates), on the nodes they use
/// only. Point data "node" (index in the mesh); cell data "block" and "element_id" of the owner
/// element, and "local_face" (0 for a surface element).
VtuGrid vtu_grid(const Mesh& mesh, const Surface& surface);

/// One VTK hexahedron per non-empty box, corners in VTK's order (bottom face counter-clockwise
/// seen from above, then the top face). Cell data "index": the box's position in `boxes`.
VtuGrid vtu_grid(std::span<const Aabb> boxes);
VtuGrid vtu_grid(std::span<const Obb> boxes);  ///< as for Aabb, with the box's own axes

/// Appends one VTK hexahedron on 8 new points: corner k of `corners_by_bits` is on the upper
/// side along axis i when bit i of k is set (as corners(const Obb&)).
void add_box(VtuGrid& grid, const std::array<Eigen::Vector3d, 8>& corners_by_bits);

/// One VTK line per segment (two points each). Cell data "index": the segment's position.
VtuGrid vtu_grid(std::span<const std::array<Eigen::Vector3d, 2>> segments);

}  // namespace fecontact
