// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The modified quadratic basis of the mortar multipliers. On a tri6 the corner shape functions
// integrate to 0 and on a quad8 to −A/12: a multiplier basis built from them (Φ_j = N_j, or a dual
// basis biorthogonal to them) gives those nodes no weighted gap, or one of the wrong sign. Puso,
// Laursen & Solberg (2008, CMAME 197) move a share α of each mid-edge function onto the edge's two
// corners,
//   Ñ_corner = N_corner + α Σ_(its two edges) N_mid,   Ñ_mid = (1 − 2α) N_mid,   Ñ_centre = N_centre,
// which keeps the partition of unity and makes every integral positive for α in (1/8, 1/2)
// (tri6: ∫Ñ_c = 2αA/3, ∫Ñ_m = (1 − 2α)A/3; quad8: ∫Ñ_c = (2α/3 − 1/12)A; quad9: all already
// positive). The dual basis of quadratic faces is biorthogonal to Ñ (Popp, Wohlmuth, Gee & Wall
// 2012, SIAM J. Sci. Comput. 34), with the slave displacement interpolated by Ñ too: x = Σ Ñ_k x̃_k,
// x̃ = T⁻ᵀ x node by node (x̃_corner = x_corner, x̃_mid = (x_mid − α(x_c1 + x_c2)) / (1 − 2α)).
// One α for every face type (theirs, 1/5) keeps that transformation nodal: faces of a mixed
// tri6/quad8/quad9 surface agree on their shared edges.

#include <array>
#include <span>
#include <vector>

#include "fecontact/contact/mortar/mortar_integration.hpp"
#include "fecontact/mesh/element_type.hpp"
#include "fecontact/mesh/surface.hpp"

namespace fecontact::detail {

/// α, the share of a mid-edge shape function given to each corner of its edge.
inline constexpr double edge_share = 0.2;

/// The corners (node positions in the face) of the edge whose mid-edge node is `node`, or
/// {−1, −1} when `node` is a corner or the quad9 centre.
std::array<int, 2> edge_corners(ElementType face_type, int node);

/// N (the face's shape function values, node order; doubles or dual numbers) replaced by Ñ;
/// linear faces unchanged.
template <class Scalar>
void modify_quadratic_values(ElementType face_type, std::array<Scalar, 9>& values) {
  if (!is_quadratic(face_type)) return;
  const int corners = corner_count(face_type);
  for (int edge = 0; edge < corners; ++edge) {
    const auto mid = static_cast<std::size_t>(corners + edge);
    values[static_cast<std::size_t>(edge)] += edge_share * values[mid];
    values[static_cast<std::size_t>((edge + 1) % corners)] += edge_share * values[mid];
    values[mid] *= 1 - 2 * edge_share;
  }
}

/// The transformation x̃ = T x of the slave nodes' values (MortarResult::slave_transformation)
/// into `out`, rows and columns the slave rows (`slave_row`: per node its row, `rows` of them):
/// a mid-edge node's row has 1/(1 − 2α) on its diagonal and −α/(1 − 2α) at its edge's corners,
/// every other row 1 on its diagonal. `edge_of_row` is scratch. Throws std::invalid_argument for a
/// node that is a mid-edge node of one face and a corner (or centre) of another, or a mid-edge
/// node whose faces give it different corners (a surface that is not conforming).
void slave_transformation(const Surface& slave, std::span<const Index> slave_row, Index rows,
                          std::vector<std::array<Index, 2>>& edge_of_row, SparseRows& out);

}  // namespace fecontact::detail
