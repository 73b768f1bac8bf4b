// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/frontend/contact_json.hpp"

#include "fecontact/detail/assert.hpp"
#include "fecontact/frontend/option_names.hpp"

namespace fecontact {
namespace {

using Mode = ContactMode;

// The file's face reference: {"element": id, "local_face": k} for a volume element's face,
// the element id alone for a surface element, null for no face.
void write_face(JsonWriter& json, const Mesh& mesh, const Surface& surface, Index face) {
  if (face < 0) {
    json.null();
    return;
  }
  const FaceRef& owner = surface.faces[static_cast<std::size_t>(face)].owner;
  const ElementBlock& block = mesh.blocks[static_cast<std::size_t>(owner.element.block)];
  const FileId id = block.element_ids[static_cast<std::size_t>(owner.element.element)];
  if (!is_volume(block.type)) {
    json.value(id);
    return;
  }
  json.begin_object().key("element").value(id).key("local_face").value(owner.local_face).end_object();
}

void write_faces(JsonWriter& json, const Mesh& mesh, const Surface& surface, std::span<const Index> faces) {
  json.begin_array();
  for (const Index f : faces) write_face(json, mesh, surface, f);
  json.end_array();
}

template <int n>
void write_vector(JsonWriter& json, const Eigen::Matrix<double, n, 1>& v) {
  json.begin_array();
  for (int k = 0; k < n; ++k) json.value(v[k]);
  json.end_array();
}

const char* feature_name(FaceFeature feature) {
  switch (feature) {
    case FaceFeature::interior: return "interior";
    case FaceFeature::edge: return "edge";
    case FaceFeature::vertex: return "vertex";
  }
  return "?";
}

// The members face, gap, normal, point, local of contact entry i.
void write_contact_point(JsonWriter& json, const Mesh& mesh, const Surface& master,
                         const NodeContacts& c, std::size_t i) {
  json.key("face");
  write_face(json, mesh, master, c.face[i]);
  json.key("gap").value(c.gap[i]).key("normal");
  write_vector(json, c.normal[i]);
  json.key("point");
  write_vector(json, c.point[i]);
  json.key("local");
  write_vector(json, c.local[i]);
}

void write_node_contacts(JsonWriter& json, const Mesh& mesh, const Surface& master, const InterfaceResult& r) {
  const auto& c = r.contacts;
  json.key("contacts").begin_array();
  for (std::size_t i = 0; i < c.node.size(); ++i) {
    json.begin_object().key("node").value(mesh.node_ids[static_cast<std::size_t>(c.node[i])]);
    write_contact_point(json, mesh, master, c, i);
    json.key("feature").value(feature_name(c.feature[i])).key("feature_index").value(c.feature_index[i]);
    if (!r.predicted.node.empty()) {
      json.key("predicted").begin_object();
      write_contact_point(json, mesh, master, r.predicted, i);
      json.end_object();
    }
    json.end_object();
  }
  json.end_array();
  json.key("pairs").begin_array();
  for (std::size_t i = 0; i < r.pair_slave.size(); ++i) {
    json.begin_object().key("node").value(mesh.node_ids[static_cast<std::size_t>(r.pair_slave[i])]);
    json.key("face");
    write_face(json, mesh, master, r.pair_master[i]);
    json.key("distance").value(r.pair_distance[i]).end_object();
  }
  json.end_array();
}

void write_face_pairs(JsonWriter& json, const Mesh& mesh, const Surface& slave, const Surface& master,
                      const InterfaceResult& r) {
  json.key("contacts").begin_array();
  for (std::size_t i = 0; i < r.pair_slave.size(); ++i) {
    json.begin_object().key("slave_face");
    write_face(json, mesh, slave, r.pair_slave[i]);
    json.key("master_face");
    write_face(json, mesh, master, r.pair_master[i]);
    json.key("distance").value(r.pair_distance[i]);
    if (!r.pair_distance_predicted.empty()) json.key("distance_predicted").value(r.pair_distance_predicted[i]);
    json.end_object();
  }
  json.end_array();
}

void write_statistics(JsonWriter& json, const ContactInterface& interface, const InterfaceResult& r,
                      const InterfaceLabel& label) {
  const std::size_t contacts = interface.mode == Mode::node_to_surface ? r.contacts.node.size() : r.pair_slave.size();
  json.key("statistics").begin_object();
  json.key("bv_tests").value(r.counters.bv_tests);
  json.key("leaf_tests").value(r.counters.leaf_pairs);
  json.key("candidates").value(r.counters.pairs_reported);
  json.key("contacts").value(contacts);
  if (label.build_ms) json.key("build_ms").value(*label.build_ms);
  if (label.search_ms) json.key("search_ms").value(*label.search_ms);
  json.key("node_pairs").value(r.counters.node_pairs);
  json.key("pairs").value(r.pair_slave.size());
  json.key("rebuilt").value(r.rebuilt);
  json.end_object();
}

}  // namespace

void write_interface_json(JsonWriter& json, const Mesh& mesh, const ContactInterface& interface,
                          const InterfaceResult& result, const InterfaceLabel& label) {
  const bool self = interface.mode == Mode::self;
  const Surface& slave = self ? interface.master : interface.slave;
  json.begin_object();
  json.key("slave").value(label.slave).key("master").value(label.master);
  json.key("mode").value(std::string(fecontact::name(interface.mode)));
  json.key("tolerance").value(result.tolerance);
  json.key("bv").value(std::string(fecontact::name(interface.options.bv)));
  json.key("leaves").value(std::string(fecontact::name(interface.options.leaves)));
  json.key("configurations").value(result.configurations);
  write_statistics(json, interface, result, label);
  json.key("degenerate_master_faces");
  write_faces(json, mesh, interface.master, result.degenerate_master_faces);
  json.key("degenerate_slave_faces");
  write_faces(json, mesh, slave, result.degenerate_slave_faces);
  if (interface.mode == Mode::node_to_surface) write_node_contacts(json, mesh, interface.master, result);
  else write_face_pairs(json, mesh, slave, interface.master, result);
  json.end_object();
}

void write_contact_json(std::ostream& out, const Mesh& mesh, std::span<const ContactInterface> interfaces,
                        std::span<const InterfaceResult> results, std::span<const InterfaceLabel> labels) {
  FECONTACT_ASSERT(results.size() == interfaces.size(), "write_contact_json: one result per interface");
  FECONTACT_ASSERT(labels.empty() || labels.size() == interfaces.size(),
                   "write_contact_json: one label per interface, or none");
  JsonWriter json(out);
  json.begin_object().key("interfaces").begin_array();
  for (std::size_t i = 0; i < interfaces.size(); ++i)
    write_interface_json(json, mesh, interfaces[i], results[i], labels.empty() ? InterfaceLabel{} : labels[i]);
  json.end_array().end_object();
  out << '\n';
}

}  // namespace fecontact
