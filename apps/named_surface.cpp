#include "named_surface.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <string>

#include "fecontact/mesh/surface_extraction.hpp"

namespace fecontact::cli {

namespace {

bool same_ignoring_case(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](unsigned char x, unsigned char y) {
    return std::tolower(x) == std::tolower(y);
  });
}

const SurfaceDefinition* find_definition(const Mesh& mesh, std::string_view name) {
  for (const auto& s : mesh.surfaces)
    if (s.name == name) return &s;
  for (const auto& s : mesh.surfaces)
    if (same_ignoring_case(s.name, name)) return &s;
  return nullptr;
}

// Surface elements given as they are (local face 0) are matched to volume faces; faces of
// volume elements or reversed surface elements (Abaqus SNEG) are taken as defined.
Surface surface_of(const Mesh& mesh, const SurfaceDefinition& definition) {
  const bool plain_surface_elements =
      std::all_of(definition.faces.begin(), definition.faces.end(), [&](const FaceRef& f) {
        const auto& block = mesh.blocks[static_cast<std::size_t>(f.element.block)];
        return !is_volume(block.type) && f.local_face == 0;
      });
  return plain_surface_elements ? surface_from_boundary_elements(mesh, definition)
                                : surface_from_definition(mesh, definition);
}

std::string available_names(const Mesh& mesh) {
  std::string names;
  for (const auto& s : mesh.surfaces) names += (names.empty() ? "" : ", ") + s.name;
  for (const auto& b : mesh.blocks)
    if (is_volume(b.type)) names += (names.empty() ? "" : ", ") + b.name;
  return names.empty() ? "none" : names;
}

}  // namespace

NamedSurface find_surface(const Mesh& mesh, std::string_view name) {
  NamedSurface result;
  if (const SurfaceDefinition* definition = find_definition(mesh, name)) {
    if (definition->kind == SurfaceDefinition::Kind::nodes) {
      result.nodes = definition->nodes;
      std::sort(result.nodes.begin(), result.nodes.end());
      result.nodes.erase(std::unique(result.nodes.begin(), result.nodes.end()), result.nodes.end());
      result.nodes_only = true;
      return result;
    }
    result.surface = surface_of(mesh, *definition);
  } else {
    std::vector<Index> blocks;
    for (std::size_t b = 0; b < mesh.blocks.size(); ++b)
      if (is_volume(mesh.blocks[b].type) && same_ignoring_case(mesh.blocks[b].name, name))
        blocks.push_back(static_cast<Index>(b));
    if (blocks.empty())
      throw std::runtime_error("no surface or volume block named '" + std::string(name) +
                               "' (available: " + available_names(mesh) + ")");
    result.surface = exterior_surface(mesh, blocks, std::string(name));
  }
  result.surface.name = std::string(name);
  result.nodes = surface_nodes(result.surface);
  return result;
}

}  // namespace fecontact::cli
