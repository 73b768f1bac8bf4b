// SPDX-License-Identifier: BSD-3-Clause
#include "model.hpp"

#include <algorithm>

namespace fecontact::detail::abaqus {
namespace {

template <class Set>
Set& find_or_add(std::vector<Set>& sets, std::unordered_map<std::string, std::size_t>& names,
                 const std::string& name) {
  const auto [found, added] = names.emplace(normalized(name), sets.size());
  if (added) {
    sets.emplace_back();
    sets.back().name = name;
  }
  return sets[found->second];
}

template <class Set>
const Set* find(const std::vector<Set>& sets,
                const std::unordered_map<std::string, std::size_t>& names, const Scope& scope,
                std::string_view name) {
  const auto found = names.find(normalized(scope.prefix + std::string(name)));
  return found == names.end() ? nullptr : &sets[found->second];
}

}  // namespace

IdLookup::IdLookup(const std::unordered_map<FileId, Index>& index) : index_(&index) {
  if (index.empty()) return;
  FileId first = index.begin()->first, last = first;
  for (const auto& [id, unused] : index) {
    first = std::min(first, id);
    last = std::max(last, id);
  }
  // A flat table costs 4 bytes per id in the range; take it when that is at most a few bytes
  // per node, i.e. when the numbering has few holes.
  const auto range = static_cast<std::size_t>(last - first) + 1;
  if (range > 4 * index.size() + 1024) return;
  first_ = first;
  table_.assign(range, -1);
  for (const auto& [id, node] : index) table_[static_cast<std::size_t>(id - first)] = node;
}

std::optional<Index> IdLookup::find(FileId id) const {
  if (!table_.empty()) {
    if (id < first_ || static_cast<std::size_t>(id - first_) >= table_.size()) return std::nullopt;
    const Index node = table_[static_cast<std::size_t>(id - first_)];
    return node < 0 ? std::nullopt : std::optional<Index>(node);
  }
  if (index_ == nullptr) return std::nullopt;
  const auto found = index_->find(id);
  return found == index_->end() ? std::nullopt : std::optional<Index>(found->second);
}

NodeSet& Model::node_set(const std::string& name) {
  return find_or_add(mesh.node_sets, node_set_names, name);
}

ElementSet& Model::element_set(const std::string& name) {
  return find_or_add(mesh.element_sets, element_set_names, name);
}

SurfaceDefinition& Model::surface(const std::string& name, SurfaceDefinition::Kind kind) {
  SurfaceDefinition& surface =
      find_or_add(mesh.surfaces, surface_names[static_cast<int>(kind)], name);
  surface.kind = kind;
  return surface;
}

const NodeSet* Model::find_node_set(const Scope& scope, std::string_view name) const {
  return find(mesh.node_sets, node_set_names, scope, name);
}

const ElementSet* Model::find_element_set(const Scope& scope, std::string_view name) const {
  return find(mesh.element_sets, element_set_names, scope, name);
}

std::optional<std::string> Model::find_surface(const Scope& scope, std::string_view name) const {
  for (const auto& names : surface_names)
    if (const auto* surface = find(mesh.surfaces, names, scope, name)) return surface->name;
  return std::nullopt;
}

}  // namespace fecontact::detail::abaqus
