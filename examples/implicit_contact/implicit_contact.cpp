// SPDX-License-Identifier: BSD-3-Clause
// A static, small-strain implicit FE program that uses fecontact's mortar data as a solver would:
// linear elasticity (linear_elasticity.hpp), Eigen's sparse LU, frictionless contact by Lagrange
// multipliers on the weighted gaps with a primal–dual active set. Two problems against closed
// forms: the contact patch test (two blocks with non-matching hex8 and tet10 meshes under a uniform
// pressure; mortar beside single-pass node-to-surface) and Hertz (a sphere pressed onto a rigid
// plane), and Cattaneo–Mindlin with friction (cattaneo_mindlin.cpp). The calls to fecontact are
// marked "fecontact:". README.md gives the method and figures.

#include <algorithm>
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

#include <fecontact/contact.hpp>
#include <fecontact/core.hpp>

#include "cattaneo_mindlin.hpp"
#include "command_line.hpp"
#include "fecontact/frontend/json_writer.hpp"
#include "finite_deformation.hpp"
#include "gmsh_mesh.hpp"
#include "ironing.hpp"
#include "linear_elasticity.hpp"
#include "mortar_constraints.hpp"
#include "saddle_point_solve.hpp"

namespace {

using Eigen::Vector3d;
using fecontact::Index;
using implicit::Constraints;
using implicit::Material;
using implicit::faces_where;
using implicit::mortar_constraints;
namespace fs = std::filesystem;

constexpr Material material{1000, 0.3};
double mortar_seconds = 0;  // time inside fecontact's mortar integration, both problems

struct Options {
  solver::GmshSizing mesh{FECONTACT_HEMISPHERE_GEO, {}, 0.01, 0.15, 0.3};  // the Hertz mesh (hemisphere.geo)
  int upper = 5, lower = 7, layers = 3;  // patch test: elements across the upper and lower blocks
  fecontact::MortarBasis basis = fecontact::MortarBasis::dual;
  bool json = false, check = false;
  bool finite = false, frozen_mortar = false, confined = false;  // --finite: the finite-deformation mode instead
  int finite_steps = 4;
  bool ironing = false;  // --ironing: the ironing problem instead
  implicit::IroningOptions ironing_options;
  double force_jump_tolerance = 0.02;
  double compression = 0.2;
  std::string finite_elements = "both";  // hex8, tet10 or both
  double patch_tolerance = 1e-8, hertz_tolerance = 0.05, profile_tolerance = 0.10;
  implicit::CattaneoMindlinOptions cattaneo;  // the --cattaneo-* options (cattaneo_mindlin.hpp)
};

// The model: nodes (the deformable bodies' and then any rigid ones), volume blocks, equation
// numbers (3 per node, −1 for a fixed degree of freedom) and the load vector.
struct Model {
  fecontact::Mesh mesh;
  std::vector<Index> equation;
  Eigen::VectorXd load;  // 3 per node
  Index equations = 0;

  void number_equations(const auto& fixed) {  // fixed(coordinates, direction, node)
    equation.assign(3 * mesh.coordinates.size(), -1);
    equations = 0;
    for (std::size_t i = 0; i < equation.size(); ++i)
      if (!fixed(mesh.coordinates[i / 3], static_cast<int>(i % 3), i / 3)) equation[i] = equations++;
  }
};

// Node-to-surface constraints: the gap of each slave node to its closest master face, linear in u
// for the fixed contact point (the face's shape functions there) and normal, times the node's
// share A_j = ∫N_j of the slave faces, so that the multiplier is a pressure (force / A_j).
Constraints node_to_surface_constraints(const fecontact::NodeContacts& contacts, const fecontact::Surface& master,
                                        const std::vector<double>& slave_area) {
  Constraints c;
  for (std::size_t k = 0; k < contacts.size(); ++k) {
    const fecontact::SurfaceFace& face = master.faces[static_cast<std::size_t>(contacts.face[k])];
    const fecontact::FaceShape shape = fecontact::face_shape(face.type, contacts.local[k]);
    const double area = slave_area[static_cast<std::size_t>(contacts.node[k])];
    c.nodes.push_back(contacts.node[k]);
    c.weights.push_back(area);
    for (std::size_t l = 0; l < face.nodes().size(); ++l) {
      c.nodes.push_back(face.nodes()[l]);
      c.weights.push_back(-area * shape.value[l]);
    }
    c.offsets.push_back(c.nodes.size());
    c.node_of.push_back(contacts.node[k]);
    c.gap.push_back(area * contacts.gap[k]);
    c.area.push_back(area);
    c.normal.push_back(contacts.normal[k]);
  }
  return c;
}

struct Solution {
  std::vector<Vector3d> u;
  std::vector<double> pressure;  // λ_c per constraint, 0 where inactive
  int iterations = 0;
};

// Frictionless contact by Lagrange multipliers and the primal–dual active set strategy (Hüeber &
// Wohlmuth 2005): with the active set A, solve
//   [ K    −B_Aᵀ ] [u]   [ f     ]
//   [ −B_A   0   ] [λ] = [ g⁰_A  ]     (g_c(u) = 0 and λ_c the pressure on A, λ = 0 elsewhere),
// then A ← {c ∈ A : λ_c > 0} ∪ {c ∉ A : g_c(u) < 0}, until A repeats: the fixed point satisfies
// g ≥ 0, λ ≥ 0, λ·g = 0. Small strain makes each step one linear solve (Eigen's SparseLU: the
// system is symmetric but indefinite). `active` is the first active set.
Solution solve(const Model& model, const Constraints& c, std::vector<char> active) {
  std::vector<Eigen::Triplet<double>> elastic;
  for (const fecontact::ElementBlock& block : model.mesh.blocks)
    implicit::add_stiffness(block, model.mesh.coordinates, material, model.equation, elastic);
  Solution s;
  for (s.iterations = 1; s.iterations <= 50; ++s.iterations) {
    std::vector<Eigen::Triplet<double>> triplets = elastic;
    std::vector<std::size_t> rows;  // the active constraints, in order
    for (std::size_t k = 0; k < c.size(); ++k)
      if (active[k]) rows.push_back(k);
    const auto size = static_cast<Eigen::Index>(model.equations + static_cast<Index>(rows.size()));
    Eigen::VectorXd rhs = Eigen::VectorXd::Zero(size);
    for (std::size_t i = 0; i < model.equation.size(); ++i)
      if (model.equation[i] >= 0) rhs[model.equation[i]] += model.load[static_cast<Eigen::Index>(i)];
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const Index row = model.equations + static_cast<Index>(r);
      const std::size_t k = rows[r];
      rhs[row] = c.gap[k];
      for (std::size_t a = 0; a < c.count(k); ++a)
        for (int i = 0; i < 3; ++i) {
          const Index col = model.equation[3 * c.node(k, a) + static_cast<std::size_t>(i)];
          const double b = c.weight(k, a) * c.normal[k][i];
          if (col >= 0 && b != 0) triplets.emplace_back(row, col, -b), triplets.emplace_back(col, row, -b);
        }
    }
    Eigen::SparseMatrix<double> matrix(size, size);
    matrix.setFromTriplets(triplets.begin(), triplets.end());
    const Eigen::VectorXd x = implicit::refined_solve(implicit::SparseLU(matrix), matrix, rhs, "the contact system");
    s.u.assign(model.mesh.coordinates.size(), Vector3d::Zero());
    for (std::size_t i = 0; i < model.equation.size(); ++i)
      if (model.equation[i] >= 0) s.u[i / 3][static_cast<Eigen::Index>(i % 3)] = x[model.equation[i]];
    s.pressure.assign(c.size(), 0.0);
    for (std::size_t r = 0; r < rows.size(); ++r) s.pressure[rows[r]] = x[model.equations + static_cast<Index>(r)];
    bool changed = false;
    for (std::size_t k = 0; k < c.size(); ++k) {
      const bool now = active[k] ? s.pressure[k] > 0 : c.current_gap(k, s.u) < 0;
      changed = changed || now != static_cast<bool>(active[k]);
      active[k] = now;
    }
    if (!changed) return s;
  }
  throw std::runtime_error("the active set did not settle in 50 iterations");
}

// fecontact: the search (surface-to-surface) and the mortar data of `slave` against `master`.
fecontact::MortarResult mortar(const fecontact::Surface& slave, const fecontact::Surface& master,
                               const std::vector<Vector3d>& x, double tolerance, fecontact::MortarBasis basis) {
  fecontact::ContactInterface interface;
  interface.mode = fecontact::ContactMode::surface_to_surface;
  interface.slave = slave;
  interface.master = master;
  interface.options.tolerance = tolerance;
  fecontact::ContactSearch search(static_cast<Index>(x.size()), {interface});
  const std::vector<fecontact::InterfaceResult> pairs = search.search(x);
  const solver::Stopwatch clock;
  fecontact::MortarIntegration integration;
  fecontact::MortarResult result;
  integration.compute(search.interfaces()[0], pairs[0], x, fecontact::MortarOptions{basis}, result);
  mortar_seconds += clock.seconds();
  return result;
}

// A block of n × n × layers hex8 or hex20 (`type`) over [0, 1]² × [z0, z0 + 0.5], appended to
// `mesh`. Nodes sit on a lattice of q = 1 (hex8) or 2 (hex20) points per element edge, made as the
// elements first use them (a hex20 uses no face or body centre); node order of shape_functions.hpp.
void append_block(fecontact::Mesh& mesh, int n, int layers, double z0, fecontact::ElementType type) {
  const int q = type == fecontact::ElementType::hex20 ? 2 : 1, side = q * n + 1;
  std::vector<Index> lattice(static_cast<std::size_t>(side * side * (q * layers + 1)), -1);
  const auto node = [&](int i, int j, int k) {
    Index& id = lattice[static_cast<std::size_t>(i + side * (j + side * k))];
    if (id < 0) {
      id = static_cast<Index>(mesh.coordinates.size());
      mesh.coordinates.emplace_back(double(i) / (q * n), double(j) / (q * n), z0 + 0.5 * k / (q * layers));
    }
    return id;
  };
  fecontact::ElementBlock block{"block", type, {}, {}};
  for (int k = 0; k < layers; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        const int a = q * i, b = q * j, c = q * k, e = q;  // e: the far side of the element
        block.connectivity.insert(block.connectivity.end(), {node(a, b, c), node(a + e, b, c), node(a + e, b + e, c),
                                  node(a, b + e, c), node(a, b, c + e), node(a + e, b, c + e),
                                  node(a + e, b + e, c + e), node(a, b + e, c + e)});
        if (q == 2)  // mid-edge nodes: the bottom's four edges, the top's, then the four verticals
          block.connectivity.insert(block.connectivity.end(), {node(a + 1, b, c), node(a + 2, b + 1, c), node(a + 1, b + 2, c),
                                    node(a, b + 1, c), node(a + 1, b, c + 2), node(a + 2, b + 1, c + 2),
                                    node(a + 1, b + 2, c + 2), node(a, b + 1, c + 2), node(a, b, c + 1),
                                    node(a + 2, b, c + 1), node(a + 2, b + 2, c + 1), node(a, b + 2, c + 1)});
        block.element_ids.push_back(static_cast<fecontact::FileId>(block.element_ids.size() + 1));
      }
  mesh.blocks.push_back(std::move(block));
}

struct PatchTest {
  double mortar_pressure_error = 0, mortar_stress_error = 0, node_to_surface_pressure_error = 0,
         node_to_surface_stress_error = 0, tet10_pressure_error = 0, tet10_stress_error = 0,
         hex20_pressure_error = 0, hex20_stress_error = 0;
  Index elements = 0, tet10_elements = 0, hex20_elements = 0;
};

// The largest |σzz + 1| over all elements and the largest |λ_c − 1| over the constraints.
std::pair<double, double> patch_errors(const Model& model, const Solution& s) {
  double stress = 0, pressure = 0;
  for (const fecontact::ElementBlock& block : model.mesh.blocks)
    for (const implicit::Vector6d& sigma : implicit::centre_stresses(block, model.mesh.coordinates, s.u, material))
      stress = std::max(stress, std::abs(sigma[2] + 1));
  for (const double lambda : s.pressure) pressure = std::max(pressure, std::abs(lambda - 1));
  return {pressure, stress};
}

// The contact patch test (Taylor & Papadopoulos 1991) on `mesh`, block 0 the lower block over
// [0, 1]² × [−0.5, 0] (master), block 1 the upper over [0, 1]² × [0, 0.5] (slave): pressure 1 on
// top, z fixed at the bottom, rollers on x = 0 and y = 0 in both blocks, so that the exact solution
// is σzz = −1 everywhere (σxx = σyy = 0: the lateral Poisson expansion is free). Mortar, and, when
// `node_to_surface` is given, single-pass node-to-surface: (pressure, stress) errors of each.
std::pair<std::pair<double, double>, std::pair<double, double>> patch_test(fecontact::Mesh mesh, double h,
                                                                         fecontact::MortarBasis basis,
                                                                         bool node_to_surface) {
  constexpr double tiny = 1e-9;
  Model model;
  model.mesh = std::move(mesh);
  const std::vector<Vector3d>& x = model.mesh.coordinates;
  model.number_equations([&](const Vector3d& p, int d, std::size_t) {
    return (d == 0 && std::abs(p.x()) < tiny) || (d == 1 && std::abs(p.y()) < tiny) ||
           (d == 2 && std::abs(p.z() + 0.5) < tiny);
  });
  const auto at_height = [](double z) { return [z](const Vector3d& p) { return std::abs(p.z() - z) < tiny; }; };
  const fecontact::Surface lower_skin = fecontact::exterior_surface(model.mesh, std::vector<Index>{0});
  const fecontact::Surface upper_skin = fecontact::exterior_surface(model.mesh, std::vector<Index>{1});
  const fecontact::Surface master = faces_where(lower_skin, x, at_height(0));
  const fecontact::Surface slave = faces_where(upper_skin, x, at_height(0));
  model.load = Eigen::VectorXd::Zero(3 * static_cast<Eigen::Index>(x.size()));
  implicit::add_pressure(faces_where(upper_skin, x, at_height(0.5)), x, 1.0, model.load);

  const Constraints with_mortar = mortar_constraints(mortar(slave, master, x, 0.1 * h, basis));
  const auto mortar_errors = patch_errors(model, solve(model, with_mortar, std::vector<char>(with_mortar.size(), 1)));
  if (!node_to_surface) return {mortar_errors, {0, 0}};
  fecontact::ContactInterface interface;  // fecontact: single-pass node-to-surface, same meshes
  interface.master = master;
  interface.slave_nodes = fecontact::surface_nodes(slave);
  interface.options.tolerance = 0.1 * h;
  fecontact::ContactSearch search(static_cast<Index>(x.size()), {interface});
  const Constraints with_nodes =
      node_to_surface_constraints(search.search(x)[0].contacts, master, implicit::nodal_areas(slave, x));
  return {mortar_errors, patch_errors(model, solve(model, with_nodes, std::vector<char>(with_nodes.size(), 1)))};
}

// Meshes `geo` with gmsh, its parameters set to `parameters`; its blocks, sorted by name, must be
// of `type`.
fecontact::Mesh gmsh_mesh(const fs::path& gmsh, const fs::path& geo,
                          const std::vector<std::pair<std::string, double>>& parameters, fecontact::ElementType type) {
  fecontact::Mesh mesh = solver::mesh_with_gmsh(gmsh, geo, parameters);
  std::ranges::sort(mesh.blocks, {}, &fecontact::ElementBlock::name);
  for (const fecontact::ElementBlock& block : mesh.blocks)
    if (block.type != type)
      throw std::runtime_error(geo.string() + " must give " + std::string(fecontact::name(type)) + " elements");
  return mesh;
}

// The patch tests: hex8 blocks made here (mortar and node-to-surface), tet10 blocks from gmsh
// (blocks.geo) and hex20 blocks made here (mortar on quadratic faces), each with the chosen basis.
PatchTest patch_tests(const Options& o, const fs::path& gmsh) {
  fecontact::Mesh hex;
  append_block(hex, o.lower, o.layers, -0.5, fecontact::ElementType::hex8);
  append_block(hex, o.upper, o.layers, 0.0, fecontact::ElementType::hex8);
  PatchTest t;
  t.elements = hex.blocks[0].size() + hex.blocks[1].size();
  const double h = 1.0 / std::max(o.upper, o.lower);
  const auto hex_errors = patch_test(std::move(hex), h, o.basis, true);
  std::tie(t.mortar_pressure_error, t.mortar_stress_error) = hex_errors.first;
  std::tie(t.node_to_surface_pressure_error, t.node_to_surface_stress_error) = hex_errors.second;
  fecontact::Mesh tet = gmsh_mesh(gmsh, FECONTACT_BLOCKS_GEO, {{"size_lower", 1.0 / o.lower}, {"size_upper", 1.0 / o.upper}},
                                  fecontact::ElementType::tet10);
  if (tet.blocks.size() != 2) throw std::runtime_error("blocks.geo must give two blocks");
  t.tet10_elements = tet.blocks[0].size() + tet.blocks[1].size();
  std::tie(t.tet10_pressure_error, t.tet10_stress_error) =
      patch_test(std::move(tet), h, o.basis, false).first;
  fecontact::Mesh hex20;
  append_block(hex20, o.lower, o.layers, -0.5, fecontact::ElementType::hex20);
  append_block(hex20, o.upper, o.layers, 0.0, fecontact::ElementType::hex20);
  t.hex20_elements = hex20.blocks[0].size() + hex20.blocks[1].size();
  std::tie(t.hex20_pressure_error, t.hex20_stress_error) = patch_test(std::move(hex20), h, o.basis, false).first;
  return t;
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
  model.mesh = gmsh_mesh(gmsh, o.mesh.geo, o.mesh.parameters(),
                         fecontact::ElementType::tet4);
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
  const Constraints c = mortar_constraints(mortar(slave, plane, x, 0.5 * a, o.basis));
  std::vector<char> guess(c.gap.size());  // first active set: the nodes within r < a (gap < a²/2R)
  for (std::size_t k = 0; k < guess.size(); ++k) guess[k] = c.gap[k] < 0.5 * a * a / radius * c.area[k];
  const Solution s = solve(model, c, std::move(guess));

  // Contact radius from the contact area (the areas of the nodes in compression), peak pressure,
  // and the L2 error of the pressure over r < 0.9a, both with the nodes' areas as weights.
  double area = 0, peak = 0, total = 0, error2 = 0, norm2 = 0;
  for (std::size_t ck = 0; ck < c.size(); ++ck) {
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

// The finite-deformation mode (finite_deformation.hpp): the Neo-Hookean element against central
// differences and the finite-deformation patch test on the hex8 and tet10 blocks of section 1.
int run_finite(const Options& o, const fs::path& gmsh, const solver::Stopwatch& clock) {
  implicit::FiniteOptions options;
  options.material = implicit::NeoHookean::from_young(material.young, material.poisson);
  options.newton.basis = o.basis;
  options.steps = o.finite_steps;
  options.newton.frozen_mortar = o.frozen_mortar;
  options.compression = o.compression;
  options.confined = o.confined;
  const implicit::ElementCheck element = implicit::neo_hookean_check(options.material);
  fecontact::Mesh hex;
  append_block(hex, o.lower, o.layers, -0.5, fecontact::ElementType::hex8);
  append_block(hex, o.upper, o.layers, 0.0, fecontact::ElementType::hex8);
  const double h = 1.0 / std::max(o.upper, o.lower);
  std::vector<std::pair<const char*, implicit::FinitePatchTest>> tests;
  if (o.finite_elements != "tet10") tests.emplace_back("hex8", implicit::finite_patch_test(std::move(hex), h, options));
  if (o.finite_elements != "hex8") {
    fecontact::Mesh tet = gmsh_mesh(gmsh, FECONTACT_BLOCKS_GEO, {{"size_lower", 1.0 / o.lower}, {"size_upper", 1.0 / o.upper}},
                                    fecontact::ElementType::tet10);
    if (tet.blocks.size() != 2) throw std::runtime_error("blocks.geo must give two blocks");
    tests.emplace_back("tet10", implicit::finite_patch_test(std::move(tet), h, options));
  }
  return implicit::report_finite(options, element, tests, o.json, o.check, o.patch_tolerance, clock.seconds());
}

// Ironing (ironing.hpp): the slab of the example's material, the die ten times stiffer.
int run_ironing(const Options& o, const solver::Stopwatch& clock) {
  implicit::IroningOptions options = o.ironing_options;
  options.slab = implicit::NeoHookean::from_young(material.young, material.poisson);
  options.die = implicit::NeoHookean::from_young(10 * material.young, material.poisson);
  options.newton.basis = o.basis;
  options.newton.frozen_mortar = o.frozen_mortar;
  options.newton.full_coverage = true;  // the die's arc is paired far from the contact zone
  const implicit::Ironing result = implicit::ironing(options);
  return implicit::report_ironing(options, result, o.json, o.check, o.force_jump_tolerance, clock.seconds());
}

const char* usage =
    "usage: implicit_contact [--json] [--check] [--upper N] [--lower N] [--layers N] [--size-contact H]\n"
    "                        [--size-max H] [--growth G] [--basis standard|dual] [--geo FILE]\n"
    "                        [--gmsh PATH] [--patch-tolerance T] [--hertz-tolerance T] [--profile-tolerance T]\n"
    "                        [--cattaneo-size-contact H] [--cattaneo-size-max H] [--cattaneo-growth G]\n"
    "                        [--cattaneo-order 1|2] [--cattaneo-steps N] [--cattaneo-geo FILE] [--stick-tolerance T]\n"
    "                        [--traction-tolerance T]\n"
    "                        [--finite [--finite-steps N] [--compression C] [--frozen-mortar] [--confined]\n"
    "                                  [--finite-elements hex8|tet10|both]]\n"
    "                        [--ironing [--ironing-size H] [--ironing-steps N] [--force-jump-tolerance T]\n"
    "                                   [--frozen-mortar]]\n"
    "Defaults: --upper 5 --lower 7 --layers 3 (patch test) --size-contact 0.01 --size-max 0.15 --growth 0.3\n"
    "(hemisphere.geo) --basis dual (of every mortar). --json: the JSON report on stdout, the text\n"
    "on stderr. --check: exit 1 unless the mortar patch test errors are below 1e-8, node-to-surface's above it,\n"
    "and a, p0 within 5% and the profile within 10% of Hertz, and Cattaneo-Mindlin's stick radius within 10%\n"
    "and traction profile within 30% of the closed form (sphere_on_block.geo: --cattaneo-size-contact 0.015\n"
    "--cattaneo-size-max 0.2 --cattaneo-growth 0.3 --cattaneo-steps 5, T in steps of 0.1 mu P).\n"
    "--finite: the finite-deformation mode instead (Neo-Hookean, the finite patch test: the top compressed\n"
    "by C, default 0.2, in N load steps, default 4; --frozen-mortar: the reference D, M in the Newton\n"
    "matrix in place of G; --confined: rollers on x = 1 and y = 1 too); --check: exit 1 unless the\n"
    "element matches central differences and the patch test errors are below the patch tolerance.\n"
    "--ironing: the ironing problem instead (a half-cylinder pressed into a slab of element size H, default\n"
    "0.05, then slid along it by 2 in N load steps, default 75; no gmsh needed); --check: exit 1 unless the\n"
    "largest jump of the vertical reaction between steps over its mean is at most T, default 0.02.\n"
    "Exit 77: gmsh not found.\n";

int run(const Options& o) {
  const solver::Stopwatch clock;
  if (o.ironing) return run_ironing(o, clock);  // meshed here, without gmsh
  const std::optional<fs::path> gmsh = solver::find_gmsh(o.mesh.gmsh);
  if (!gmsh) {
    std::printf("skipped: gmsh not found (give its path with --gmsh)\n");
    return 77;  // ctest's SKIP_RETURN_CODE
  }
  if (o.finite) return run_finite(o, *gmsh, clock);
  const PatchTest patch = patch_tests(o, *gmsh);
  const Hertz h = hertz(o, *gmsh);
  const implicit::CattaneoMindlin cm = implicit::cattaneo_mindlin(o.cattaneo, material, *gmsh);
  mortar_seconds += cm.mortar_seconds;
  const double total_seconds = clock.seconds();

  // Mortar's errors: the largest of the hex8, tet10 and hex20 tests'; node-to-surface's: hex8's.
  const double mortar_pressure_error =
      std::max({patch.mortar_pressure_error, patch.tet10_pressure_error, patch.hex20_pressure_error});
  const double mortar_stress_error = std::max({patch.mortar_stress_error, patch.tet10_stress_error, patch.hex20_stress_error});
  std::FILE* text = o.json ? stderr : stdout;
  std::fprintf(text, "patch test: %d x %d hex8 on %d x %d, %d layers each (%d elements); tet10 of sizes 1/%d on 1/%d "
               "(%d elements)\n", o.upper, o.upper, o.lower, o.lower, o.layers, patch.elements, o.upper, o.lower,
               patch.tet10_elements);
  std::fprintf(text, "  hex8 mortar:            max |p - 1| = %.3g, max |szz + 1| = %.3g\n",
               patch.mortar_pressure_error, patch.mortar_stress_error);
  std::fprintf(text, "  hex8 node-to-surface:   max |p - 1| = %.3g, max |szz + 1| = %.3g\n",
               patch.node_to_surface_pressure_error, patch.node_to_surface_stress_error);
  std::fprintf(text, "  tet10 mortar:           max |p - 1| = %.3g, max |szz + 1| = %.3g\n",
               patch.tet10_pressure_error, patch.tet10_stress_error);
  std::fprintf(text, "  hex20 mortar (%d elements): max |p - 1| = %.3g, max |szz + 1| = %.3g\n", patch.hex20_elements,
               patch.hex20_pressure_error, patch.hex20_stress_error);
  std::fprintf(text, "hertz: %d tet4 (size %g at the contact), F = %.5g (contact force %.5g), %d active-set "
               "iterations\n", h.elements, o.mesh.size_contact, h.hertz_force, h.force, h.iterations);
  std::fprintf(text, "  contact radius %.5g (Hertz %.5g, ratio %.4f); peak pressure %.5g (Hertz %.5g, ratio %.4f); "
               "profile L2 error %.4f\n", h.contact_radius, h.hertz_contact_radius,
               h.contact_radius / h.hertz_contact_radius, h.peak_pressure, h.hertz_peak_pressure,
               h.peak_pressure / h.hertz_peak_pressure, h.profile_error);
  std::fprintf(text, "cattaneo-mindlin: %d %s (size %g at the contact), mu = 0.3, fewest stick nodes over the "
               "load steps %d\n", cm.elements, std::string(fecontact::name(cm.type)).c_str(), o.cattaneo.size_contact,
               cm.fewest_stick_nodes);
  for (const implicit::CattaneoMindlinLoad& l : cm.loads)
    std::fprintf(text, "  T/muP = %.1f: a %.5g (measured %.5g), stick radius %.5g (closed form %.5g, ratio %.4f), "
                 "c/a %.4f (closed form %.4f); traction profile L2 error %.4f; %d iterations in the last step\n",
                 l.load_ratio, l.contact_radius, l.measured_contact_radius, l.stick_radius, l.closed_form_stick_radius,
                 l.stick_radius / l.closed_form_stick_radius, l.stick_radius / l.contact_radius,
                 l.closed_form_stick_radius / l.contact_radius, l.traction_profile_error, l.iterations);
  std::fprintf(text, "time: %.3g s in all, mortar integration %.3g s (%.2f%%)\n", total_seconds, mortar_seconds,
               100 * mortar_seconds / total_seconds);
  if (o.json) {
    std::ostringstream out;
    fecontact::JsonWriter json(out);
    json.begin_object().key("patch_test").begin_object()
        .key("mortar_pressure_error").value(mortar_pressure_error)
        .key("mortar_stress_error").value(mortar_stress_error)
        .key("node_to_surface_pressure_error").value(patch.node_to_surface_pressure_error)
        .key("elements").value(patch.elements + patch.tet10_elements + patch.hex20_elements).end_object()
        .key("hertz").begin_object()
        .key("contact_radius").value(h.contact_radius).key("hertz_contact_radius").value(h.hertz_contact_radius)
        .key("peak_pressure").value(h.peak_pressure).key("hertz_peak_pressure").value(h.hertz_peak_pressure)
        .key("profile_error").value(h.profile_error).key("elements").value(h.elements).end_object()
        .key("cattaneo").begin_array();
    for (const implicit::CattaneoMindlinLoad& l : cm.loads)
      json.begin_object().key("load_ratio").value(l.load_ratio).key("contact_radius").value(l.contact_radius)
          .key("stick_radius").value(l.stick_radius).key("closed_form_stick_radius").value(l.closed_form_stick_radius)
          .key("traction_profile_error").value(l.traction_profile_error).key("elements").value(cm.elements).end_object();
    json.end_array()
        .key("total_seconds").value(total_seconds).key("mortar_seconds").value(mortar_seconds).end_object();
    std::printf("%s\n", out.str().c_str());
  }
  if (!o.check) return 0;
  bool ok = true;
  const auto require = [&](bool condition, const char* what) {
    if (!condition) std::fprintf(text, "check failed: %s\n", what);
    ok = ok && condition;
  };
  require(mortar_pressure_error <= o.patch_tolerance, "mortar contact pressure 1");
  require(mortar_stress_error <= o.patch_tolerance, "mortar szz = -1 in every element");
  require(patch.node_to_surface_pressure_error > o.patch_tolerance, "node-to-surface fails the patch test");
  require(std::abs(h.contact_radius / h.hertz_contact_radius - 1) <= o.hertz_tolerance, "Hertz contact radius");
  require(std::abs(h.peak_pressure / h.hertz_peak_pressure - 1) <= o.hertz_tolerance, "Hertz peak pressure");
  require(h.profile_error <= o.profile_tolerance, "Hertz pressure profile");
  for (const implicit::CattaneoMindlinLoad& l : cm.loads) {
    require(std::abs(l.stick_radius / l.closed_form_stick_radius - 1) <= o.cattaneo.stick_tolerance,
            "Cattaneo-Mindlin stick radius");
    require(l.traction_profile_error <= o.cattaneo.traction_tolerance, "Cattaneo-Mindlin traction profile");
  }
  std::fprintf(text, "check: %s\n", ok ? "passed" : "FAILED");
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  const auto parse = [&](solver::Option& option) {
    if (o.mesh.parse(option) || o.cattaneo.parse(option)) return true;
    const std::string& arg = option.name();
    if (arg == "--upper") o.upper = option.count(1000);
    else if (arg == "--lower") o.lower = option.count(1000);
    else if (arg == "--layers") o.layers = option.count(1000);
    else if (arg == "--basis") {
      const std::string basis = option.text();
      if (basis != "standard" && basis != "dual") throw std::invalid_argument("--basis is standard or dual");
      o.basis = basis == "dual" ? fecontact::MortarBasis::dual : fecontact::MortarBasis::standard;
    } else if (arg == "--json") o.json = true;
    else if (arg == "--check") o.check = true;
    else if (arg == "--finite") o.finite = true;
    else if (arg == "--finite-steps") o.finite_steps = option.count(1000);
    else if (arg == "--frozen-mortar") o.frozen_mortar = true;
    else if (arg == "--compression") {
      o.compression = option.number();
      if (!(o.compression > 0 && o.compression < 1)) throw std::invalid_argument("--compression is between 0 and 1");
    }
    else if (arg == "--confined") o.confined = true;
    else if (arg == "--ironing") o.ironing = true;
    else if (arg == "--ironing-size") o.ironing_options.size = option.number();
    else if (arg == "--ironing-steps") o.ironing_options.slide_steps = option.count(100000);
    else if (arg == "--force-jump-tolerance") o.force_jump_tolerance = option.number();
    else if (arg == "--finite-elements") {
      o.finite_elements = option.text();
      if (o.finite_elements != "hex8" && o.finite_elements != "tet10" && o.finite_elements != "both")
        throw std::invalid_argument("--finite-elements is hex8, tet10 or both");
    }
    else if (arg == "--patch-tolerance") o.patch_tolerance = option.number();
    else if (arg == "--hertz-tolerance") o.hertz_tolerance = option.number();
    else if (arg == "--profile-tolerance") o.profile_tolerance = option.number();
    else return false;
    return true;
  };
  return solver::run_program("implicit_contact", usage, argc, argv, parse, [&] { return run(o); });
}
