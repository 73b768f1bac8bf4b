// SPDX-License-Identifier: BSD-3-Clause
// The segments of one slave face: its pieces' overlaps with the pieces of each paired master
// face, cut into cells; counted, then integrated into the result's cells and points and into
// that pair's blocks of D and M.

#include <algorithm>
#include <limits>

#include <Eigen/Dense>

#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/mesh/face_shape_functions.hpp"
#include "linear_pieces.hpp"
#include "mortar_chunk.hpp"
#include "overlap_polygon.hpp"
#include "triangle_quadrature.hpp"

namespace fecontact::detail {

using Eigen::Vector2d;
using Eigen::Vector3d;
using Block = Eigen::Matrix<double, 9, 9>;

void MortarChunk::clear() {
  d.clear();
  m.clear();
  dropped_slivers = 0;
}

namespace {

// A slave piece as the clipping sees it.
struct SlavePiece {
  LinearPiece piece;
  AuxiliaryPlane plane;
  std::array<Vector2d, 4> q;  // corners in the plane
  PlaneToParent to_parent;
  Polygon polygon;
  double length_tolerance = 0, area_tolerance = 0;
  double rounding_area = 0;  // 64 ε × its area: what the clipping's rounding can leave of a touching face
  bool usable = false;
};

SlavePiece prepare(const LinearPiece& piece, double tolerance) {
  SlavePiece s;
  s.piece = piece;
  if (!auxiliary_plane(piece, s.plane)) return s;
  double diameter = 0;
  for (int i = 0; i < piece.corners; ++i) {
    s.q[static_cast<std::size_t>(i)] = s.plane.project(piece.x[static_cast<std::size_t>(i)]);
    s.polygon.push(s.q[static_cast<std::size_t>(i)]);
    for (int j = 0; j < i; ++j)
      diameter = std::max(diameter, (piece.x[static_cast<std::size_t>(i)] - piece.x[static_cast<std::size_t>(j)]).norm());
  }
  const double area = signed_area(s.polygon);
  s.length_tolerance = tolerance * diameter;
  s.area_tolerance = tolerance * area;
  s.rounding_area = 64 * std::numeric_limits<double>::epsilon() * area;
  s.usable = area > 0;
  if (s.usable) s.to_parent = PlaneToParent(piece, s.q);
  return s;
}

// Wohlmuth's (2000) dual basis on a linear slave face: Φ = A N with A = D_e M_e⁻¹, D_e = diag(∫N_j),
// M_e = ∫N Nᵀ over the whole face in its auxiliary plane's measure (as the cells' weights). The
// triangle's Jacobian is constant (the 7-point rule is exact for N Nᵀ); the quadrilateral's is
// bilinear, so N Nᵀ |J| is of degree 3 in each variable and 2×2 Gauss–Legendre is exact.
Eigen::Matrix4d dual_coefficients(const SlavePiece& s, ElementType type) {
  const int n = s.piece.corners;
  Eigen::Matrix4d mass = Eigen::Matrix4d::Zero();
  const auto add = [&](const Vector2d& local, double weight) {
    const FaceShape shape = face_shape(type, local);
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < n; ++k) mass(j, k) += weight * shape.value[static_cast<std::size_t>(j)] * shape.value[static_cast<std::size_t>(k)];
  };
  if (n == 3) {
    const double area = signed_area(s.polygon);
    for (const TrianglePoint& p : dunavant_degree5()) add(Vector2d(p.l1, p.l2), p.weight * area);
  } else {
    const auto& q = s.q;
    const double g = 1 / std::sqrt(3.0);
    for (const double t : {-g, g})
      for (const double u : {-g, g}) {
        const Vector2d x_s = 0.25 * ((q[1] - q[0]) * (1 - t) + (q[2] - q[3]) * (1 + t));
        const Vector2d x_t = 0.25 * ((q[3] - q[0]) * (1 - u) + (q[2] - q[1]) * (1 + u));
        add(Vector2d(u, t), x_s.x() * x_t.y() - x_s.y() * x_t.x());
      }
  }
  // D_e's diagonal is the row sums of M_e (the shape functions sum to 1). Fixed sizes: no allocation.
  Eigen::Matrix4d a = Eigen::Matrix4d::Zero();
  if (n == 3) {
    const Eigen::Matrix3d m = mass.topLeftCorner<3, 3>();
    a.topLeftCorner<3, 3>() = m.rowwise().sum().asDiagonal() * m.inverse();
  } else {
    a = mass.rowwise().sum().asDiagonal() * mass.inverse();
  }
  return a;
}

// A slave face cut into pieces, each prepared for clipping, with its dual coefficients.
struct SlaveFace {
  FaceNodes nodes;
  std::array<SlavePiece, 4> pieces;
  int piece_count = 0;
};

SlaveFace prepare_face(const MortarContext& context, Index face) {
  SlaveFace slave;
  slave.nodes = gather_face_nodes(context.slave->faces[static_cast<std::size_t>(face)], context.coordinates);
  std::array<LinearPiece, 4> pieces;
  slave.piece_count = linear_pieces(slave.nodes, pieces);
  for (int p = 0; p < slave.piece_count; ++p)
    slave.pieces[static_cast<std::size_t>(p)] = prepare(pieces[static_cast<std::size_t>(p)], context.tolerance);
  return slave;
}

// Calls overlap(slave_piece, master_piece, master_corners, polygon) for every overlap polygon of
// `slave`'s pieces with the pieces of master face `master` (master_corners: the master piece's
// corners projected onto the slave piece's plane), in piece order; counts the dropped slivers.
// The one clipping, so that counting the cells and integrating on them cannot disagree.
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
      std::array<Vector2d, 4> qm;
      subject.size = 0;
      for (int i = 0; i < m.corners; ++i) qm[static_cast<std::size_t>(i)] = s.plane.project(m.x[static_cast<std::size_t>(i)]);
      // Reversed: a master piece that faces the slave piece projects clockwise.
      for (int i = m.corners - 1; i >= 0; --i) subject.push(qm[static_cast<std::size_t>(i)]);
      if (!(signed_area(subject) > 0)) continue;
      clip(subject, s.polygon, s.length_tolerance, polygon);
      const double clipped_area = signed_area(polygon);
      remove_close_vertices(polygon, s.length_tolerance);
      if (polygon.size < 3 || !(signed_area(polygon) > s.area_tolerance)) {
        // An overlap of faces that only touch has the area of rounding; more is a sliver.
        if (clipped_area > s.rounding_area) ++dropped_slivers;
        continue;
      }
      overlap(s, m, qm, polygon);
    }
  }
}

// Calls cell(a, b, c, area) for every cell of an overlap polygon: the polygon itself when it is a
// triangle, else the fan from its centroid; cells without positive area are left out.
template <class Cell>
void for_each_cell(const Polygon& polygon, Cell&& cell) {
  const auto add = [&](const Vector2d& a, const Vector2d& b, const Vector2d& c) {
    const double area = 0.5 * ((b - a).x() * (c - a).y() - (b - a).y() * (c - a).x());
    if (area > 0) cell(a, b, c, area);
  };
  if (polygon.size == 3) {
    add(polygon.vertex[0], polygon.vertex[1], polygon.vertex[2]);
    return;
  }
  Vector2d centroid = Vector2d::Zero();
  for (int i = 0; i < polygon.size; ++i) centroid += polygon.vertex[static_cast<std::size_t>(i)];
  centroid /= polygon.size;
  for (int i = 0; i < polygon.size; ++i)
    add(centroid, polygon.vertex[static_cast<std::size_t>(i)], polygon.vertex[static_cast<std::size_t>((i + 1) % polygon.size)]);
}

// The integration of one slave face: its shape function types, dual coefficients and the blocks
// of D (summed over all its pairs) and M (over one pair's cells).
struct FaceIntegral {
  ElementType slave_type, master_type;
  int ns = 0, nm = 0;
  bool dual = false;
  Eigen::Matrix4d dual_a;
  Block d, m;

  // The cell (a, b, c) of the slave piece's plane, of area `area`: its seven points into
  // local[0 .. 7) (slave and master (ξ, η)) and weight[0 .. 7), and its terms of D and M. The
  // cell's points first, then its sums: each block entry is updated once per cell, from
  // registers, rather than once per point through memory.
  void add_cell(const PlaneToParent& slave_to_parent, const PlaneToParent& master_to_parent, const Vector2d& a,
                const Vector2d& b, const Vector2d& c, double area, Vector2d* slave_local, Vector2d* master_local,
                double* weight) {
    const auto& rule = dunavant_degree5();
    std::array<std::array<double, 9>, 7> phi, n, n_master;  // phi: weight × Φ_j at each point
    for (std::size_t q = 0; q < rule.size(); ++q) {
      const TrianglePoint& point = rule[q];
      const Vector2d p = (1 - point.l1 - point.l2) * a + point.l1 * b + point.l2 * c;
      slave_local[q] = slave_to_parent(p);
      master_local[q] = master_to_parent(p);
      weight[q] = point.weight * area;
      face_shape_values(slave_type, slave_local[q], n[q]);
      face_shape_values(master_type, master_local[q], n_master[q]);
      for (int j = 0; j < ns; ++j) {
        double value = n[q][static_cast<std::size_t>(j)];
        if (dual) {
          value = 0;
          for (int i = 0; i < ns; ++i) value += dual_a(j, i) * n[q][static_cast<std::size_t>(i)];
        }
        phi[q][static_cast<std::size_t>(j)] = weight[q] * value;
      }
    }
    for (int j = 0; j < ns; ++j) {
      const auto row = static_cast<std::size_t>(j);
      for (int i = 0; i < ns; ++i) {
        double sum = 0;
        for (std::size_t q = 0; q < rule.size(); ++q) sum += phi[q][row] * n[q][static_cast<std::size_t>(i)];
        d(j, i) += sum;
      }
      for (int l = 0; l < nm; ++l) {
        double sum = 0;
        for (std::size_t q = 0; q < rule.size(); ++q) sum += phi[q][row] * n_master[q][static_cast<std::size_t>(l)];
        m(j, l) += sum;
      }
    }
  }
};

FaceNodes pair_master_face(const MortarContext& context, std::size_t k) {
  return gather_face_nodes(context.master->faces[static_cast<std::size_t>(context.pair_master[k])], context.coordinates);
}

}  // namespace

Index count_cells(const MortarContext& context, Index face, std::size_t begin, std::size_t end) {
  const SlaveFace slave = prepare_face(context, face);
  Index cells = 0, dropped_slivers = 0;
  for (std::size_t k = begin; k < end; ++k)
    for_each_overlap(slave, pair_master_face(context, k), dropped_slivers,
                     [&](const SlavePiece&, const LinearPiece&, const std::array<Vector2d, 4>&, const Polygon& polygon) {
                       for_each_cell(polygon, [&](const Vector2d&, const Vector2d&, const Vector2d&, double) { ++cells; });
                     });
  return cells;
}

double integrate_slave_face(const MortarContext& context, Index face, std::size_t begin, std::size_t end,
                            std::size_t first_cell, MortarResult& out, MortarChunk& chunk) {
  const SlaveFace slave = prepare_face(context, face);
  FaceIntegral integral;
  integral.slave_type = slave.nodes.type;
  integral.ns = node_count(integral.slave_type);
  integral.dual = context.basis == MortarBasis::dual;
  integral.dual_a = integral.dual && slave.pieces[0].usable ? dual_coefficients(slave.pieces[0], integral.slave_type)
                                                            : Eigen::Matrix4d::Identity();
  const int ns = integral.ns;
  // Only the blocks' leading rows and columns are used; zeroing all 81 entries per pair would cost
  // more than the pair's sums on linear faces.
  integral.d.topLeftCorner(ns, ns).setZero();
  const std::span<const Index> slave_nodes = context.slave->faces[static_cast<std::size_t>(face)].nodes();
  const auto row_of = [&](Index node) { return context.slave_row[static_cast<std::size_t>(node)]; };
  constexpr auto points = static_cast<std::size_t>(MortarResult::points_per_cell);

  double covered = 0;
  std::size_t cell = first_cell;
  for (std::size_t k = begin; k < end; ++k) {
    const FaceNodes master = pair_master_face(context, k);
    integral.master_type = master.type;
    integral.nm = node_count(master.type);
    integral.m.topRows(ns).setZero();
    const std::size_t pair_first_cell = cell;
    for_each_overlap(slave, master, chunk.dropped_slivers,
                     [&](const SlavePiece& s, const LinearPiece& m, const std::array<Vector2d, 4>& qm, const Polygon& polygon) {
                       const PlaneToParent master_to_parent(m, qm);
                       for_each_cell(polygon, [&](const Vector2d& a, const Vector2d& b, const Vector2d& c, double area) {
                         covered += area;
                         out.cell_slave_face[cell] = face;
                         out.cell_master_face[cell] = context.pair_master[k];
                         out.cell_vertices[cell] = {s.plane.point(a), s.plane.point(b), s.plane.point(c)};
                         integral.add_cell(s.to_parent, master_to_parent, a, b, c, area, &out.point_slave_local[cell * points],
                                           &out.point_master_local[cell * points], &out.point_weight[cell * points]);
                         ++cell;
                       });
                     });
    if (cell == pair_first_cell) continue;
    // M is written per pair; D, which does not depend on the master face, once for the face.
    const std::span<const Index> master_nodes = context.master->faces[static_cast<std::size_t>(context.pair_master[k])].nodes();
    for (int j = 0; j < ns; ++j)
      for (std::size_t l = 0; l < master_nodes.size(); ++l)
        chunk.m.push_back({row_of(slave_nodes[static_cast<std::size_t>(j)]),
                           context.master_column[static_cast<std::size_t>(master_nodes[l])], integral.m(j, static_cast<Index>(l))});
  }
  if (cell == first_cell) return covered;
  for (int j = 0; j < ns; ++j) {
    const Index row = row_of(slave_nodes[static_cast<std::size_t>(j)]);
    if (integral.dual) {
      chunk.d.push_back({row, row, integral.d.row(j).head(ns).sum()});
      continue;
    }
    for (int i = 0; i < ns; ++i) chunk.d.push_back({row, row_of(slave_nodes[static_cast<std::size_t>(i)]), integral.d(j, i)});
  }
  return covered;
}

}  // namespace fecontact::detail
