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

// What a cell callback sees of the master piece a cell lies in.
struct MasterPiece {
  ElementType type;
  PlaneToParent to_parent;
};

// Calls cell(k, slave_piece, master_piece, a, b, c, area) for every cell of `slave`'s pairs k in
// [begin, end) (pair_master[k] its master face), in pair, piece and polygon order; counts the
// dropped slivers. The one enumeration of the cells, so that counting them and integrating on
// them cannot disagree.
template <class Cell>
void for_each_cell(const MortarContext& context, const SlaveFace& slave, std::size_t begin, std::size_t end,
                   Index& dropped_slivers, Cell&& cell) {
  std::array<LinearPiece, 4> master_pieces;
  Polygon subject, overlap;
  for (std::size_t k = begin; k < end; ++k) {
    const SurfaceFace& master_face = context.master->faces[static_cast<std::size_t>(context.pair_master[k])];
    const FaceNodes master = gather_face_nodes(master_face, context.coordinates);
    const int master_piece_count = linear_pieces(master, master_pieces);
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
        clip(subject, s.polygon, s.length_tolerance, overlap);
        const double clipped_area = signed_area(overlap);
        remove_close_vertices(overlap, s.length_tolerance);
        if (overlap.size < 3 || !(signed_area(overlap) > s.area_tolerance)) {
          // An overlap of faces that only touch has the area of rounding; more is a sliver.
          if (clipped_area > s.rounding_area) ++dropped_slivers;
          continue;
        }
        const MasterPiece master_piece{master.type, PlaneToParent(m, qm)};
        const auto add = [&](const Vector2d& a, const Vector2d& b, const Vector2d& c) {
          const double area = 0.5 * ((b - a).x() * (c - a).y() - (b - a).y() * (c - a).x());
          if (area > 0) cell(k, s, master_piece, a, b, c, area);
        };
        if (overlap.size == 3) {
          add(overlap.vertex[0], overlap.vertex[1], overlap.vertex[2]);
          continue;
        }
        Vector2d centroid = Vector2d::Zero();
        for (int i = 0; i < overlap.size; ++i) centroid += overlap.vertex[static_cast<std::size_t>(i)];
        centroid /= overlap.size;
        for (int i = 0; i < overlap.size; ++i)
          add(centroid, overlap.vertex[static_cast<std::size_t>(i)], overlap.vertex[static_cast<std::size_t>((i + 1) % overlap.size)]);
      }
    }
  }
}

}  // namespace

Index count_cells(const MortarContext& context, Index face, std::size_t begin, std::size_t end) {
  const SlaveFace slave = prepare_face(context, face);
  Index cells = 0, dropped_slivers = 0;
  for_each_cell(context, slave, begin, end, dropped_slivers,
                [&](std::size_t, const SlavePiece&, const MasterPiece&, const Vector2d&, const Vector2d&, const Vector2d&,
                    double) { ++cells; });
  return cells;
}

double integrate_slave_face(const MortarContext& context, Index face, std::size_t begin, std::size_t end,
                            std::size_t first_cell, MortarResult& out, MortarChunk& chunk) {
  const SlaveFace slave = prepare_face(context, face);
  const ElementType slave_type = slave.nodes.type;
  const bool dual = context.basis == MortarBasis::dual;
  const Eigen::Matrix4d dual_a =
      dual && slave.pieces[0].usable ? dual_coefficients(slave.pieces[0], slave_type) : Eigen::Matrix4d::Identity();
  const int ns = node_count(slave_type);
  const std::span<const Index> slave_nodes = context.slave->faces[static_cast<std::size_t>(face)].nodes();
  const auto& rule = dunavant_degree5();

  // D does not depend on the master face: summed over the face's pairs and written once. M is
  // summed over each pair's cells and written when the pair ends.
  double covered = 0;
  // Only the blocks' leading rows and columns are used; zeroing all 81 entries per pair would cost
  // more than the pair's sums on linear faces.
  Block d_block, m_block;
  d_block.topLeftCorner(ns, ns).setZero();
  m_block.topRows(ns).setZero();
  std::size_t cell_index = first_cell;
  std::size_t open_pair = end;  // the pair whose cells m_block holds; `end` for none
  const auto write_m_block = [&] {
    if (open_pair == end) return;
    const Index master_index = context.pair_master[open_pair];
    const std::span<const Index> master_nodes = context.master->faces[static_cast<std::size_t>(master_index)].nodes();
    for (int j = 0; j < ns; ++j) {
      const Index row = context.slave_row[static_cast<std::size_t>(slave_nodes[static_cast<std::size_t>(j)])];
      for (std::size_t l = 0; l < master_nodes.size(); ++l)
        chunk.m.push_back({row, context.master_column[static_cast<std::size_t>(master_nodes[l])], m_block(j, static_cast<Index>(l))});
    }
    m_block.topRows(ns).setZero();
  };
  for_each_cell(context, slave, begin, end, chunk.dropped_slivers,
                [&](std::size_t k, const SlavePiece& s, const MasterPiece& m, const Vector2d& a, const Vector2d& b,
                    const Vector2d& c, double area) {
                  if (k != open_pair) {
                    write_m_block();
                    open_pair = k;
                  }
                  covered += area;
                  out.cell_slave_face[cell_index] = face;
                  out.cell_master_face[cell_index] = context.pair_master[k];
                  out.cell_vertices[cell_index] = {s.plane.point(a), s.plane.point(b), s.plane.point(c)};
                  const int nm = node_count(m.type);
                  // The cell's points first, then its sums: each entry of the blocks is updated
                  // once per cell, from registers, rather than once per point through memory.
                  // phi holds weight × Φ_j at each point.
                  std::array<std::array<double, 9>, 7> phi, n, n_master;
                  std::array<double, 7> weight;
                  for (std::size_t q = 0; q < rule.size(); ++q) {
                    const TrianglePoint& point = rule[q];
                    const Vector2d p = (1 - point.l1 - point.l2) * a + point.l1 * b + point.l2 * c;
                    const Vector2d slave_local = s.to_parent(p), master_local = m.to_parent(p);
                    weight[q] = point.weight * area;
                    const std::size_t at = cell_index * rule.size() + q;
                    out.point_slave_local[at] = slave_local;
                    out.point_master_local[at] = master_local;
                    out.point_weight[at] = weight[q];
                    face_shape_values(slave_type, slave_local, n[q]);
                    face_shape_values(m.type, master_local, n_master[q]);
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
                      d_block(j, i) += sum;
                    }
                    for (int l = 0; l < nm; ++l) {
                      double sum = 0;
                      for (std::size_t q = 0; q < rule.size(); ++q) sum += phi[q][row] * n_master[q][static_cast<std::size_t>(l)];
                      m_block(j, l) += sum;
                    }
                  }
                  ++cell_index;
                });
  write_m_block();
  if (cell_index == first_cell) return covered;
  for (int j = 0; j < ns; ++j) {
    const Index row = context.slave_row[static_cast<std::size_t>(slave_nodes[static_cast<std::size_t>(j)])];
    if (dual) {
      chunk.d.push_back({row, row, d_block.row(j).head(ns).sum()});
      continue;
    }
    for (int i = 0; i < ns; ++i)
      chunk.d.push_back({row, context.slave_row[static_cast<std::size_t>(slave_nodes[static_cast<std::size_t>(i)])], d_block(j, i)});
  }
  return covered;
}

}  // namespace fecontact::detail
