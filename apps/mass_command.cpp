// SPDX-License-Identifier: BSD-3-Clause
// fecontact mass MESH [--density NAME=RHO]... [--about X,Y,Z] [--json]: mass properties of
// every named volume block and of their union.

#include <iostream>
#include <map>

#include "body_mass.hpp"
#include "command_line.hpp"
#include "fecontact/io/read_mesh.hpp"
#include "table.hpp"

namespace fecontact::cli {

namespace {

constexpr const char* help =
    "usage: fecontact mass MESH [--density NAME=RHO]... [--about X,Y,Z] [--json]\n"
    "Volume, mass, centre of mass, inertia about the centre of mass (tensor convention,\n"
    "Ixy = -integral of rho x y), principal moments (ascending) and axes, per volume block and\n"
    "in total. An STL or OBJ file is one closed body. A body without valid properties (inverted\n"
    "elements, an open surface) is listed with the file and the elements or faces at fault, also\n"
    "on stderr, and the exit status is 1.\n"
    "  --density NAME=RHO  density of body NAME (default 1; repeat for several bodies)\n"
    "  --about X,Y,Z       also give the inertia about this point (key inertia_about)\n"
    "  --json              JSON: blocks [name, volume, mass, center_of_mass, inertia_com,\n"
    "                      principal_moments, principal_axes (one unit vector per moment),\n"
    "                      problem {file, reason, elements | faces, element_count | face_count}\n"
    "                      when rejected],\n"
    "                      total {the same}, with --about: inertia_about {point, blocks [name,\n"
    "                      inertia]} (the total last)\n";

std::map<std::string, double> parse_densities(const std::vector<std::string>& specs) {
  std::map<std::string, double> densities;
  for (const auto& spec : specs) {
    const auto eq = spec.find('=');
    if (eq == std::string::npos || eq == 0) throw UsageError("--density expects NAME=RHO, got '" + spec + "'");
    densities[spec.substr(0, eq)] = parse_double(std::string_view(spec).substr(eq + 1), "--density");
  }
  return densities;
}

void print_json(const std::vector<BodyMass>& bodies, const std::optional<Eigen::Vector3d>& about) {
  JsonWriter json(std::cout);
  json.begin_object().key("blocks").begin_array();
  for (const auto& body : bodies) write_json(json, body);
  json.end_array().key("total");
  write_json(json, total_mass(bodies));
  if (about) {
    json.key("inertia_about").begin_object().key("point").begin_array();
    for (int i = 0; i < 3; ++i) json.value((*about)[i]);
    json.end_array().key("blocks").begin_array();
    std::vector<BodyMass> all = bodies;
    all.push_back(total_mass(bodies));
    for (const auto& body : all) {
      const Eigen::Matrix3d m = inertia_about(body.properties, *about);
      json.begin_object().key("name").value(body.name).key("inertia").begin_array();
      for (int i = 0; i < 3; ++i) json.begin_array().value(m(i, 0)).value(m(i, 1)).value(m(i, 2)).end_array();
      json.end_array().end_object();
    }
    json.end_array().end_object();
  }
  json.end_object();
  std::cout << '\n';
}

}  // namespace

int run_mass(Words words) {
  static constexpr OptionSpec options[] = {{"density", true, true}, {"about", true}, {"json"}};
  const auto arguments = parse_command_line(words, options, help);
  if (!arguments) return 0;
  const std::string path = mesh_argument(*arguments);
  const auto densities = parse_densities(arguments->values("density"));
  std::optional<Eigen::Vector3d> about;
  if (const auto text = arguments->value("about")) {
    const auto xyz = parse_triple(*text, "--about");
    about = Eigen::Vector3d(xyz[0], xyz[1], xyz[2]);
  }
  const Mesh mesh = read_mesh(path);
  const auto bodies = body_masses(mesh, path, densities);
  if (bodies.empty()) throw std::runtime_error(path + ": no volume block and no surface: nothing has a mass");
  if (arguments->has("json")) {
    print_json(bodies, about);
  } else {
    std::vector<BodyMass> all = bodies;
    if (bodies.size() > 1) all.push_back(total_mass(bodies));
    print_mass_table(all);
    if (about)
      for (const auto& b : all) {
        const Eigen::Matrix3d m = inertia_about(b.properties, *about);
        std::cout << "inertia of " << b.name << " about " << format_vector(about->x(), about->y(), about->z())
                  << ": diagonal " << format_vector(m(0, 0), m(1, 1), m(2, 2)) << ", products "
                  << format_vector(m(0, 1), m(0, 2), m(1, 2)) << '\n';
      }
  }
  bool all_valid = true;
  for (const auto& b : bodies) {
    if (!b.problem) continue;
    std::cerr << "fecontact: body '" << b.name << "' rejected: " << b.problem->text() << '\n';
    all_valid = false;
  }
  return all_valid ? 0 : 1;
}

}  // namespace fecontact::cli
