// SPDX-License-Identifier: BSD-3-Clause
#include "triangle_mesh.hpp"

#include <utility>

#include "fecontact/detail/assert.hpp"

namespace fecontact::detail {

Mesh triangle_mesh(std::string name, std::vector<Eigen::Vector3d> nodes,
                   std::vector<Index> connectivity) {
  FECONTACT_ASSERT(connectivity.size() % 3 == 0, "triangle_mesh: three nodes per triangle");
  Mesh mesh;
  mesh.coordinates = std::move(nodes);
  const Index node_count = mesh.node_count();
  mesh.node_ids.resize(static_cast<std::size_t>(node_count));
  mesh.node_index.reserve(static_cast<std::size_t>(node_count));
  for (Index i = 0; i < node_count; ++i) {
    mesh.node_ids[static_cast<std::size_t>(i)] = FileId{i} + 1;
    mesh.node_index.emplace(FileId{i} + 1, i);
  }

  ElementBlock block;
  block.name = name;
  block.type = ElementType::tri3;
  block.connectivity = std::move(connectivity);
  const auto triangle_count = static_cast<Index>(block.connectivity.size() / 3);
  block.element_ids.resize(static_cast<std::size_t>(triangle_count));
  SurfaceDefinition surface;
  surface.name = std::move(name);
  surface.faces.resize(static_cast<std::size_t>(triangle_count));
  for (Index e = 0; e < triangle_count; ++e) {
    block.element_ids[static_cast<std::size_t>(e)] = FileId{e} + 1;
    surface.faces[static_cast<std::size_t>(e)] = FaceRef{ElementRef{0, e}, 0};
  }
  mesh.blocks.push_back(std::move(block));
  mesh.surfaces.push_back(std::move(surface));
  return mesh;
}

}  // namespace fecontact::detail
