#pragma once
// A contact surface named on the command line, found in a mesh.

#include <string_view>
#include <vector>

#include "fecontact/mesh/mesh.hpp"
#include "fecontact/mesh/surface.hpp"
#include "fecontact/types.hpp"

namespace fecontact::cli {

/// Faces (element-face surfaces) or only nodes (an Abaqus TYPE=NODE surface).
struct NamedSurface {
  Surface surface;          ///< empty for a node surface
  std::vector<Index> nodes;  ///< sorted mesh node indices of the surface
  bool nodes_only = false;
};

/// The surface called `name` (exact match first, then ignoring case): a surface of the file
/// (Gmsh physical surface, Abaqus *SURFACE), or else the exterior of the volume blocks of that
/// name. A surface of surface elements that bound volume elements takes their outward faces;
/// one of free surface elements (a shell, a rigid tool) is taken as given. Throws
/// std::runtime_error listing the available names when there is none.
NamedSurface find_surface(const Mesh& mesh, std::string_view name);

}  // namespace fecontact::cli
