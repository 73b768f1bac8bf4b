// SPDX-License-Identifier: BSD-3-Clause
#include "search_result.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "fecontact/frontend/option_names.hpp"

#include "mesh_arrays.hpp"
#include "numpy_arrays.hpp"

namespace fecontact::python {

namespace {

IdArray mapped(std::span<const Index> indices, std::span<const FileId> ids) {
  IdArray a(static_cast<py::ssize_t>(indices.size()));
  std::int64_t* out = a.mutable_data();
  for (std::size_t i = 0; i < indices.size(); ++i)
    out[i] = ids.empty() ? indices[i] : ids[static_cast<std::size_t>(indices[i])];
  return a;
}

template <class T>
IdArray mapped_faces(std::span<const Index> faces, const std::vector<T>& per_face) {
  IdArray a(static_cast<py::ssize_t>(faces.size()));
  std::int64_t* out = a.mutable_data();
  for (std::size_t i = 0; i < faces.size(); ++i)
    out[i] = faces[i] < 0 ? -1 : per_face[static_cast<std::size_t>(faces[i])];
  return a;
}

// (n, 9) rows of per-contact arrays, as numpy's T.
template <class T, class From>
py::array_t<T> rows_of_nine(const std::vector<std::array<From, 9>>& rows) {
  py::array_t<T> a({static_cast<py::ssize_t>(rows.size()), py::ssize_t{9}});
  T* out = a.mutable_data();
  for (const auto& row : rows) out = std::copy(row.begin(), row.end(), out);
  return a;
}

}  // namespace

SearchResult to_python(const InterfaceResult& r, ContactMode mode, std::span<const FileId> node_ids,
                       const FaceIds& master) {
  SearchResult p;
  p.mode = std::string(fecontact::name(mode));
  const NodeContacts& c = r.contacts;
  p.node = to_numpy(c.node);
  p.node_id = mapped(c.node, node_ids);
  p.face = to_numpy(c.face);
  p.face_element_id = mapped_faces(c.face, master.element_id);
  p.local_face = mapped_faces(c.face, master.local_face);
  p.gap = to_numpy(c.gap);
  p.normal = to_numpy(c.normal);
  p.point = to_numpy(c.point);
  p.local = to_numpy(c.local);
  py::array_t<std::int8_t> feature(static_cast<py::ssize_t>(c.feature.size()));
  for (std::size_t i = 0; i < c.feature.size(); ++i) feature.mutable_data()[i] = static_cast<std::int8_t>(c.feature[i]);
  p.feature = feature;
  p.master_nodes = rows_of_nine<std::int64_t>(c.master_nodes);
  p.weights = rows_of_nine<double>(c.weights);
  p.tangent1 = to_numpy(c.tangent1);
  p.tangent2 = to_numpy(c.tangent2);
  p.slip = to_numpy(c.slip);
  py::array_t<bool> new_contact(static_cast<py::ssize_t>(c.new_contact.size()));
  for (std::size_t i = 0; i < c.new_contact.size(); ++i) new_contact.mutable_data()[i] = c.new_contact[i] != 0;
  p.new_contact = new_contact;
  const NodeContacts& q = r.predicted;
  p.predicted_face = to_numpy(q.face);
  p.predicted_gap = to_numpy(q.gap);
  p.predicted_normal = to_numpy(q.normal);
  p.predicted_point = to_numpy(q.point);
  p.pair_slave = to_numpy(r.pair_slave);
  p.pair_master = to_numpy(r.pair_master);
  p.pair_distance = to_numpy(r.pair_distance);
  p.pair_distance_predicted = to_numpy(r.pair_distance_predicted);
  p.degenerate_master_faces = to_numpy(r.degenerate_master_faces);
  p.degenerate_slave_faces = to_numpy(r.degenerate_slave_faces);
  p.tolerance = r.tolerance;
  p.configurations = r.configurations;
  p.searched = r.searched;
  p.rebuilt = r.rebuilt;
  p.counters = r.counters;
  return p;
}

void bind_search_result(py::module_& m) {
  py::class_<SearchResult>(m, "SearchResult",
                           "One interface at one step. Node-to-surface: one contact per slave node\n"
                           "within the tolerance (ascending node). Pairs: every pair within the\n"
                           "tolerance (node-to-surface: node, face; surface-to-surface and self:\n"
                           "face, face). Indices refer to the search's node array and its\n"
                           "interface's faces; *_id arrays hold file ids.")
      .def_readonly("mode", &SearchResult::mode)
      .def_readonly("node", &SearchResult::node, "(s,) slave node indices")
      .def_readonly("node_id", &SearchResult::node_id,
                    "(s,) slave node file ids (the indices for a search built from arrays)")
      .def_readonly("face", &SearchResult::face, "(s,) index of the closest master face")
      .def_readonly("face_element_id", &SearchResult::face_element_id,
                    "(s,) file id of that face's element (-1 for faces given as arrays)")
      .def_readonly("local_face", &SearchResult::local_face,
                    "(s,) its local face: 0-based Abaqus face number of a volume element (S1 = 0);\n"
                    "for a surface element 0 as given, 1 reversed; -1 for faces given as arrays")
      .def_readonly("gap", &SearchResult::gap, "(s,) negative = penetration")
      .def_readonly("normal", &SearchResult::normal, "(s, 3) outward unit normal of the master face")
      .def_readonly("point", &SearchResult::point, "(s, 3) contact point on the master face")
      .def_readonly("local", &SearchResult::local, "(s, 2) its local coordinates on the face")
      .def_readonly("feature", &SearchResult::feature, "(s,) int8: 0 interior, 1 edge, 2 vertex")
      .def_readonly("master_nodes", &SearchResult::master_nodes,
                    "(s, 9) int64 node indices of the master face, -1 beyond its node count")
      .def_readonly("weights", &SearchResult::weights,
                    "(s, 9) the face's shape functions at the point, 0 beyond: they sum to 1 and\n"
                    "weights @ x[master_nodes] is the point; a force f on the slave node puts\n"
                    "-weights[i] f on master node i")
      .def_readonly("tangent1", &SearchResult::tangent1,
                    "(s, 3) dx/dxi of the master face normalised; (tangent1, tangent2, normal) is\n"
                    "an orthonormal right-handed frame")
      .def_readonly("tangent2", &SearchResult::tangent2, "(s, 3) normal x tangent1")
      .def_readonly("slip", &SearchResult::slip,
                    "(s, 3) with Interface(track_slip=True), else (0, 3): the tangential part of the\n"
                    "contact point's motion over the master since the previous step (convected slip)")
      .def_readonly("new_contact", &SearchResult::new_contact,
                    "(s,) bool with track_slip, else (0,): the node had no contact at the previous step")
      .def_readonly("predicted_face", &SearchResult::predicted_face)
      .def_readonly("predicted_gap", &SearchResult::predicted_gap)
      .def_readonly("predicted_normal", &SearchResult::predicted_normal)
      .def_readonly("predicted_point", &SearchResult::predicted_point)
      .def_readonly("pair_slave", &SearchResult::pair_slave)
      .def_readonly("pair_master", &SearchResult::pair_master)
      .def_readonly("pair_distance", &SearchResult::pair_distance)
      .def_readonly("pair_distance_predicted", &SearchResult::pair_distance_predicted)
      .def_readonly("degenerate_master_faces", &SearchResult::degenerate_master_faces)
      .def_readonly("degenerate_slave_faces", &SearchResult::degenerate_slave_faces)
      .def_readonly("tolerance", &SearchResult::tolerance, "the absolute tolerance used")
      .def_readonly("configurations", &SearchResult::configurations)
      .def_readonly("searched", &SearchResult::searched, "the trees were searched at this step")
      .def_readonly("rebuilt", &SearchResult::rebuilt, "a tree was (re)built at this step")
      .def_property_readonly("bv_tests", [](const SearchResult& r) { return r.counters.bv_tests; })
      .def_property_readonly("candidates", [](const SearchResult& r) { return r.counters.pairs_reported; })
      .def("__len__", [](const SearchResult& r) {
        return r.mode == "node-to-surface" ? py::len(r.node) : py::len(r.pair_slave);
      })
      .def("__repr__", [](const SearchResult& r) {
        return "<fecontact.SearchResult " + r.mode + ": " + std::to_string(py::len(r.node)) + " contacts, " +
               std::to_string(py::len(r.pair_slave)) + " pairs>";
      });
}

}  // namespace fecontact::python
