// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Faces from numpy arrays, for the bindings that take a bare surface (mortar_integration,
// ClosestFaceSearch).

#include <string>

#include <pybind11/pybind11.h>

#include "fecontact/mesh/surface.hpp"

namespace fecontact::python {

/// Faces as (f, k) node indices in [0, node_count) (k = 3, 4, 6, 8, 9; rows of fewer nodes
/// padded with −1 at the end, as ContactSearch.faces returns mixed surfaces), or a list of such
/// arrays; ValueError naming `name`, the row and what was expected.
Surface faces_argument(const pybind11::object& faces, Index node_count, const std::string& name);

}  // namespace fecontact::python
