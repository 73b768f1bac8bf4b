// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Gmsh element type numbers: node counts and the map from Gmsh's node order to the internal one
// (see gmsh_reader.hpp for the tables and element_type.hpp for the internal order).

#include <cstdint>
#include <optional>
#include <span>

#include "fecontact/mesh/element_type.hpp"

namespace fecontact::detail {

struct GmshElementType {
  int node_count = 0;
  std::optional<ElementType> type;            ///< empty for the skipped 0D and 1D elements
  std::span<const std::uint8_t> to_internal;  ///< internal node i = Gmsh node to_internal[i]
};

/// The Gmsh element type `number`, or nothing if it is unknown or not supported.
std::optional<GmshElementType> gmsh_element_type(int number);

}  // namespace fecontact::detail
