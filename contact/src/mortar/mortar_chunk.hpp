// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What one task of the mortar integration produces for its slave faces besides the cells and
// points (the entries of D and M in the order they were computed, merged in task order afterwards
// so that the result does not depend on the thread count); and the two passes over one slave
// face: counting its cells, then integrating on them in place.

#include <array>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "fecontact/contact/mortar/mortar_integration.hpp"
#include "fecontact/mesh/surface.hpp"
#include "fecontact/types.hpp"

namespace fecontact::detail {

struct MatrixEntry {
  Index row = 0, column = 0;
  double value = 0;
};

/// ∂v_row/∂x_column of a 3-vector per slave row (H(λ)'s parts, gap_jacobian.hpp).
struct VectorEntry {
  Index row = 0, column = 0;
  Eigen::Vector3d value = Eigen::Vector3d::Zero();
};

struct MortarChunk {
  std::vector<MatrixEntry> d, m;
  std::vector<MatrixEntry> g;  ///< the weighted gaps' Jacobian (gap_jacobian.hpp)
  std::vector<MatrixEntry> slip;  ///< the weighted slip's Jacobian (rows 2r + α; weighted_slip.hpp)
  std::vector<MatrixEntry> d_gradient, m_gradient;  ///< ∂D/∂x, ∂M/∂x (row: the entry of D or M)
  std::vector<MatrixEntry> h;  ///< H(λ) (rows and columns 3 · node + axis)
  std::vector<VectorEntry> gap_vector_gradient, normal_gradient;  ///< ∂W_j, ∂m_j of rows with λ_j ≠ 0 (gap_jacobian.hpp)
  Index dropped_slivers = 0;

  void clear();
};

/// What every slave face of one step shares.
struct MortarContext {
  const Surface* slave = nullptr;
  const Surface* master = nullptr;
  std::span<const Eigen::Vector3d> coordinates;
  std::span<const Index> pair_master;
  std::span<const Index> slave_row;      ///< per node: its row (slave_nodes position), −1 if none
  std::span<const Index> master_column;  ///< per node: its column of M, −1 if none
  MortarBasis basis = MortarBasis::standard;
  double tolerance = 0;
};

/// The number of cells of slave face `face` with the master faces pair_master[begin, end).
Index count_cells(const MortarContext& context, Index face, std::size_t begin, std::size_t end);

/// The cells of slave face `face` with the master faces pair_master[begin, end), written into
/// `out`'s cell and point arrays (sized already) from cell `first_cell` on, and their D and M
/// entries appended to `chunk`; returns the area of its cells.
double integrate_slave_face(const MortarContext& context, Index face, std::size_t begin, std::size_t end,
                            std::size_t first_cell, MortarResult& out, MortarChunk& chunk);

}  // namespace fecontact::detail
