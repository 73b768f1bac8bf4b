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

#include <span>
#include <vector>

#include <Eigen/Core>

#include "fecontact/contact/mortar/mortar_integration.hpp"
#include "mortar_chunk.hpp"

namespace fecontact::detail {

/// Appends to `entries` (row: slave row, column: 3 · node + axis) the terms of G of slave face
/// `face`: the first term for its pairs pair_master[begin, end) (none when begin == end), and the
/// second for its nodes, from `gap_vector` (W_j per row) and `normal_length` (|m_j| per row).
void add_gap_gradients(const MortarContext& context, const MortarResult& out, std::span<const Eigen::Vector3d> gap_vector,
                       std::span<const double> normal_length, Index face, std::size_t begin, std::size_t end,
                       std::vector<MatrixEntry>& entries);

}  // namespace fecontact::detail
