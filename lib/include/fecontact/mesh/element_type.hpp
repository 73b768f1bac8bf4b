// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Element types and their reference faces.
//
// Internal node ordering is VTK's: the node order of VTK's reference cells (vtkCell::
// GetParametricCoords). It is also Abaqus's and Gmsh's for the linear types, tet10 (Abaqus) and the
// wedges; readers map the file's ordering to it. For wedges, VTK's documentation says that 0-1-2
// turns away from 3-4-5, but its reference coordinates, Abaqus (CalculiX's C3D6 checked) and Gmsh
// all turn 0-1-2 towards 3-4-5: that is the order used here. Face tables list each face's nodes so
// that the right-hand rule gives the outward normal; face k of a volume element is Abaqus's face
// S(k+1).

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace fecontact {

enum class ElementType : std::uint8_t {
  // volume elements
  tet4, tet10, hex8, hex20, hex27, wedge6, wedge15, pyramid5,
  // surface elements (shells, rigid surfaces) and the faces of volume elements
  tri3, tri6, quad4, quad8, quad9,
};

inline constexpr int element_type_count = 13;

/// Lower-case name as used in JSON reports ("tet4", "hex20", ...).
std::string_view name(ElementType type);
std::optional<ElementType> element_type_from_name(std::string_view name);

int node_count(ElementType type);
int corner_count(ElementType type);  ///< nodes at vertices (the linear part)
int dimension(ElementType type);     ///< 3 for volume elements, 2 for surface elements
bool is_volume(ElementType type);
bool is_quadratic(ElementType type);

/// One face of a volume element: its type (tri3..quad9) and the element-local node numbers,
/// corners first, ordered for an outward normal.
struct ReferenceFace {
  ElementType type;
  std::span<const std::uint8_t> nodes;
};

/// The faces of a volume element type (empty for surface elements).
std::span<const ReferenceFace> faces(ElementType type);

}  // namespace fecontact
