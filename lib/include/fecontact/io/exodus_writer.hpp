// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Writer of Exodus II files, for Cubit, MOOSE, Sierra and ParaView (its reader is VTK's
// vtkExodusIIReader): a mesh with nodal variables. Needs fecontact built with the Exodus library
// (Debian libexodusii-dev); without it write_exodus throws saying so.

#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "fecontact/mesh/mesh.hpp"

namespace fecontact {

/// A nodal result: one value per node of the mesh.
struct NodalVariable {
  std::string name;
  std::vector<double> values;
};

/// Writes `mesh` to `path` (replacing a file there): nodes at `coordinates` (the mesh's own when
/// empty) with the node ids as the node number map; one element block per block (ids 1, 2, ...,
/// named as the blocks; element types TETRA, TETRA10, HEX8, HEX20, HEX27, WEDGE, WEDGE15, PYRAMID,
/// TRI3, TRI6, SHELL4, SHELL8, SHELL9, in Exodus's node order) with the element ids as the
/// element number map; the node sets, then the node surfaces, as node sets; the element-face
/// surfaces as side sets (Exodus's side numbers); and, when `variables` is not empty, one time
/// step (time 0) holding them. Ids beyond 2^31 − 1 make a 64-bit (netCDF-4) file, others a
/// 32-bit one. Throws std::invalid_argument for a variable or coordinates not one per node,
/// std::runtime_error naming the file when it cannot be written.
void write_exodus(const std::filesystem::path& path, const Mesh& mesh,
                  std::span<const Eigen::Vector3d> coordinates = {}, std::span<const NodalVariable> variables = {});

}  // namespace fecontact
