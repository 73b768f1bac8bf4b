// An explicit FE program that holds fecontact::ContactSearch as a solver would: an elastic sphere
// (tet4 meshed by gmsh, lumped mass, central differences) hits a rigid plane; penalty
// node-to-surface contact, the sphere's skin nodes against the plane's faces, searched every step.
// Its figures are compared with Hertz's closed form. The calls to fecontact are marked
// "fecontact:": the skin of the mesh, the plane's faces from plain arrays, the search object built
// once, its search at every step. README.md explains the choices of mesh, step and penalty.

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <unistd.h>

#include <fecontact/contact.hpp>
#include <fecontact/core.hpp>

#include "tet4_elasticity.hpp"

namespace {

using Eigen::Vector3d;
using fecontact::Index;
using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

// The problem: a sphere of radius R at speed v onto a rigid plane, no gravity.
constexpr double radius = 0.05;
constexpr impact::Material material{1e7, 0.3, 1100};

struct Options {
  fs::path geo = FECONTACT_IMPACT_GEO;  // the bundled sphere.geo
  fs::path gmsh;                        // empty: found on PATH
  fs::path json, history;               // history: a CSV of time and contact force
  double speed = 1.0;                   // impact speed
  double size_contact = 0.001, size_max = 0.005, growth = 0.1;  // passed to sphere.geo
  double safety = 0.5;   // dt = safety · h_min / c
  double penalty = 0.5;  // β of the penalty k_i = β m_i / dt²
  double duration_tolerance = 0.10, force_tolerance = 0.15, rebound_fraction = 0.8;
  bool check = false;
};

struct Hertz {
  double duration, force, approach, contact_radius, mass;
};

// Hertz's impact of an elastic sphere on a rigid plane (Johnson, Contact Mechanics, 1985, ch. 11):
// F = (4/3) E* √R δ^{3/2}, E* = E/(1−ν²); the energy balance ½mv² = ∫F dδ gives the largest
// approach δ_max = (15 m v² / (16 E* √R))^{2/5}; the time to go there and back is
// t = 2 (δ_max/v) ∫₀¹ dx/√(1−x^{5/2}) = (δ_max/v) 2√π Γ(2/5) / ((5/2) Γ(9/10)) = 2.9432 δ_max/v.
Hertz hertz(double R, double v, const impact::Material& m) {
  const double mass = m.density * 4.0 / 3.0 * std::numbers::pi * R * R * R;
  const double e_star = m.young / (1 - m.poisson * m.poisson);
  const double approach = std::pow(15 * mass * v * v / (16 * e_star * std::sqrt(R)), 0.4);
  const double integral = 2 * std::sqrt(std::numbers::pi) * std::tgamma(0.4) / (2.5 * std::tgamma(0.9));
  return {integral * approach / v, 4.0 / 3.0 * e_star * std::sqrt(R) * std::pow(approach, 1.5), approach,
          std::sqrt(R * approach), mass};
}

std::optional<fs::path> find_on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string folders = path ? path : "";
  for (std::size_t begin = 0; begin <= folders.size();) {
    const std::size_t end = std::min(folders.find(':', begin), folders.size());
    const fs::path candidate = fs::path(folders.substr(begin, end - begin)) / name;
    if (end > begin && ::access(candidate.c_str(), X_OK) == 0) return candidate;
    begin = end + 1;
  }
  return std::nullopt;
}

// Meshes sphere.geo with gmsh in a temporary folder and reads the result.
fecontact::Mesh mesh_sphere(const Options& o, const fs::path& gmsh) {
  const fs::path folder = fs::temp_directory_path() / ("fecontact_impact_" + std::to_string(::getpid()));
  fs::create_directories(folder);
  const auto quoted = [](const fs::path& p) { return "'" + p.string() + "'"; };
  const std::string command = quoted(gmsh) + " " + quoted(o.geo) + " -3 -format msh41 -v 1" +
                              " -setnumber radius " + std::to_string(radius) +
                              " -setnumber size_contact " + std::to_string(o.size_contact) +
                              " -setnumber size_max " + std::to_string(o.size_max) +
                              " -setnumber growth " + std::to_string(o.growth) + " -o " +
                              quoted(folder / "sphere.msh") + " > " + quoted(folder / "gmsh.log") + " 2>&1";
  if (std::system(command.c_str()) != 0) {
    std::ifstream log(folder / "gmsh.log");
    const std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
    fs::remove_all(folder);
    throw std::runtime_error("gmsh failed on " + o.geo.string() + ":\n" + text);
  }
  fecontact::Mesh mesh = fecontact::read_mesh(folder / "sphere.msh");
  fs::remove_all(folder);
  return mesh;
}

// The plane z = z0 as a solver holds a rigid surface: 2 × 2 squares of side R over the contact
// point, each cut into two tri3 faces (projecting a node onto a tri3 is a closed form, onto a quad4
// an iteration), their 9 nodes appended to `x` (and never moved), outward normal +z.
fecontact::Surface append_plane(std::vector<Vector3d>& x, double z0) {
  const auto first = static_cast<Index>(x.size());
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i) x.emplace_back((i - 1) * radius, (j - 1) * radius, z0);
  std::vector<Index> offsets{0}, nodes;
  for (int j = 0; j < 2; ++j)
    for (int i = 0; i < 2; ++i) {
      const Index n = first + 3 * j + i;  // the square n, n+1, n+4, n+3, counter-clockwise from +z
      nodes.insert(nodes.end(), {n, n + 1, n + 4, n, n + 4, n + 3});
      offsets.insert(offsets.end(), {offsets.back() + 3, offsets.back() + 6});
    }
  return fecontact::surface_from_arrays(offsets, nodes);  // fecontact: faces from plain arrays
}

// Mean edge length of the skin triangles whose centroid is within `distance` of the first point of
// contact (the origin).
double skin_size_near_contact(const fecontact::Surface& skin, const std::vector<Vector3d>& x, double distance) {
  double sum = 0;
  int edges = 0;
  for (const fecontact::SurfaceFace& face : skin.faces) {
    const auto n = face.nodes();
    const auto at = [&](std::size_t k) { return x[static_cast<std::size_t>(n[k])]; };
    if ((at(0) + at(1) + at(2)).norm() / 3 > distance) continue;
    for (std::size_t k = 0; k < 3; ++k, ++edges)
      sum += (at(k) - at((k + 1) % 3)).norm();
  }
  return edges > 0 ? sum / edges : 0.0;
}

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

int run(const Options& o) {
  const Clock::time_point start = Clock::now();
  const std::optional<fs::path> gmsh = o.gmsh.empty() ? find_on_path("gmsh") : std::optional(o.gmsh);
  if (!gmsh || !fs::exists(*gmsh)) {
    std::printf("skipped: gmsh not found (give its path with --gmsh)\n");
    return 77;  // ctest's SKIP_RETURN_CODE
  }
  const fecontact::Mesh mesh = mesh_sphere(o, *gmsh);
  if (mesh.blocks.size() != 1 || mesh.blocks[0].type != fecontact::ElementType::tet4)
    throw std::runtime_error(o.geo.string() + " must give one block of tet4 elements");
  const Hertz reference = hertz(radius, o.speed, material);

  // The solver's model: elements, lumped masses, the stable step of the smallest element.
  impact::Tet4Elasticity elements(mesh.coordinates, mesh.blocks[0].connectivity, material);
  const std::vector<double> mass = elements.lumped_mass();
  const double dt = o.safety * elements.smallest_altitude() / material.wave_speed();
  const std::size_t sphere_nodes = mesh.coordinates.size();
  double total_mass = 0;
  for (const double m : mass) total_mass += m;

  // fecontact: the skin of the mesh gives the slave nodes.
  const fecontact::Surface skin = fecontact::exterior_surface(mesh, std::vector<Index>{0});
  const double h_contact = skin_size_near_contact(skin, mesh.coordinates, reference.contact_radius);

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
  const Clock::time_point loop_start = Clock::now();
  for (long step = 0; step < steps; ++step) {
#pragma omp parallel for schedule(static) if (static_cast<long>(sphere_nodes) >= impact::parallel_threshold)
    for (long n = 0; n < static_cast<long>(sphere_nodes); ++n)
      x[static_cast<std::size_t>(n)] = mesh.coordinates[static_cast<std::size_t>(n)] + u[static_cast<std::size_t>(n)];

    const Clock::time_point search_start = Clock::now();
    search.search(x, results);  // fecontact: every step, into the same results
    search_seconds += seconds_since(search_start);
    tree_searches += results[0].searched ? 1 : 0;

    elements.internal_forces(u, f);  // f = f_int
    double strain_energy = 0, penalty_energy = 0, force = 0;
    for (std::size_t n = 0; n < sphere_nodes; ++n) strain_energy += 0.5 * u[n].dot(f[n]);
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
  const double loop_seconds = seconds_since(loop_start), total_seconds = seconds_since(start);
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
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      const auto next = [&]() -> std::string {
        if (i + 1 >= argc) throw std::invalid_argument(arg + " needs a value");
        return argv[++i];
      };
      const auto number = [&] {
        const std::string text = next();
        std::size_t used = 0;
        double value = 0;
        try {
          value = std::stod(text, &used);
        } catch (const std::exception&) {  // not a number, or out of range
        }
        if (used != text.size() || !(value > 0) || !std::isfinite(value))
          throw std::invalid_argument(arg + " needs a positive number, not '" + text + "'");
        return value;
      };
      if (arg == "--size-contact") o.size_contact = number();
      else if (arg == "--size-max") o.size_max = number();
      else if (arg == "--growth") o.growth = number();
      else if (arg == "--speed") o.speed = number();
      else if (arg == "--geo") o.geo = next();
      else if (arg == "--gmsh") o.gmsh = next();
      else if (arg == "--safety") o.safety = number();
      else if (arg == "--penalty") o.penalty = number();
      else if (arg == "--json") o.json = next();
      else if (arg == "--history") o.history = next();
      else if (arg == "--check") o.check = true;
      else if (arg == "--duration-tolerance") o.duration_tolerance = number();
      else if (arg == "--force-tolerance") o.force_tolerance = number();
      else if (arg == "--rebound-fraction") o.rebound_fraction = number();
      else if (arg == "--help") return std::printf("%s", usage), 0;
      else throw std::invalid_argument("unknown option " + arg);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "explicit_impact: %s\n%s", e.what(), usage);
    return 2;
  }
  try {
    return run(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "explicit_impact: %s\n", e.what());
    return 1;
  }
}
