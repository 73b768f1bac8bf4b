#pragma once
// What one task of the mortar integration produces for its slave faces (cells, points and the
// entries of D and M in the order they were computed), merged in task order afterwards so that
// the result does not depend on the thread count; and the integration of one slave face.

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

struct MortarChunk {
  std::vector<Index> cell_slave_face, cell_master_face;
  std::vector<std::array<Eigen::Vector3d, 3>> cell_vertices;
  std::vector<Eigen::Vector2d> point_slave_local, point_master_local;
  std::vector<double> point_weight;
  std::vector<MatrixEntry> d, m;
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

/// The cells and the D and M entries of slave face `face` with the master faces
/// pair_master[begin, end), appended to `out`; returns the area of its cells.
double integrate_slave_face(const MortarContext& context, Index face, std::size_t begin, std::size_t end,
                            MortarChunk& out);

}  // namespace fecontact::detail
