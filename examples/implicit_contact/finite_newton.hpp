// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Newton's method for the finite-deformation contact problems of examples/implicit_contact (the
// patch test and ironing, finite_deformation.hpp and ironing.hpp): compressible Neo-Hookean
// solids (neo_hookean.hpp, one material per element block), total Lagrangian, frictionless mortar
// contact of one slave surface on one master surface on the current configuration, Lagrange
// multipliers and a primal–dual active set. README.md ("Finite deformation") gives the method.

#include <vector>

#include <Eigen/Core>

#include <fecontact/contact.hpp>
#include <fecontact/core.hpp>

#include "neo_hookean.hpp"

namespace implicit {

struct NewtonOptions {
  fecontact::MortarBasis basis = fecontact::MortarBasis::dual;
  bool frozen_mortar = false;       // the Newton matrix with n_j · (M, −D) in place of G (derivative terms dropped)
  double newton_tolerance = 1e-10;  // on the residual norm over the load step's first
  int max_iterations = 150;         // a load step's Newton iterations
  // Only rows whose support is covered in full (MortarResult::slave_coverage ≥ 1 − 1e-6) may be
  // active: the dual basis functions change sign, so on a support covered in part g̃_j can be
  // negative where the gap is positive everywhere (a curved slave surface paired far from the
  // contact zone). Off: every covered row may be.
  bool full_coverage = false;
};

class FiniteContactNewton {
 public:
  // `materials`: one per block of `mesh`; `equation`: 3 per node, the equation number of each
  // free degree of freedom, −1 for a prescribed one. Pairs of `slave` and `master` within
  // `search_tolerance` (fecontact's search) are integrated at every iteration. Every row starts
  // inactive with λ = 0.
  FiniteContactNewton(const fecontact::Mesh& mesh, std::vector<NeoHookean> materials, std::vector<fecontact::Index> equation,
                      const fecontact::Surface& slave, const fecontact::Surface& master, double search_tolerance,
                      const NewtonOptions& options);

  // Makes every row covered at the displacements u active (two bodies that touch from the start).
  void activate_covered(const std::vector<Eigen::Vector3d>& u);

  // One load step: Newton from u (its prescribed entries set to the step's values) and the
  // multipliers of the last step, until the active set repeats and the residual norm is
  // newton_tolerance × its first; returns the residual norms, one per iteration. Throws if it
  // does not converge in max_iterations.
  std::vector<double> solve(std::vector<Eigen::Vector3d>& u);

  // At the last solve's solution: f_int − Gᵀλ, 3 per node (0 at free degrees of freedom to the
  // tolerance; the reactions at prescribed ones), the multipliers (one per row of the mortar
  // data, 0 where inactive) and the mortar data.
  const Eigen::VectorXd& residual() const { return residual_; }
  // The norm of the reactions (the residual at the prescribed degrees of freedom): the size of
  // the forces whose sums the residual's entries are, and so the scale of their round-off.
  double reaction_norm() const;
  const std::vector<double>& multipliers() const { return lambda_; }
  const fecontact::MortarResult& mortar() const { return result_; }
  bool covered(std::size_t row) const { return result_.D.row_offsets[row] < result_.D.row_offsets[row + 1]; }
  bool eligible(std::size_t row) const {  // covered, and in full with full_coverage
    return covered(row) && (!options_.full_coverage || result_.slave_coverage[row] >= 1 - 1e-6);
  }

 private:
  void update(const std::vector<Eigen::Vector3d>& x);

  const fecontact::Mesh& mesh_;
  std::vector<NeoHookean> materials_;
  std::vector<fecontact::Index> equation_;
  fecontact::Index equations_ = 0;
  NewtonOptions options_;
  fecontact::ContactSearch search_;
  fecontact::MortarIntegration integration_;
  fecontact::MortarResult result_;
  fecontact::MortarDerivatives derivatives_;
  std::vector<char> active_;
  std::vector<double> lambda_;
  Eigen::VectorXd residual_;
};

}  // namespace implicit
