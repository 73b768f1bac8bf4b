// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What contact detection (contact_detection.cpp) builds on: which elements make up components
// (components.cpp), the names it gives components and surfaces (deck_names.cpp), and the
// disjoint sets both group with.

#include <numeric>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fecontact/frontend/contact_detection.hpp"
#include "fecontact/mesh/mesh.hpp"

namespace fecontact::detail {

/// Disjoint sets whose representative is the smallest member, so that the groups come out in
/// the order of their first member whatever the order of the unions.
class DisjointSets {
 public:
  explicit DisjointSets(std::size_t count) : parent_(count) { std::iota(parent_.begin(), parent_.end(), Index{0}); }
  Index find(Index i) {
    while (parent_[static_cast<std::size_t>(i)] != i) {
      auto& p = parent_[static_cast<std::size_t>(i)];
      p = parent_[static_cast<std::size_t>(p)];  // path halving
      i = p;
    }
    return i;
  }
  void unite(Index a, Index b) {
    a = find(a);
    b = find(b);
    if (a == b) return;
    if (a > b) std::swap(a, b);
    parent_[static_cast<std::size_t>(b)] = a;
  }

 private:
  std::vector<Index> parent_;
};

inline const ElementBlock& block_of(const Mesh& mesh, const ElementRef& e) {
  return mesh.blocks[static_cast<std::size_t>(e.block)];
}

/// Per block, per element: 1 for a surface element whose corners are those of a volume
/// element's face (surface_from_boundary_elements matches it to that face).
std::vector<std::vector<char>> face_markers(const Mesh& mesh);

/// A volume element, or a surface element that marks no volume face (a shell).
bool in_component(const Mesh& mesh, const std::vector<std::vector<char>>& markers, const ElementRef& e);

/// Throws std::invalid_argument naming the group for a group without volume or shell element or
/// with an element outside the mesh.
void check_groups(const Mesh& mesh, const std::vector<ElementGroup>& groups,
                  const std::vector<std::vector<char>>& markers);

/// Groups that share a node merged into one component: each component's group names and its
/// elements (ascending, each once), in the order of the groups' first members.
struct MergedGroups {
  std::vector<std::string> groups;
  std::vector<ElementRef> elements;
};
std::vector<MergedGroups> merge_groups(const Mesh& mesh, const std::vector<ElementGroup>& groups,
                                       const std::vector<std::vector<char>>& markers);

/// The skins of the components (DetectedComponent::skin).
void build_skins(const Mesh& mesh, std::vector<DetectedComponent>& components);

/// `names` made distinct ignoring case: a name that several entries share gets "-1", "-2", ...
/// in their order (the next number when that name is taken too).
void make_distinct(std::vector<std::string>& names);

/// A name for a solver deck made of `text`: letters, digits, '_' and '-' (others become '_'),
/// starting with a letter, followed by `suffix`, at most 80 characters (Abaqus' limit), not in
/// `taken` (lower case; the name is added to it).
std::string deck_name(std::string_view text, const std::string& suffix, std::set<std::string>& taken);

}  // namespace fecontact::detail
