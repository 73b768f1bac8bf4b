// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The finite-deformation patch test of examples/implicit_contact (Newton: finite_newton.hpp), the
// convergence order of a Newton record and the Neo-Hookean element check. README.md gives the
// method and the figures.

#include <utility>
#include <vector>

#include <fecontact/contact.hpp>
#include <fecontact/core.hpp>

#include "finite_newton.hpp"
#include "neo_hookean.hpp"

namespace implicit {

struct FiniteOptions {
  NeoHookean material;
  NewtonOptions newton;
  int steps = 4;              // load steps
  double compression = 0.2;   // the top's prescribed downward displacement (the stack is 1 high)
  bool confined = false;      // rollers on x = 1 and y = 1 too (F = diag(1, 1, s)) instead of free lateral faces
};

struct FinitePatchTest {
  double pressure_error = 0;  // max_j |λ_j − p| / p over the slave rows
  double stress_error = 0;    // max over element centres and components of |σ − σ_exact| / |σzz|
  double pressure = 0, stress_zz = 0, lateral_stretch = 0;  // the closed form's
  fecontact::Index elements = 0;
  std::vector<std::vector<double>> residuals;  // per load step, the Newton residual norms
  std::vector<double> reaction_norms;          // per load step, at its solution
};

// The finite-deformation contact patch test on `mesh`: block 0 the lower block over
// [0, 1]² × [−0.5, 0] (master), block 1 the upper over [0, 1]² × [0, 0.5] (slave), their
// contact faces at z = 0 non-matching; z fixed at the bottom, rollers on x = 0 and y = 0, the
// top's z displacement prescribed (−compression in `steps` equal steps), lateral faces free. The
// closed form is the homogeneous deformation F = diag(a, a, 1 − compression) with σxx = σyy = 0.
// h: the contact faces' size (the search tolerance is 0.1 h).
FinitePatchTest finite_patch_test(fecontact::Mesh mesh, double h, const FiniteOptions& options);

// The lateral stretch a of the uniaxial-stress state F = diag(a, a, stretch): the root of
// σxx = 0, μ (a² − 1) + λ ln(a² stretch) = 0 (Newton from a = 1; the left side increases with a).
double lateral_stretch(const NeoHookean& material, double stretch);

// Residuals below this fraction of the step's reaction norm (FiniteContactNewton::reaction_norm)
// are at round-off: a converged step's assembled residual stays at 1e-14…1e-13 of the forces it
// sums however exact the Newton matrix.
inline constexpr double round_off_residual = 1e-12;

// The Newton record's convergence order of one load step: with s_k = r_k / r_0, the smallest
// log s_{k+1} / log s_k over the last three iterations (k ≥ 1) with s_k < 1 whose r_{k+1} is above
// round-off, round_off_residual × `reaction_norm` (a ratio that ends at round-off measures the
// floor, not the method: a quadratic step from s = 1e-6 ends at 1e-15, not 1e-12, and would read
// 1.5); +inf with fewer than two such iterations after the first.
double convergence_order(const std::vector<double>& residuals, double reaction_norm);

// The Neo-Hookean element against central differences, on one distorted hex8 and one distorted
// tet10 under a finite displacement: the largest relative error of the internal force against
// the energy's differences and of the tangent against the force's.
struct ElementCheck {
  double force_error = 0, tangent_error = 0;
};
ElementCheck neo_hookean_check(const NeoHookean& material);

// The finite mode's report: the text (stdout, or stderr when json_report), the JSON on stdout
// when json_report (finite_patch_test {pressure_error, stress_error: the largest of `tests`},
// newton {max_iterations, min_convergence_order, frozen_mortar, residuals {name: per step}},
// total_seconds), and the exit status: with `check`, 1 unless the element matches central
// differences to 1e-6 and both errors are ≤ patch_tolerance.
int report_finite(const FiniteOptions& options, const ElementCheck& element,
                  const std::vector<std::pair<const char*, FinitePatchTest>>& tests, bool json_report, bool check,
                  double patch_tolerance, double total_seconds);

}  // namespace implicit
