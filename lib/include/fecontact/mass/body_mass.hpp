// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The bodies of a mesh and their mass properties: the rule that `fecontact mass`, the demo and
// the Python module's mass_properties share. A body is a volume-block name (every block of that
// name, whatever its element type); a mesh without volume elements (STL, OBJ) is the one body
// its first surface bounds.

#include <optional>
#include <string>
#include <vector>

#include "fecontact/mass/element_mass.hpp"
#include "fecontact/mass/mass_properties.hpp"
#include "fecontact/mass/surface_mass.hpp"
#include "fecontact/mesh/mesh.hpp"

namespace fecontact {

/// The bodies of `mesh`: its volume-block names in order of first appearance, or, when it has
/// no volume block, the name of its first surface; empty when it has neither.
std::vector<std::string> body_names(const Mesh& mesh);

/// The mass properties of one body and, when they are not valid, what is wrong: `elements` for
/// a body of volume blocks (inverted or degenerate elements), `surface` for a body bounded by a
/// surface (open, non-manifold, ... with the located edges). Exactly one of the two is set.
struct BodyMassResult {
  std::optional<ElementMassResult> elements;
  std::optional<SurfaceMassResult> surface;

  const MassProperties& properties() const { return elements ? elements->properties : surface->properties; }
  bool valid() const {
    return elements ? elements->status == ElementMassStatus::ok : surface->status == SurfaceMassStatus::ok;
  }
};

/// Mass properties of the body `name` (one of body_names(mesh)) at `density`. A surface is
/// taken the right way out when it encloses its volume inside out (STL files often list their
/// triangles clockwise as a whole).
BodyMassResult body_mass_properties(const Mesh& mesh, const std::string& name, double density);

}  // namespace fecontact
