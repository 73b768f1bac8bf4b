#pragma once
// The .vtu file of a contact search, for ParaView: the mesh with the slave nodes' gaps and
// normals, the contacts and candidate pairs as lines, and the bounding volumes of a tree level.

#include <array>
#include <filesystem>
#include <span>

#include <Eigen/Core>

#include "fecontact/contact/contact_search.hpp"
#include "fecontact/mesh/mesh.hpp"

namespace fecontact {

/// What a cell of the contact .vtu shows (cell data "kind").
enum class ContactCellKind : std::uint8_t { element = 0, contact = 1, pair = 2, volume = 3 };

/// Writes one VTK unstructured grid:
/// - points 0 .. mesh.node_count(): the mesh's nodes at `coordinates`, with point data
///   "node_id" (file id; −1 on the other points), "gap" (the node's smallest node-to-surface
///   gap over the interfaces; NaN where none) and "contact_normal" (3: the master normal of that
///   contact; 0 elsewhere);
/// - cells, with cell data "kind" (ContactCellKind), "block" and "element_id" (of elements; −1
///   otherwise), "interface" (index in `interfaces` of contacts and pairs; −1 otherwise) and
///   "distance" (the gap of a contact, the distance of a pair; NaN otherwise):
///   element: every element of the mesh (as vtu_grid(mesh));
///   contact: a line from each node-to-surface slave node to its contact point;
///   pair: a line per candidate pair from the slave node (or the slave face's centroid, the mean
///   of its corners) to the master face's centroid;
///   volume: a hexahedron per entry of `volumes` (e.g. ContactSearch::tree_level_volumes).
/// Preconditions: coordinates.size() == mesh.node_count(); results.size() == interfaces.size(),
/// result k from searching interfaces[k] on `mesh` (for a ContactSearch: search.interfaces()).
/// Throws std::runtime_error naming the file when it cannot be written.
void write_contact_vtu(const std::filesystem::path& path, const Mesh& mesh,
                       std::span<const Eigen::Vector3d> coordinates,
                       std::span<const ContactInterface> interfaces,
                       std::span<const InterfaceResult> results,
                       std::span<const std::array<Eigen::Vector3d, 8>> volumes = {});

}  // namespace fecontact
