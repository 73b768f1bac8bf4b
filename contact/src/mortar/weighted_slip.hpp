// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The frictional mortar data (mortar_integration.hpp, Friction): the accepted step, the tangent
// frame of the averaged normals, the weighted tangential slip ũ_j = Σ_l ΔM_jl x_l − Σ_k ΔD_jk x̃_k
// (Δ: current less accepted; Gitterle, Popp, Gee & Wall 2010) and the parts of its derivative
// that need no dual numbers: the explicit positions' term and the tangents' sensitivity to the
// averaged normal. ∂D and ∂M are differentiated with the gap Jacobian's segments (gap_jacobian.hpp).

#include <array>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "fecontact/contact/mortar/mortar_integration.hpp"
#include "mortar_chunk.hpp"

namespace fecontact::detail {

/// What accept_step keeps of a compute: its node numbering, basis, D, M and tangents.
struct MortarStep {
  std::vector<Index> slave_nodes, master_nodes;
  MortarBasis basis = MortarBasis::standard;
  SparseRows D, M;
  std::vector<std::array<Eigen::Vector3d, 2>> tangents;
  bool valid = false;

  void assign(const MortarResult& result, MortarBasis result_basis);  ///< copies into the existing capacity
};

/// The tangents of unit normal `n`: `accepted_first` (the accepted τ¹, or null) projected onto the
/// tangent plane and normalised, else the coordinate axis least aligned with n; and n × τ¹. Zero
/// for a zero normal.
std::array<Eigen::Vector3d, 2> tangent_frame(const Eigen::Vector3d& n, const Eigen::Vector3d* accepted_first);

/// out.slave_tangents, and with an accepted step (valid) out.weighted_slip and ũ_j per row
/// (`slip_vector`); zero slip otherwise. Throws std::invalid_argument if the accepted step has
/// other slave or master nodes than `out`, or another basis than `basis`.
void weighted_slip(const MortarStep& accepted, MortarBasis basis, std::span<const Eigen::Vector3d> coordinates,
                   std::vector<Eigen::Vector3d>& slip_vector, MortarResult& out);

/// Per row, the vectors v^α with ũ_j · ∂τ_j^α = v^α · ∂m_j (m_j the area-weighted normal before
/// it is normalised, of length `normal_length`), from the transported frame's derivative
/// (accepted τ¹ t: τ¹ = P t / |P t|, τ² = n × τ¹).
void tangent_sensitivity(const MortarStep& accepted, const MortarResult& out, std::span<const Eigen::Vector3d> slip_vector,
                         std::span<const double> normal_length, std::vector<std::array<Eigen::Vector3d, 2>>& sensitivity);

/// Appends the explicit positions' term τ^α · (Σ_l ΔM_jl ∂x_l − Σ_k ΔD_jk ∂x̃_k) of every covered
/// row (entries: row 2r + α, column 3 · node + axis).
void add_explicit_slip_terms(const MortarStep& accepted, const MortarResult& out, std::vector<MatrixEntry>& entries);

}  // namespace fecontact::detail
