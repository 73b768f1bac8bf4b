// SPDX-License-Identifier: BSD-3-Clause
#include "set_cards.hpp"

#include <algorithm>
#include <functional>

#include "data_lines.hpp"
#include "fecontact/detail/ascii.hpp"

namespace fecontact::detail::abaqus {
namespace {

// What differs between node sets and element sets.
template <class Member>
struct SetKind {
  std::string_view noun;  // "node", "element"
  std::function<const std::vector<Member>*(std::string_view)> find_set;
  std::function<std::optional<Member>(FileId)> find_id;
  std::function<void(const std::function<void(FileId, Member)>&)> for_each;  // all ids
  std::size_t size = 0;                                                      // number of ids
};

// "first, last[, increment]": the members numbered in that range. Numbers with no member are
// skipped and counted (meshes are often numbered with holes). A range far larger than the mesh
// is matched against the members instead of enumerated, so time stays bounded by the mesh.
template <class Member>
void generate(Fields& fields, const Scope& scope, const SetKind<Member>& kind,
              std::vector<Member>& out, std::size_t& holes) {
  const FileId first = fields.next_label("the first number of the range");
  const FileId last = fields.next_label("the last number of the range");
  const FileId step = fields.at_end() ? 1 : fields.next_label("the increment");
  if (!fields.at_end()) fields.fail("a GENERATE line holds first, last[, increment]");
  if (last < first) fields.fail("GENERATE needs first <= last");
  const auto count = static_cast<std::size_t>((last - first) / step) + 1;
  std::size_t found = 0;
  if (count <= 4 * kind.size + 1024) {
    for (std::size_t k = 0; k < count; ++k) {
      FileId id = 0;
      const bool fits = scope.tagged(first + static_cast<FileId>(k) * step, id);
      if (const auto member = fits ? kind.find_id(id) : std::nullopt) {
        out.push_back(*member);
        ++found;
      }
    }
  } else {
    kind.for_each([&](FileId id, Member member) {
      const FileId label = id - scope.tag;
      if (label >= first && label <= last && (label - first) % step == 0) {
        out.push_back(member);
        ++found;
      }
    });
  }
  holes += count - found;
}

// A card that names a large set (or range) many times: repeats removed once the list is twice
// the mesh, so that memory stays bounded by the mesh, not by the product of the two.
template <class Member>
void keep_within_mesh(std::vector<Member>& out, const SetKind<Member>& kind) {
  if (out.size() > 2 * kind.size + 1024) sort_members(out);
}

template <class Member>
void read_members(const Card& card, const Scope& scope, const SetKind<Member>& kind,
                  std::vector<Member>& out, std::size_t& holes) {
  const bool generated = card.find("GENERATE") != nullptr;
  const std::string noun(kind.noun);
  DataLines lines(card);
  DataLine line;
  while (lines.next(line)) {
    Fields fields(line);
    if (generated) {
      generate(fields, scope, kind, out, holes);
      keep_within_mesh(out, kind);
      continue;
    }
    while (!fields.at_end()) {
      const std::string_view field = fields.next();
      if (field.empty()) continue;
      if (detail::is_digit_ascii(field.front())) {
        FileId label = 0, id = 0;
        if (!parse_label(field, label) || !scope.tagged(label, id))
          fields.fail("expected a " + noun + " number or a " + noun + " set name, found '" +
                      std::string(field) + "'");
        const std::optional<Member> member = kind.find_id(id);
        if (!member) fields.fail(noun + " " + std::string(field) + " is not defined");
        out.push_back(*member);
      } else {
        const std::vector<Member>* set = kind.find_set(field);
        if (set == nullptr) fields.fail(noun + " set '" + std::string(field) + "' is not defined");
        out.insert(out.end(), set->begin(), set->end());
        keep_within_mesh(out, kind);
      }
    }
  }
}

SetKind<Index> node_kind(const Model& model, const Scope& scope) {
  return {"node",
          [&model, &scope](std::string_view name) -> const std::vector<Index>* {
            const NodeSet* set = model.find_node_set(scope, name);
            return set != nullptr ? &set->nodes : nullptr;
          },
          [&model](FileId id) { return model.nodes.find(id); },
          [&model](const std::function<void(FileId, Index)>& visit) {
            for (std::size_t i = 0; i < model.mesh.node_ids.size(); ++i)
              visit(model.mesh.node_ids[i], static_cast<Index>(i));
          },
          model.mesh.node_ids.size()};
}

SetKind<ElementRef> element_kind(const Model& model, const Scope& scope) {
  return {"element",
          [&model, &scope](std::string_view name) -> const std::vector<ElementRef>* {
            const ElementSet* set = model.find_element_set(scope, name);
            return set != nullptr ? &set->elements : nullptr;
          },
          [&model](FileId id) -> std::optional<ElementRef> {
            const auto found = model.elements.find(id);
            return found == model.elements.end() ? std::nullopt
                                                 : std::optional<ElementRef>(found->second);
          },
          [&model](const std::function<void(FileId, ElementRef)>& visit) {
            for (const auto& [id, element] : model.elements) visit(id, element);
          },
          model.elements.size()};
}

const Scope& data_scope(const Card& card, const Scope& scope, const Assembly& assembly) {
  const Scope* instance = assembly.instance_parameter(card, "INSTANCE");
  return instance != nullptr ? *instance : scope;
}

}  // namespace

void read_node_set(Model& model, const Card& card, const Scope& scope, const Assembly& assembly) {
  const std::string name = scope.prefix + card.required("NSET");
  const Scope& members_scope = data_scope(card, scope, assembly);
  std::vector<Index> nodes;
  if (const Parameter* elset = card.find("ELSET")) {
    // *NSET, ELSET=: the nodes of the elements of an element set.
    const ElementSet* elements = model.find_element_set(members_scope, elset->value);
    if (elements == nullptr) card.fail("element set '" + elset->value + "' is not defined", elset);
    for (const ElementRef& ref : elements->elements)
      for (const Index node : model.mesh.blocks[ref.block].element(ref.element))
        nodes.push_back(node);
  } else {
    read_members(card, members_scope, node_kind(model, members_scope), nodes, model.generate_holes);
  }
  NodeSet& set = model.node_set(name);
  set.nodes.insert(set.nodes.end(), nodes.begin(), nodes.end());
  sort_members(set.nodes);
}

void read_element_set(Model& model, const Card& card, const Scope& scope,
                      const Assembly& assembly) {
  const std::string name = scope.prefix + card.required("ELSET");
  const Scope& members_scope = data_scope(card, scope, assembly);
  std::vector<ElementRef> elements;
  read_members(card, members_scope, element_kind(model, members_scope), elements,
               model.generate_holes);
  ElementSet& set = model.element_set(name);
  set.elements.insert(set.elements.end(), elements.begin(), elements.end());
  sort_members(set.elements);
}

void sort_members(std::vector<Index>& nodes) {
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
}

void sort_members(std::vector<ElementRef>& elements) {
  const auto before = [](const ElementRef& a, const ElementRef& b) {
    return a.block != b.block ? a.block < b.block : a.element < b.element;
  };
  std::sort(elements.begin(), elements.end(), before);
  elements.erase(std::unique(elements.begin(), elements.end()), elements.end());
}

}  // namespace fecontact::detail::abaqus
