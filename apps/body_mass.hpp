// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The bodies of a mesh (fecontact/mass/body_mass.hpp) as the program reports them: their mass
// properties, principal axes and total, and what is wrong with a body located in the file.
// Shared by `fecontact mass`, `spin` and the demo.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "fecontact/frontend/json_writer.hpp"
#include "fecontact/mass/mass_properties.hpp"
#include "fecontact/mesh/mesh.hpp"
#include "located_ids.hpp"

namespace fecontact::cli {

/// Why a body has no mass properties: its file, what is wrong and, when known, where.
struct BodyProblem {
  std::string file;
  std::string reason;  ///< "inverted or degenerate elements (...)", "open surface, 4 boundary edges"
  LocatedIds where;    ///< the elements or faces at fault

  /// "FILE: REASON, at elements 5, 9", as the table, stderr and error messages give it.
  std::string text() const;
  /// The JSON object of the problem: file, reason, and elements or faces with their count.
  void write_json(JsonWriter& json) const;
};

struct BodyMass {
  std::string name;
  MassProperties properties;
  PrincipalInertia principal;
  std::optional<BodyProblem> problem;  ///< set when the properties are not valid
};

/// One BodyMass per volume-block name of `mesh` (read from `file`), in block order. A mesh
/// without volume blocks (STL, OBJ) gives the body bounded by its first surface.
/// `densities`: density per body name (default 1). Throws std::runtime_error for a density
/// naming no body.
std::vector<BodyMass> body_masses(const Mesh& mesh, const std::string& file,
                                  const std::map<std::string, double>& densities);

/// The union ("total") of the bodies without a problem.
BodyMass total_mass(const std::vector<BodyMass>& bodies);

/// Prints the bodies as a table (the demo and `fecontact mass`); a body with a problem gets a
/// row that says it.
void print_mass_table(const std::vector<BodyMass>& bodies);

/// Writes a body as the JSON object of `fecontact mass --json`.
void write_json(JsonWriter& json, const BodyMass& body);

}  // namespace fecontact::cli
