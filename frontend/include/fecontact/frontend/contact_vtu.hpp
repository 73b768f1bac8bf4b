// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The .vtu file of a contact search, for ParaView: the mesh with the slave nodes' gaps and
// normals, the contacts and candidate pairs as lines, and the bounding volumes of a tree level.

#include <array>
#include <cstddef>
#include <filesystem>
#include <span>
#include <vector>

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
///   volume: a hexahedron per entry of `volumes` (e.g. tree_level_volumes).
/// Preconditions: coordinates.size() == mesh.node_count(); results.size() == interfaces.size(),
/// result k from searching interfaces[k] on `mesh` (for a ContactSearch: search.interfaces()).
/// Throws std::runtime_error naming the file when it cannot be written.
void write_contact_vtu(const std::filesystem::path& path, const Mesh& mesh,
                       std::span<const Eigen::Vector3d> coordinates,
                       std::span<const ContactInterface> interfaces,
                       std::span<const InterfaceResult> results,
                       std::span<const std::array<Eigen::Vector3d, 8>> volumes = {});

/// The bounding volumes of one level of a tree of `search` (ContactSearch::tree) as it stands
/// after its last search of the trees: the nodes at depth `level` (the root is level 0) and the
/// leaves above that depth, so that together they cover every patch of interface i's `side`; in
/// depth-first order. Each as 8 corners, corner k on the upper side along axis i when bit i of k
/// is set (the box's own axes for an OBB, as corners(const Obb&)). Volumes are as stored:
/// inflated where the search does, covering both configurations after a two-configuration
/// search. Empty before the first search and for a tree the interface does not have.
/// Precondition: i < search.interfaces().size(), level >= 0.
std::vector<std::array<Eigen::Vector3d, 8>> tree_level_volumes(
    const ContactSearch& search, std::size_t i, int level,
    ContactSearch::TreeSide side = ContactSearch::TreeSide::master);

}  // namespace fecontact
