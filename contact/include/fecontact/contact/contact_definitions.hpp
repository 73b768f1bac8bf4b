// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Contact interfaces from the definitions of a Mesh: the surfaces named in the file and its
// contact pairs (Abaqus *CONTACT PAIR: slave surface first, master second).

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "fecontact/contact/contact_search.hpp"
#include "fecontact/mesh/mesh.hpp"
#include "fecontact/mesh/surface.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// A contact definition that cannot be turned into an interface: a surface name that the mesh
/// does not define, or a node surface where faces are needed. surface() is the offending name.
class ContactDefinitionError : public std::runtime_error {
 public:
  ContactDefinitionError(std::string surface, const std::string& message);
  const std::string& surface() const noexcept { return surface_; }

 private:
  std::string surface_;
};

/// A surface of the file as contact sees it: faces (element-face surface), or only nodes (an
/// Abaqus TYPE=NODE surface, `surface` then empty). `nodes` holds the sorted mesh node indices,
/// each once.
struct ContactSurface {
  Surface surface;
  std::vector<Index> nodes;
  bool nodes_only = false;
};

/// The surface definition called `name` in mesh.surfaces: exact match first, then ignoring
/// ASCII case (Abaqus names are case-insensitive); nullptr when there is none.
const SurfaceDefinition* find_surface_definition(const Mesh& mesh, std::string_view name);

/// The contact surface called `name`: a surface definition of the mesh (find_surface_definition,
/// then contact_surface), or else the exterior of the volume blocks of that name, ignoring ASCII
/// case (exterior_surface: a volume block's name stands for its exterior). The surface takes
/// the name. Throws ContactDefinitionError listing the surfaces and volume blocks of the mesh when
/// there is none.
ContactSurface named_contact_surface(const Mesh& mesh, std::string_view name);

/// The contact surface of a definition. A definition made only of surface elements as given
/// (local face 0: a Gmsh physical surface, an Abaqus element set of shells) is matched to the
/// outward faces of the volume elements it bounds (surface_from_boundary_elements); faces of
/// volume elements or reversed surface elements are taken as defined (surface_from_definition).
/// Precondition: the definition's FaceRefs / nodes are valid for mesh.
ContactSurface contact_surface(const Mesh& mesh, const SurfaceDefinition& definition);

/// The interface of `mode` between `slave` and `master` (slave ignored for self contact).
/// node_to_surface takes the slave's nodes, surface_to_surface its faces. Throws
/// ContactDefinitionError (with master_name / slave_name) when the master is a node surface, or
/// the slave of a surface_to_surface interface is.
ContactInterface make_contact_interface(ContactMode mode, ContactSurface slave,
                                        const std::string& slave_name, ContactSurface master,
                                        const std::string& master_name,
                                        const SearchOptions& options = {});

/// The interface of one contact pair of the mesh (NODE TO SURFACE → node_to_surface with the
/// slave surface's nodes, SURFACE TO SURFACE → surface_to_surface), with `options`. Throws
/// ContactDefinitionError for a surface name that named_contact_surface does not resolve, or as
/// make_contact_interface.
ContactInterface contact_interface(const Mesh& mesh, const ContactPairDefinition& pair,
                                   const SearchOptions& options = {});

/// The interfaces of all of mesh.contact_pairs, in their order, each with `options`.
/// Throws ContactDefinitionError as contact_interface.
std::vector<ContactInterface> contact_interfaces(const Mesh& mesh,
                                                 const SearchOptions& options = {});

}  // namespace fecontact
