// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// fecontact.SearchResult: one interface's result of one step as numpy arrays (copies of the
// InterfaceResult that the search keeps and refills at the next step), with file ids beside
// the library's indices.

#include <span>

#include <pybind11/pybind11.h>

#include "fecontact/contact/contact_search.hpp"
#include "search_interface.hpp"

namespace fecontact::python {

namespace py = pybind11;

struct SearchResult {
  std::string mode;
  // Node-to-surface contacts, one per slave node within the tolerance, ascending node.
  py::object node, node_id, face, face_element_id, local_face, gap, normal, point, local, feature;
  // Their kinematics: master nodes and weights, tangent frame; slip with track_slip.
  py::object master_nodes, weights, tangent1, tangent2, slip, new_contact;
  // Two-configuration search: the same nodes at the predicted coordinates (empty otherwise).
  py::object predicted_face, predicted_gap, predicted_normal, predicted_point;
  // Pairs within the tolerance (node-to-surface: node, face; others: face, face).
  py::object pair_slave, pair_master, pair_distance, pair_distance_predicted;
  py::object degenerate_master_faces, degenerate_slave_faces;
  double tolerance = 0;
  int configurations = 1;
  bool searched = false;
  bool rebuilt = false;
  TraversalCounters counters;
};

/// The numpy copy of `result`. Node ids from `node_ids` (empty: ids are the indices), face ids
/// from `master` (the master faces' owners).
SearchResult to_python(const InterfaceResult& result, ContactMode mode, std::span<const FileId> node_ids,
                       const FaceIds& master);

void bind_search_result(py::module_& m);

}  // namespace fecontact::python
