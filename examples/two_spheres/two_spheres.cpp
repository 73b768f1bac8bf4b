// SPDX-License-Identifier: BSD-3-Clause
// An explicit FE program with two deformable bodies in contact: two of explicit_impact's elastic
// spheres (tet4 meshed by gmsh, lumped mass, central differences) collide at 1 m/s each, head-on
// or with their centre lines offset by R/2 (--oblique). Two-pass penalty node-to-surface contact:
// each sphere's skin nodes are slaves against the other's faces, and the reaction of every slave
// force is spread onto the master face's nodes with the weights fecontact gives (the face's shape
// functions at the contact point). Its figures are compared with Hertz's closed form, and total
// momentum, angular momentum and energy are followed over the run. The calls to fecontact are
// marked "fecontact:". README.md explains the choices of mesh, step and penalty.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include <fecontact/contact.hpp>
#include <fecontact/core.hpp>

#include "command_line.hpp"
#include "gmsh_mesh.hpp"
#include "hertz.hpp"
#include "skin_size.hpp"
#include "tet4_elasticity.hpp"
#include "fecontact/frontend/json_writer.hpp"

namespace {

using Eigen::Vector3d;
using fecontact::Index;
namespace fs = std::filesystem;

// The problem: two spheres of radius R, each at speed v towards the other along x, no gravity.
constexpr double radius = 0.05;
constexpr solver::Material material{1e7, 0.3, 1100};

struct Options {
  solver::GmshSizing mesh{FECONTACT_SPHERE_GEO, {}, 0.001, 0.005, 0.1};  // the shared sphere.geo
  double speed = 1.0;                   // of each sphere
  double safety = 0.5;    // dt = safety · h_min / c
  double penalty = 0.125;  // β of the penalty k_i = β m_i / dt², in each pass
  double duration_tolerance = 0.10, force_tolerance = 0.15, conservation_tolerance = 1e-9;
  bool oblique = false, json = false, check = false;
};

// The two spheres in one node array: sphere A's nodes, then sphere B's (node i of A is node
// i + sphere_nodes of B), and their elements; x0 the reference coordinates.
struct Model {
  std::vector<Vector3d> x0;
  std::vector<int> connectivity;
  fecontact::Surface skin_a, skin_b;
  std::size_t sphere_nodes = 0;
};

// Places two copies of the meshed sphere (its pole at the origin, its centre at (0, 0, R)) at
// `centre_a` and `centre_b`, each turned so that its pole, where the mesh is finest, faces the
// other along `normal` (from A to B).
Model place_spheres(const fecontact::Mesh& mesh, const fecontact::Surface& skin, const Vector3d& centre_a,
                    const Vector3d& centre_b, const Vector3d& normal) {
  Model model;
  model.sphere_nodes = mesh.coordinates.size();
  const Vector3d pole(0, 0, -1), mesh_centre(0, 0, radius);
  const Eigen::Matrix3d turn_a = Eigen::Quaterniond::FromTwoVectors(pole, normal).toRotationMatrix();
  const Eigen::Matrix3d turn_b = Eigen::Quaterniond::FromTwoVectors(pole, -normal).toRotationMatrix();
  for (const Vector3d& p : mesh.coordinates) model.x0.push_back(centre_a + turn_a * (p - mesh_centre));
  for (const Vector3d& p : mesh.coordinates) model.x0.push_back(centre_b + turn_b * (p - mesh_centre));
  const std::vector<Index>& elements = mesh.blocks[0].connectivity;
  for (const Index n : elements) model.connectivity.push_back(static_cast<int>(n));
  for (const Index n : elements) model.connectivity.push_back(static_cast<int>(n + static_cast<Index>(model.sphere_nodes)));
  model.skin_a = skin;
  model.skin_b = skin;
  for (fecontact::SurfaceFace& face : model.skin_b.faces)
    for (std::size_t k = 0; k < face.nodes().size(); ++k) face.node_storage[k] += static_cast<Index>(model.sphere_nodes);
  return model;
}

// The slave side of a two-pass interface: `slaves` against `master`.
fecontact::ContactInterface pass(const fecontact::Surface& master, const fecontact::Surface& slaves, double h) {
  fecontact::ContactInterface contact;
  contact.master = master;
  contact.slave_nodes = fecontact::surface_nodes(slaves);
  contact.options.tolerance = 0.1 * h;
  contact.options.skin = 0.1 * h;
  return contact;
}

struct Figures {
  double contact_duration = 0, max_contact_force = 0, momentum_error = 0, angular_momentum_error = 0,
         energy_error = 0, max_penetration = 0, search_seconds = 0, total_seconds = 0;
  long steps = 0, tree_searches = 0;
  bool ended = false;
};

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

  // Where the spheres first touch: centre lines offset by `offset` across the motion, the line of
  // centres then at angle α from it (sin α = offset / 2R). Frictionless, the impact along the
  // normal is Hertz's at the normal speeds v cos α, and by symmetry the plane between two equal
  // spheres stays flat: each sphere meets it as one sphere meets a rigid plane at v cos α.
  const double offset = o.oblique ? radius / 2 : 0.0;
  const double cos_alpha = std::sqrt(1 - offset * offset / (4 * radius * radius));
  const solver::Hertz reference = solver::hertz(radius, o.speed * cos_alpha, material);

  // fecontact: the skin of the mesh gives each pass's slave nodes and master faces.
  const fecontact::Surface skin = fecontact::exterior_surface(mesh, std::vector<Index>{0});
  const double h = solver::skin_size_near(skin, mesh.coordinates, Vector3d::Zero(), reference.contact_radius);
  const double initial_gap = 0.1 * h, centres = 2 * radius + initial_gap;
  const Vector3d normal = Vector3d(std::sqrt(centres * centres - offset * offset), offset, 0) / centres;
  const Model model = place_spheres(mesh, skin, -0.5 * centres * normal, 0.5 * centres * normal, normal);
  const std::size_t nodes = model.x0.size();

  // The solver's model: St. Venant-Kirchhoff elements, whose forces exert no torque, so that
  // angular momentum is conserved (tet4_elasticity.hpp); lumped masses; the stable step.
  solver::Tet4Elasticity elements(model.x0, model.connectivity, material, solver::Strain::green_lagrange);
  const std::vector<double> mass = elements.lumped_mass();
  const double dt = o.safety * elements.smallest_altitude() / material.wave_speed();

  // fecontact: the search object, built once; two passes, A's skin nodes against B's faces and
  // B's against A's. The tolerance must exceed the deepest penetration (checked below).
  fecontact::ContactSearch search(static_cast<Index>(nodes),
                                  {pass(model.skin_b, model.skin_a, h), pass(model.skin_a, model.skin_b, h)});
  const double tolerance = search.interfaces()[0].options.tolerance;
  std::vector<fecontact::InterfaceResult> results;  // kept: a step allocates nothing once grown

  // Central differences: u, f at whole steps; v at half steps (v starts at v^{-1/2}: a⁰ = 0).
  std::vector<Vector3d> x = model.x0, u(nodes, Vector3d::Zero()), f(nodes), v(nodes);
  for (std::size_t n = 0; n < nodes; ++n) v[n] = Vector3d(n < model.sphere_nodes ? o.speed : -o.speed, 0, 0);
  // Conservation is measured against the run's scales: Σ m|v| for momentum (whose total is 0),
  // Σ m|x||v| for angular momentum about the origin, the kinetic energy for energy.
  Vector3d momentum0 = Vector3d::Zero(), angular0 = Vector3d::Zero();
  double momentum_scale = 0, angular_scale = 0, energy0 = 0;
  for (std::size_t n = 0; n < nodes; ++n) {
    momentum0 += mass[n] * v[n];
    angular0 += mass[n] * x[n].cross(v[n]);
    momentum_scale += mass[n] * v[n].norm();
    angular_scale += mass[n] * x[n].norm() * v[n].norm();
    energy0 += 0.5 * mass[n] * v[n].squaredNorm();
  }

  Figures out;
  out.steps = static_cast<long>(std::ceil((initial_gap / (2 * o.speed * cos_alpha) + 1.5 * reference.duration) / dt));
  long first_contact = -1, last_contact = -1;
  const solver::Stopwatch loop_time;
  for (long step = 0; step < out.steps; ++step) {
#pragma omp parallel for schedule(static) if (static_cast<long>(nodes) >= solver::parallel_threshold)
    for (long n = 0; n < static_cast<long>(nodes); ++n)
      x[static_cast<std::size_t>(n)] = model.x0[static_cast<std::size_t>(n)] + u[static_cast<std::size_t>(n)];

    const solver::Stopwatch search_time;
    search.search(x, results);  // fecontact: every step, into the same results
    search.accept_step();       // an explicit step is final: history (new contacts) moves on
    out.search_seconds += search_time.seconds();
    out.tree_searches += results[0].searched ? 1 : 0;

    const double strain_energy = elements.internal_forces(u, f);  // f = f_int
    // Penalty on each penetrating slave node s: F = −k (x_s − x_c), x_c = Σ Nᵢ xᵢ the contact point
    // from the weights (in a face's interior x_s − x_c = gap·n). The masters take −Nᵢ F (Σ Nᵢ = 1),
    // so the pair exerts no net force, and no torque: Σ xᵢ × Nᵢ F = x_c × F and F ∥ x_s − x_c.
    double penalty_energy = 0;
    Vector3d force_on_a = Vector3d::Zero();
    for (std::size_t side = 0; side < 2; ++side) {
      const fecontact::NodeContacts& c = results[side].contacts;
      for (std::size_t k = 0; k < c.size(); ++k) {
        if (!(c.gap[k] < 0)) continue;
        const auto s = static_cast<std::size_t>(c.node[k]);
        Vector3d contact_point = Vector3d::Zero();
        for (std::size_t i = 0; i < 9 && c.master_nodes[k][i] >= 0; ++i)
          contact_point += c.weights[k][i] * x[static_cast<std::size_t>(c.master_nodes[k][i])];
        const Vector3d separation = x[s] - contact_point;
        const double stiffness = o.penalty * mass[s] / (dt * dt);
        const Vector3d force = -stiffness * separation;  // on the slave node
        f[s] -= force;                                   // f = f_int − f_contact
        for (std::size_t i = 0; i < 9 && c.master_nodes[k][i] >= 0; ++i)
          f[static_cast<std::size_t>(c.master_nodes[k][i])] += c.weights[k][i] * force;
        force_on_a += side == 0 ? force : Vector3d(-force);
        penalty_energy += 0.5 * stiffness * separation.squaredNorm();
        out.max_penetration = std::max(out.max_penetration, -c.gap[k]);
      }
    }
    const double contact_force = force_on_a.norm();
    if (contact_force > 0) {
      if (first_contact < 0) first_contact = step;
      last_contact = step;
      out.max_contact_force = std::max(out.max_contact_force, contact_force);
    }
    // v^{n+1/2} = v^{n−1/2} − dt f/m; u^{n+1} = u^n + dt v^{n+1/2}. Central differences conserve
    // the momentum Σ m v^{n+1/2} and the angular momentum Σ m xⁿ × v^{n+1/2} of forces that sum
    // to zero and exert no torque, and the energy ½ m v^{n−1/2}·v^{n+1/2} + strain + penalty.
    double kinetic = 0;
    Vector3d momentum = Vector3d::Zero(), angular = Vector3d::Zero();
    for (std::size_t n = 0; n < nodes; ++n) {
      const Vector3d v_next = v[n] - dt / mass[n] * f[n];
      kinetic += 0.5 * mass[n] * v[n].dot(v_next);
      momentum += mass[n] * v_next;
      angular += mass[n] * x[n].cross(v_next);
      v[n] = v_next;
      u[n] += dt * v[n];
    }
    const double energy = kinetic + strain_energy + penalty_energy;
    out.energy_error = std::max(out.energy_error, std::abs(energy - energy0) / energy0);
    out.momentum_error = std::max(out.momentum_error, (momentum - momentum0).norm() / momentum_scale);
    out.angular_momentum_error = std::max(out.angular_momentum_error, (angular - angular0).norm() / angular_scale);
  }
  const double loop_seconds = loop_time.seconds();
  out.total_seconds = run_time.seconds();
  out.ended = first_contact >= 0 && last_contact < out.steps - 1;
  out.contact_duration = first_contact < 0 ? 0.0 : static_cast<double>(last_contact - first_contact + 1) * dt;

  // The report: to standard output, or to standard error when the JSON takes standard output.
  std::FILE* text = o.json ? stderr : stdout;
  std::fprintf(text, "two spheres R = %g m, E = %g Pa, nu = %g, rho = %g kg/m3, each at %g m/s, %s (offset %g m)\n",
               radius, material.young, material.poisson, material.density, o.speed,
               o.oblique ? "oblique" : "head-on", offset);
  std::fprintf(text, "mesh: 2 x %zu tet4, 2 x %zu nodes, 2 x %zu skin nodes; skin edges %.3g mm within the Hertz "
               "contact radius a = %.3g mm\n", elements.element_count() / 2, model.sphere_nodes,
               search.interfaces()[0].slave_nodes.size(), 1e3 * h, 1e3 * reference.contact_radius);
  std::fprintf(text, "step: dt = %.4g s = %g h_min/c (h_min = %.3g mm), %ld steps; penalty k_i = %g m_i/dt^2 "
               "in each of the two passes\n", dt, o.safety, 1e3 * elements.smallest_altitude(), out.steps, o.penalty);
  std::fprintf(text, "                    this run    Hertz (one sphere on a rigid plane at %.4g m/s)\n",
               o.speed * cos_alpha);
  std::fprintf(text, "contact_duration    %-10.4g  %-9.4g  %.4f s\n", out.contact_duration, reference.duration,
               out.contact_duration / reference.duration);
  std::fprintf(text, "max_contact_force   %-10.4g  %-9.4g  %.4f N\n", out.max_contact_force, reference.force,
               out.max_contact_force / reference.force);
  std::fprintf(text, "conservation: momentum %.2g, angular momentum %.2g, energy %.2g (relative); largest "
               "penetration %.3g mm (%.3g of Hertz's approach)\n", out.momentum_error, out.angular_momentum_error,
               out.energy_error, 1e3 * out.max_penetration, out.max_penetration / reference.approach);
  std::fprintf(text, "search: %.3g s of %.3g s stepping (%.1f%%); trees searched at %ld of %ld steps "
               "(tolerance %.3g mm, skin %.3g mm); total %.3g s\n", out.search_seconds, loop_seconds,
               100 * out.search_seconds / loop_seconds, out.tree_searches, out.steps, 1e3 * tolerance,
               1e3 * search.interfaces()[0].options.skin, out.total_seconds);

  if (o.json) {
    fecontact::JsonWriter json(std::cout);
    json.begin_object()
        .key("contact_duration").value(out.contact_duration).key("max_contact_force").value(out.max_contact_force)
        .key("momentum_error").value(out.momentum_error)
        .key("angular_momentum_error").value(out.angular_momentum_error)
        .key("energy_error").value(out.energy_error).key("elements").value(elements.element_count())
        .key("steps").value(out.steps).key("search_seconds").value(out.search_seconds)
        .key("total_seconds").value(out.total_seconds)
        .end_object();
    std::cout << std::endl;
  }

  if (!o.check) return 0;
  bool ok = true;
  const auto require = [&](bool condition, const char* what) {
    if (!condition) std::fprintf(text, "check failed: %s\n", what);
    ok = ok && condition;
  };
  require(out.ended, "the contact ends within the run");
  require(std::abs(out.contact_duration / reference.duration - 1) <= o.duration_tolerance,
          "contact duration against Hertz");
  require(std::abs(out.max_contact_force / reference.force - 1) <= o.force_tolerance, "peak contact force against Hertz");
  require(out.momentum_error <= o.conservation_tolerance, "momentum conserved");
  require(out.angular_momentum_error <= o.conservation_tolerance, "angular momentum conserved");
  require(out.energy_error <= 0.01, "energy conserved to 1%");
  require(out.max_penetration <= 0.5 * tolerance, "penetration well within the search tolerance");
  std::fprintf(text, "check: %s\n", ok ? "passed" : "FAILED");
  return ok ? 0 : 1;
}

const char* usage =
    "usage: two_spheres [--oblique] [--json] [--speed V] [--size-contact H] [--size-max H] [--growth G]\n"
    "                   [--geo FILE] [--gmsh PATH] [--safety S] [--penalty B] [--check]\n"
    "                   [--duration-tolerance T] [--force-tolerance T] [--conservation-tolerance T]\n"
    "Defaults: --speed 1 (m/s, each sphere) --size-contact 0.001 --size-max 0.005 --growth 0.1 (m; sphere.geo)\n"
    "--safety 0.5 --penalty 0.125. --oblique: centre lines offset by R/2. --json: the figures as JSON on\n"
    "standard output (the report then goes to standard error). --check: exit 1 unless duration and peak\n"
    "force are within 10% and 15% of Hertz's, momentum and angular momentum are conserved to 1e-9 and\n"
    "energy to 1%. Exit 77: gmsh not found.\n";

}  // namespace

int main(int argc, char** argv) {
  Options o;
  const auto parse = [&](solver::Option& option) {
    if (o.mesh.parse(option)) return true;
    const std::string& arg = option.name();
    if (arg == "--oblique") o.oblique = true;
    else if (arg == "--json") o.json = true;
    else if (arg == "--speed") o.speed = option.number();
    else if (arg == "--safety") o.safety = option.number();
    else if (arg == "--penalty") o.penalty = option.number();
    else if (arg == "--check") o.check = true;
    else if (arg == "--duration-tolerance") o.duration_tolerance = option.number();
    else if (arg == "--force-tolerance") o.force_tolerance = option.number();
    else if (arg == "--conservation-tolerance") o.conservation_tolerance = option.number();
    else return false;
    return true;
  };
  return solver::run_program("two_spheres", usage, argc, argv, parse, [&] { return run(o); });
}
