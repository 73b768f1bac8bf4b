#include "named_surface.hpp"

#include <pybind11/pybind11.h>

#include "fecontact/equals_ignoring_case.hpp"
#include "fecontact/mesh/surface_extraction.hpp"

namespace fecontact::python {

ContactSurface named_surface(const Mesh& mesh, const std::string& name) {
  if (const SurfaceDefinition* definition = find_surface_definition(mesh, name)) {
    ContactSurface surface = contact_surface(mesh, *definition);
    surface.surface.name = name;
    return surface;
  }
  std::vector<Index> volume_blocks;
  std::string known;
  for (const SurfaceDefinition& s : mesh.surfaces) known += (known.empty() ? "'" : ", '") + s.name + "'";
  for (std::size_t b = 0; b < mesh.blocks.size(); ++b) {
    const ElementBlock& block = mesh.blocks[b];
    if (!is_volume(block.type)) continue;
    const std::string listed = "'" + block.name + "' (block)";
    if (known.find(listed) == std::string::npos) known += (known.empty() ? "" : ", ") + listed;
    if (equals_ignoring_case(block.name, name)) volume_blocks.push_back(static_cast<Index>(b));
  }
  if (volume_blocks.empty())
    throw pybind11::value_error("no surface or volume block named '" + name +
                                "' (the mesh has " + (known.empty() ? "none" : known) + ")");
  ContactSurface exterior;
  exterior.surface = exterior_surface(mesh, volume_blocks, name);
  exterior.nodes = surface_nodes(exterior.surface);
  return exterior;
}

}  // namespace fecontact::python
