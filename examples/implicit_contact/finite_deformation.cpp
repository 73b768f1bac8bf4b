// SPDX-License-Identifier: BSD-3-Clause
// The finite-deformation problems of examples/implicit_contact (finite_deformation.hpp). Newton on
// [u; λ] with the residual
//   r(u, λ) = f_int(u) − G(x)ᵀ λ,   g̃_A(x) = 0 on the active set A,   x = X + u,
// where g̃ are fecontact's weighted gaps on the current coordinates and G = ∂g̃/∂x their Jacobian
// (MortarDerivatives::gap_jacobian), both recomputed, with the search's pairs, at every iteration.
// The Newton matrix is
//   [ K_T   −G_Aᵀ ] [δu]   [ −r  ]
//   [ −G_A    0   ] [δλ] = [ g̃_A ],
// K_T the Neo-Hookean tangent. The full linearisation of r would subtract H(λ) = Σ_j λ_j ∂²g̃_j/∂x²
// from K_T; fecontact does not provide it, and it is left out here (README.md: what that costs).
// With `frozen_mortar` the G of the matrix is replaced by the rows n_j⁰ · (M⁰, −D⁰) of the
// reference configuration, the derivatives of D, M and the normals dropped; the residual is the
// same, so the converged state is too, only the rate differs.

#include "finite_deformation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <sstream>
#include <string>

#include <Eigen/SparseCore>
#include <Eigen/SparseLU>

#include "fecontact/frontend/json_writer.hpp"

namespace implicit {
namespace {

using Eigen::Vector3d;
using fecontact::Index;

constexpr double tiny = 1e-9;

std::size_t at(Index i) { return static_cast<std::size_t>(i); }

// The faces of `skin` whose nodes all lie on the plane z = height.
fecontact::Surface faces_at_height(const fecontact::Surface& skin, const std::vector<Vector3d>& x, double height) {
  fecontact::Surface out;
  for (const fecontact::SurfaceFace& face : skin.faces)
    if (std::ranges::all_of(face.nodes(), [&](Index n) { return std::abs(x[at(n)].z() - height) < tiny; }))
      out.faces.push_back(face);
  return out;
}

// The rows n_j · (Σ_l M_jl x_l − Σ_k (D T)_jk x_k) of `r` as sparse rows over 3 · node + axis: the
// Jacobian of the weighted gaps with D, M and the normals held fixed (columns may repeat).
fecontact::SparseRows frozen_rows(const fecontact::MortarResult& r) {
  fecontact::SparseRows rows;
  rows.row_offsets.push_back(0);
  const fecontact::SparseRows& t = r.slave_transformation;
  const auto add = [&](Index node, const Vector3d& normal, double weight) {
    for (int i = 0; i < 3; ++i) {
      rows.columns.push_back(3 * node + i);
      rows.values.push_back(weight * normal[i]);
    }
  };
  for (std::size_t j = 0; j < r.slave_nodes.size(); ++j) {
    const Vector3d& n = r.slave_normals[j];
    for (Index k = r.D.row_offsets[j]; k < r.D.row_offsets[j + 1]; ++k) {
      const Index column = r.D.columns[at(k)];
      const double d = r.D.values[at(k)];
      if (t.rows() == 0) {
        add(r.slave_nodes[at(column)], n, -d);
        continue;
      }
      for (Index i = t.row_offsets[at(column)]; i < t.row_offsets[at(column) + 1]; ++i)
        add(r.slave_nodes[at(t.columns[at(i)])], n, -d * t.values[at(i)]);
    }
    for (Index k = r.M.row_offsets[j]; k < r.M.row_offsets[j + 1]; ++k)
      add(r.master_nodes[at(r.M.columns[at(k)])], n, r.M.values[at(k)]);
    rows.row_offsets.push_back(static_cast<Index>(rows.columns.size()));
  }
  return rows;
}

// The mortar data of the slave surface against the master at the coordinates x, with the
// derivatives: the search (fecontact: surface-to-surface, its pairs at x) and the integration.
struct CurrentMortar {
  fecontact::ContactSearch search;
  fecontact::MortarIntegration integration;
  fecontact::MortarOptions options;
  fecontact::MortarResult result;
  fecontact::MortarDerivatives derivatives;

  CurrentMortar(const fecontact::Surface& slave, const fecontact::Surface& master, Index nodes, double tolerance,
                fecontact::MortarBasis basis)
      : search(nodes, {interface(slave, master, tolerance)}), options{basis} {}

  static fecontact::ContactInterface interface(const fecontact::Surface& slave, const fecontact::Surface& master,
                                               double tolerance) {
    fecontact::ContactInterface i;
    i.mode = fecontact::ContactMode::surface_to_surface;
    i.slave = slave;
    i.master = master;
    i.options.tolerance = tolerance;
    return i;
  }
  void update(const std::vector<Vector3d>& x) {
    const std::vector<fecontact::InterfaceResult> pairs = search.search(x);  // fecontact: the pairs at x
    integration.compute(search.interfaces()[0], pairs[0], x, options, result, derivatives);  // fecontact: g̃, G
  }
  bool covered(std::size_t row) const { return result.D.row_offsets[row] < result.D.row_offsets[row + 1]; }
};

// The internal force (3 per node) and, over the equation numbers (−1: prescribed), the tangent
// as triplets, of every element of `mesh` for the displacements u.
void assemble_solid(const fecontact::Mesh& mesh, const std::vector<Vector3d>& u, const NeoHookean& material,
                    const std::vector<Index>& equation, Eigen::VectorXd& force,
                    std::vector<Eigen::Triplet<double>>& triplets) {
  force.setZero(3 * static_cast<Eigen::Index>(mesh.coordinates.size()));
  triplets.clear();
  Eigen::VectorXd fe;
  Eigen::MatrixXd ke;
  for (const fecontact::ElementBlock& block : mesh.blocks)
    for (Index e = 0; e < block.size(); ++e) {
      const std::span<const Index> nodes = block.element(e);
      element_response(block.type, nodes, mesh.coordinates, u, material, fe, ke);
      for (Eigen::Index i = 0; i < ke.rows(); ++i) {
        const Index dof = 3 * nodes[at(i / 3)] + i % 3;
        force[dof] += fe[i];
        const Index row = equation[at(dof)];
        if (row < 0) continue;
        for (Eigen::Index j = 0; j < ke.cols(); ++j) {
          const Index col = equation[at(3 * nodes[at(j / 3)] + j % 3)];
          if (col >= 0) triplets.emplace_back(row, col, ke(i, j));
        }
      }
    }
}

}  // namespace

double lateral_stretch(const NeoHookean& m, double stretch) {
  double a = 1;
  for (int i = 0; i < 50; ++i) {
    const double f = m.mu * (a * a - 1) + m.lambda * std::log(a * a * stretch);
    const double step = f / (2 * m.mu * a + 2 * m.lambda / a);
    a -= step;
    if (std::abs(step) <= 1e-16 * a) break;
  }
  return a;
}

double convergence_order(const std::vector<double>& residuals) {
  double order = std::numeric_limits<double>::infinity();
  const std::size_t last = residuals.size() - 1;  // the index of the last residual
  for (std::size_t k = std::max<std::size_t>(1, last >= 3 ? last - 3 : 1); k < last; ++k)
    order = std::min(order, std::log(residuals[k + 1] / residuals[0]) / std::log(residuals[k] / residuals[0]));
  return order;
}

FinitePatchTest finite_patch_test(fecontact::Mesh mesh, double h, const FiniteOptions& o) {
  const std::vector<Vector3d>& reference = mesh.coordinates;
  const std::size_t nodes = reference.size();
  // Equations: rollers on x = 0 and y = 0, z fixed at the bottom and prescribed at the top.
  std::vector<Index> equation(3 * nodes, -1);
  Index equations = 0;
  for (std::size_t i = 0; i < equation.size(); ++i) {
    const Vector3d& p = reference[i / 3];
    const int d = static_cast<int>(i % 3);
    const bool confined = o.confined && d < 2 && std::abs(p[d] - 1) < tiny;  // rollers on x = 1 and y = 1 as well
    const bool fixed = confined || (d == 0 && std::abs(p.x()) < tiny) || (d == 1 && std::abs(p.y()) < tiny) ||
                       (d == 2 && (std::abs(p.z() + 0.5) < tiny || std::abs(p.z() - 0.5) < tiny));
    if (!fixed) equation[i] = equations++;
  }
  const fecontact::Surface lower_skin = fecontact::exterior_surface(mesh, std::vector<Index>{0});  // fecontact
  const fecontact::Surface upper_skin = fecontact::exterior_surface(mesh, std::vector<Index>{1});
  const fecontact::Surface master = faces_at_height(lower_skin, reference, 0);
  const fecontact::Surface slave = faces_at_height(upper_skin, reference, 0);
  CurrentMortar mortar(slave, master, static_cast<Index>(nodes), 0.1 * h, o.basis);
  mortar.update(reference);
  const fecontact::SparseRows frozen = frozen_rows(mortar.result);
  const std::size_t rows = mortar.result.slave_nodes.size();
  std::vector<char> active(rows);
  for (std::size_t j = 0; j < rows; ++j) active[j] = mortar.covered(j);  // the blocks touch from the start
  std::vector<double> lambda(rows, 0.0);

  FinitePatchTest t;
  t.elements = mesh.blocks[0].size() + mesh.blocks[1].size();
  std::vector<Vector3d> u(nodes, Vector3d::Zero()), x = reference;
  Eigen::VectorXd force;
  std::vector<Eigen::Triplet<double>> triplets;
  for (int step = 1; step <= o.steps; ++step) {
    for (std::size_t i = 0; i < nodes; ++i)
      if (std::abs(reference[i].z() - 0.5) < tiny) u[i].z() = -o.compression * step / o.steps;
    std::vector<double>& record = t.residuals.emplace_back();
    bool active_changed = true;
    for (int iteration = 0;; ++iteration) {
      for (std::size_t i = 0; i < nodes; ++i) x[i] = reference[i] + u[i];
      mortar.update(x);
      if (iteration > 0) {  // the primal–dual active set: keep pressed nodes, add penetrating ones
        active_changed = false;
        for (std::size_t j = 0; j < rows; ++j) {
          const bool now = mortar.covered(j) && (active[j] ? lambda[j] > 0 : mortar.result.weighted_gap[j] < 0);
          active_changed = active_changed || now != static_cast<bool>(active[j]);
          active[j] = now;
          if (!now) lambda[j] = 0;
        }
      }
      assemble_solid(mesh, u, o.material, equation, force, triplets);
      const fecontact::SparseRows& g = mortar.derivatives.gap_jacobian;
      for (std::size_t j = 0; j < rows; ++j)  // r = f_int − Gᵀλ
        for (Index k = g.row_offsets[j]; k < g.row_offsets[j + 1]; ++k) force[g.columns[at(k)]] -= g.values[at(k)] * lambda[j];
      std::vector<std::size_t> constraint;  // the active rows, in order
      for (std::size_t j = 0; j < rows; ++j)
        if (active[j]) constraint.push_back(j);
      const auto size = static_cast<Eigen::Index>(equations + static_cast<Index>(constraint.size()));
      Eigen::VectorXd rhs(size);
      for (std::size_t i = 0; i < equation.size(); ++i)
        if (equation[i] >= 0) rhs[equation[i]] = -force[static_cast<Eigen::Index>(i)];
      for (std::size_t c = 0; c < constraint.size(); ++c)
        rhs[equations + static_cast<Index>(c)] = mortar.result.weighted_gap[constraint[c]];
      record.push_back(rhs.norm());
      if (!active_changed && record.back() <= o.newton_tolerance * record.front()) break;
      if (iteration == o.max_iterations) {
        std::string message = "Newton did not converge in load step " + std::to_string(step) + "; residuals:";
        for (const double r : record) message += " " + std::to_string(r);
        throw std::runtime_error(message);
      }
      const fecontact::SparseRows& b = o.frozen_mortar ? frozen : g;
      for (std::size_t c = 0; c < constraint.size(); ++c) {
        const Index row = equations + static_cast<Index>(c);
        for (Index k = b.row_offsets[constraint[c]]; k < b.row_offsets[constraint[c] + 1]; ++k) {
          const Index col = equation[at(b.columns[at(k)])];
          if (col >= 0) triplets.emplace_back(row, col, -b.values[at(k)]), triplets.emplace_back(col, row, -b.values[at(k)]);
        }
      }
      Eigen::SparseMatrix<double> matrix(size, size);
      matrix.setFromTriplets(triplets.begin(), triplets.end());
      Eigen::SparseLU<Eigen::SparseMatrix<double>> lu(matrix);
      if (lu.info() != Eigen::Success) throw std::runtime_error("the Newton matrix is singular");
      Eigen::VectorXd delta = lu.solve(rhs);
      delta += lu.solve(rhs - matrix * delta);  // one step of iterative refinement: the system is indefinite
      for (std::size_t i = 0; i < equation.size(); ++i)
        if (equation[i] >= 0) u[i / 3][static_cast<Eigen::Index>(i % 3)] += delta[equation[i]];
      for (std::size_t c = 0; c < constraint.size(); ++c) lambda[constraint[c]] += delta[equations + static_cast<Index>(c)];
    }
  }

  // The closed form: F = diag(a, a, s), σ = diag(0, 0, σzz), the contact pressure p = −σzz on the
  // current area. The multiplier field is Σ_j λ_j Φ_j on the current slave surface and the force
  // on node j is λ_j ∂g̃_j/∂x, of size λ_j Σ_k D_jk on a flat face: λ_j is already the force per
  // unit current area Σ_k D_jk of node j, the pressure.
  const double s = 1 - o.compression;
  t.lateral_stretch = o.confined ? 1 : lateral_stretch(o.material, s);
  const Eigen::Matrix3d exact = o.material.cauchy(Eigen::Vector3d(t.lateral_stretch, t.lateral_stretch, s).asDiagonal());
  t.stress_zz = exact(2, 2);
  t.pressure = -t.stress_zz;
  for (std::size_t j = 0; j < rows; ++j)
    if (mortar.covered(j)) t.pressure_error = std::max(t.pressure_error, std::abs(lambda[j] - t.pressure) / t.pressure);
  for (const fecontact::ElementBlock& block : mesh.blocks)
    for (Index e = 0; e < block.size(); ++e) {
      const Eigen::Matrix3d sigma = o.material.cauchy(centre_deformation(block.type, block.element(e), reference, u));
      t.stress_error = std::max(t.stress_error, (sigma - exact).cwiseAbs().maxCoeff() / std::abs(t.stress_zz));
    }
  return t;
}

ElementCheck neo_hookean_check(const NeoHookean& material) {
  ElementCheck check;
  for (const fecontact::ElementType type : {fecontact::ElementType::hex8, fecontact::ElementType::tet10}) {
    const int n = fecontact::node_count(type);
    std::vector<Index> nodes(static_cast<std::size_t>(n));
    std::vector<Vector3d> reference(nodes.size()), u(nodes.size());
    for (int k = 0; k < n; ++k) {  // a distorted element under a finite, non-homogeneous displacement
      nodes[static_cast<std::size_t>(k)] = k;
      const Vector3d wobble(std::sin(1.3 * k + 0.2), std::cos(2.1 * k + 0.5), std::sin(0.7 * k + 1.1));
      reference[static_cast<std::size_t>(k)] = fecontact::reference_node(type, k) + 0.05 * wobble;
      u[static_cast<std::size_t>(k)] = Eigen::Matrix3d{{0.1, 0.05, -0.02}, {0.0, -0.15, 0.08}, {0.03, 0.0, 0.2}} *
                                           reference[static_cast<std::size_t>(k)] + 0.03 * wobble.reverse();
    }
    Eigen::VectorXd force, plus_force, minus_force;
    Eigen::MatrixXd tangent, unused;
    element_response(type, nodes, reference, u, material, force, tangent);
    Eigen::VectorXd energy_difference(force.size());
    Eigen::MatrixXd force_difference(tangent.rows(), tangent.cols());
    constexpr double epsilon = 1e-6;  // central differences: error O(ε²) against rounding O(1e-16 / ε)
    for (Eigen::Index i = 0; i < force.size(); ++i) {
      Vector3d& component = u[at(i / 3)];
      const double saved = component[i % 3];
      component[i % 3] = saved + epsilon;
      const double plus = element_energy(type, nodes, reference, u, material);
      element_response(type, nodes, reference, u, material, plus_force, unused);
      component[i % 3] = saved - epsilon;
      const double minus = element_energy(type, nodes, reference, u, material);
      element_response(type, nodes, reference, u, material, minus_force, unused);
      component[i % 3] = saved;
      energy_difference[i] = (plus - minus) / (2 * epsilon);
      force_difference.col(i) = (plus_force - minus_force) / (2 * epsilon);
    }
    check.force_error = std::max(check.force_error, (force - energy_difference).cwiseAbs().maxCoeff() /
                                                        force.cwiseAbs().maxCoeff());
    check.tangent_error = std::max(check.tangent_error, (tangent - force_difference).cwiseAbs().maxCoeff() /
                                                            tangent.cwiseAbs().maxCoeff());
  }
  return check;
}


int report_finite(const FiniteOptions& options, const ElementCheck& element,
                  const std::vector<std::pair<const char*, FinitePatchTest>>& tests, bool json_report, bool check,
                  double patch_tolerance, double total_seconds) {
  std::FILE* text = json_report ? stderr : stdout;
  std::fprintf(text, "neo-hookean element against central differences: force %.3g, tangent %.3g (relative)\n",
               element.force_error, element.tangent_error);
  double pressure_error = 0, stress_error = 0, order = std::numeric_limits<double>::infinity();
  std::size_t iterations = 0;
  for (const auto& [name, t] : tests) {
    std::fprintf(text, "finite patch test, %s (%d elements), %d%% compression in %d steps%s: lateral stretch %.10g, "
                 "p = %.10g; max |p - p_exact| / p = %.3g, max |sigma - sigma_exact| / |szz| = %.3g\n", name,
                 t.elements, static_cast<int>(std::lround(100 * options.compression)), options.steps,
                 options.frozen_mortar ? " (frozen mortar)" : "", t.lateral_stretch, t.pressure, t.pressure_error,
                 t.stress_error);
    for (std::size_t step = 0; step < t.residuals.size(); ++step) {
      std::fprintf(text, "  step %zu: order %.3g, residuals", step + 1, implicit::convergence_order(t.residuals[step]));
      for (const double r : t.residuals[step]) std::fprintf(text, " %.3e", r);
      std::fprintf(text, "\n");
      iterations = std::max(iterations, t.residuals[step].size() - 1);
      order = std::min(order, implicit::convergence_order(t.residuals[step]));
    }
    pressure_error = std::max(pressure_error, t.pressure_error);
    stress_error = std::max(stress_error, t.stress_error);
  }
  std::fprintf(text, "time: %.3g s in all\n", total_seconds);
  if (json_report) {
    std::ostringstream out;
    fecontact::JsonWriter json(out);
    json.begin_object().key("finite_patch_test").begin_object()
        .key("pressure_error").value(pressure_error).key("stress_error").value(stress_error).end_object()
        .key("newton").begin_object()
        .key("max_iterations").value(static_cast<Index>(iterations)).key("min_convergence_order").value(order)
        .key("frozen_mortar").value(options.frozen_mortar).key("residuals").begin_object();
    for (const auto& [name, t] : tests) {
      json.key(name).begin_array();
      for (const std::vector<double>& step : t.residuals) {
        json.begin_array();
        for (const double r : step) json.value(r);
        json.end_array();
      }
      json.end_array();
    }
    json.end_object().end_object().key("total_seconds").value(total_seconds).end_object();
    std::printf("%s\n", out.str().c_str());
  }
  if (!check) return 0;
  bool ok = true;
  const auto require = [&](bool condition, const char* what) {
    if (!condition) std::fprintf(text, "check failed: %s\n", what);
    ok = ok && condition;
  };
  require(element.force_error <= 1e-6 && element.tangent_error <= 1e-6, "Neo-Hookean force and tangent");
  require(pressure_error <= patch_tolerance, "finite patch test: uniform contact pressure");
  require(stress_error <= patch_tolerance, "finite patch test: uniform stress");
  std::fprintf(text, "check: %s\n", ok ? "passed" : "FAILED");
  return ok ? 0 : 1;
}

}  // namespace implicit
