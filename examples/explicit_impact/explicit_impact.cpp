// SPDX-License-Identifier: BSD-3-Clause
// An explicit FE program that holds fecontact::ContactSearch as a solver would: an elastic sphere
// (tet4 meshed by gmsh, lumped mass, central differences) hits a rigid plane; penalty
// node-to-surface contact, the sphere's skin nodes against the plane's faces, searched every step.
// Its figures are compared with Hertz's closed form. The calls to fecontact are marked
// "fecontact:": the skin of the mesh, the plane's faces from plain arrays, the search object built
// once, its search at every step. README.md explains the choices of mesh, step and penalty.

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fecontact/contact.hpp>
#include <fecontact/core.hpp>

#include "command_line.hpp"
#include "gmsh_mesh.hpp"
#include "hertz.hpp"
#include "rigid_plane.hpp"
#include "skin_size.hpp"
#include "tet4_elasticity.hpp"
#include "fecontact/frontend/json_writer.hpp"

namespace {

using Eigen::Vector3d;
using fecontact::Index;
namespace fs = std::filesystem;

// The problem: a sphere of radius R at speed v onto a rigid plane, no gravity.
constexpr double radius = 0.05;
constexpr solver::Material material{1e7, 0.3, 1100};

struct Options {
  solver::GmshSizing mesh{FECONTACT_IMPACT_GEO, {}, 0.001, 0.005, 0.1};  // the bundled sphere.geo
  fs::path json, history;               // history: a CSV of time and contact force
  double speed = 1.0;                   // impact speed
  double safety = 0.5;   // dt = safety · h_min / c
  double penalty = 0.5;  // β of the penalty k_i = β m_i / dt²
  double duration_tolerance = 0.10, force_tolerance = 0.15, rebound_fraction = 0.8;
  bool check = false;
};

// The plane z = z0 as a solver holds a rigid surface: 2 × 2 squares of side R over the contact
// point, each cut into two tri3 faces, outward normal +z.
fecontact::Surface append_plane(std::vector<Vector3d>& x, double z0) {
  return solver::append_plane(x, Vector3d(0, 0, z0), Vector3d::UnitX(), Vector3d::UnitY(), 2, 2, radius);
}

int run(const Options& o) {
  const solver::Stopwatch run_time;
  const std::optional<fs::path> gmsh = solver::find_gmsh(o.mesh.gmsh);
  if (!gmsh) {
    std::printf("skipped: gmsh not found (give its path with --gmsh)\n");
    return 77;  // ctest's SKIP_RETURN_CODE
  }
  auto parameters = o.mesh.parameters();
  parameters.emplace_back("radius", radius);
  const fecontact::Mesh mesh = solver::mesh_with_gmsh(*gmsh, o.mesh.geo, parameters);
  if (mesh.blocks.size() != 1 || mesh.blocks[0].type != fecontact::ElementType::tet4)
    throw std::runtime_error(o.mesh.geo.string() + " must give one block of tet4 elements");
  const solver::Hertz reference = solver::hertz(radius, o.speed, material);

  // The solver's model: elements, lumped masses, the stable step of the smallest element.
  solver::Tet4Elasticity elements(mesh.coordinates, mesh.blocks[0].connectivity, material);
  const std::vector<double> mass = elements.lumped_mass();
  const double dt = o.safety * elements.smallest_altitude() / material.wave_speed();
  const std::size_t sphere_nodes = mesh.coordinates.size();
  double total_mass = 0;
  for (const double m : mass) total_mass += m;

  // fecontact: the skin of the mesh gives the slave nodes.
  const fecontact::Surface skin = fecontact::exterior_surface(mesh, std::vector<Index>{0});
  const double h_contact = solver::skin_size_near(skin, mesh.coordinates, Vector3d::Zero(), reference.contact_radius);

  // The solver's node array: the sphere's nodes, then the plane's. The pole starts 0.1·h above it.
  std::vector<Vector3d> x = mesh.coordinates;
  const double initial_gap = 0.1 * h_contact;

  // fecontact: the search object, built once. Nodes farther than the tolerance from the plane are
  // not reported, so it must exceed the deepest penetration (checked below); the skin lets most
  // steps check the candidates kept by the last search of the trees.
  fecontact::ContactInterface contact;
  contact.master = append_plane(x, -initial_gap);
  contact.slave_nodes = fecontact::surface_nodes(skin);
  contact.options.tolerance = 0.1 * h_contact;
  contact.options.skin = 0.1 * h_contact;
  fecontact::ContactSearch search(static_cast<Index>(x.size()), {contact});
  std::vector<fecontact::InterfaceResult> results;  // kept: a step allocates nothing once grown

  // Central differences: u, f at whole steps; v at half steps (v starts at v^{-1/2}: a⁰ = 0).
  std::vector<Vector3d> u(sphere_nodes, Vector3d::Zero()), f(sphere_nodes),
      v(sphere_nodes, Vector3d(0, 0, -o.speed));
  const auto steps = static_cast<long>(std::ceil((initial_gap / o.speed + 1.5 * reference.duration) / dt));
  const double energy0 = 0.5 * total_mass * o.speed * o.speed;
  double search_seconds = 0, max_force = 0, max_penetration = 0, energy_error = 0, speed_in = 0, energy = 0;
  long first_contact = -1, last_contact = -1, tree_searches = 0;
  std::ofstream history;
  if (!o.history.empty()) history.open(o.history), history << "time,contact_force\n";
  const solver::Stopwatch loop_time;
  for (long step = 0; step < steps; ++step) {
#pragma omp parallel for schedule(static) if (static_cast<long>(sphere_nodes) >= solver::parallel_threshold)
    for (long n = 0; n < static_cast<long>(sphere_nodes); ++n)
      x[static_cast<std::size_t>(n)] = mesh.coordinates[static_cast<std::size_t>(n)] + u[static_cast<std::size_t>(n)];

    const solver::Stopwatch search_time;
    search.search(x, results);  // fecontact: every step, into the same results
    search.accept_step();       // an explicit step is final: history moves on
    search_seconds += search_time.seconds();
    tree_searches += results[0].searched ? 1 : 0;

    const double strain_energy = elements.internal_forces(u, f);  // f = f_int
    double penalty_energy = 0, force = 0;
    const fecontact::NodeContacts& c = results[0].contacts;
    for (std::size_t k = 0; k < c.size(); ++k) {
      if (!(c.gap[k] < 0)) continue;
      const auto n = static_cast<std::size_t>(c.node[k]);
      const double stiffness = o.penalty * mass[n] / (dt * dt), normal_force = -stiffness * c.gap[k];
      f[n] -= normal_force * c.normal[k];  // f = f_int − f_contact
      force += normal_force;
      penalty_energy += 0.5 * stiffness * c.gap[k] * c.gap[k];
      max_penetration = std::max(max_penetration, -c.gap[k]);
    }
    if (history.is_open()) history << static_cast<double>(step) * dt << ',' << force << '\n';
    if (force > 0) {
      if (first_contact < 0) {
        first_contact = step;
        for (std::size_t n = 0; n < sphere_nodes; ++n) speed_in -= mass[n] * v[n].z() / total_mass;
      }
      last_contact = step;
      max_force = std::max(max_force, force);
    }
    // v^{n+1/2} = v^{n−1/2} − dt f/m; u^{n+1} = u^n + dt v^{n+1/2}. The kinetic energy ½ m v^{n−1/2}·v^{n+1/2}
    // with the strain and penalty energies at step n is what central differences conserve.
    double kinetic = 0;
    for (std::size_t n = 0; n < sphere_nodes; ++n) {
      const Vector3d v_next = v[n] - dt / mass[n] * f[n];
      kinetic += 0.5 * mass[n] * v[n].dot(v_next);
      v[n] = v_next;
      u[n] += dt * v[n];
    }
    energy = kinetic + strain_energy + penalty_energy;
    energy_error = std::max(energy_error, std::abs(energy - energy0) / energy0);
  }
  const double loop_seconds = loop_time.seconds(), total_seconds = run_time.seconds();
  double speed_out = 0;  // mean velocity after separation: momentum / mass
  for (std::size_t n = 0; n < sphere_nodes; ++n) speed_out += mass[n] * v[n].z() / total_mass;

  const bool ended = first_contact >= 0 && last_contact < steps - 1;
  const double duration = first_contact < 0 ? 0.0 : static_cast<double>(last_contact - first_contact + 1) * dt;
  std::printf("sphere R = %g m, E = %g Pa, nu = %g, rho = %g kg/m3, onto a rigid plane at %g m/s\n", radius,
              material.young, material.poisson, material.density, o.speed);
  std::printf("mesh: %zu tet4, %zu nodes, %zu skin nodes, mass %.4g kg (sphere %.4g); skin edges %.3g mm within "
              "the Hertz contact radius a = %.3g mm\n", elements.element_count(), sphere_nodes,
              contact.slave_nodes.size(), total_mass, reference.mass, 1e3 * h_contact, 1e3 * reference.contact_radius);
  std::printf("step: dt = %.4g s = %g h_min/c (h_min = %.3g mm), %ld steps; penalty k_i = %g m_i/dt^2\n", dt,
              o.safety, 1e3 * elements.smallest_altitude(), steps, o.penalty);
  std::printf("                    this run    Hertz      ratio\n");
  std::printf("contact_duration    %-10.4g  %-9.4g  %.4f s\n", duration, reference.duration,
              duration / reference.duration);
  std::printf("max_contact_force   %-10.4g  %-9.4g  %.4f N\n", max_force, reference.force, max_force / reference.force);
  std::printf("impact_speed %.4g m/s, rebound_speed %.4g m/s (%.4f of it); %.3g%% of the energy left in "
              "vibration\n", speed_in, speed_out, speed_out / o.speed,
              100 * (1 - 0.5 * total_mass * speed_out * speed_out / energy));
  std::printf("largest penetration %.3g mm (%.3g of Hertz's approach %.3g mm); energy drift %.2g\n",
              1e3 * max_penetration, max_penetration / reference.approach, 1e3 * reference.approach, energy_error);
  std::printf("search: %.3g s of %.3g s stepping (%.1f%%); trees searched at %ld of %ld steps "
              "(tolerance %.3g mm, skin %.3g mm); total %.3g s\n", search_seconds, loop_seconds,
              100 * search_seconds / loop_seconds, tree_searches, steps, 1e3 * contact.options.tolerance,
              1e3 * contact.options.skin, total_seconds);

  if (!o.json.empty()) {
    std::ofstream out(o.json);
    fecontact::JsonWriter json(out);
    json.begin_object()
        .key("contact_duration").value(duration).key("max_contact_force").value(max_force)
        .key("impact_speed").value(speed_in).key("rebound_speed").value(speed_out)
        .key("elements").value(elements.element_count()).key("steps").value(steps)
        .key("search_seconds").value(search_seconds).key("total_seconds").value(total_seconds)
        .key("stepping_seconds").value(loop_seconds).key("tree_searches").value(tree_searches)
        .key("nodes").value(sphere_nodes).key("slave_nodes").value(contact.slave_nodes.size())
        .key("size_near_contact").value(h_contact).key("time_step").value(dt)
        .key("max_penetration").value(max_penetration).key("energy_drift").value(energy_error)
        .key("hertz_duration").value(reference.duration).key("hertz_force").value(reference.force)
        .end_object();
    out << '\n';
    if (!out) throw std::runtime_error("cannot write " + o.json.string());
  }

  if (!o.check) return 0;
  bool ok = true;
  const auto require = [&](bool condition, const char* what) {
    if (!condition) std::printf("check failed: %s\n", what);
    ok = ok && condition;
  };
  require(ended, "the contact ends within the run");
  require(std::abs(duration / reference.duration - 1) <= o.duration_tolerance, "contact duration against Hertz");
  require(std::abs(max_force / reference.force - 1) <= o.force_tolerance, "peak contact force against Hertz");
  require(speed_out >= o.rebound_fraction * o.speed, "rebound speed");
  require(energy_error <= 0.01, "energy conserved to 1%");
  require(max_penetration <= 0.5 * contact.options.tolerance, "penetration well within the search tolerance");
  std::printf("check: %s\n", ok ? "passed" : "FAILED");
  return ok ? 0 : 1;
}

const char* usage =
    "usage: explicit_impact [--speed V] [--size-contact H] [--size-max H] [--growth G] [--geo FILE] [--gmsh PATH]\n"
    "                       [--safety S] [--penalty B] [--json FILE] [--history FILE] [--check]\n"
    "                       [--duration-tolerance T] [--force-tolerance T] [--rebound-fraction F]\n"
    "Defaults: --size-contact 0.001 --size-max 0.005 --growth 0.1 (m; sphere.geo) --safety 0.5 --penalty 0.5\n"
    "--check: exit 1 unless duration and peak force are within 10% and 15% of Hertz's, the rebound\n"
    "is at least 0.8 of the impact speed and energy is conserved to 1%. Exit 77: gmsh not found.\n";

}  // namespace

int main(int argc, char** argv) {
  Options o;
  const auto parse = [&](solver::Option& option) {
    if (o.mesh.parse(option)) return true;
    const std::string& arg = option.name();
    if (arg == "--speed") o.speed = option.number();
    else if (arg == "--safety") o.safety = option.number();
    else if (arg == "--penalty") o.penalty = option.number();
    else if (arg == "--json") o.json = option.text();
    else if (arg == "--history") o.history = option.text();
    else if (arg == "--check") o.check = true;
    else if (arg == "--duration-tolerance") o.duration_tolerance = option.number();
    else if (arg == "--force-tolerance") o.force_tolerance = option.number();
    else if (arg == "--rebound-fraction") o.rebound_fraction = option.number();
    else return false;
    return true;
  };
  return solver::run_program("explicit_impact", usage, argc, argv, parse, [&] { return run(o); });
}
