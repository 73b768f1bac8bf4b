// SPDX-License-Identifier: BSD-3-Clause
// fecontact spin MESH [--block NAME] [--axis min|mid|max] [--time T] [--csv FILE]

#include <fstream>
#include <iostream>

#include "body_mass.hpp"
#include "command_line.hpp"
#include "fecontact/io/read_mesh.hpp"
#include "spin.hpp"
#include "table.hpp"

namespace fecontact::cli {

namespace {

constexpr const char* help =
    "usage: fecontact spin MESH [--block NAME] [--axis min|mid|max] [--time T] [--csv FILE]\n"
    "Torque-free rotation of a block (density 1) spun at one turn per time unit about a\n"
    "principal axis, the other two rates perturbed by 1e-3: about the intermediate axis it\n"
    "flips (the spinning spanner). Structure-preserving splitting integrator, 200 steps per\n"
    "turn; prints the flips and the drift of |L| and energy (and RK4's, for comparison).\n"
    "  --block NAME  the body (default: the first volume block)\n"
    "  --axis A      min, mid (default) or max principal moment\n"
    "  --time T      simulated time (default 20)\n"
    "  --csv FILE    time, omega_x, omega_y, omega_z (body frame), L, energy at every step\n";

int parse_axis(const std::string& axis) {
  if (axis == "min") return 0;
  if (axis == "mid") return 1;
  if (axis == "max") return 2;
  throw UsageError("--axis: expected min, mid or max, got '" + axis + "'");
}

}  // namespace

int run_spin(Words words) {
  static constexpr OptionSpec options[] = {{"block", true}, {"axis", true}, {"time", true}, {"csv", true}};
  const auto arguments = parse_command_line(words, options, help);
  if (!arguments) return 0;
  const std::string path = mesh_argument(*arguments);
  SpinSettings settings;
  settings.axis = parse_axis(arguments->value("axis").value_or("mid"));
  if (const auto t = arguments->value("time")) settings.time = parse_double(*t, "--time");
  if (!(settings.time > 0)) throw UsageError("--time must be > 0");
  const Mesh mesh = read_mesh(path);
  const auto bodies = body_masses(mesh, path, {});
  const std::string block = arguments->value("block").value_or(bodies.empty() ? "" : bodies.front().name);
  const auto body = std::find_if(bodies.begin(), bodies.end(), [&](const BodyMass& b) { return b.name == block; });
  if (body == bodies.end() || block == "total") throw std::runtime_error("no body named '" + block + "' in " + path);
  if (body->problem) throw std::runtime_error("body '" + block + "' rejected: " + body->problem->text());
  std::ofstream csv;
  if (const auto file = arguments->value("csv")) {
    csv.open(*file);
    if (!csv) throw std::runtime_error("cannot write " + *file);
    csv.precision(17);
    csv << "time,omega_x,omega_y,omega_z,angular_momentum,energy\n";
  }
  const SpinResult r = spin(body->properties, settings, [&](const SpinSample& s) {
    if (csv.is_open())
      csv << s.time << ',' << s.omega.x() << ',' << s.omega.y() << ',' << s.omega.z() << ',' << s.momentum << ','
          << s.energy << '\n';
  });
  const auto& m = body->principal.moments;
  std::cout << "body " << block << ": principal moments " << format_vector(m.x(), m.y(), m.z(), 6) << ", spun about the "
            << arguments->value("axis").value_or("mid") << " axis for " << format_number(settings.time) << " time units ("
            << r.steps << " steps of " << format_number(r.dt, 4) << ")\n";
  Table table({"integrator", "flips", "|L| drift", "energy drift"});
  table.add_row({"splitting", std::to_string(r.flips), format_number(r.momentum_drift, 3), format_number(r.energy_drift, 3)});
  table.add_row({"rk4", "-", format_number(r.rk4_momentum_drift, 3), format_number(r.rk4_energy_drift, 3)});
  table.print(std::cout);
  if (csv.is_open() && !csv.flush()) throw std::runtime_error("cannot write " + *arguments->value("csv"));
  return 0;
}

}  // namespace fecontact::cli
