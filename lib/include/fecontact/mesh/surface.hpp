// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// A contact surface as geometry: element faces with their nodes in outward order, each knowing
// the element and local face it came from. Faces share the mesh's nodes (indices into
// Mesh::coordinates), so moving the nodes moves the surface.

#include <array>
#include <span>
#include <string>
#include <vector>

#include "fecontact/mesh/element_type.hpp"
#include "fecontact/mesh/mesh.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// One face: tri3, tri6, quad4, quad8 or quad9, all its nodes kept (corners first), ordered so
/// that the right-hand rule gives the outward normal.
struct SurfaceFace {
  ElementType type = ElementType::tri3;
  std::array<Index, 9> node_storage{};
  FaceRef owner;

  std::span<const Index> nodes() const {
    return std::span<const Index>(node_storage).first(static_cast<std::size_t>(node_count(type)));
  }
};

struct Surface {
  std::string name;
  std::vector<SurfaceFace> faces;

  Index size() const { return static_cast<Index>(faces.size()); }
};

}  // namespace fecontact
