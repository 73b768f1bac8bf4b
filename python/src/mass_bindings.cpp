// SPDX-License-Identifier: BSD-3-Clause
// fecontact.mass_properties: the bodies of a mesh (fecontact/mass/body_mass.hpp, the same as
// `fecontact mass`) and their union.

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "bindings.hpp"
#include "fecontact/detail/number_text.hpp"
#include "fecontact/mass/body_mass.hpp"
#include "numpy_arrays.hpp"

namespace fecontact::python {

namespace {

constexpr const char* union_key = "total";

std::vector<std::string> checked_body_names(const Mesh& mesh) {
  std::vector<std::string> names = body_names(mesh);
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
      throw py::value_error("density of " + what + " = " + detail::number_text(value) + ": expected a finite value > 0");
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

// Why a body's properties are not valid; empty when they are.
std::string body_problem(const BodyMassResult& r) {
  if (r.surface) return surface_problem(r.surface->status);
  if (r.elements->status != ElementMassStatus::invalid_elements) return {};
  const std::vector<InvalidElement>& invalid = r.elements->invalid_elements;
  std::string problem = std::to_string(invalid.size()) + " inverted or degenerate elements (ids";
  for (std::size_t i = 0; i < invalid.size() && i < 10; ++i) problem += " " + std::to_string(invalid[i].id);
  return problem + (invalid.size() > 10 ? " ...)" : ")");
}

py::dict mass_properties(const Mesh& mesh, const py::object& density) {
  const std::vector<std::string> names = checked_body_names(mesh);
  const std::map<std::string, double> rho = densities(names, density);
  std::vector<BodyMassResult> bodies;
  {
    py::gil_scoped_release release;
    for (const auto& name : names) bodies.push_back(body_mass_properties(mesh, name, rho.at(name)));
  }
  py::dict result;
  std::vector<MassProperties> parts;
  for (std::size_t k = 0; k < bodies.size(); ++k) {
    const std::string problem = body_problem(bodies[k]);
    if (!problem.empty()) throw py::value_error("mass_properties: body '" + names[k] + "': " + problem);
    result[py::str(names[k])] = bodies[k].properties();
    parts.push_back(bodies[k].properties());
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
        return "MassProperties(volume=" + detail::number_text(p.volume) + ", mass=" + detail::number_text(p.mass) + ")";
      });

  m.def("mass_properties", &mass_properties, py::arg("mesh"), py::arg("density") = py::none(),
        "Mass properties of each body of the mesh (each volume-block name; for a mesh of surface\n"
        "elements only, STL or OBJ, the closed body its first surface bounds) and of their union\n"
        "under 'total'. density: one value for all, or {body name: value} (others 1). Raises\n"
        "ValueError for a density naming no body, or a body with inverted elements or an open\n"
        "surface (naming them).");
}

}  // namespace fecontact::python
