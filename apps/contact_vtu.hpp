#pragma once
// The .vtu file of a contact search, for ParaView: the whole mesh with the contact result of
// node-to-surface interfaces on its nodes.

#include <filesystem>
#include <vector>

#include "fecontact/mesh/mesh.hpp"
#include "interface_run.hpp"

namespace fecontact::cli {

/// Writes every element of `mesh` (cell data "block", "element_id"; point data "node_id") with
/// point data "gap" (the smallest gap of the node over the node-to-surface runs; NaN for nodes
/// without contact) and "contact_normal" (the master normal there; 0 elsewhere).
/// Throws std::runtime_error when the file cannot be written.
void write_contact_vtu(const std::filesystem::path& path, const Mesh& mesh,
                       const std::vector<InterfaceRun>& runs);

}  // namespace fecontact::cli
