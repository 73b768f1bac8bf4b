// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Private to the STL and OBJ readers: the Mesh both of them return.

#include <string>
#include <vector>

#include <Eigen/Core>

#include "fecontact/mesh/mesh.hpp"
#include "fecontact/types.hpp"

namespace fecontact::detail {

/// A mesh of nodes (ids 1..n) and one block of tri3 elements (ids 1..m, three node indices each,
/// all < nodes.size()) named `name`, with an element-face SurfaceDefinition of the same name
/// listing every triangle.
Mesh triangle_mesh(std::string name, std::vector<Eigen::Vector3d> nodes,
                   std::vector<Index> connectivity);

}  // namespace fecontact::detail
