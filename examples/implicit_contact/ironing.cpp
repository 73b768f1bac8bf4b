// SPDX-License-Identifier: BSD-3-Clause
// Ironing (ironing.hpp). Geometry, in the x–z plane with the die's axis along y:
// - the slab [0, 4] × [−0.1, 0.6] × [−1, 0], hex8 of size h (one across y), the bottom fixed; the
//   master surface is its top z = 0;
// - the die, a hollow half-cylinder of outer radius R = 0.5 and inner 0.3, y ∈ [0, 0.5], axis at
//   x = 1 + 0.3h, z = R (the outer arc touches z = 0 along one line), hex8 on a polar grid (arc
//   elements of 0.8h, 3 across the wall, one across y); the slave surface is its outer arc. Its two
//   flat end strips (z = R) carry the prescribed displacement: down by `depth` in `press_steps`,
//   then along x by `slide` in `slide_steps`.
// u_y = 0 at every node (plane strain). The die's y extent lies inside the slab's, so that no
// edge of the slave surface lies on one of the master's, where the clipping is degenerate. The
// slide per step (2/75 = 0.53h by default) is not a divisor of h, so that the steps sample the die
// at many positions relative to the slab's nodes, where segment-to-segment jumps would show.
// Frictionless and elastic, the solution depends only on the die's current position, not on the
// path; in an infinite slab the horizontal reaction Q vanishes at every position by symmetry and
// the vertical P is the same everywhere: Q / P measures the slab's finite length and the mesh, the
// jumps of P the discretisation (segment crossings).

#include "ironing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>
#include <sstream>

#include "fecontact/frontend/json_writer.hpp"
#include "finite_deformation.hpp"
#include "mortar_constraints.hpp"

namespace implicit {
namespace {

using Eigen::Vector3d;
using fecontact::Index;

constexpr double tiny = 1e-9, length = 4, height = 1, radius = 0.5, inner_radius = 0.3, die_width = 0.5;
constexpr double slab_y0 = -0.1, slab_y1 = 0.6;
constexpr int die_layers = 3;

// A hex8 block on the lattice of (ni + 1) × (nj + 1) × (nk + 1) points at place(i, j, k), appended to
// `mesh`; place must map the lattice's axes to a right-handed frame (positive Jacobian).
void append_lattice(fecontact::Mesh& mesh, const char* name, int ni, int nj, int nk, const auto& place) {
  const auto first = static_cast<Index>(mesh.coordinates.size());
  for (int k = 0; k <= nk; ++k)
    for (int j = 0; j <= nj; ++j)
      for (int i = 0; i <= ni; ++i) mesh.coordinates.push_back(place(i, j, k));
  const auto node = [&](int i, int j, int k) { return first + i + (ni + 1) * (j + (nj + 1) * k); };
  fecontact::ElementBlock block{name, fecontact::ElementType::hex8, {}, {}};
  for (int k = 0; k < nk; ++k)
    for (int j = 0; j < nj; ++j)
      for (int i = 0; i < ni; ++i) {
        block.connectivity.insert(block.connectivity.end(), {node(i, j, k), node(i + 1, j, k), node(i + 1, j + 1, k),
                                  node(i, j + 1, k), node(i, j, k + 1), node(i + 1, j, k + 1),
                                  node(i + 1, j + 1, k + 1), node(i, j + 1, k + 1)});
        block.element_ids.push_back(static_cast<fecontact::FileId>(block.element_ids.size() + 1));
      }
  mesh.blocks.push_back(std::move(block));
}

}  // namespace

Ironing ironing(const IroningOptions& o) {
  const double h = o.size, centre_x = 0.25 * length + 0.3 * h, centre_z = radius;
  const int nx = std::max(1, static_cast<int>(std::lround(length / h))), nz = std::max(1, static_cast<int>(std::lround(height / h)));
  const int arc = 2 * std::max(1, static_cast<int>(std::ceil(0.5 * std::numbers::pi * radius / (0.8 * h))));
  fecontact::Mesh mesh;
  append_lattice(mesh, "slab", nx, 1, nz, [&](int i, int j, int k) {
    return Vector3d(length * i / nx, j == 0 ? slab_y0 : slab_y1, height * (double(k) / nz - 1));
  });
  const auto slab_nodes = mesh.coordinates.size();
  append_lattice(mesh, "die", arc, 1, die_layers, [&](int i, int j, int k) {  // i along the arc, k inwards
    const double angle = std::numbers::pi * (double(i) / arc - 0.5);  // from the axis' downward vertical
    const double r = radius - (radius - inner_radius) * k / die_layers;
    return Vector3d(centre_x + r * std::sin(angle), die_width * j, centre_z - r * std::cos(angle));
  });
  const std::vector<Vector3d>& reference = mesh.coordinates;
  const std::size_t nodes = reference.size();

  // Equations: u_y = 0 everywhere, the slab's bottom fixed, the die's end strips prescribed.
  std::vector<Index> equation(3 * nodes, 0);
  std::vector<std::size_t> supports;  // the die's nodes on z = R
  for (std::size_t n = 0; n < nodes; ++n) {
    const Vector3d& p = reference[n];
    const bool support = n >= slab_nodes && std::abs(p.z() - centre_z) < tiny;
    if (support) supports.push_back(n);
    equation[3 * n + 1] = -1;
    if (support || (n < slab_nodes && std::abs(p.z() + height) < tiny)) equation[3 * n] = equation[3 * n + 2] = -1;
  }
  const fecontact::Surface slab_skin = fecontact::exterior_surface(mesh, std::vector<Index>{0});  // fecontact
  const fecontact::Surface die_skin = fecontact::exterior_surface(mesh, std::vector<Index>{1});
  const fecontact::Surface master = faces_where(slab_skin, reference, [](const Vector3d& p) { return std::abs(p.z()) < tiny; });
  const fecontact::Surface slave = faces_where(die_skin, reference, [&](const Vector3d& p) {
    return std::abs(std::hypot(p.x() - centre_x, p.z() - centre_z) - radius) < tiny;
  });
  FiniteContactNewton newton(mesh, {o.slab, o.die}, std::move(equation), slave, master, h, o.newton);

  Ironing result;
  result.press_steps = o.press_steps;
  result.slab_elements = mesh.blocks[0].size();
  result.die_elements = mesh.blocks[1].size();
  result.min_convergence_order = std::numeric_limits<double>::infinity();
  std::vector<Vector3d> u(nodes, Vector3d::Zero());
  Vector3d prescribed = Vector3d::Zero();
  for (int step = 1; step <= o.press_steps + o.slide_steps; ++step) {
    const Vector3d target = step <= o.press_steps
                                ? Vector3d(0, 0, -o.depth * step / o.press_steps)
                                : Vector3d(o.slide * (step - o.press_steps) / o.slide_steps, 0, -o.depth);
    for (std::size_t n = slab_nodes; n < nodes; ++n)  // in contact, the die's rigid translation as the predictor
      if (step > 1 || std::ranges::binary_search(supports, n)) u[n] += target - prescribed;
    prescribed = target;
    IroningStep& s = result.steps.emplace_back();
    s.residuals = newton.solve(u);
    s.slide = target.x();
    s.depth = -target.z();
    for (const std::size_t n : supports) {
      s.horizontal += newton.residual()[static_cast<Eigen::Index>(3 * n)];
      s.vertical -= newton.residual()[static_cast<Eigen::Index>(3 * n + 2)];
    }
    for (std::size_t j = 0; j < newton.multipliers().size(); ++j) s.active += newton.multipliers()[j] != 0;
    result.max_iterations = std::max(result.max_iterations, static_cast<int>(s.residuals.size()) - 1);
    s.reaction_norm = newton.reaction_norm();
    result.min_convergence_order = std::min(result.min_convergence_order, convergence_order(s.residuals, s.reaction_norm));
  }

  // The slide: from the end of the pressing (step press_steps) to the last step.
  double mean = 0;
  const auto slide_begin = result.steps.begin() + (o.press_steps - 1);
  for (auto s = slide_begin; s != result.steps.end(); ++s) mean += s->vertical;
  mean /= static_cast<double>(result.steps.end() - slide_begin);
  for (auto s = slide_begin; s + 1 != result.steps.end(); ++s)
    result.vertical_force_jump = std::max(result.vertical_force_jump, std::abs((s + 1)->vertical - s->vertical) / mean);
  for (auto s = slide_begin; s != result.steps.end(); ++s)
    if (std::abs(s->slide - 0.5 * o.slide) <= 0.25 * o.slide)
      result.horizontal_force_ratio = std::max(result.horizontal_force_ratio, std::abs(s->horizontal) / mean);
  return result;
}

int report_ironing(const IroningOptions& o, const Ironing& r, bool json_report, bool check, double jump_tolerance,
                   double total_seconds) {
  std::FILE* text = json_report ? stderr : stdout;
  std::fprintf(text, "ironing: slab %d hex8 (size %g), die %d hex8, depth %g in %d steps, slide %g in %d steps%s\n",
               r.slab_elements, o.size, r.die_elements, o.depth, o.press_steps, o.slide, o.slide_steps,
               o.newton.frozen_mortar ? " (frozen mortar)" : "");
  std::fprintf(text, "  step  slide    depth  horizontal Q  vertical P  active  iterations  order\n");
  for (std::size_t k = 0; k < r.steps.size(); ++k) {
    const IroningStep& s = r.steps[k];
    std::fprintf(text, "  %4zu  %.4f  %.4f  %12.5e  %10.5e  %6d  %10zu  %5.2f\n", k + 1, s.slide, s.depth, s.horizontal,
                 s.vertical, s.active, s.residuals.size() - 1, convergence_order(s.residuals, s.reaction_norm));
  }
  std::fprintf(text, "  max iterations %d, min convergence order %.3g, vertical force jump %.3g, max |Q| / mean P "
               "(middle half of the slide) %.3g\n", r.max_iterations, r.min_convergence_order, r.vertical_force_jump,
               r.horizontal_force_ratio);
  std::fprintf(text, "time: %.3g s in all\n", total_seconds);
  if (json_report) {
    std::ostringstream out;
    fecontact::JsonWriter json(out);
    json.begin_object().key("ironing").begin_object()
        .key("steps").value(static_cast<fecontact::Index>(r.steps.size()))
        .key("max_iterations").value(static_cast<fecontact::Index>(r.max_iterations))
        .key("vertical_force_jump").value(r.vertical_force_jump)
        .key("horizontal_force_ratio").value(r.horizontal_force_ratio)
        .key("min_convergence_order").value(r.min_convergence_order)
        .key("press_steps").value(static_cast<fecontact::Index>(r.press_steps))
        .key("frozen_mortar").value(o.newton.frozen_mortar)
        .key("elements").value(r.slab_elements + r.die_elements);
    const auto series = [&](const char* name, const auto& field) {
      json.key(name).begin_array();
      for (const IroningStep& s : r.steps) json.value(field(s));
      json.end_array();
    };
    series("slide", [](const IroningStep& s) { return s.slide; });
    series("depth", [](const IroningStep& s) { return s.depth; });
    series("horizontal_force", [](const IroningStep& s) { return s.horizontal; });
    series("vertical_force", [](const IroningStep& s) { return s.vertical; });
    json.key("residuals").begin_array();
    for (const IroningStep& s : r.steps) {
      json.begin_array();
      for (const double v : s.residuals) json.value(v);
      json.end_array();
    }
    json.end_array().end_object().key("total_seconds").value(total_seconds).end_object();
    std::printf("%s\n", out.str().c_str());
  }
  if (!check) return 0;
  const bool ok = r.vertical_force_jump <= jump_tolerance;
  if (!ok) std::fprintf(text, "check failed: ironing's vertical force jump\n");
  std::fprintf(text, "check: %s\n", ok ? "passed" : "FAILED");
  return ok ? 0 : 1;
}

}  // namespace implicit
