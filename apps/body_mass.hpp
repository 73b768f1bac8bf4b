#pragma once
// Mass properties of the bodies of a mesh: each named volume block (all element types of one
// name together) and their total; an STL or OBJ file is one closed body. Shared by
// `fecontact mass` and the demo.

#include <map>
#include <string>
#include <vector>

#include "fecontact/io/json_writer.hpp"
#include "fecontact/mass/mass_properties.hpp"
#include "fecontact/mesh/mesh.hpp"

namespace fecontact::cli {

struct BodyMass {
  std::string name;
  MassProperties properties;
  PrincipalInertia principal;
  std::string problem;  ///< empty when the properties are valid; else why not
};

/// One BodyMass per volume-block name, in block order. A mesh without volume blocks (STL, OBJ) gives the body bounded by its first surface.
/// `densities`: density per body name (default 1). Throws std::runtime_error for a density
/// naming no body.
std::vector<BodyMass> body_masses(const Mesh& mesh, const std::map<std::string, double>& densities);

/// The union ("total") of the bodies without a problem.
BodyMass total_mass(const std::vector<BodyMass>& bodies);

/// Prints the bodies as a table (the demo and `fecontact mass`).
void print_mass_table(const std::vector<BodyMass>& bodies);

/// Writes a body as the JSON object of `fecontact mass --json`.
void write_json(JsonWriter& json, const BodyMass& body);

}  // namespace fecontact::cli
