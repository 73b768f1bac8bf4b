// SPDX-License-Identifier: BSD-3-Clause
// Newton on [u; λ] (finite_newton.hpp) with the residual
//   r(u, λ) = f_int(u) − G(x)ᵀ λ,   g̃_A(x) = 0 on the active set A,   x = X + u,
// where g̃ are fecontact's weighted gaps on the current coordinates and G = ∂g̃/∂x their Jacobian
// (MortarDerivatives::gap_jacobian), both recomputed, with the search's pairs, at every iteration.
// The Newton matrix is
//   [ K_T   −G_Aᵀ ] [δu]   [ −r  ]
//   [ −G_A    0   ] [δλ] = [ g̃_A ],
// K_T the Neo-Hookean tangent less H(λ) = Σ_j λ_j ∂²g̃_j/∂x² (MortarDerivatives::gap_hessian), the
// stiffness of the contact force Gᵀλ: the consistent tangent. H takes the multipliers before the
// iteration's active-set update, so it is exact except at iterations where the set changes.
// With `frozen_mortar` H is dropped and the G of the matrix is replaced by the rows n_j · (M, −D) of the current
// iterate, the derivatives of D, M and the normals dropped; the residual is the same, so the
// converged state is too, only the rate differs.

#include "finite_newton.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include <Eigen/SparseCore>

#include "saddle_point_solve.hpp"

namespace implicit {
namespace {

using Eigen::Vector3d;
using fecontact::Index;

std::size_t at(Index i) { return static_cast<std::size_t>(i); }

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

fecontact::ContactInterface interface(const fecontact::Surface& slave, const fecontact::Surface& master,
                                      double tolerance) {
  fecontact::ContactInterface i;
  i.mode = fecontact::ContactMode::surface_to_surface;
  i.slave = slave;
  i.master = master;
  i.options.tolerance = tolerance;
  return i;
}

// The internal force (3 per node) and, over the equation numbers (−1: prescribed), the tangent
// as triplets, of every element of `mesh` for the displacements u, block b of materials[b].
void assemble_solid(const fecontact::Mesh& mesh, const std::vector<Vector3d>& u, const std::vector<NeoHookean>& materials,
                    const std::vector<Index>& equation, Eigen::VectorXd& force,
                    std::vector<Eigen::Triplet<double>>& triplets) {
  force.setZero(3 * static_cast<Eigen::Index>(mesh.coordinates.size()));
  triplets.clear();
  Eigen::VectorXd fe;
  Eigen::MatrixXd ke;
  for (std::size_t b = 0; b < mesh.blocks.size(); ++b) {
    const fecontact::ElementBlock& block = mesh.blocks[b];
    for (Index e = 0; e < block.size(); ++e) {
      const std::span<const Index> nodes = block.element(e);
      element_response(block.type, nodes, mesh.coordinates, u, materials[b], fe, ke);
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
}

}  // namespace

FiniteContactNewton::FiniteContactNewton(const fecontact::Mesh& mesh, std::vector<NeoHookean> materials,
                                         std::vector<Index> equation, const fecontact::Surface& slave,
                                         const fecontact::Surface& master, double search_tolerance,
                                         const NewtonOptions& options)
    : mesh_(mesh), materials_(std::move(materials)), equation_(std::move(equation)), options_(options),
      search_(static_cast<Index>(mesh.coordinates.size()), {interface(slave, master, search_tolerance)}) {
  if (materials_.size() != mesh.blocks.size()) throw std::invalid_argument("one material per element block");
  for (Index& e : equation_)
    if (e >= 0) e = equations_++;
  const std::size_t rows = fecontact::surface_nodes(slave).size();  // fecontact: the rows of D, M (slave_nodes)
  active_.assign(rows, 0);
  lambda_.assign(rows, 0.0);
  update(mesh.coordinates);
}

void FiniteContactNewton::update(const std::vector<Vector3d>& x) {
  const std::vector<fecontact::InterfaceResult> pairs = search_.search(x);  // fecontact: the pairs at x
  integration_.compute(search_.interfaces()[0], pairs[0], x, fecontact::MortarOptions{options_.basis}, result_,
                       derivatives_, lambda_);  // fecontact: g̃, G and H(λ) at x
}

double FiniteContactNewton::reaction_norm() const {
  double squares = 0;
  for (std::size_t i = 0; i < equation_.size(); ++i)
    if (equation_[i] < 0) squares += residual_[static_cast<Eigen::Index>(i)] * residual_[static_cast<Eigen::Index>(i)];
  return std::sqrt(squares);
}

void FiniteContactNewton::activate_covered(const std::vector<Vector3d>& u) {
  std::vector<Vector3d> x = mesh_.coordinates;
  for (std::size_t i = 0; i < x.size(); ++i) x[i] += u[i];
  update(x);
  for (std::size_t j = 0; j < active_.size(); ++j) active_[j] = eligible(j);
}

std::vector<double> FiniteContactNewton::solve(std::vector<Vector3d>& u) {
  const std::size_t nodes = mesh_.coordinates.size(), rows = active_.size();
  std::vector<Vector3d> x(nodes);
  std::vector<Eigen::Triplet<double>> triplets;
  std::vector<double> record;
  bool active_changed = true;
  for (int iteration = 0;; ++iteration) {
    for (std::size_t i = 0; i < nodes; ++i) x[i] = mesh_.coordinates[i] + u[i];
    update(x);
    if (iteration > 0) {  // the primal–dual active set: keep pressed nodes, add penetrating ones
      active_changed = false;
      for (std::size_t j = 0; j < rows; ++j) {
        const bool now = eligible(j) && (active_[j] ? lambda_[j] > 0 : result_.weighted_gap[j] < 0);
        active_changed = active_changed || now != static_cast<bool>(active_[j]);
        active_[j] = now;
      }
    }
    for (std::size_t j = 0; j < rows; ++j)
      if (!active_[j]) lambda_[j] = 0;
    assemble_solid(mesh_, u, materials_, equation_, residual_, triplets);
    const fecontact::SparseRows& g = derivatives_.gap_jacobian;
    for (std::size_t j = 0; j < rows; ++j)  // r = f_int − Gᵀλ
      for (Index k = g.row_offsets[j]; k < g.row_offsets[j + 1]; ++k)
        residual_[g.columns[at(k)]] -= g.values[at(k)] * lambda_[j];
    if (!options_.frozen_mortar) {  // −H(λ): the stiffness of the contact force Gᵀλ that r subtracts
      const fecontact::SparseRows& hessian = derivatives_.gap_hessian;
      for (Index i = 0; i < hessian.rows(); ++i) {
        const Index row = equation_[at(i)];
        if (row < 0) continue;
        for (Index k = hessian.row_offsets[at(i)]; k < hessian.row_offsets[at(i) + 1]; ++k) {
          const Index col = equation_[at(hessian.columns[at(k)])];
          if (col >= 0) triplets.emplace_back(row, col, -hessian.values[at(k)]);
        }
      }
    }
    std::vector<std::size_t> constraint;  // the active rows, in order
    for (std::size_t j = 0; j < rows; ++j)
      if (active_[j]) constraint.push_back(j);
    const auto size = static_cast<Eigen::Index>(equations_ + static_cast<Index>(constraint.size()));
    Eigen::VectorXd rhs(size);
    for (std::size_t i = 0; i < equation_.size(); ++i)
      if (equation_[i] >= 0) rhs[equation_[i]] = -residual_[static_cast<Eigen::Index>(i)];
    for (std::size_t c = 0; c < constraint.size(); ++c)
      rhs[equations_ + static_cast<Index>(c)] = result_.weighted_gap[constraint[c]];
    record.push_back(rhs.norm());
    if (!active_changed && record.back() <= options_.newton_tolerance * record.front()) return record;
    if (iteration == options_.max_iterations) {
      std::string message = "Newton did not converge in a load step; residuals:";
      for (const double r : record) message += " " + std::to_string(r);
      throw std::runtime_error(message);
    }
    const fecontact::SparseRows frozen = options_.frozen_mortar ? frozen_rows(result_) : fecontact::SparseRows{};
    const fecontact::SparseRows& b = options_.frozen_mortar ? frozen : g;
    for (std::size_t c = 0; c < constraint.size(); ++c) {
      const Index row = equations_ + static_cast<Index>(c);
      for (Index k = b.row_offsets[constraint[c]]; k < b.row_offsets[constraint[c] + 1]; ++k) {
        const Index col = equation_[at(b.columns[at(k)])];
        if (col >= 0) triplets.emplace_back(row, col, -b.values[at(k)]), triplets.emplace_back(col, row, -b.values[at(k)]);
      }
    }
    Eigen::SparseMatrix<double> matrix(size, size);
    matrix.setFromTriplets(triplets.begin(), triplets.end());
    const Eigen::VectorXd delta = refined_solve(SparseLU(matrix), matrix, rhs, "the Newton matrix");
    for (std::size_t i = 0; i < equation_.size(); ++i)
      if (equation_[i] >= 0) u[i / 3][static_cast<Eigen::Index>(i % 3)] += delta[equation_[i]];
    for (std::size_t c = 0; c < constraint.size(); ++c) lambda_[constraint[c]] += delta[equations_ + static_cast<Index>(c)];
  }
}

}  // namespace implicit
