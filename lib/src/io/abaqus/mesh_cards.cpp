// SPDX-License-Identifier: BSD-3-Clause
#include "mesh_cards.hpp"

#include <array>
#include <limits>

#include "../text_cursor.hpp"
#include "data_lines.hpp"

namespace fecontact::detail::abaqus {
namespace {

// Lines that end a record (not ending with a comma): an upper bound of the record count, used
// to reserve memory once. Bounded by the file size.
std::size_t record_estimate(const Card& card) {
  std::size_t count = 0;
  for (const DataSegment& segment : card.data) {
    TextCursor in(*segment.file, segment.text, segment.first_line);
    while (!in.at_end()) {
      const std::string_view line = in.line();
      std::size_t last = line.size();
      while (last > 0 && line[last - 1] == ' ') --last;
      if (last > 0 && line[last - 1] != ',') ++count;
    }
  }
  return count;
}

FileId tagged_label(Fields& fields, const Scope& scope, std::string_view what) {
  FileId id = 0;
  if (!scope.tagged(fields.next_label(what), id))
    fields.fail(std::string(what) + " must be below 2^32 inside an instance");
  return id;
}

// `name`, or `name` with "_2", "_3", ... appended when a block already has that name.
std::string unique_block_name(Model& model, const std::string& name) {
  std::string candidate = name;
  for (int suffix = 2; !model.block_names.insert(normalized(candidate)).second; ++suffix)
    candidate = name + "_" + std::to_string(suffix);
  return candidate;
}

// Element records of one *ELEMENT card: "number, node, node, ..." continued on the next lines
// while nodes are missing and the line ends with a comma.
struct ElementRecords {
  const Model& model;
  const Scope& scope;
  const std::string& type_name;
  std::size_t nodes_per_element;

  // Reads the record starting on `line` (left on its last line); returns the element's id and
  // fills `nodes` with node indices in Abaqus order.
  FileId read(DataLines& lines, DataLine& line, std::array<Index, 27>& nodes) const {
    Fields first(line);
    const FileId id = tagged_label(first, scope, "an element number");
    std::size_t count = 0;
    read_nodes(first, id, nodes, count);
    while (count < nodes_per_element && line.continues() && lines.next(line)) {
      Fields more(line);
      read_nodes(more, id, nodes, count);
    }
    if (count < nodes_per_element)
      line.fail(line.text.size() + 1, "element " + label(id) + " has " + std::to_string(count) +
                                          " nodes, " + type_name + " needs " +
                                          std::to_string(nodes_per_element));
    return id;
  }

 private:
  std::string label(FileId id) const { return std::to_string(id - scope.tag); }

  void read_nodes(Fields& fields, FileId id, std::array<Index, 27>& nodes,
                  std::size_t& count) const {
    while (!fields.at_end()) {
      const FileId node = tagged_label(fields, scope, "a node number");
      if (count == nodes_per_element)
        fields.fail("element " + label(id) + " has more than " + std::to_string(nodes_per_element) +
                    " nodes (" + type_name + ")");
      const std::optional<Index> index = model.nodes.find(node);
      if (!index)
        fields.fail("element " + label(id) + " refers to node " + label(node) +
                    ", which is not defined");
      nodes[count++] = *index;
    }
  }
};

}  // namespace

void read_nodes(Model& model, const Card& card, const Scope& scope) {
  if (const Parameter* system = card.find("SYSTEM"); system && normalized(system->value) != "R")
    card.fail("only rectangular coordinates (SYSTEM=R) are supported", system);
  Mesh& mesh = model.mesh;
  NodeSet* set = nullptr;
  if (const Parameter* nset = card.find("NSET")) set = &model.node_set(scope.prefix + nset->value);
  const std::size_t estimate = mesh.coordinates.size() + record_estimate(card);
  mesh.coordinates.reserve(estimate);
  mesh.node_ids.reserve(estimate);
  mesh.node_index.reserve(estimate);

  DataLines lines(card);
  DataLine line;
  while (lines.next(line)) {
    Fields fields(line);
    const FileId id = tagged_label(fields, scope, "a node number");
    Eigen::Vector3d x = Eigen::Vector3d::Zero();
    for (int i = 0; i < 3 && !fields.at_end(); ++i) x[i] = fields.next_number("a coordinate");
    for (int i = 0; !fields.at_end(); ++i) {
      if (i == 3) fields.fail("expected at most 7 fields on a *NODE line");
      fields.next_number("a normal component");
    }
    if (mesh.coordinates.size() >= static_cast<std::size_t>(std::numeric_limits<Index>::max()))
      line.fail(1, "more nodes than this library can index (2^31 - 1)");
    const auto index = static_cast<Index>(mesh.coordinates.size());
    if (!mesh.node_index.emplace(id, index).second)
      line.fail(1, "node " + std::to_string(id - scope.tag) + " is defined twice");
    mesh.coordinates.push_back(scope.rotation * x + scope.translation);
    mesh.node_ids.push_back(id);
    if (set != nullptr) set->nodes.push_back(index);
  }
}

void read_elements(Model& model, const Card& card, const Scope& scope) {
  const Parameter* type_parameter = card.find("TYPE");
  if (type_parameter == nullptr) card.fail("*ELEMENT needs TYPE=<element type>");
  const std::string type_name = normalized(type_parameter->value);
  const std::optional<ElementType> type = abaqus_element_type(type_name);
  if (!type)
    card.fail("unknown element type '" + type_parameter->value +
                  "'; supported: " + std::string(supported_abaqus_elements()),
              type_parameter);
  const Parameter* elset = card.find("ELSET");
  const std::string set_name =
      scope.prefix + (elset != nullptr && !elset->value.empty()
                          ? elset->value
                          : type_name + "_" + std::to_string(model.mesh.blocks.size() + 1));
  ElementBlock block;
  block.name = unique_block_name(model, set_name);
  block.type = *type;
  const auto nodes_per_element = static_cast<std::size_t>(node_count(*type));
  const std::size_t estimate = record_estimate(card);
  block.connectivity.reserve(estimate * nodes_per_element);
  block.element_ids.reserve(estimate);
  model.elements.reserve(model.elements.size() + estimate);
  const auto block_index = static_cast<Index>(model.mesh.blocks.size());

  DataLines lines(card);
  DataLine line;
  const ElementRecords records{model, scope, type_name, nodes_per_element};
  std::array<Index, 27> nodes{};
  while (lines.next(line)) {
    const FileId id = records.read(lines, line, nodes);
    for (std::size_t i = 0; i < nodes_per_element; ++i)
      block.connectivity.push_back(nodes[i]);
    if (block.element_ids.size() >= static_cast<std::size_t>(std::numeric_limits<Index>::max()))
      line.fail(1, "more elements in one block than this library can index (2^31 - 1)");
    const auto element = static_cast<Index>(block.element_ids.size());
    if (!model.elements.emplace(id, ElementRef{block_index, element}).second)
      line.fail(1, "element " + std::to_string(id - scope.tag) + " is defined twice");
    block.element_ids.push_back(id);
  }
  ElementSet& set = model.element_set(set_name);
  for (Index e = 0; e < block.size(); ++e) set.elements.push_back({block_index, e});
  model.mesh.blocks.push_back(std::move(block));
  model.block_type_names.push_back(type_name);
  model.block_tags.push_back(scope.tag);
}

}  // namespace fecontact::detail::abaqus
