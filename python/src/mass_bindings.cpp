// fecontact.mass_properties: the bodies of a mesh (each volume-block name, all its element types
// together, or for a mesh of surface elements only, such as STL and OBJ, the body its first
// surface bounds) and their union, the same bodies as `fecontact mass`.

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "bindings.hpp"
#include "fecontact/mass/element_mass.hpp"
#include "fecontact/mass/mass_properties.hpp"
#include "fecontact/mass/surface_mass.hpp"
#include "fecontact/mesh/surface_extraction.hpp"
#include "numpy_arrays.hpp"

namespace fecontact::python {

namespace {

constexpr const char* union_key = "total";

struct Body {
  std::string name;
  MassProperties properties;
  std::string problem;  // why the properties are not valid; empty when they are
};

std::vector<std::string> body_names(const Mesh& mesh) {
  std::vector<std::string> names;
  for (const ElementBlock& b : mesh.blocks)
    if (is_volume(b.type) && std::find(names.begin(), names.end(), b.name) == names.end()) names.push_back(b.name);
  if (names.empty() && !mesh.surfaces.empty()) names.push_back(mesh.surfaces.front().name);
  if (names.empty()) throw py::value_error("mass_properties: the mesh has no volume block and no surface");
  if (std::find(names.begin(), names.end(), union_key) != names.end())
    throw py::value_error(std::string("mass_properties: a body is named '") + union_key +
                          "', the key of the union of all bodies");
  return names;
}

std::map<std::string, double> densities(const std::vector<std::string>& names, const py::object& density) {
  std::map<std::string, double> rho;
  const auto check = [](double value, const std::string& what) {
    if (!(std::isfinite(value) && value > 0))
      throw py::value_error("density of " + what + " = " + std::to_string(value) + ": expected a finite value > 0");
    return value;
  };
  for (const auto& name : names) rho[name] = 1.0;
  if (density.is_none()) return rho;
  if (!py::isinstance<py::dict>(density)) {
    const double value = check(density.cast<double>(), "every body");
    for (auto& [name, r] : rho) r = value;
    return rho;
  }
  for (const auto& [key, value] : density.cast<py::dict>()) {
    const auto name = key.cast<std::string>();
    if (!rho.count(name)) {
      std::string known;
      for (const auto& n : names) known += (known.empty() ? "'" : ", '") + n + "'";
      throw py::value_error("density: no body named '" + name + "' (the bodies are " + known + ")");
    }
    rho[name] = check(value.cast<double>(), "'" + name + "'");
  }
  return rho;
}

const char* surface_problem(SurfaceMassStatus status) {
  switch (status) {
    case SurfaceMassStatus::ok: return "";
    case SurfaceMassStatus::empty: return "the surface has no faces";
    case SurfaceMassStatus::open: return "the surface is open (boundary edges)";
    case SurfaceMassStatus::non_manifold: return "the surface has non-manifold edges";
    case SurfaceMassStatus::inconsistent_orientation: return "the surface's faces are inconsistently oriented";
    case SurfaceMassStatus::inside_out: return "the surface is inside out";
    case SurfaceMassStatus::degenerate: return "the surface encloses no volume";
  }
  return "?";
}

Body block_body(const Mesh& mesh, const std::string& name, double density) {
  std::vector<Index> blocks;
  for (std::size_t b = 0; b < mesh.blocks.size(); ++b)
    if (mesh.blocks[b].name == name && is_volume(mesh.blocks[b].type)) blocks.push_back(static_cast<Index>(b));
  const std::vector<double> rho(mesh.blocks.size(), density);
  const ElementMassResult r = element_mass_properties(mesh, blocks, rho);
  Body body{name, r.properties, {}};
  if (r.status == ElementMassStatus::invalid_elements) {
    body.problem = std::to_string(r.invalid_elements.size()) + " inverted or degenerate elements (ids";
    for (std::size_t i = 0; i < r.invalid_elements.size() && i < 10; ++i)
      body.problem += " " + std::to_string(r.invalid_elements[i].id);
    body.problem += r.invalid_elements.size() > 10 ? " ...)" : ")";
  }
  return body;
}

Body surface_body(const Mesh& mesh, double density) {
  const SurfaceDefinition& definition = mesh.surfaces.front();
  SurfaceMassOptions options;
  options.density = density;
  options.flip_inside_out = true;  // an STL file's orientation is often reversed as a whole
  const SurfaceMassResult r =
      surface_mass_properties(surface_from_definition(mesh, definition), mesh.coordinates, options);
  return {definition.name, r.properties, surface_problem(r.status)};
}

py::dict mass_properties(const Mesh& mesh, const py::object& density) {
  const std::vector<std::string> names = body_names(mesh);
  const std::map<std::string, double> rho = densities(names, density);
  const bool solid = std::any_of(mesh.blocks.begin(), mesh.blocks.end(),
                                 [](const ElementBlock& b) { return is_volume(b.type); });
  std::vector<Body> bodies;
  {
    py::gil_scoped_release release;
    for (const auto& name : names)
      bodies.push_back(solid ? block_body(mesh, name, rho.at(name)) : surface_body(mesh, rho.at(name)));
  }
  py::dict result;
  std::vector<MassProperties> parts;
  for (const Body& body : bodies) {
    if (!body.problem.empty())
      throw py::value_error("mass_properties: body '" + body.name + "': " + body.problem);
    result[py::str(body.name)] = body.properties;
    parts.push_back(body.properties);
  }
  result[union_key] = combine(parts);
  return result;
}

}  // namespace

void bind_mass(py::module_& m) {
  py::class_<MassProperties>(m, "MassProperties",
                             "Volume, mass, centre of mass and inertia about it (I = integral of\n"
                             "rho (r.r 1 - r r^T) dV: off-diagonals are -integral rho x y dV).")
      .def_readonly("volume", &MassProperties::volume)
      .def_readonly("mass", &MassProperties::mass)
      .def_property_readonly("center_of_mass", [](const MassProperties& p) { return to_numpy(p.center_of_mass); })
      .def_property_readonly("inertia_com", [](const MassProperties& p) { return to_numpy(p.inertia); },
                             "(3, 3) inertia about the centre of mass")
      .def_property_readonly("principal_moments",
                             [](const MassProperties& p) { return to_numpy(principal_inertia(p.inertia).moments); },
                             "(3,) ascending")
      .def_property_readonly("principal_axes",
                             [](const MassProperties& p) { return to_numpy(principal_inertia(p.inertia).axes); },
                             "(3, 3) one unit axis per moment as columns, right-handed")
      .def("inertia_about",
           [](const MassProperties& p, py::handle point) { return to_numpy(inertia_about(p, to_vector3(point, "point"))); },
           py::arg("point"), "(3, 3) inertia about another point (parallel-axis theorem)")
      .def("__repr__", [](const MassProperties& p) {
        return "MassProperties(volume=" + std::to_string(p.volume) + ", mass=" + std::to_string(p.mass) + ")";
      });

  m.def("mass_properties", &mass_properties, py::arg("mesh"), py::arg("density") = py::none(),
        "Mass properties of each body of the mesh (each volume-block name; for a mesh of surface\n"
        "elements only, STL or OBJ, the closed body its first surface bounds) and of their union\n"
        "under 'total'. density: one value for all, or {body name: value} (others 1). Raises\n"
        "ValueError for a density naming no body, or a body with inverted elements or an open\n"
        "surface (naming them).");
}

}  // namespace fecontact::python
