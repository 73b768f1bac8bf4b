#pragma once
// A contact surface named from Python: a surface of the file, or else the exterior of the
// volume blocks of that name (the rule of the command line, apps/named_surface.hpp, which this
// module cannot use: apps/ sits above python/ in the layering).

#include <string>

#include "fecontact/contact/contact_definitions.hpp"
#include "fecontact/mesh/mesh.hpp"

namespace fecontact::python {

/// The surface called `name` (find_surface_definition, contact_surface), or the exterior of the
/// volume blocks called `name` (ignoring case). ValueError listing the names there are when
/// nothing is called so.
ContactSurface named_surface(const Mesh& mesh, const std::string& name);

}  // namespace fecontact::python
