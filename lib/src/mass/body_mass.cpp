// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/mass/body_mass.hpp"

#include <algorithm>

#include "fecontact/mesh/surface_extraction.hpp"

namespace fecontact {

namespace {

bool has_volume_block(const Mesh& mesh) {
  return std::any_of(mesh.blocks.begin(), mesh.blocks.end(), [](const ElementBlock& b) { return is_volume(b.type); });
}

}  // namespace

std::vector<std::string> body_names(const Mesh& mesh) {
  std::vector<std::string> names;
  for (const ElementBlock& block : mesh.blocks)
    if (is_volume(block.type) && std::find(names.begin(), names.end(), block.name) == names.end())
      names.push_back(block.name);
  if (names.empty() && !mesh.surfaces.empty()) names.push_back(mesh.surfaces.front().name);
  return names;
}

BodyMassResult body_mass_properties(const Mesh& mesh, const std::string& name, double density) {
  BodyMassResult result;
  if (has_volume_block(mesh)) {
    std::vector<Index> blocks;
    for (std::size_t b = 0; b < mesh.blocks.size(); ++b)
      if (mesh.blocks[b].name == name && is_volume(mesh.blocks[b].type)) blocks.push_back(static_cast<Index>(b));
    const std::vector<double> densities(mesh.blocks.size(), density);
    result.elements = element_mass_properties(mesh, blocks, densities);
    return result;
  }
  SurfaceMassOptions options;
  options.density = density;
  options.flip_inside_out = true;
  result.surface = surface_mass_properties(surface_from_definition(mesh, mesh.surfaces.front()), mesh.coordinates, options);
  return result;
}

}  // namespace fecontact
