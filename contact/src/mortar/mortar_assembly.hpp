// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The rows of the mortar data from what the tasks computed: D and M in compressed sparse rows,
// the averaged nodal normals, the coverage and the weighted gaps.

#include <span>
#include <vector>

#include <Eigen/Core>

#include "fecontact/contact/mortar/mortar_integration.hpp"
#include "mortar_chunk.hpp"

namespace fecontact::detail {

/// What assemble_rows reuses from step to step.
struct AssemblyScratch {
  std::vector<MatrixEntry> sorted;
  std::vector<Index> cursor;
  std::vector<double> sum;       // per column: the current row's sum
  std::vector<Index> row_of_sum;  // per column: the row `sum` belongs to, −1 for none yet
};

/// `out` with `rows` rows and `columns` columns holding the entries (chunk.*entries of every
/// chunk), duplicates summed in chunk and entry order (so in slave face order, whatever the thread
/// count).
void assemble_rows(std::span<const MortarChunk> chunks, std::vector<MatrixEntry> MortarChunk::*entries, Index rows,
                   Index columns, AssemblyScratch& scratch, SparseRows& out);

/// out.slave_normals, out.slave_coverage, out.weighted_gap and out.uncovered_slave_nodes from
/// out.D, out.M and the cells' area in each slave face (`covered`, per face); and per row the
/// length of the area-weighted normal before it was normalised (`normal_length`) and W_j =
/// Σ_l M_jl x_l − Σ_k D_jk x̃_k (`gap_vector`, g̃_j = n_j · W_j), for the derivatives.
void finish_rows(const Surface& slave, std::span<const Eigen::Vector3d> coordinates,
                 std::span<const Index> slave_row, std::span<const double> covered,
                 std::vector<double>& support_area, std::vector<double>& normal_length,
                 std::vector<Eigen::Vector3d>& gap_vector, MortarResult& out);

}  // namespace fecontact::detail
