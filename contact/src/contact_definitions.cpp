// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/contact/contact_definitions.hpp"

#include <algorithm>
#include <utility>

#include "fecontact/detail/ascii.hpp"
#include "fecontact/mesh/surface_extraction.hpp"

namespace fecontact {

namespace {

std::string available_names(const Mesh& mesh) {
  std::string names;
  for (const auto& s : mesh.surfaces) names += (names.empty() ? "" : ", ") + s.name;
  for (const auto& b : mesh.blocks)
    if (is_volume(b.type)) names += (names.empty() ? "" : ", ") + b.name;
  return names.empty() ? "none" : names;
}

}  // namespace

ContactDefinitionError::ContactDefinitionError(std::string surface, const std::string& message)
    : std::runtime_error(message), surface_(std::move(surface)) {}

const SurfaceDefinition* find_surface_definition(const Mesh& mesh, std::string_view name) {
  for (const auto& s : mesh.surfaces)
    if (s.name == name) return &s;
  for (const auto& s : mesh.surfaces)
    if (detail::equals_ignoring_case(s.name, name)) return &s;
  return nullptr;
}

ContactSurface named_contact_surface(const Mesh& mesh, std::string_view name) {
  ContactSurface result;
  if (const SurfaceDefinition* definition = find_surface_definition(mesh, name)) {
    result = contact_surface(mesh, *definition);
  } else {
    std::vector<Index> blocks;
    for (std::size_t b = 0; b < mesh.blocks.size(); ++b)
      if (is_volume(mesh.blocks[b].type) && detail::equals_ignoring_case(mesh.blocks[b].name, name))
        blocks.push_back(static_cast<Index>(b));
    if (blocks.empty())
      throw ContactDefinitionError(std::string(name), "no surface or volume block named '" + std::string(name) +
                                                          "' (available: " + available_names(mesh) + ")");
    result.surface = exterior_surface(mesh, blocks);
    result.nodes = surface_nodes(result.surface);
  }
  if (!result.nodes_only) result.surface.name = std::string(name);
  return result;
}

ContactSurface contact_surface(const Mesh& mesh, const SurfaceDefinition& definition) {
  ContactSurface result;
  if (definition.kind == SurfaceDefinition::Kind::nodes) {
    result.nodes = definition.nodes;
    std::sort(result.nodes.begin(), result.nodes.end());
    result.nodes.erase(std::unique(result.nodes.begin(), result.nodes.end()), result.nodes.end());
    result.nodes_only = true;
    return result;
  }
  // Surface elements given as they are (local face 0) are matched to volume faces; faces of
  // volume elements or reversed surface elements (Abaqus SNEG) are taken as defined.
  const bool plain_surface_elements =
      std::all_of(definition.faces.begin(), definition.faces.end(), [&](const FaceRef& f) {
        const auto& block = mesh.blocks[static_cast<std::size_t>(f.element.block)];
        return !is_volume(block.type) && f.local_face == 0;
      });
  result.surface = plain_surface_elements ? surface_from_boundary_elements(mesh, definition)
                                          : surface_from_definition(mesh, definition);
  result.surface.name = definition.name;
  result.nodes = surface_nodes(result.surface);
  return result;
}

ContactInterface make_contact_interface(ContactMode mode, ContactSurface slave,
                                        const std::string& slave_name, ContactSurface master,
                                        const std::string& master_name,
                                        const SearchOptions& options) {
  if (master.nodes_only)
    throw ContactDefinitionError(master_name, "surface '" + master_name +
                                                  "' is a node surface: it can only be a slave "
                                                  "of a node-to-surface interface");
  ContactInterface interface;
  interface.mode = mode;
  interface.options = options;
  interface.master = std::move(master.surface);
  if (mode == ContactMode::self) return interface;
  if (slave.nodes_only && mode == ContactMode::surface_to_surface)
    throw ContactDefinitionError(slave_name, "surface '" + slave_name +
                                                 "' is a node surface: it can only be the slave "
                                                 "of a node-to-surface interface");
  interface.slave = std::move(slave.surface);
  interface.slave_nodes = std::move(slave.nodes);
  return interface;
}

ContactInterface contact_interface(const Mesh& mesh, const ContactPairDefinition& pair,
                                   const SearchOptions& options) {
  return make_contact_interface(pair.mode, named_contact_surface(mesh, pair.slave), pair.slave,
                                named_contact_surface(mesh, pair.master), pair.master, options);
}

std::vector<ContactInterface> contact_interfaces(const Mesh& mesh, const SearchOptions& options) {
  std::vector<ContactInterface> interfaces;
  interfaces.reserve(mesh.contact_pairs.size());
  for (const auto& pair : mesh.contact_pairs)
    interfaces.push_back(contact_interface(mesh, pair, options));
  return interfaces;
}

}  // namespace fecontact
