// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The weighted gaps' Jacobian G = ∂g̃/∂x (MortarDerivatives::gap_jacobian), by forward-mode
// automatic differentiation of the same segments the integration walks (slave_segments.hpp).
// With g̃_j = n_j · W_j, W_j = Σ_l M_jl x_l − Σ_k D_jk x̃_k summed over the pairs of the faces
// around node j, and n_j = m_j / |m_j| the normalised area-weighted normal:
//   ∂g̃_j = Σ_pairs n_j · ∂w_j^pair + ((1 − n_j n_jᵀ) W_j / |m_j|) · ∂m_j.
// The first term differentiates each pair's contribution w_j^pair = Σ_cells Σ_points
// w Φ_j (x̂ − x) (x̃_j in place of x for the dual basis, whose D is lumped) with respect to the
// coordinates of the pair's nodes, through the auxiliary plane, the projections, the clipped
// polygon's vertices (each recomputed from the two lines it lies on), the cells, the quadrature
// points' local coordinates on both faces and the dual coefficients; the second the slave faces'
// area-weighted normals at their nodes.

#include <array>
#include <memory>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "fecontact/contact/mortar/mortar_integration.hpp"
#include "mortar_chunk.hpp"

namespace fecontact::detail {

// With an accepted step, the same walk gives the weighted slip's derivative (weighted_slip.hpp):
//   ∂s_j^α = Σ_pairs τ_j^α · ∂ũ_j^pair |_x fixed + τ_j^α · (Σ_l ΔM_jl ∂x_l − Σ_k ΔD_jk ∂x̃_k)
//            + v_j^α · ∂m_j,
// where ũ_j^pair = Σ_cells Σ_points w Φ_j (x̂ − x) with the positions x̂ = Σ N̂_l x_l, x = Σ N_k x_k
// (x̃_j) held at their values while N̂, N, Φ and w carry their derivatives: Σ_l ∂M_jl x_l −
// Σ_k ∂D_jk x̃_k (the accepted D, M are constant). The second term is add_explicit_slip_terms'.

/// What the slip rows of the derivative need besides the gap's: per row the tangents
/// (MortarResult::slave_tangents), the tangents' sensitivity v^α (tangent_sensitivity), and where
/// the entries go (row 2r + α).
struct SlipGradientInput {
  std::span<const std::array<Eigen::Vector3d, 2>> tangents;
  std::span<const std::array<Eigen::Vector3d, 2>> sensitivity;
  std::vector<MatrixEntry>* entries = nullptr;
};

/// Where the derivatives of D and M go (MortarOptions::matrix_derivatives): row e is entry e of
/// out.D.values (out.M.values). D_jk = Σ w Φ_j N_k (the dual basis: D_jj = Σ w Φ_j), M_jl =
/// Σ w Φ_j N̂_l over the pair's points, differentiated as the gap's first term.
struct MatrixGradientOutput {
  std::vector<MatrixEntry>* d_entries = nullptr;
  std::vector<MatrixEntry>* m_entries = nullptr;
};

/// Appends to `entries` (row: slave row, column: 3 · node + axis) the terms of G of slave face
/// `face`: the first term for its pairs pair_master[begin, end) (none when begin == end), and the
/// second for its nodes, from `gap_vector` (W_j per row) and `normal_length` (|m_j| per row); and
/// with `slip`, the slip rows' first and third terms into slip->entries; with `matrices`, the
/// derivatives of D's and M's entries.
void add_gap_gradients(const MortarContext& context, const MortarResult& out, std::span<const Eigen::Vector3d> gap_vector,
                       std::span<const double> normal_length, Index face, std::size_t begin, std::size_t end,
                       std::vector<MatrixEntry>& entries, const SlipGradientInput* slip,
                       const MatrixGradientOutput* matrices);

// H(λ) = Σ_j λ_j ∂²g̃_j (MortarDerivatives::gap_hessian), by second-order dual numbers
// (hyper_dual.hpp) through the same walk. With g̃_j = n_j · W_j and n_j = m_j / r_j (r_j = |m_j|,
// P_j = 1 − n_j n_jᵀ):
//   ∂²g̃_j = n_j · ∂²W_j + Σ_ab (P_ab / r)(∂m_b ∂W_aᵀ + ∂W_a ∂m_bᵀ) + ∂m_jᵀ T_j ∂m_j + u_j · ∂²m_j,
//   T_bc = −[W_b n_c + W_c n_b + (W · n)(δ_bc − 3 n_b n_c)] / r²,   u_j = P_j W_j / r_j,
// the first and last terms the Hessians of Σ_j λ_j n_j · w_j^pair per pair and Σ_j λ_j u_j · m_j^f
// per slave face (n_j, u_j held fixed), the middle ones from the first derivatives ∂W_j and ∂m_j,
// which couple the faces around node j and are added row by row once all faces are done.

struct HessianWorkspace;  // the second-order numbers of one task (large: kept on the heap)
struct HessianWorkspaceDeleter {
  void operator()(HessianWorkspace* workspace) const;
};
using HessianWorkspacePtr = std::unique_ptr<HessianWorkspace, HessianWorkspaceDeleter>;
HessianWorkspacePtr make_hessian_workspace();

/// Appends to chunk.h the Hessians of slave face `face`'s two per-face terms for its pairs
/// pair_master[begin, end), and to chunk.gap_vector_gradient and chunk.normal_gradient ∂W_j's
/// pair terms and ∂m_j's face terms, for the rows with λ_j = multipliers[row] ≠ 0.
void add_gap_hessian_terms(const MortarContext& context, const MortarResult& out, std::span<const Eigen::Vector3d> gap_vector,
                           std::span<const double> normal_length, std::span<const double> multipliers, Index face,
                           std::size_t begin, std::size_t end, HessianWorkspace& workspace, MortarChunk& chunk);

/// The coupling terms of H(λ) row by row from every chunk's ∂W_j and ∂m_j entries (gathered into
/// `gap_vector_gradient` and `normal_gradient`, which are sorted and summed here), into `entries`.
void add_normal_coupling(const MortarResult& out, std::span<const Eigen::Vector3d> gap_vector,
                         std::span<const double> normal_length, std::span<const double> multipliers,
                         std::vector<VectorEntry>& gap_vector_gradient, std::vector<VectorEntry>& normal_gradient,
                         std::vector<MatrixEntry>& entries);

}  // namespace fecontact::detail
