// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The segments of one slave face (Puso & Laursen 2004): its pieces, each with its auxiliary plane
// and projected corners, clipped against the pieces of a paired master face into overlap polygons
// that are cut into triangular cells; and the dual basis coefficients of the face. Shared by the
// integration (segment_integration.cpp) and the derivatives (gap_jacobian.cpp), so that both walk
// the same polygons.

#include <array>
#include <cmath>
#include <cstdint>
#include <utility>

#include <Eigen/Core>

#include "fecontact/contact/face_geometry.hpp"
#include "linear_pieces.hpp"
#include "mortar_chunk.hpp"
#include "multiplier_basis.hpp"
#include "overlap_polygon.hpp"
#include "triangle_quadrature.hpp"

namespace fecontact::detail {

// A slave piece as the clipping sees it.
struct SlavePiece {
  LinearPiece piece;
  AuxiliaryPlane plane;
  std::array<Eigen::Vector2d, 4> q;  // corners in the plane
  PlaneToParent to_parent;
  Polygon polygon;
  double length_tolerance = 0, area_tolerance = 0;
  double rounding_area = 0;  // 64 ε × its area: what the clipping's rounding can leave of a touching face
  bool usable = false;
};

// A slave face cut into pieces, each prepared for clipping.
struct SlaveFace {
  FaceNodes nodes;
  std::array<SlavePiece, 4> pieces;
  int piece_count = 0;
};

SlaveFace prepare_face(const MortarContext& context, Index face);

// Calls overlap(slave_piece, slave_piece_index, master_piece, master_piece_index, master_corners,
// polygon) for every overlap polygon of `slave`'s pieces with the pieces of master face `master`
// (master_corners: the master piece's corners projected onto the slave piece's plane), in piece
// order; counts the dropped slivers. The one clipping, so that counting the cells, integrating on
// them and differentiating cannot disagree. The polygon's vertices carry the lines they lie on
// (overlap_polygon.hpp): edge k of the subject (the master piece's corners in reverse order) is
// line k, edge e of the slave piece line clipper_line + e.
template <class Overlap>
void for_each_overlap(const SlaveFace& slave, const FaceNodes& master, Index& dropped_slivers, Overlap&& overlap) {
  std::array<LinearPiece, 4> master_pieces;
  const int master_piece_count = linear_pieces(master, master_pieces);
  Polygon subject, polygon;
  for (int sp = 0; sp < slave.piece_count; ++sp) {
    const SlavePiece& s = slave.pieces[static_cast<std::size_t>(sp)];
    if (!s.usable) continue;
    for (int mp = 0; mp < master_piece_count; ++mp) {
      const LinearPiece& m = master_pieces[static_cast<std::size_t>(mp)];
      std::array<Eigen::Vector2d, 4> qm;
      subject.size = 0;
      for (int i = 0; i < m.corners; ++i) qm[static_cast<std::size_t>(i)] = s.plane.project(m.x[static_cast<std::size_t>(i)]);
      // Reversed: a master piece that faces the slave piece projects clockwise.
      for (int i = m.corners - 1; i >= 0; --i) {
        const int k = m.corners - 1 - i;  // its position in the subject: on edges k − 1 and k
        subject.push(qm[static_cast<std::size_t>(i)], {static_cast<std::int8_t>((k + m.corners - 1) % m.corners),
                                                        static_cast<std::int8_t>(k)});
      }
      if (!(signed_area(subject) > 0)) continue;
      clip(subject, s.polygon, s.length_tolerance, polygon);
      const double clipped_area = signed_area(polygon);
      remove_close_vertices(polygon, s.length_tolerance);
      if (polygon.size < 3 || !(signed_area(polygon) > s.area_tolerance)) {
        // An overlap of faces that only touch has the area of rounding; more is a sliver.
        if (clipped_area > s.rounding_area) ++dropped_slivers;
        continue;
      }
      overlap(s, sp, m, mp, qm, polygon);
    }
  }
}

// Calls cell(a, b, c, area) for every cell of an overlap polygon: the polygon itself when it is a
// triangle, else the fan from its centroid; cells without positive area are left out. Point is
// Eigen::Vector2d, or a vector of dual numbers (the derivatives), whose values decide.
template <class Point, class Cell>
void for_each_cell(const std::array<Point, Polygon::capacity>& vertex, int size, Cell&& cell) {
  using Scalar = typename Point::Scalar;
  const auto add = [&](const Point& a, const Point& b, const Point& c) {
    const Scalar area = 0.5 * ((b - a).x() * (c - a).y() - (b - a).y() * (c - a).x());
    if (area > 0) cell(a, b, c, area);
  };
  if (size == 3) {
    add(vertex[0], vertex[1], vertex[2]);
    return;
  }
  Point centroid = vertex[0];
  for (int i = 1; i < size; ++i) centroid += vertex[static_cast<std::size_t>(i)];
  centroid /= static_cast<double>(size);
  for (int i = 0; i < size; ++i)
    add(centroid, vertex[static_cast<std::size_t>(i)], vertex[static_cast<std::size_t>((i + 1) % size)]);
}

/// The modified slave basis Ñ (multiplier_basis.hpp; N on linear faces) at `local`.
std::array<double, 9> modified_values(ElementType type, const Eigen::Vector2d& local);

/// Calls add(local, weight) for the points of a rule that integrates Ñ Ñᵀ exactly over a slave
/// piece of `corners` corners at `q` in its plane (Point: Eigen::Vector2d or dual numbers, for
/// the weight) whose corners sit at `parent` on the parent face: on a triangle the map is affine
/// and the 7-point rule exact for Ñ Ñᵀ (degree ≤ 4); on a quadrilateral Ñ Ñᵀ |J| is of degree ≤ 5
/// in each variable (biquadratic products times a bilinear Jacobian), which 3×3 Gauss–Legendre
/// integrates exactly.
template <class Point, class Add>
void for_each_dual_point(int corners, const std::array<Point, 4>& q, const std::array<Eigen::Vector2d, 4>& parent,
                         Add&& add) {
  using Scalar = typename Point::Scalar;
  if (corners == 3) {
    const Scalar area = 0.5 * ((q[1] - q[0]).x() * (q[2] - q[0]).y() - (q[1] - q[0]).y() * (q[2] - q[0]).x());
    for (const TrianglePoint& t : dunavant_degree5())
      add(Eigen::Vector2d((1 - t.l1 - t.l2) * parent[0] + t.l1 * parent[1] + t.l2 * parent[2]), Scalar(t.weight * area));
    return;
  }
  const double g = std::sqrt(0.6);
  const std::array<std::pair<double, double>, 3> gauss{{{-g, 5.0 / 9}, {0.0, 8.0 / 9}, {g, 5.0 / 9}}};
  for (const auto& [t, wt] : gauss)
    for (const auto& [u, wu] : gauss) {
      const Point x_u = 0.25 * ((q[1] - q[0]) * (1 - t) + (q[2] - q[3]) * (1 + t));
      const Point x_t = 0.25 * ((q[3] - q[0]) * (1 - u) + (q[2] - q[1]) * (1 + u));
      const Eigen::Vector2d local = 0.25 * ((1 - u) * (1 - t) * parent[0] + (1 + u) * (1 - t) * parent[1] +
                                            (1 + u) * (1 + t) * parent[2] + (1 - u) * (1 + t) * parent[3]);
      add(local, Scalar(wu * wt * (x_u.x() * x_t.y() - x_u.y() * x_t.x())));
    }
}

using DualCoefficients = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 9, 9>;

/// The dual basis of a slave face (Wohlmuth 2000; for quadratic faces biorthogonal to the modified
/// basis Ñ, Popp et al. 2012): Φ = A Ñ with A = D_e M_e⁻¹, D_e = diag(∫Ñ_j) (the row sums of M_e,
/// Ñ being a partition of unity), M_e = ∫Ñ Ñᵀ over the whole face in its pieces' auxiliary-plane
/// measure (as the cells' weights), so that ∫_e Φ_j Ñ_k = δ_jk ∫_e Ñ_k; the identity for a face
/// without a usable piece (it has no cell).
DualCoefficients dual_coefficients(const SlaveFace& face);

/// M_e of dual_coefficients.
DualCoefficients dual_mass(const SlaveFace& face);

}  // namespace fecontact::detail
