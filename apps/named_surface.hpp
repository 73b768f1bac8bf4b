#pragma once
// A contact surface named on the command line, found in a mesh.

#include <string_view>

#include "fecontact/contact/contact_definitions.hpp"
#include "fecontact/mesh/mesh.hpp"

namespace fecontact::cli {

/// The surface called `name`: a surface of the file (Gmsh physical surface, Abaqus *SURFACE;
/// find_surface_definition and contact_surface), or else the exterior of the volume blocks of
/// that name (ignoring case). Throws std::runtime_error listing the available names when there
/// is none.
ContactSurface find_surface(const Mesh& mesh, std::string_view name);

}  // namespace fecontact::cli
