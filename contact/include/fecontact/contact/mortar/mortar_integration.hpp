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
// the master shape functions. On quadratic slave faces (tri6, quad8, quad9) the multipliers are
// built on the modified functions Ñ of Puso, Laursen & Solberg (2008): a fifth of each mid-edge
// function moved onto each corner of its edge, Ñ_c = N_c + (N_m1 + N_m2)/5, Ñ_m = 3/5 N_m, the quad9
// centre unchanged; they still sum to 1, and every ∫Ñ_j > 0, where ∫N_j is 0 at a tri6's corners
// and negative at a quad8's (a corner would see no penetration, or one of the wrong sign). On
// tri3 and quad4 faces Ñ = N.
// - standard basis: Φ_j = Ñ_j, so Σ_k D_jk = ∫Φ_j > 0 wherever node j's support is covered.
// - dual basis (Wohlmuth 2000; quadratic faces: Popp, Wohlmuth, Gee & Wall 2012): Φ_j =
//   Σ_k A_jk Ñ_k per slave face, A = D_e M_e⁻¹ with D_e = diag(∫_e Ñ_j), M_e = ∫_e Ñ Ñᵀ over the
//   whole face (in the auxiliary planes' measure, as the cells), so that ∫_e Φ_j Ñ_k =
//   δ_jk ∫_e Ñ_k. A is taken over the whole face also where the face is covered only in part (the
//   common choice; Popp et al. 2009). D is stored diagonal, D_jj = Σ_k ∫ Φ_j N_k = ∫ Φ_j (Popp et
//   al. 2009), equal to ∫ Φ_j Ñ_j where the node's support is covered. On quadratic faces the
//   slave displacement is interpolated by Ñ as well: x = Σ Ñ_k x̃_k, with the nodal values
//   x̃ = T x (MortarResult::slave_transformation; x̃ = x at corners, and at mid-edge nodes of
//   straight edges for any field linear along them), and the diagonal D multiplies x̃.
// Weighted gap: g̃_j = n_j · (Σ_l M_jl x_l − Σ_k D_jk x_k) (x̃_k for the dual basis on quadratic
// faces), with n_j the averaged outward unit normal of the slave surface at node j: positive when
// open, negative when penetrating, as the node-to-surface gap (node_contact.hpp); for a uniform
// gap g over node j's support, g̃_j = g Σ_k D_jk. With the normal pointing from the master into
// the slave, −n_j, this is n_j · (Σ D x − Σ M x) (Popp et al. 2009, eq. 14).
//
// Friction (MortarIntegration::accept_step). The weighted tangential slip of slave node j since
// the accepted step is the objective form of Gitterle, Popp, Gee & Wall (2010, IJNME 84, the
// weighted relative tangential slip; Popp et al. 2010): the change of the mortar matrices from
// the accepted configuration to the current one, applied to the current positions,
//   ũ_j = Σ_l (M_jl − M_jl^acc) x_l − Σ_k (D_jk − D_jk^acc) x̃_k      (x̃ = T x or x, as for g̃),
//   s_j^α = τ_j^α · ũ_j,  α = 1, 2.
// D and M depend only on the relative geometry of the two surfaces, so ũ_j vanishes for any rigid
// motion of both bodies together (rotations too, whatever the gap: the form W_j − W_j^acc with the
// accepted positions would rotate W_j^acc's normal part into the tangent plane). For a slave
// surface sliding by δ over a flat master, with node j's support covered in both configurations,
// ũ_j = δ Σ_k D_jk: the slave's displacement relative to the master times the node's weight. The
// tangents are a smooth function of the current averaged normal n_j: the accepted step's τ¹
// transported, τ¹ = P t / |P t| with P = 1 − n nᵀ and t the accepted τ¹ (at the first accepted
// step, before it, and where the normal has turned onto the accepted τ¹, |P t| < 1e-6, t is the
// coordinate axis least aligned with n_j, the first of equals),
// and τ² = n × τ¹, so that (τ¹, τ², n) is right-handed. A node that is uncovered now has slip 0;
// one that was uncovered at the accepted step has an empty D^acc, M^acc row (ũ_j = W_j).
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
  standard,  ///< Φ_j = Ñ_j (= N_j on linear faces: D symmetric there)
  dual,      ///< Wohlmuth's biorthogonal basis (D diagonal), on the modified basis of quadratic faces
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
  /// With the derivatives (MortarIntegration::compute with MortarDerivatives): also ∂D/∂x and
  /// ∂M/∂x (MortarDerivatives::D_jacobian, M_jacobian), for a solver that assembles Dᵀλ and Mᵀλ
  /// itself. Off by default: they cost more than G.
  bool matrix_derivatives = false;
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
  /// The dual basis on a slave surface with quadratic faces only (no rows otherwise): x̃ = T x,
  /// slave_nodes × slave_nodes, the nodal values the diagonal D multiplies (a mid-edge node's row:
  /// 5/3 on the node, −1/3 on its edge's corners; every other row the identity). A solver whose
  /// unknowns are the slave nodes' physical displacements uses D T in place of D.
  SparseRows slave_transformation;
  /// Per slave node (row): the tangents τ¹, τ² of the averaged normal (orthonormal, (τ¹, τ², n)
  /// right-handed; the header's Friction paragraph says how they are chosen); zero where the
  /// normal is.
  std::vector<std::array<Eigen::Vector3d, 2>> slave_tangents;
  /// Per slave node (row): the weighted tangential slip (τ¹ · ũ_j, τ² · ũ_j) since the accepted
  /// step (MortarIntegration::accept_step), what a frictional mortar solver's Coulomb law acts
  /// on; 0 before the first accepted step and for an uncovered node.
  std::vector<Eigen::Vector2d> weighted_slip;

  Index cell_count() const { return static_cast<Index>(cell_slave_face.size()); }
  void clear();  ///< empties every array, keeping its capacity
};

/// The derivatives of the mortar data for a Newton solver (MortarIntegration::compute with them).
/// Automatic, not hand-derived: forward-mode dual numbers (Eigen's AutoDiffScalar) through the very
/// segments the values come from — the auxiliary planes, the projections, the clipped polygons'
/// vertices (each recomputed from the two edges it lies on), the cells, the quadrature points'
/// local coordinates on both faces, the dual coefficients and the averaged normals — so that the
/// derivative is that of the computed values, with no second derivation to keep in step with them
/// (Popp, Gee & Wall 2009 derive the same terms by hand). Where the polygon's topology changes
/// (a vertex crossing an edge) g̃ is continuous but not differentiable; G is then one side's.
/// The price of that choice: every operation of the walk carries a gradient over the face pair's
/// 3 (ns + nm) coordinates (18 for two triangles, 54 for two quad9 faces), so a step with G costs
/// tens of values-only steps (bench_mortar prints the ratio); hand-derived directional derivatives
/// would contract them at each quadrature point instead.
struct MortarDerivatives {
  /// G = ∂g̃/∂x: row r is slave node slave_nodes[r] (as D and M), column 3 · node + axis over the
  /// model's node array (3 × the coordinate count), ascending. An uncovered node's row is empty.
  /// A solver's normal contact force is Gᵀλ; with g̃ as the constraint (Lagrange multipliers or a
  /// penalty on it), G is what it linearises: D and M alone are the frozen-geometry part of it.
  SparseRows gap_jacobian;
  /// ∂s/∂x of the weighted tangential slip (MortarResult::weighted_slip), with the accepted step
  /// held fixed: row 2r + α − 1 is τ^α of slave node slave_nodes[r], columns as gap_jacobian.
  /// Empty rows before the first accepted step and for an uncovered node. It differentiates D and
  /// M (with the positions they multiply held fixed), ũ's explicit positions and the tangents
  /// through the averaged normal; a frictional solver linearises its tangential constraint or
  /// penalty with it.
  SparseRows slip_jacobian;
  /// With MortarOptions::matrix_derivatives (no rows otherwise): ∂D/∂x and ∂M/∂x, row e the
  /// derivative of entry e of MortarResult::D.values (M.values), columns as gap_jacobian: D_jk =
  /// ∫ Φ_j N_k (D_jj = ∫ Φ_j for the dual basis) and M_jl = ∫ Φ_j N̂_l differentiated through the
  /// same segments as G, the dual coefficients included.
  SparseRows D_jacobian, M_jacobian;
  /// With multipliers λ (the compute that takes them; no rows otherwise): H(λ) = Σ_j λ_j
  /// ∂²g̃_j/∂x², rows and columns 3 · node + axis over the model's node array, exactly symmetric
  /// (both triangles stored, each entry and its mirror the same sum), columns ascending. A solver
  /// whose normal contact force is Gᵀλ (λ_j ≥ 0 pressing) has H(λ) as that force's stiffness at
  /// fixed λ: the Newton matrix of a Lagrange multiplier method is [K + H(λ), Gᵀ; G, 0] up to its
  /// sign convention, a penalty λ = −ε g̃ adds ε GᵀG + H(λ). By second-order dual numbers through
  /// the same walk as G (not hand-derived either): the Hessians of the pair and face terms, and the
  /// averaged normals' coupling of the faces around each node.
  SparseRows gap_hessian;
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
  /// or not finite, or the dual basis on quadratic slave faces that do not conform (a node that
  /// is mid-edge in one face and not in another, or on two different edges).
  void compute(const ContactInterface& interface, const InterfaceResult& pairs,
               std::span<const Eigen::Vector3d> coordinates, const MortarOptions& options,
               MortarResult& out);

  /// compute, and the derivatives of the weighted gaps into `derivatives`. The values are those
  /// of compute bit for bit; a step of the same sizes allocates nothing here either.
  void compute(const ContactInterface& interface, const InterfaceResult& pairs,
               std::span<const Eigen::Vector3d> coordinates, const MortarOptions& options,
               MortarResult& out, MortarDerivatives& derivatives);
  /// compute with the derivatives, and H(λ) (MortarDerivatives::gap_hessian) for `multipliers`,
  /// one per row of D (MortarResult::slave_nodes' order: every node of the slave surface). Throws
  /// std::invalid_argument, before computing anything, for another number of multipliers or one
  /// that is not finite. H costs far more than G (second derivatives over each face pair's up to
  /// 54 coordinates); rows with λ_j = 0 cost nothing.
  void compute(const ContactInterface& interface, const InterfaceResult& pairs,
               std::span<const Eigen::Vector3d> coordinates, const MortarOptions& options,
               MortarResult& out, MortarDerivatives& derivatives, std::span<const double> multipliers);

  /// Makes the configuration of the last compute the accepted one: the weighted slip of every
  /// later compute is measured from its D, M and tangents, however many computes come before the
  /// next accept_step. An implicit solver calls it once a step has converged; a rejected step is
  /// dropped by not calling it. Without a compute since the last accept_step it changes nothing.
  /// A later compute throws std::invalid_argument if its interface has other slave or master
  /// nodes than the accepted one, or its options another basis.
  void accept_step();
  bool has_accepted_step() const;

 private:
  struct Scratch;
  std::unique_ptr<Scratch> scratch_;
};

/// compute into a new result, for a caller that integrates once.
MortarResult mortar_integration(const ContactInterface& interface, const InterfaceResult& pairs,
                                std::span<const Eigen::Vector3d> coordinates,
                                const MortarOptions& options = {});

}  // namespace fecontact
