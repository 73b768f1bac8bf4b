// A static, small-strain implicit FE program that uses fecontact's mortar data as a solver would:
// linear elasticity (linear_elasticity.hpp), Eigen's sparse LDLᵀ, frictionless contact by a
// penalty on the weighted gaps with an active-set loop. Two problems against closed forms: the
// contact patch test (two blocks with non-matching hex8 meshes under a uniform pressure, mortar
// beside single-pass node-to-surface) and Hertz (a sphere pressed onto a rigid plane). The calls
// to fecontact are marked "fecontact:". README.md gives the method and the figures.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <unistd.h>

#include <Eigen/SparseCholesky>

#include <fecontact/contact.hpp>
#include <fecontact/core.hpp>

#include "linear_elasticity.hpp"

namespace {

using Eigen::Vector3d;
using fecontact::Index;
using implicit::Material;
using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

constexpr Material material{1000, 0.3};
double mortar_seconds = 0;  // time inside fecontact's mortar integration, both problems

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

struct Options {
  fs::path geo = FECONTACT_HEMISPHERE_GEO, gmsh;
  int upper = 5, lower = 7, layers = 3;  // patch test: elements across the upper and lower blocks
  double size_contact = 0.01, size_max = 0.15, growth = 0.3;  // Hertz mesh (hemisphere.geo)
  double penalty = 1e3;  // ε = penalty · E / h
  fecontact::MortarBasis basis = fecontact::MortarBasis::standard;
  bool json = false, check = false;
  double patch_tolerance = 1e-8, hertz_tolerance = 0.05, profile_tolerance = 0.10;
};

// The model: nodes (the deformable bodies' and then any rigid ones), volume blocks, equation
// numbers (3 per node, −1 for a fixed degree of freedom) and the load vector.
struct Model {
  fecontact::Mesh mesh;
  std::vector<Index> equation;
  Eigen::VectorXd load;  // 3 per node
  Index equations = 0;

  void number_equations(const auto& fixed) {  // fixed(node, direction)
    equation.assign(3 * mesh.coordinates.size(), -1);
    equations = 0;
    for (std::size_t i = 0; i < equation.size(); ++i)
      if (!fixed(mesh.coordinates[i / 3], static_cast<int>(i % 3), i / 3)) equation[i] = equations++;
  }
};

// Contact constraints, one a row: the gap g_c(u) = gap_c + normal_c · Σ_i weight_ci u_i (positive
// open), standing for the area `area_c`. Penalty energy ½ ε area_c g_c² while g_c < 0, whose
// pressure is λ_c = −ε g_c.
struct Constraints {
  std::vector<Index> node_of;  // the slave node of row c
  std::vector<Index> offsets{0}, nodes;
  std::vector<double> weights, gap, area;
  std::vector<Vector3d> normal;

  Index size() const { return static_cast<Index>(gap.size()); }
  double current_gap(Index c, const std::vector<Vector3d>& u) const {
    double g = gap[static_cast<std::size_t>(c)];
    for (Index k = offsets[static_cast<std::size_t>(c)]; k < offsets[static_cast<std::size_t>(c) + 1]; ++k)
      g += weights[static_cast<std::size_t>(k)] * normal[static_cast<std::size_t>(c)].dot(u[static_cast<std::size_t>(nodes[static_cast<std::size_t>(k)])]);
    return g;
  }
};

// fecontact's mortar rows as constraints: row j of D and M, divided by A_j = Σ_k D_jk (= ∫Φ_j, the
// area node j stands for), gives the mean gap g̃_j / A_j = n_j · (Σ_l M_jl x_l − Σ_k D_jk x_k) / A_j;
// uncovered nodes are left out. Small strain: D, M and n_j stay those of the reference state.
Constraints mortar_constraints(const fecontact::MortarResult& r) {
  Constraints c;
  for (Index j = 0; j < r.D.rows(); ++j) {
    const auto row = static_cast<std::size_t>(j);
    double area = 0;
    for (Index k = r.D.row_offsets[row]; k < r.D.row_offsets[row + 1]; ++k) area += r.D.values[static_cast<std::size_t>(k)];
    if (!(area > 0)) continue;
    for (Index k = r.D.row_offsets[row]; k < r.D.row_offsets[row + 1]; ++k) {
      c.nodes.push_back(r.slave_nodes[static_cast<std::size_t>(r.D.columns[static_cast<std::size_t>(k)])]);
      c.weights.push_back(-r.D.values[static_cast<std::size_t>(k)] / area);
    }
    for (Index k = r.M.row_offsets[row]; k < r.M.row_offsets[row + 1]; ++k) {
      c.nodes.push_back(r.master_nodes[static_cast<std::size_t>(r.M.columns[static_cast<std::size_t>(k)])]);
      c.weights.push_back(r.M.values[static_cast<std::size_t>(k)] / area);
    }
    c.offsets.push_back(static_cast<Index>(c.nodes.size()));
    c.node_of.push_back(r.slave_nodes[row]);
    c.gap.push_back(r.weighted_gap[row] / area);
    c.area.push_back(area);
    c.normal.push_back(r.slave_normals[row]);
  }
  return c;
}

// Node-to-surface constraints: the gap of each slave node to its closest master face, linear in u
// for the fixed contact point (the face's shape functions there) and normal; the node stands for
// its share ∫N_j of the slave faces.
Constraints node_to_surface_constraints(const fecontact::NodeContacts& contacts, const fecontact::Surface& master,
                                        const std::vector<double>& slave_area) {
  Constraints c;
  for (std::size_t k = 0; k < contacts.size(); ++k) {
    const fecontact::SurfaceFace& face = master.faces[static_cast<std::size_t>(contacts.face[k])];
    const fecontact::FaceShape shape = fecontact::face_shape(face.type, contacts.local[k]);
    c.nodes.push_back(contacts.node[k]);
    c.weights.push_back(1.0);
    for (std::size_t l = 0; l < face.nodes().size(); ++l) {
      c.nodes.push_back(face.nodes()[l]);
      c.weights.push_back(-shape.value[l]);
    }
    c.offsets.push_back(static_cast<Index>(c.nodes.size()));
    c.node_of.push_back(contacts.node[k]);
    c.gap.push_back(contacts.gap[k]);
    c.area.push_back(slave_area[static_cast<std::size_t>(contacts.node[k])]);
    c.normal.push_back(contacts.normal[k]);
  }
  return c;
}

struct Solution {
  std::vector<Vector3d> u;
  std::vector<double> pressure;  // λ_c per constraint, 0 where open
  int iterations = 0;
};

// K u = f + contact, with the penalty ε on the active constraints; the active set is updated from
// the gaps of the solution (active: g_c < 0) until it repeats. `closure` picks the first active
// set: the constraints with gap below it (a guess of the approach; it makes K regular).
Solution solve(const Model& model, const Constraints& c, double epsilon, double closure) {
  std::vector<Eigen::Triplet<double>> elastic;
  for (const fecontact::ElementBlock& block : model.mesh.blocks)
    implicit::add_stiffness(block, model.mesh.coordinates, material, model.equation, elastic);
  std::vector<char> active(static_cast<std::size_t>(c.size()));
  for (Index k = 0; k < c.size(); ++k) active[static_cast<std::size_t>(k)] = c.gap[static_cast<std::size_t>(k)] <= closure;
  Solution s;
  const std::size_t nodes = model.mesh.coordinates.size();
  for (s.iterations = 1; s.iterations <= 50; ++s.iterations) {
    std::vector<Eigen::Triplet<double>> triplets = elastic;
    Eigen::VectorXd f = Eigen::VectorXd::Zero(model.equations);
    for (std::size_t i = 0; i < model.equation.size(); ++i)
      if (model.equation[i] >= 0) f[model.equation[i]] += model.load[static_cast<Eigen::Index>(i)];
    // Contact row b_c (b_c·u = Σ weight n·u_i): K += ε A b bᵀ, f −= ε A gap b.
    for (Index k = 0; k < c.size(); ++k) {
      const auto ck = static_cast<std::size_t>(k);
      if (!active[ck]) continue;
      const double scale = epsilon * c.area[ck];
      for (Index a = c.offsets[ck]; a < c.offsets[ck + 1]; ++a)
        for (int i = 0; i < 3; ++i) {
          const Index row = model.equation[static_cast<std::size_t>(3 * c.nodes[static_cast<std::size_t>(a)] + i)];
          if (row < 0) continue;
          const double ba = c.weights[static_cast<std::size_t>(a)] * c.normal[ck][i];
          f[row] -= scale * c.gap[ck] * ba;
          for (Index b = c.offsets[ck]; b < c.offsets[ck + 1]; ++b)
            for (int j = 0; j < 3; ++j) {
              const Index col = model.equation[static_cast<std::size_t>(3 * c.nodes[static_cast<std::size_t>(b)] + j)];
              if (col >= 0) triplets.emplace_back(row, col, scale * ba * c.weights[static_cast<std::size_t>(b)] * c.normal[ck][j]);
            }
        }
    }
    Eigen::SparseMatrix<double> k(model.equations, model.equations);
    k.setFromTriplets(triplets.begin(), triplets.end());
    const Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>> ldlt(k);
    if (ldlt.info() != Eigen::Success) throw std::runtime_error("the stiffness matrix is singular");
    const Eigen::VectorXd x = ldlt.solve(f);
    s.u.assign(nodes, Vector3d::Zero());
    for (std::size_t i = 0; i < model.equation.size(); ++i)
      if (model.equation[i] >= 0) s.u[i / 3][static_cast<Eigen::Index>(i % 3)] = x[model.equation[i]];
    bool changed = false;
    s.pressure.assign(static_cast<std::size_t>(c.size()), 0.0);
    for (Index k = 0; k < c.size(); ++k) {
      const double g = c.current_gap(k, s.u);
      const bool now = g < 0;
      changed = changed || now != static_cast<bool>(active[static_cast<std::size_t>(k)]);
      active[static_cast<std::size_t>(k)] = now;
      if (now) s.pressure[static_cast<std::size_t>(k)] = -epsilon * g;
    }
    if (!changed) return s;
  }
  throw std::runtime_error("the active set did not settle in 50 iterations");
}

// The faces of `skin` whose nodes all satisfy `keep`.
fecontact::Surface faces_where(const fecontact::Surface& skin, const std::vector<Vector3d>& x, const auto& keep) {
  fecontact::Surface out;
  for (const fecontact::SurfaceFace& face : skin.faces)
    if (std::ranges::all_of(face.nodes(), [&](Index n) { return keep(x[static_cast<std::size_t>(n)]); }))
      out.faces.push_back(face);
  return out;
}

// fecontact: the search (surface-to-surface) and the mortar data of `slave` against `master`.
fecontact::MortarResult mortar(const fecontact::Surface& slave, const fecontact::Surface& master,
                               const std::vector<Vector3d>& x, double tolerance, fecontact::MortarBasis basis) {
  fecontact::ContactInterface interface;
  interface.kind = fecontact::ContactKind::surface_to_surface;
  interface.slave = slave;
  interface.master = master;
  interface.options.tolerance = tolerance;
  fecontact::ContactSearch search(static_cast<Index>(x.size()), {interface});
  const std::vector<fecontact::InterfaceResult> pairs = search.search(x);
  const Clock::time_point start = Clock::now();
  fecontact::MortarIntegration integration;
  fecontact::MortarResult result;
  integration.compute(search.interfaces()[0], pairs[0], x, fecontact::MortarOptions{basis}, result);
  mortar_seconds += seconds_since(start);
  return result;
}

// A block of n × n × layers hex8 over [0, 1]² × [z0, z0 + 0.5], appended to `mesh`.
void append_block(fecontact::Mesh& mesh, int n, int layers, double z0) {
  const auto first = static_cast<Index>(mesh.coordinates.size());
  for (int k = 0; k <= layers; ++k)
    for (int j = 0; j <= n; ++j)
      for (int i = 0; i <= n; ++i) mesh.coordinates.emplace_back(double(i) / n, double(j) / n, z0 + 0.5 * k / layers);
  const auto node = [&](int i, int j, int k) { return first + i + (n + 1) * (j + (n + 1) * k); };
  fecontact::ElementBlock block{"block", fecontact::ElementType::hex8, {}, {}};
  for (int k = 0; k < layers; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        block.connectivity.insert(block.connectivity.end(), {node(i, j, k), node(i + 1, j, k), node(i + 1, j + 1, k),
                                  node(i, j + 1, k), node(i, j, k + 1), node(i + 1, j, k + 1),
                                  node(i + 1, j + 1, k + 1), node(i, j + 1, k + 1)});
        block.element_ids.push_back(static_cast<fecontact::FileId>(block.element_ids.size() + 1));
      }
  mesh.blocks.push_back(std::move(block));
}

struct PatchTest {
  double mortar_pressure_error, mortar_stress_error, node_to_surface_pressure_error,
      node_to_surface_stress_error;
  Index elements, slave_nodes;
};

// The largest |σzz + p| over all elements, relative to p.
double stress_error(const Model& model, const std::vector<Vector3d>& u, double p) {
  double error = 0;
  for (const fecontact::ElementBlock& block : model.mesh.blocks)
    for (const implicit::Vector6d& s : implicit::centre_stresses(block, model.mesh.coordinates, u, material))
      error = std::max(error, std::abs(s[2] + p) / p);
  return error;
}

double pressure_error(const Solution& s, double p) {
  double error = 0;
  for (const double l : s.pressure) error = std::max(error, std::abs(l - p) / p);
  return error;
}

// The contact patch test (Taylor & Papadopoulos 1991): the upper block (slave) on the lower
// (master), pressure 1 on top, z fixed at the bottom, rollers on x = 0 and y = 0 in both blocks,
// so that the exact solution is σzz = −1 everywhere with free lateral expansion.
PatchTest patch_test(const Options& o) {
  Model model;
  append_block(model.mesh, o.lower, o.layers, -0.5);
  append_block(model.mesh, o.upper, o.layers, 0.0);
  const std::vector<Vector3d>& x = model.mesh.coordinates;
  model.number_equations([&](const Vector3d& p, int d, std::size_t) {
    return (d == 0 && p.x() == 0) || (d == 1 && p.y() == 0) || (d == 2 && p.z() == -0.5);
  });
  const fecontact::Surface lower_skin = fecontact::exterior_surface(model.mesh, std::vector<Index>{0});
  const fecontact::Surface upper_skin = fecontact::exterior_surface(model.mesh, std::vector<Index>{1});
  const fecontact::Surface master = faces_where(lower_skin, x, [](const Vector3d& p) { return p.z() == 0; });
  const fecontact::Surface slave = faces_where(upper_skin, x, [](const Vector3d& p) { return p.z() == 0; });
  model.load = Eigen::VectorXd::Zero(3 * static_cast<Eigen::Index>(x.size()));
  implicit::add_pressure(faces_where(upper_skin, x, [](const Vector3d& p) { return p.z() == 0.5; }), x, 1.0,
                         model.load);
  const double h = 1.0 / std::max(o.upper, o.lower), epsilon = o.penalty * material.young / h;

  const Solution with_mortar = solve(model, mortar_constraints(mortar(slave, master, x, 0.1 * h, o.basis)), epsilon, 0);

  fecontact::ContactInterface interface;  // fecontact: single-pass node-to-surface, same meshes
  interface.master = master;
  interface.slave_nodes = fecontact::surface_nodes(slave);
  interface.options.tolerance = 0.1 * h;
  fecontact::ContactSearch search(static_cast<Index>(x.size()), {interface});
  const std::vector<fecontact::InterfaceResult> contacts = search.search(x);
  const Solution with_nodes = solve(
      model, node_to_surface_constraints(contacts[0].contacts, master, implicit::nodal_areas(slave, x)), epsilon, 0);
  return {pressure_error(with_mortar, 1), stress_error(model, with_mortar.u, 1), pressure_error(with_nodes, 1),
          stress_error(model, with_nodes.u, 1), model.mesh.blocks[0].size() + model.mesh.blocks[1].size(),
          static_cast<Index>(interface.slave_nodes.size())};
}

std::optional<fs::path> find_on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  const std::string folders = path ? path : "";
  for (std::size_t begin = 0; begin <= folders.size();) {
    const std::size_t end = std::min(folders.find(':', begin), folders.size());
    const fs::path candidate = fs::path(folders.substr(begin, end - begin)) / name;
    if (end > begin && ::access(candidate.c_str(), X_OK) == 0) return candidate;
    begin = end + 1;
  }
  return std::nullopt;
}

// Meshes hemisphere.geo with gmsh (tet4) in a temporary folder and reads the result.
fecontact::Mesh mesh_hemisphere(const Options& o, const fs::path& gmsh) {
  const fs::path folder = fs::temp_directory_path() / ("fecontact_implicit_" + std::to_string(::getpid()));
  fs::create_directories(folder);
  const auto quoted = [](const fs::path& p) { return "'" + p.string() + "'"; };
  std::ostringstream command;
  command << quoted(gmsh) << ' ' << quoted(o.geo) << " -3 -format msh41 -v 1 -setnumber size_contact "
          << o.size_contact << " -setnumber size_max " << o.size_max << " -setnumber growth " << o.growth << " -o "
          << quoted(folder / "hemisphere.msh") << " > " << quoted(folder / "gmsh.log") << " 2>&1";
  if (std::system(command.str().c_str()) != 0) {
    std::ifstream log(folder / "gmsh.log");
    const std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
    fs::remove_all(folder);
    throw std::runtime_error("gmsh failed on " + o.geo.string() + ":\n" + text);
  }
  fecontact::Mesh mesh = fecontact::read_mesh(folder / "hemisphere.msh");
  fs::remove_all(folder);
  if (mesh.blocks.size() != 1 || mesh.blocks[0].type != fecontact::ElementType::tet4)
    throw std::runtime_error(o.geo.string() + " must give one block of tet4 elements");
  return mesh;
}

struct Hertz {
  double contact_radius, hertz_contact_radius, peak_pressure, hertz_peak_pressure, profile_error, force,
      hertz_force;
  Index elements;
  int iterations;
};

// Hertz (Johnson, Contact Mechanics, 1985, §4.2): a sphere of radius R on a rigid plane under a
// force F, E* = E/(1−ν²): contact radius a = (3FR/(4E*))^{1/3}, pressure p₀√(1 − r²/a²) with
// p₀ = 3F/(2πa²). F is chosen for a = R/10. A quarter of the lower half of the sphere (rollers on
// x = 0 and y = 0) carries F/4 as a uniform pressure on its flat top; the plane z = 0 is one rigid
// quad4 (master, its nodes fixed), the sphere's skin the slave.
Hertz hertz(const Options& o, const fs::path& gmsh) {
  constexpr double radius = 1, tiny = 1e-9;
  const double e_star = material.young / (1 - material.poisson * material.poisson), a = 0.1 * radius;
  const double force = 4 * e_star * a * a * a / (3 * radius), p0 = 3 * force / (2 * std::numbers::pi * a * a);
  Model model;
  model.mesh = mesh_hemisphere(o, gmsh);
  std::vector<Vector3d>& x = model.mesh.coordinates;
  const fecontact::Surface skin = fecontact::exterior_surface(model.mesh, std::vector<Index>{0});
  const auto sphere_nodes = x.size();
  for (const Vector3d& corner : {Vector3d(-0.1, -0.1, 0), Vector3d(1.1, -0.1, 0), Vector3d(1.1, 1.1, 0),
                                 Vector3d(-0.1, 1.1, 0)})
    x.push_back(corner);
  const auto n = static_cast<Index>(sphere_nodes);
  const fecontact::Surface plane = fecontact::surface_from_arrays(std::vector<Index>{0, 4},
                                                                  std::vector<Index>{n, n + 1, n + 2, n + 3});
  model.number_equations([&](const Vector3d& p, int d, std::size_t node) {
    return node >= sphere_nodes || (d == 0 && std::abs(p.x()) < tiny) || (d == 1 && std::abs(p.y()) < tiny);
  });
  model.load = Eigen::VectorXd::Zero(3 * static_cast<Eigen::Index>(x.size()));
  implicit::add_pressure(faces_where(skin, x, [&](const Vector3d& p) { return p.z() > radius - tiny; }), x,
                         force / (std::numbers::pi * radius * radius), model.load);
  fecontact::Surface slave;  // the lower half's spherical faces: their normal is radial, not ±x, ±y or +z
  for (const fecontact::SurfaceFace& face : skin.faces) {
    const auto at = [&](int k) { return x[static_cast<std::size_t>(face.nodes()[static_cast<std::size_t>(k)])]; };
    const Vector3d centroid = (at(0) + at(1) + at(2)) / 3, radial = centroid - Vector3d(0, 0, radius);
    if (centroid.z() < 0.5 * radius && (at(1) - at(0)).cross(at(2) - at(0)).normalized().dot(radial.normalized()) > 0.5)
      slave.faces.push_back(face);
  }
  const double epsilon = o.penalty * material.young / o.size_contact;
  const Constraints c = mortar_constraints(mortar(slave, plane, x, 0.5 * a, o.basis));
  const Solution s = solve(model, c, epsilon, 0.5 * a * a / radius);  // first guess: r < a

  // Contact radius from the contact area (the areas of the nodes in compression), peak pressure,
  // and the L2 error of the pressure over r < 0.9a, both with the nodes' areas as weights.
  double area = 0, peak = 0, total = 0, error2 = 0, norm2 = 0;
  for (Index k = 0; k < c.size(); ++k) {
    const auto ck = static_cast<std::size_t>(k);
    const Vector3d& p = x[static_cast<std::size_t>(c.node_of[ck])];
    const double r = std::hypot(p.x(), p.y()), lambda = s.pressure[ck];
    if (lambda > 0) area += c.area[ck];
    peak = std::max(peak, lambda);
    total += lambda * c.area[ck];
    if (r < 0.9 * a) {
      const double exact = p0 * std::sqrt(1 - r * r / (a * a));
      error2 += c.area[ck] * (lambda - exact) * (lambda - exact);
      norm2 += c.area[ck] * exact * exact;
    }
  }
  return {std::sqrt(4 * area / std::numbers::pi), a, peak, p0, std::sqrt(error2 / norm2), 4 * total, force,
          model.mesh.blocks[0].size(), s.iterations};
}

const char* usage =
    "usage: implicit_contact [--json] [--check] [--upper N] [--lower N] [--layers N] [--size-contact H]\n"
    "                        [--size-max H] [--growth G] [--penalty P] [--basis standard|dual] [--geo FILE]\n"
    "                        [--gmsh PATH] [--patch-tolerance T] [--hertz-tolerance T] [--profile-tolerance T]\n"
    "Defaults: --upper 5 --lower 7 --layers 3 (patch test) --size-contact 0.01 --size-max 0.15 --growth 0.3\n"
    "(hemisphere.geo) --penalty 1e3 (eps = P E / h) --basis standard. --json: the JSON report on stdout, the text\n"
    "on stderr. --check: exit 1 unless the mortar patch test errors are below 1e-8, node-to-surface's above it,\n"
    "and a, p0 within 5% and the profile within 10% of Hertz. Exit 77: gmsh not found.\n";

int run(const Options& o) {
  const Clock::time_point start = Clock::now();
  const std::optional<fs::path> gmsh = o.gmsh.empty() ? find_on_path("gmsh") : std::optional(o.gmsh);
  if (!gmsh || !fs::exists(*gmsh)) {
    std::printf("skipped: gmsh not found (give its path with --gmsh)\n");
    return 77;  // ctest's SKIP_RETURN_CODE
  }
  const PatchTest patch = patch_test(o);
  const Hertz h = hertz(o, *gmsh);
  const double total_seconds = seconds_since(start);

  std::FILE* text = o.json ? stderr : stdout;
  std::fprintf(text, "patch test: %d x %d hex8 on %d x %d, %d layers each (%d elements), %d slave nodes\n", o.upper,
               o.upper, o.lower, o.lower, o.layers, patch.elements, patch.slave_nodes);
  std::fprintf(text, "  mortar:           max |p - 1| = %.3g, max |szz + 1| = %.3g\n", patch.mortar_pressure_error,
               patch.mortar_stress_error);
  std::fprintf(text, "  node-to-surface:  max |p - 1| = %.3g, max |szz + 1| = %.3g\n",
               patch.node_to_surface_pressure_error, patch.node_to_surface_stress_error);
  std::fprintf(text, "hertz: %d tet4 (size %g at the contact), F = %.5g (contact force %.5g), %d active-set "
               "iterations\n", h.elements, o.size_contact, h.hertz_force, h.force, h.iterations);
  std::fprintf(text, "  contact radius %.5g (Hertz %.5g, ratio %.4f); peak pressure %.5g (Hertz %.5g, ratio %.4f); "
               "profile L2 error %.4f\n", h.contact_radius, h.hertz_contact_radius,
               h.contact_radius / h.hertz_contact_radius, h.peak_pressure, h.hertz_peak_pressure,
               h.peak_pressure / h.hertz_peak_pressure, h.profile_error);
  std::fprintf(text, "time: %.3g s in all, mortar integration %.3g s (%.2f%%)\n", total_seconds, mortar_seconds,
               100 * mortar_seconds / total_seconds);
  if (o.json) {
    std::ostringstream out;
    fecontact::JsonWriter json(out);
    json.begin_object().key("patch_test").begin_object()
        .key("mortar_pressure_error").value(patch.mortar_pressure_error)
        .key("mortar_stress_error").value(patch.mortar_stress_error)
        .key("node_to_surface_pressure_error").value(patch.node_to_surface_pressure_error)
        .key("elements").value(patch.elements).end_object()
        .key("hertz").begin_object()
        .key("contact_radius").value(h.contact_radius).key("hertz_contact_radius").value(h.hertz_contact_radius)
        .key("peak_pressure").value(h.peak_pressure).key("hertz_peak_pressure").value(h.hertz_peak_pressure)
        .key("profile_error").value(h.profile_error).key("elements").value(h.elements).end_object()
        .key("total_seconds").value(total_seconds).key("mortar_seconds").value(mortar_seconds).end_object();
    std::printf("%s\n", out.str().c_str());
  }
  if (!o.check) return 0;
  bool ok = true;
  const auto require = [&](bool condition, const char* what) {
    if (!condition) std::fprintf(text, "check failed: %s\n", what);
    ok = ok && condition;
  };
  require(patch.mortar_pressure_error <= o.patch_tolerance, "mortar contact pressure 1");
  require(patch.mortar_stress_error <= o.patch_tolerance, "mortar szz = -1 in every element");
  require(patch.node_to_surface_pressure_error > o.patch_tolerance, "node-to-surface fails the patch test");
  require(std::abs(h.contact_radius / h.hertz_contact_radius - 1) <= o.hertz_tolerance, "Hertz contact radius");
  require(std::abs(h.peak_pressure / h.hertz_peak_pressure - 1) <= o.hertz_tolerance, "Hertz peak pressure");
  require(h.profile_error <= o.profile_tolerance, "Hertz pressure profile");
  std::fprintf(text, "check: %s\n", ok ? "passed" : "FAILED");
  return ok ? 0 : 1;
}

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
      const auto count = [&] {
        const double value = number();
        if (value != std::floor(value) || value > 1000) throw std::invalid_argument(arg + " needs a whole number ≤ 1000");
        return static_cast<int>(value);
      };
      if (arg == "--upper") o.upper = count();
      else if (arg == "--lower") o.lower = count();
      else if (arg == "--layers") o.layers = count();
      else if (arg == "--size-contact") o.size_contact = number();
      else if (arg == "--size-max") o.size_max = number();
      else if (arg == "--growth") o.growth = number();
      else if (arg == "--penalty") o.penalty = number();
      else if (arg == "--basis") {
        const std::string basis = next();
        if (basis != "standard" && basis != "dual") throw std::invalid_argument("--basis is standard or dual");
        o.basis = basis == "dual" ? fecontact::MortarBasis::dual : fecontact::MortarBasis::standard;
      } else if (arg == "--geo") o.geo = next();
      else if (arg == "--gmsh") o.gmsh = next();
      else if (arg == "--json") o.json = true;
      else if (arg == "--check") o.check = true;
      else if (arg == "--patch-tolerance") o.patch_tolerance = number();
      else if (arg == "--hertz-tolerance") o.hertz_tolerance = number();
      else if (arg == "--profile-tolerance") o.profile_tolerance = number();
      else if (arg == "--help") return std::printf("%s", usage), 0;
      else throw std::invalid_argument("unknown option " + arg);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "implicit_contact: %s\n%s", e.what(), usage);
    return 2;
  }
  try {
    return run(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "implicit_contact: %s\n", e.what());
    return 1;
  }
}
