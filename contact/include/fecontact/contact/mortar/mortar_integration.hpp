// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Mortar preprocessing of a surface-to-surface interface: the integration cells where slave and
// master faces overlap, their quadrature points, the mortar matrices D and M and the weighted
// gaps, as a mortar contact solver consumes them (Puso & Laursen 2004; Popp et al. 2009).
//
// Segments. Each slave face that has pairs (InterfaceResult::pair_slave / pair_master of the same
// interface, recomputed at each step) is cut into flat linear pieces: a tri3 or quad4 is its own
// piece; a tri6 splits into 4 tri3 and a quad8 / quad9 into 4 quad4 (through the mid-edge nodes
// and the centre, x(0, 0) for quad8), with every point mapped back to the parent face's (ξ, η)
// (Puso, Laursen & Solberg 2008: the clipping stays the robust linear one, while D and M still
// integrate the quadratic shape functions; the flat pieces approximate a curved face to O(h²)).
// Master faces split the same way. Each slave piece has an auxiliary plane through its centre
// (mean of its corners), normal to it there (Puso & Laursen 2004); the master pieces are
// projected onto it along that normal, and each one that faces the slave piece (projected
// orientation opposite to the slave's) is clipped against the slave piece (Sutherland–Hodgman;
// the slave piece, convex, is the clipper). The overlap polygon, with vertices within the
// tolerance of each other merged and vertices within it of the line through their neighbours
// removed, is cut into triangles (a triangle is one cell; a larger polygon a fan of cells from its
// centroid), each with the 7-point degree-5 rule of Dunavant (1985). Weights are areas in the
// auxiliary plane: the slave surface area for a flat piece (tri3, flat quad4, the pieces of a
// quadratic face). Local coordinates are found by projecting the point back along the
// auxiliary normal: an affine map on triangles and on quadrilaterals that project to
// parallelograms, Newton on the bilinear map of other quadrilaterals.
// Quadrature is exact for affine faces (triangles and parallelograms): products of two shape
// functions (degree ≤ 4 on tri6 pieces) are polynomials of degree ≤ 5 on each cell.
//
// Matrices. Row r of D and M is slave node slave_nodes[r] (every node of the slave surface,
// ascending, so that the numbering does not change from step to step); column c of M is master
// node master_nodes[c] (every node of the master surface, ascending); the columns of D index
// slave_nodes. D_jk = ∫ Φ_j N_k and M_jl = ∫ Φ_j N̂_l over the cells, with N the slave and N̂
// the master shape functions.
// - standard basis: Φ_j = N_j.
// - dual basis (Wohlmuth 2000), linear slave faces only (tri3, quad4): Φ_j = Σ_k A_jk N_k per
//   slave face, A = D_e M_e⁻¹ with D_e = diag(∫_e N_j), M_e = ∫_e N Nᵀ over the whole face (in
//   the auxiliary plane's measure, as the cells), so that ∫_e Φ_j N_k = δ_jk ∫_e N_k. A is taken
//   over the whole face also where the face is covered only in part (the common choice; Popp et
//   al. 2009). D is then stored diagonal, D_jj = Σ_k ∫ Φ_j N_k = ∫ Φ_j (Popp et al. 2009), equal
//   to ∫ Φ_j N_j where the node's support is covered.
// Weighted gap: g̃_j = n_j · (Σ_l M_jl x_l − Σ_k D_jk x_k), with n_j the averaged outward unit
// normal of the slave surface at node j: positive when open, negative when penetrating, as the
// node-to-surface gap (node_contact.hpp). This is the usual n_j · (Σ D x − Σ M x) written with the
// normal pointing from the master into the slave, i.e. −n_j (Popp et al. 2009, eq. 14).
//
// Determinism: slave faces are processed in parallel in fixed chunks and merged in face order,
// and every sum runs in a fixed order, so the result is the same bit for bit for any thread count.

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "fecontact/contact/contact_search.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// Lagrange multiplier basis of the mortar matrices.
enum class MortarBasis : std::uint8_t {
  standard,  ///< Φ_j = N_j (D symmetric, banded)
  dual,      ///< Wohlmuth's biorthogonal basis (D diagonal); linear slave faces only
};

struct MortarOptions {
  MortarBasis basis = MortarBasis::standard;
  /// Clipping tolerance, relative to the slave piece's diameter d (its longest corner-to-corner
  /// distance): a vertex within tolerance·d of a clipping edge's line counts as on it (inside),
  /// polygon vertices closer than tolerance·d are merged, a vertex within tolerance·d of the line
  /// through its neighbours is removed. An overlap polygon left with fewer than 3 vertices, or
  /// whose area is at most tolerance·(piece area), is dropped; it is counted as a sliver
  /// (MortarResult::dropped_slivers) when its area before that clean-up exceeded what rounding
  /// leaves of faces that only touch (64 ε × piece area). Must be ≥ 0 and finite.
  double tolerance = 1e-12;
};

/// Compressed sparse rows: row r has columns[row_offsets[r] .. row_offsets[r + 1]) (ascending)
/// and the values beside them.
struct SparseRows {
  std::vector<Index> row_offsets;
  std::vector<Index> columns;
  std::vector<double> values;

  Index rows() const { return row_offsets.empty() ? 0 : static_cast<Index>(row_offsets.size() - 1); }
};

/// The mortar data of one interface at one step, in plain arrays. A caller that passes the same
/// result again and again reuses its capacity.
struct MortarResult {
  static constexpr int points_per_cell = 7;  ///< the points of cell c are 7c .. 7c + 6

  // Integration cells, ascending (slave face, master face), each pair's cells in polygon order.
  std::vector<Index> cell_slave_face;   ///< index into ContactInterface::slave.faces
  std::vector<Index> cell_master_face;  ///< index into ContactInterface::master.faces
  /// Corners in the slave piece's auxiliary plane, counter-clockwise about the slave's outward
  /// normal.
  std::vector<std::array<Eigen::Vector3d, 3>> cell_vertices;
  // Quadrature points (points_per_cell per cell).
  std::vector<Eigen::Vector2d> point_slave_local;   ///< (ξ, η) on the slave face (parent face)
  std::vector<Eigen::Vector2d> point_master_local;  ///< (ξ, η) on the master face (parent face)
  std::vector<double> point_weight;                 ///< area in the auxiliary plane, > 0
  /// Overlap polygons dropped as slivers (MortarOptions::tolerance).
  Index dropped_slivers = 0;

  std::vector<Index> slave_nodes;   ///< row r of D and M is node slave_nodes[r]; ascending
  std::vector<Index> master_nodes;  ///< column c of M is node master_nodes[c]; ascending
  SparseRows D;  ///< slave_nodes × slave_nodes (diagonal for the dual basis)
  SparseRows M;  ///< slave_nodes × master_nodes
  /// Per slave node (row): averaged outward unit normal of the slave surface, the sum over the
  /// faces around the node of face area × face normal at the node (face_normal), normalised.
  std::vector<Eigen::Vector3d> slave_normals;
  /// Per slave node (row): g̃_j = n_j · (Σ_l M_jl x_l − Σ_k D_jk x_k) (positive = open); 0 for an
  /// uncovered node.
  std::vector<double> weighted_gap;
  /// Per slave node (row): the area of the cells in the faces around the node over those faces'
  /// area (both in the auxiliary planes): 1 when its support is covered, 0 when uncovered.
  std::vector<double> slave_coverage;
  /// Slave nodes (node indices, ascending) that no cell touches: rows of D and M empty.
  std::vector<Index> uncovered_slave_nodes;

  Index cell_count() const { return static_cast<Index>(cell_slave_face.size()); }
  void clear();  ///< empties every array, keeping its capacity
};

/// The mortar preprocessing of surface-to-surface interfaces. It keeps its scratch, so that a
/// step whose sizes (cells, pairs, nodes) do not grow allocates no memory.
class MortarIntegration {
 public:
  MortarIntegration();
  ~MortarIntegration();
  MortarIntegration(MortarIntegration&&) noexcept;
  MortarIntegration& operator=(MortarIntegration&&) noexcept;

  /// The mortar data of `interface` (a surface_to_surface interface, as
  /// ContactSearch::interfaces() holds it) from its search result `pairs` at the same
  /// `coordinates` (the model's node array), into `out` (cleared and refilled). Pairs whose faces
  /// do not overlap in projection give no cell; a master face that is not in a pair of a slave
  /// face is not seen by it, so the search tolerance must cover the largest gap the solver
  /// integrates. Throws std::invalid_argument for an interface that is not surface_to_surface, a
  /// face node outside `coordinates`, a coordinate of the interface that is not finite, pairs of
  /// unequal lengths, out of range or not ascending by slave face, a tolerance that is negative
  /// or not finite, or the dual basis with a quadratic slave face.
  void compute(const ContactInterface& interface, const InterfaceResult& pairs,
               std::span<const Eigen::Vector3d> coordinates, const MortarOptions& options,
               MortarResult& out);

 private:
  struct Scratch;
  std::unique_ptr<Scratch> scratch_;
};

/// compute into a new result, for a caller that integrates once.
MortarResult mortar_integration(const ContactInterface& interface, const InterfaceResult& pairs,
                                std::span<const Eigen::Vector3d> coordinates,
                                const MortarOptions& options = {});

}  // namespace fecontact
