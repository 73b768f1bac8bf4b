#include "named_surface.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "fecontact/equals_ignoring_case.hpp"
#include "fecontact/mesh/surface_extraction.hpp"

namespace fecontact::cli {

namespace {

std::string available_names(const Mesh& mesh) {
  std::string names;
  for (const auto& s : mesh.surfaces) names += (names.empty() ? "" : ", ") + s.name;
  for (const auto& b : mesh.blocks)
    if (is_volume(b.type)) names += (names.empty() ? "" : ", ") + b.name;
  return names.empty() ? "none" : names;
}

}  // namespace

ContactSurface find_surface(const Mesh& mesh, std::string_view name) {
  ContactSurface result;
  if (const SurfaceDefinition* definition = find_surface_definition(mesh, name)) {
    result = contact_surface(mesh, *definition);
  } else {
    std::vector<Index> blocks;
    for (std::size_t b = 0; b < mesh.blocks.size(); ++b)
      if (is_volume(mesh.blocks[b].type) && equals_ignoring_case(mesh.blocks[b].name, name))
        blocks.push_back(static_cast<Index>(b));
    if (blocks.empty())
      throw std::runtime_error("no surface or volume block named '" + std::string(name) +
                               "' (available: " + available_names(mesh) + ")");
    result.surface = exterior_surface(mesh, blocks);
    result.nodes = surface_nodes(result.surface);
  }
  if (!result.nodes_only) result.surface.name = std::string(name);
  return result;
}

}  // namespace fecontact::cli
