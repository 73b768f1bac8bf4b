// SPDX-License-Identifier: BSD-3-Clause
#include "surface_cards.hpp"

#include <algorithm>
#include <unordered_set>

#include "data_lines.hpp"
#include "fecontact/detail/ascii.hpp"

namespace fecontact::detail::abaqus {
namespace {

template <class T, class Hash>
void keep_first_of_each(std::vector<T>& items, Hash hash) {
  std::unordered_set<T, Hash> seen(items.size(), hash);
  std::vector<T> kept;
  kept.reserve(items.size());
  for (const T& item : items)
    if (seen.insert(item).second) kept.push_back(item);
  items = std::move(kept);
}

// More faces or nodes than the mesh has: repeats are removed before the list grows further.
void keep_within_mesh(const Model& model, SurfaceDefinition& surface) {
  if (surface.faces.size() > 2 * 6 * model.elements.size() + 1024 ||
      surface.nodes.size() > 2 * model.mesh.node_ids.size() + 1024)
    remove_repeats(surface);
}

bool starts_with_digit(std::string_view field) {
  return !field.empty() && detail::is_digit_ascii(field.front());
}

std::vector<ElementRef> elements_of(const Model& model, const Scope& scope, Fields& fields) {
  const std::string_view field = fields.next();
  if (starts_with_digit(field)) {
    FileId label = 0, id = 0;
    if (!parse_label(field, label) || !scope.tagged(label, id))
      fields.fail("expected an element number or an element set name, found '" +
                  std::string(field) + "'");
    const auto found = model.elements.find(id);
    if (found == model.elements.end())
      fields.fail("element " + std::string(field) + " is not defined");
    return {found->second};
  }
  const ElementSet* set = model.find_element_set(scope, field);
  if (set == nullptr) fields.fail("element set '" + std::string(field) + "' is not defined");
  return set->elements;
}

std::vector<Index> nodes_of(const Model& model, const Scope& scope, Fields& fields) {
  const std::string_view field = fields.next();
  if (starts_with_digit(field)) {
    FileId label = 0, id = 0;
    if (!parse_label(field, label) || !scope.tagged(label, id))
      fields.fail("expected a node number or a node set name, found '" + std::string(field) + "'");
    const std::optional<Index> node = model.nodes.find(id);
    if (!node) fields.fail("node " + std::string(field) + " is not defined");
    return {*node};
  }
  const NodeSet* set = model.find_node_set(scope, field);
  if (set == nullptr) fields.fail("node set '" + std::string(field) + "' is not defined");
  return set->nodes;
}

// The internal local face of `element` named by an Abaqus face label.
int local_face(const Model& model, const ElementRef& element, const std::string& label,
               Fields& fields) {
  const ElementType type = model.mesh.blocks[element.block].type;
  const std::string& type_name = model.block_type_names[element.block];
  const std::string id =
      std::to_string(model.mesh.blocks[element.block].element_ids[element.element] -
                     model.block_tags[element.block]);  // the number as written
  if (!is_volume(type)) {
    // CalculiX also names the shell sides S2 (positive, = SPOS) and S1 (negative, = SNEG):
    // load1.inp puts "2, S2" on a shell whose right-hand normal points at its master surface.
    if (label == "SPOS" || label == "S2") return 0;
    if (label == "SNEG" || label == "S1") return 1;
    fields.fail("face label '" + label + "' is not valid for element " + id + " of type " +
                type_name + " (a surface element takes SPOS/S2 or SNEG/S1; edges are not read)");
  }
  const auto count = static_cast<int>(faces(type).size());
  const int k = label.size() == 2 && label[0] == 'S' ? label[1] - '0' : 0;
  if (k < 1 || k > count)
    fields.fail("face label '" + label + "' is not valid for element " + id + " of type " +
                type_name + " (expected S1..S" + std::to_string(count) + ")");
  return k - 1;
}

void read_element_faces(Model& model, const Card& card, const Scope& scope,
                        SurfaceDefinition& surface) {
  DataLines lines(card);
  DataLine line;
  while (lines.next(line)) {
    Fields fields(line);
    const std::vector<ElementRef> elements = elements_of(model, scope, fields);
    if (fields.at_end())
      line.fail(line.text.size() + 1, "expected a face label (S1..S6, SPOS or SNEG)");
    const std::string label = normalized(fields.next());
    for (const ElementRef& element : elements)
      surface.faces.push_back({element, local_face(model, element, label, fields)});
    keep_within_mesh(model, surface);
    if (!fields.at_end()) fields.fail("unexpected field after the face label");
  }
}

void read_surface_nodes(Model& model, const Card& card, const Scope& scope,
                        SurfaceDefinition& surface) {
  DataLines lines(card);
  DataLine line;
  while (lines.next(line)) {
    Fields fields(line);
    const std::vector<Index> nodes = nodes_of(model, scope, fields);
    surface.nodes.insert(surface.nodes.end(), nodes.begin(), nodes.end());
    keep_within_mesh(model, surface);
    if (!fields.at_end()) fields.next_number("a node area");
    if (!fields.at_end()) fields.fail("unexpected field after the node area");
  }
}

}  // namespace

void remove_repeats(SurfaceDefinition& surface) {
  const auto face_hash = [](const FaceRef& f) {
    return std::hash<std::int64_t>()((std::int64_t{f.element.block} << 40) ^
                                     (std::int64_t{f.element.element} << 4) ^ f.local_face);
  };
  keep_first_of_each(surface.faces, face_hash);
  keep_first_of_each(surface.nodes, std::hash<Index>());
}

void read_surface(Model& model, const Card& card, const Scope& scope) {
  const std::string name = scope.prefix + card.required("NAME");
  const Parameter* type = card.find("TYPE");
  const std::string kind = type != nullptr ? normalized(type->value) : "ELEMENT";
  if (kind == "ELEMENT") {
    read_element_faces(model, card, scope,
                       model.surface(name, SurfaceDefinition::Kind::element_faces));
  } else if (kind == "NODE") {
    read_surface_nodes(model, card, scope, model.surface(name, SurfaceDefinition::Kind::nodes));
  } else {
    card.fail("*SURFACE TYPE=" + type->value + " is not supported (expected ELEMENT or NODE)",
              type);
  }
}

void read_contact_pair(Model& model, const Card& card, const Scope& scope) {
  ContactPairDefinition pair;
  for (const Parameter& parameter : card.parameters) {
    if (parameter.key != "TYPE") {
      pair.options[detail::lower_case_ascii(parameter.key)] = parameter.value;
      continue;
    }
    const std::string type = normalized(parameter.value);
    if (type == "SURFACE TO SURFACE") {
      pair.mode = ContactMode::surface_to_surface;
    } else if (type.find("MORTAR") != std::string::npos) {  // CalculiX's mortar variants
      pair.mode = ContactMode::surface_to_surface;
      pair.options["type"] = parameter.value;
    } else if (type != "NODE TO SURFACE") {
      card.fail("unknown contact type '" + parameter.value +
                    "' (expected NODE TO SURFACE or SURFACE TO SURFACE)",
                &parameter);
    }
  }
  DataLines lines(card);
  DataLine line;
  while (lines.next(line)) {
    Fields fields(line);
    std::string names[2];
    for (std::string& name : names) {
      if (fields.at_end()) line.fail(line.text.size() + 1, "expected a slave and a master surface");
      const std::string_view field = fields.next();
      const std::optional<std::string> surface = model.find_surface(scope, field);
      if (!surface) fields.fail("surface '" + std::string(field) + "' is not defined");
      name = *surface;
    }
    if (!fields.at_end()) fields.fail("unexpected field after the master surface");
    pair.slave = names[0];
    pair.master = names[1];
    model.mesh.contact_pairs.push_back(pair);
  }
}

}  // namespace fecontact::detail::abaqus
