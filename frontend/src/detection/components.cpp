// SPDX-License-Identifier: BSD-3-Clause
// Components: the connected components of a mesh's volume and shell elements, the groups of
// elements a caller names merged where they share nodes, and their skins.
#include <algorithm>
#include <stdexcept>
#include <tuple>

#include "detection_parts.hpp"
#include "fecontact/mesh/surface_extraction.hpp"

namespace fecontact {
namespace detail {

std::vector<std::vector<char>> face_markers(const Mesh& mesh) {
  std::vector<std::vector<char>> marker(mesh.blocks.size());
  SurfaceDefinition all_surface_elements;
  for (Index b = 0; b < static_cast<Index>(mesh.blocks.size()); ++b) {
    const ElementBlock& block = mesh.blocks[static_cast<std::size_t>(b)];
    marker[static_cast<std::size_t>(b)].assign(static_cast<std::size_t>(block.size()), 0);
    if (is_volume(block.type)) continue;
    for (Index e = 0; e < block.size(); ++e) all_surface_elements.faces.push_back({{b, e}, 0});
  }
  const Surface matched = surface_from_boundary_elements(mesh, all_surface_elements);
  for (std::size_t i = 0; i < matched.faces.size(); ++i) {
    const ElementRef& given = all_surface_elements.faces[i].element;
    if (is_volume(block_of(mesh, matched.faces[i].owner.element).type))
      marker[static_cast<std::size_t>(given.block)][static_cast<std::size_t>(given.element)] = 1;
  }
  return marker;
}

bool in_component(const Mesh& mesh, const std::vector<std::vector<char>>& markers, const ElementRef& e) {
  return is_volume(block_of(mesh, e).type) ||
         markers[static_cast<std::size_t>(e.block)][static_cast<std::size_t>(e.element)] == 0;
}

std::vector<MergedGroups> merge_groups(const Mesh& mesh, const std::vector<ElementGroup>& groups,
                               const std::vector<std::vector<char>>& markers) {
  DisjointSets sets(groups.size());
  std::vector<Index> node_group(static_cast<std::size_t>(mesh.node_count()), -1);
  for (Index g = 0; g < static_cast<Index>(groups.size()); ++g)
    for (const ElementRef& e : groups[static_cast<std::size_t>(g)].elements) {
      if (!in_component(mesh, markers, e)) continue;
      for (const Index n : block_of(mesh, e).element(e.element)) {
        Index& owner = node_group[static_cast<std::size_t>(n)];
        if (owner < 0) owner = g;
        else sets.unite(owner, g);
      }
    }
  std::vector<MergedGroups> components;
  std::vector<Index> component_of_root(groups.size(), -1);
  for (Index g = 0; g < static_cast<Index>(groups.size()); ++g) {
    Index& component = component_of_root[static_cast<std::size_t>(sets.find(g))];
    if (component < 0) {
      component = static_cast<Index>(components.size());
      components.emplace_back();
    }
    MergedGroups& target = components[static_cast<std::size_t>(component)];
    target.groups.push_back(groups[static_cast<std::size_t>(g)].name);
    for (const ElementRef& e : groups[static_cast<std::size_t>(g)].elements)
      if (in_component(mesh, markers, e)) target.elements.push_back(e);
  }
  for (MergedGroups& component : components) {
    std::vector<ElementRef>& elements = component.elements;
    std::sort(elements.begin(), elements.end(), [](const ElementRef& a, const ElementRef& b) {
      return std::tie(a.block, a.element) < std::tie(b.block, b.element);
    });
    elements.erase(std::unique(elements.begin(), elements.end()), elements.end());
  }
  return components;
}

void check_groups(const Mesh& mesh, const std::vector<ElementGroup>& groups,
                  const std::vector<std::vector<char>>& markers) {
  for (const ElementGroup& group : groups) {
    bool has_element = false;
    for (const ElementRef& e : group.elements) {
      if (e.block < 0 || e.block >= static_cast<Index>(mesh.blocks.size()) || e.element < 0 ||
          e.element >= block_of(mesh, e).size())
        throw std::invalid_argument("element group '" + group.name + "': element (block " +
                                    std::to_string(e.block) + ", element " + std::to_string(e.element) +
                                    ") is not in the mesh");
      has_element = has_element || in_component(mesh, markers, e);
    }
    if (!has_element)
      throw std::invalid_argument("element group '" + group.name + "' has no volume or shell element");
  }
}

void build_skins(const Mesh& mesh, std::vector<DetectedComponent>& components) {
  std::vector<std::vector<Index>> component_of(mesh.blocks.size());
  std::vector<Index> volume_blocks;
  for (std::size_t b = 0; b < mesh.blocks.size(); ++b) {
    component_of[b].assign(static_cast<std::size_t>(mesh.blocks[b].size()), -1);
    if (is_volume(mesh.blocks[b].type)) volume_blocks.push_back(static_cast<Index>(b));
  }
  for (Index i = 0; i < static_cast<Index>(components.size()); ++i)
    for (const ElementRef& e : components[static_cast<std::size_t>(i)].elements)
      component_of[static_cast<std::size_t>(e.block)][static_cast<std::size_t>(e.element)] = i;
  for (SurfaceFace& face : exterior_surface(mesh, volume_blocks).faces) {
    const Index component = component_of[static_cast<std::size_t>(face.owner.element.block)]
                              [static_cast<std::size_t>(face.owner.element.element)];
    if (component >= 0) components[static_cast<std::size_t>(component)].skin.faces.push_back(face);
  }
  for (DetectedComponent& component : components)
    for (const ElementRef& e : component.elements) {
      const ElementBlock& block = block_of(mesh, e);
      if (is_volume(block.type)) continue;
      component.skin.faces.push_back(element_face(mesh, {e, 0}));  // both sides of a shell
      component.skin.faces.push_back(element_face(mesh, {e, 1}));
    }
}

}  // namespace detail

std::vector<ElementGroup> connected_components(const Mesh& mesh) {
  const auto markers = detail::face_markers(mesh);
  detail::DisjointSets sets(static_cast<std::size_t>(mesh.node_count()));
  for (Index b = 0; b < static_cast<Index>(mesh.blocks.size()); ++b)
    for (Index e = 0; e < mesh.blocks[static_cast<std::size_t>(b)].size(); ++e) {
      if (!detail::in_component(mesh, markers, {b, e})) continue;
      const auto nodes = mesh.blocks[static_cast<std::size_t>(b)].element(e);
      for (const Index n : nodes) sets.unite(nodes.front(), n);
    }
  std::vector<ElementGroup> groups;
  std::vector<std::vector<Index>> group_blocks;
  std::vector<Index> group_of_root(static_cast<std::size_t>(mesh.node_count()), -1);
  for (Index b = 0; b < static_cast<Index>(mesh.blocks.size()); ++b)
    for (Index e = 0; e < mesh.blocks[static_cast<std::size_t>(b)].size(); ++e) {
      if (!detail::in_component(mesh, markers, {b, e})) continue;
      const Index root = sets.find(mesh.blocks[static_cast<std::size_t>(b)].element(e).front());
      Index& group = group_of_root[static_cast<std::size_t>(root)];
      if (group < 0) {
        group = static_cast<Index>(groups.size());
        groups.emplace_back();
        group_blocks.emplace_back();
      }
      groups[static_cast<std::size_t>(group)].elements.push_back({b, e});
      auto& blocks = group_blocks[static_cast<std::size_t>(group)];
      if (blocks.empty() || blocks.back() != b) blocks.push_back(b);
    }
  std::vector<std::string> names;
  for (const auto& blocks : group_blocks) {
    std::vector<std::string> parts;
    for (const Index b : blocks) {
      const std::string& name = mesh.blocks[static_cast<std::size_t>(b)].name;
      if (std::find(parts.begin(), parts.end(), name) == parts.end()) parts.push_back(name);
    }
    std::string joined;
    for (const auto& part : parts) joined += (joined.empty() ? "" : "+") + part;
    names.push_back(joined);
  }
  detail::make_distinct(names);
  for (std::size_t i = 0; i < groups.size(); ++i) groups[i].name = names[i];
  return groups;
}

}  // namespace fecontact
