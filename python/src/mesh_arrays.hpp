// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// A Mesh made from numpy arrays (fecontact.Mesh(...), and from_meshio through it), checked as
// a reader checks a file: every index in range, ids positive and unique, coordinates finite.

#include <memory>
#include <string>

#include <pybind11/pybind11.h>

#include "fecontact/mesh/mesh.hpp"
#include "numpy_arrays.hpp"

namespace fecontact::python {

/// Elements of one type under one name, as Python sees them: connectivity (e, k) int64 node
/// indices in fecontact's (VTK's) node order, element_ids (e,) file ids or None for "number
/// them on" (the mesh gives ids after the largest id of the blocks before).
struct Block {
  std::string name;
  ElementType type = ElementType::tet4;
  IdArray connectivity;
  py::object element_ids = py::none();
};

/// The ElementType of a name ("tet4", ..., "quad9"); ValueError listing them for another.
ElementType element_type_argument(const std::string& name);

/// A Block checked for its own shapes (connectivity (e, node_count(type)), ids (e,) > 0).
Block make_block(const std::string& name, const std::string& type, py::handle connectivity,
                 py::handle element_ids);

/// The mesh of these arrays. `surfaces`: {name: (f, 3) [block, element, local_face] or (s,)
/// node indices}; `node_sets`: {name: (s,)}; `element_sets`: {name: (e, 2) [block, element]};
/// `contact_pairs`: [(slave, master, mode)]. Throws ValueError naming the first bad entry.
std::shared_ptr<Mesh> make_mesh(py::handle coordinates, const py::list& blocks, py::handle node_ids,
                                const py::dict& surfaces, const py::dict& node_sets,
                                const py::dict& element_sets, const py::list& contact_pairs);

/// The ContactMode of "node-to-surface", "surface-to-surface" or "self" (the names of
/// mode_name, contact_json.hpp).
ContactMode contact_mode_argument(const std::string& mode);

}  // namespace fecontact::python
