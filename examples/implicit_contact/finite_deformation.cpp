// SPDX-License-Identifier: BSD-3-Clause
// The finite-deformation patch test of examples/implicit_contact (finite_deformation.hpp), on
// the Newton of finite_newton.hpp, and its report.

#include "finite_deformation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <sstream>
#include <string>
#include <utility>

#include "fecontact/frontend/json_writer.hpp"
#include "finite_newton.hpp"

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

double convergence_order(const std::vector<double>& residuals, double reaction_norm) {
  std::size_t last = residuals.size() - 1;  // the last residual above round-off
  while (last > 0 && residuals[last] < round_off_residual * reaction_norm) --last;
  double order = std::numeric_limits<double>::infinity();
  for (std::size_t k = std::max<std::size_t>(1, last >= 3 ? last - 3 : 1); k < last; ++k)
    if (residuals[k] < residuals[0])
      order = std::min(order, std::log(residuals[k + 1] / residuals[0]) / std::log(residuals[k] / residuals[0]));
  return order;
}

FinitePatchTest finite_patch_test(fecontact::Mesh mesh, double h, const FiniteOptions& o) {
  const std::vector<Vector3d>& reference = mesh.coordinates;
  const std::size_t nodes = reference.size();
  // Equations: rollers on x = 0 and y = 0, z fixed at the bottom and prescribed at the top.
  std::vector<Index> equation(3 * nodes, -1);
  for (std::size_t i = 0; i < equation.size(); ++i) {
    const Vector3d& p = reference[i / 3];
    const int d = static_cast<int>(i % 3);
    const bool confined = o.confined && d < 2 && std::abs(p[d] - 1) < tiny;  // rollers on x = 1 and y = 1 as well
    const bool fixed = confined || (d == 0 && std::abs(p.x()) < tiny) || (d == 1 && std::abs(p.y()) < tiny) ||
                       (d == 2 && (std::abs(p.z() + 0.5) < tiny || std::abs(p.z() - 0.5) < tiny));
    if (!fixed) equation[i] = 0;  // numbered by FiniteContactNewton
  }
  const fecontact::Surface lower_skin = fecontact::exterior_surface(mesh, std::vector<Index>{0});  // fecontact
  const fecontact::Surface upper_skin = fecontact::exterior_surface(mesh, std::vector<Index>{1});
  const fecontact::Surface master = faces_at_height(lower_skin, reference, 0);
  const fecontact::Surface slave = faces_at_height(upper_skin, reference, 0);
  FiniteContactNewton newton(mesh, {o.material, o.material}, std::move(equation), slave, master, 0.1 * h, o.newton);
  std::vector<Vector3d> u(nodes, Vector3d::Zero());
  newton.activate_covered(u);  // the blocks touch from the start

  FinitePatchTest t;
  t.elements = mesh.blocks[0].size() + mesh.blocks[1].size();
  for (int step = 1; step <= o.steps; ++step) {
    for (std::size_t i = 0; i < nodes; ++i)
      if (std::abs(reference[i].z() - 0.5) < tiny) u[i].z() = -o.compression * step / o.steps;
    t.residuals.push_back(newton.solve(u));
    t.reaction_norms.push_back(newton.reaction_norm());
  }
  const std::vector<double>& lambda = newton.multipliers();
  const std::size_t rows = lambda.size();

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
    if (newton.covered(j)) t.pressure_error = std::max(t.pressure_error, std::abs(lambda[j] - t.pressure) / t.pressure);
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
                 options.newton.frozen_mortar ? " (frozen mortar)" : "", t.lateral_stretch, t.pressure, t.pressure_error,
                 t.stress_error);
    for (std::size_t step = 0; step < t.residuals.size(); ++step) {
      std::fprintf(text, "  step %zu: order %.3g, residuals", step + 1, implicit::convergence_order(t.residuals[step], t.reaction_norms[step]));
      for (const double r : t.residuals[step]) std::fprintf(text, " %.3e", r);
      std::fprintf(text, "\n");
      iterations = std::max(iterations, t.residuals[step].size() - 1);
      order = std::min(order, implicit::convergence_order(t.residuals[step], t.reaction_norms[step]));
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
        .key("frozen_mortar").value(options.newton.frozen_mortar).key("residuals").begin_object();
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
