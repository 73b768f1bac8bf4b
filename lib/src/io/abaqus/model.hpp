// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The mesh under construction and the lookups the cards need: names (case-insensitive, as in
// Abaqus) to sets and surfaces, file ids to nodes and elements.

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "assembly.hpp"
#include "element_names.hpp"
#include "fecontact/mesh/mesh.hpp"

namespace fecontact::detail::abaqus {

/// File id -> index, through a flat table when the ids are compact (the common case: the
/// element cards of a big deck look up millions of node ids), else through a hash map.
class IdLookup {
 public:
  IdLookup() = default;
  explicit IdLookup(const std::unordered_map<FileId, Index>& index);
  std::optional<Index> find(FileId id) const;

 private:
  const std::unordered_map<FileId, Index>* index_ = nullptr;
  FileId first_ = 0;
  std::vector<Index> table_;  // table_[id - first_], -1 where no id
};

struct Model {
  Mesh mesh;
  std::vector<std::string> block_type_names;        ///< per block: the TYPE= as written
  std::vector<FileId> block_tags;                   ///< per block: its scope's id tag
  std::unordered_map<FileId, ElementRef> elements;  ///< element id -> element
  IdLookup nodes;                                   ///< valid once all *NODE cards are read
  std::unordered_set<std::string> block_names;      ///< upper case
  std::unordered_map<std::string, std::size_t> node_set_names, element_set_names;
  std::unordered_map<std::string, std::size_t> surface_names[2];  ///< per SurfaceDefinition::Kind
  std::map<std::string, int> skipped;  ///< keyword -> count of cards not read
  std::size_t generate_holes = 0;      ///< GENERATE numbers with no node/element

  /// The set named `name` (full name, scope prefix included), created empty when new.
  NodeSet& node_set(const std::string& name);
  ElementSet& element_set(const std::string& name);
  SurfaceDefinition& surface(const std::string& name, SurfaceDefinition::Kind kind);

  const NodeSet* find_node_set(const Scope& scope, std::string_view name) const;
  const ElementSet* find_element_set(const Scope& scope, std::string_view name) const;
  /// The name of the surface `name` as defined (either kind), or nothing.
  std::optional<std::string> find_surface(const Scope& scope, std::string_view name) const;
};

}  // namespace fecontact::detail::abaqus
