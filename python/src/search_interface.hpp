// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// fecontact.Interface: one contact interface as a Python caller names it (surfaces of a Mesh by
// name, or plain arrays), and its translation into the library's ContactInterface.

#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include "fecontact/contact/contact_search.hpp"
#include "fecontact/mesh/mesh.hpp"

namespace fecontact::python {

namespace py = pybind11;

struct Interface {
  py::object slave = py::none();  ///< name, (s,) slave nodes, or faces; None for self contact
  py::object master = py::none(); ///< name or faces: (f, k) node indices, or a list of such arrays
  ContactMode mode = ContactMode::node_to_surface;
  SearchOptions options;
};

/// An Interface checked for its own values (mode, bv, leaves, tolerance, skin, ...).
Interface make_interface(py::object slave, py::object master, const std::string& mode, double tolerance,
                         const std::string& bv, double skin, bool relative, const std::string& leaves,
                         Index patch_faces, double rebuild_factor, bool track_slip);

/// The file ids of the faces of one side of an interface: element id and local face of each
/// face's owner element, or −1 for faces given as arrays (they have no owner).
struct FaceIds {
  std::vector<FileId> element_id;
  std::vector<int> local_face;
};

/// The library's interface for `interface`, number k of the search; `mesh` is null for a search
/// built from a node count, where surfaces cannot be named. Throws ValueError naming the
/// interface and the argument.
ContactInterface contact_interface(const Interface& interface, const Mesh* mesh, Index node_count, std::size_t k);

/// The FaceIds of `surface` (its faces' owners in `mesh`), or −1 everywhere when `owned` is false.
FaceIds face_ids(const Surface& surface, const Mesh* mesh, bool owned);

/// Whether a side given as `side` (a name or arrays) has owner elements in the mesh.
bool named(const py::object& side);

}  // namespace fecontact::python
