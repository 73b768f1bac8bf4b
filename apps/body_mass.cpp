// SPDX-License-Identifier: BSD-3-Clause
#include "body_mass.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <stdexcept>

#include "fecontact/mass/body_mass.hpp"
#include "fecontact/mesh/surface_extraction.hpp"
#include "table.hpp"

namespace fecontact::cli {

namespace {

BodyMass finish(std::string name, const MassProperties& properties) {
  BodyMass body{std::move(name), properties, principal_inertia(properties.inertia), {}};
  return body;
}

// What is wrong with a surface that encloses no valid solid, and the faces at fault.
BodyProblem surface_problem(const Mesh& mesh, const std::string& file, const Surface& surface,
                            const SurfaceMassResult& r) {
  const SurfaceDiagnostics& d = r.diagnostics;
  const auto located = [&](const char* what, const std::vector<SurfaceEdgeIssue>& edges,
                           const char* edge_kind) {
    const std::string reason = std::string(what) + ", " + std::to_string(edges.size()) + " ";
    return BodyProblem{file, reason + edge_kind, face_ids(mesh, surface, edges)};
  };
  switch (r.status) {
    case SurfaceMassStatus::open:
      return located("open surface", d.boundary_edges, "boundary edges");
    case SurfaceMassStatus::non_manifold:
      return located("non-manifold surface", d.non_manifold_edges, "edges of more than two faces");
    case SurfaceMassStatus::inconsistent_orientation:
      return located("inconsistently oriented faces", d.inconsistent_edges,
                     "edges walked twice one way");
    case SurfaceMassStatus::empty: return {file, "no faces", {}};
    case SurfaceMassStatus::inside_out: return {file, "inside out", {}};
    case SurfaceMassStatus::degenerate: return {file, "zero enclosed volume", {}};
    case SurfaceMassStatus::ok: break;
  }
  return {file, "?", {}};
}

}  // namespace

std::string BodyProblem::text() const {
  const std::string located = where.text();
  return file + ": " + reason + (located.empty() ? "" : ", at " + located);
}

void BodyProblem::write_json(JsonWriter& json) const {
  json.begin_object().key("file").value(file).key("reason").value(reason);
  where.write_json(json);
  json.end_object();
}

std::vector<BodyMass> body_masses(const Mesh& mesh, const std::string& file,
                                  const std::map<std::string, double>& densities) {
  const std::vector<std::string> names = body_names(mesh);
  for (const auto& [name, rho] : densities)
    if (std::find(names.begin(), names.end(), name) == names.end())
      throw std::runtime_error("--density names no body: '" + name + "'");
  std::vector<BodyMass> bodies;
  for (const auto& name : names) {
    const auto density = densities.find(name);
    const BodyMassResult r = body_mass_properties(mesh, name, density == densities.end() ? 1.0 : density->second);
    BodyMass body = finish(name, r.properties());
    if (r.elements && r.elements->status == ElementMassStatus::invalid_elements)
      body.problem = BodyProblem{file, invalid_element_reason, element_ids(r.elements->invalid_elements)};
    if (r.surface && r.surface->status != SurfaceMassStatus::ok)
      body.problem = surface_problem(mesh, file, surface_from_definition(mesh, mesh.surfaces.front()), *r.surface);
    bodies.push_back(std::move(body));
  }
  return bodies;
}

BodyMass total_mass(const std::vector<BodyMass>& bodies) {
  std::vector<MassProperties> valid;
  for (const auto& body : bodies)
    if (!body.problem) valid.push_back(body.properties);
  return finish("total", combine(valid));
}

namespace {

// Round-off (below 1e-12 of the vector's largest component) printed as 0.
std::string chopped(const Eigen::Vector3d& v, int digits) {
  const double tiny = 1e-12 * v.cwiseAbs().maxCoeff();
  const auto c = [&](double x) { return std::abs(x) < tiny ? 0.0 : x; };
  return format_vector(c(v.x()), c(v.y()), c(v.z()), digits);
}

}  // namespace

void print_mass_table(const std::vector<BodyMass>& bodies) {
  Table table({"body", "volume", "mass", "centre of mass", "principal moments", "principal axes (columns)"});
  for (const auto& b : bodies) {
    const auto& p = b.properties;
    const auto& a = b.principal.axes;
    if (b.problem) {
      table.add_row({b.name + " (rejected: " + b.problem->text() + ")", "-", "-", "-", "-", "-"});
      continue;
    }
    table.add_row({b.name, format_number(p.volume), format_number(p.mass), chopped(p.center_of_mass, 4),
                   chopped(b.principal.moments, 4),
                   chopped(a.col(0), 3) + " " + chopped(a.col(1), 3) + " " + chopped(a.col(2), 3)});
  }
  table.print(std::cout);
}

void write_json(JsonWriter& json, const BodyMass& body) {
  const auto vector = [&](const Eigen::Vector3d& v) {
    json.begin_array().value(v.x()).value(v.y()).value(v.z()).end_array();
  };
  const auto matrix = [&](const Eigen::Matrix3d& m, bool columns) {
    json.begin_array();
    for (int i = 0; i < 3; ++i) vector(columns ? Eigen::Vector3d(m.col(i)) : Eigen::Vector3d(m.row(i)));
    json.end_array();
  };
  const MassProperties& p = body.properties;
  json.begin_object().key("name").value(body.name);
  if (body.problem) {
    json.key("problem");
    body.problem->write_json(json);
  }
  json.key("volume").value(p.volume).key("mass").value(p.mass);
  json.key("center_of_mass");
  vector(p.center_of_mass);
  json.key("inertia_com");
  matrix(p.inertia, false);
  json.key("principal_moments");
  vector(body.principal.moments);
  json.key("principal_axes");  // one unit vector per moment
  matrix(body.principal.axes, true);
  json.end_object();
}

}  // namespace fecontact::cli
