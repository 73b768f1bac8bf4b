// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The contract every reader fuzz target checks: reading returns a consistent Mesh or throws
// fecontact::ReadError. Any other exception escapes to libFuzzer (reported as a crash); a Mesh
// that breaks an invariant aborts with the invariant's name.

#include "fecontact/io/read_error.hpp"
#include "fecontact/mesh/mesh.hpp"
#include "invariant.hpp"

namespace fecontact::fuzz {

inline bool valid_node(const Mesh& mesh, Index node) { return node >= 0 && node < mesh.node_count(); }

inline bool valid_element(const Mesh& mesh, const ElementRef& ref) {
  return ref.block >= 0 && static_cast<std::size_t>(ref.block) < mesh.blocks.size() &&
         ref.element >= 0 && ref.element < mesh.blocks[static_cast<std::size_t>(ref.block)].size();
}

/// Aborts unless every index of `mesh` names something that exists and every coordinate is finite.
inline void check_mesh(const Mesh& mesh) {
  require(mesh.node_ids.size() == mesh.coordinates.size(), "one id per node");
  require(mesh.node_index.size() == mesh.coordinates.size(), "one index entry per node");
  for (const auto& [id, index] : mesh.node_index)
    require(valid_node(mesh, index) && mesh.node_ids[static_cast<std::size_t>(index)] == id,
            "node_index agrees with node_ids");
  for (const Eigen::Vector3d& x : mesh.coordinates)
    require(x.allFinite(), "finite coordinates");
  for (const ElementBlock& block : mesh.blocks) {
    require(block.connectivity.size() ==
                block.element_ids.size() * static_cast<std::size_t>(node_count(block.type)),
            "node_count(type) nodes per element");
    for (const Index node : block.connectivity) require(valid_node(mesh, node), "connectivity names nodes");
  }
  for (const NodeSet& set : mesh.node_sets)
    for (const Index node : set.nodes) require(valid_node(mesh, node), "node sets name nodes");
  for (const ElementSet& set : mesh.element_sets)
    for (const ElementRef& e : set.elements) require(valid_element(mesh, e), "element sets name elements");
  for (const SurfaceDefinition& surface : mesh.surfaces) {
    for (const Index node : surface.nodes) require(valid_node(mesh, node), "node surfaces name nodes");
    for (const FaceRef& face : surface.faces) {
      require(valid_element(mesh, face.element), "surfaces name elements");
      const ElementType type = mesh.blocks[static_cast<std::size_t>(face.element.block)].type;
      const int faces = is_volume(type) ? static_cast<int>(fecontact::faces(type).size()) : 2;
      require(face.local_face >= 0 && face.local_face < faces, "surfaces name faces of their element");
    }
  }
}

/// Runs `read` (which returns a Mesh); a ReadError is an accepted answer to malformed input.
template <class Read>
void expect_mesh_or_read_error(Read&& read) {
  try {
    check_mesh(read());
  } catch (const ReadError&) {
  }
}

}  // namespace fecontact::fuzz
