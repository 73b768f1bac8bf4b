// The segments of one slave face: its pieces' overlaps with the pieces of each paired master
// face, cut into cells, integrated into that pair's blocks of D and M.

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
  cell_slave_face.clear();
  cell_master_face.clear();
  cell_vertices.clear();
  point_slave_local.clear();
  point_master_local.clear();
  point_weight.clear();
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

}  // namespace

double integrate_slave_face(const MortarContext& context, Index face, std::size_t begin, std::size_t end,
                            MortarChunk& out) {
  const SurfaceFace& slave_face = context.slave->faces[static_cast<std::size_t>(face)];
  const FaceNodes slave = gather_face_nodes(slave_face, context.coordinates);
  std::array<LinearPiece, 4> pieces;
  const int slave_piece_count = linear_pieces(slave, pieces);
  std::array<SlavePiece, 4> slave_pieces;
  for (int p = 0; p < slave_piece_count; ++p)
    slave_pieces[static_cast<std::size_t>(p)] = prepare(pieces[static_cast<std::size_t>(p)], context.tolerance);
  const bool dual = context.basis == MortarBasis::dual;
  const Eigen::Matrix4d dual_a =
      dual && slave_pieces[0].usable ? dual_coefficients(slave_pieces[0], slave.type) : Eigen::Matrix4d::Identity();
  const int ns = node_count(slave.type);
  const std::span<const Index> slave_nodes = slave_face.nodes();
  const auto& rule = dunavant_degree5();

  // D does not depend on the master face: summed over the face's pairs and written once.
  double covered = 0;
  Block d_block = Block::Zero(), m_block;
  bool face_has_cells = false;
  std::array<LinearPiece, 4> master_pieces;
  Polygon subject, overlap;
  for (std::size_t k = begin; k < end; ++k) {
    const Index master_index = context.pair_master[k];
    const SurfaceFace& master_face = context.master->faces[static_cast<std::size_t>(master_index)];
    const FaceNodes master = gather_face_nodes(master_face, context.coordinates);
    const int master_piece_count = linear_pieces(master, master_pieces);
    const int nm = node_count(master.type);
    m_block.setZero();
    bool any = false;
    for (int sp = 0; sp < slave_piece_count; ++sp) {
      const SlavePiece& s = slave_pieces[static_cast<std::size_t>(sp)];
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
          if (clipped_area > s.rounding_area) ++out.dropped_slivers;
          continue;
        }
        const auto add_cell = [&](const Vector2d& a, const Vector2d& b, const Vector2d& c) {
          const double area = 0.5 * ((b - a).x() * (c - a).y() - (b - a).y() * (c - a).x());
          if (!(area > 0)) return;
          any = true;
          covered += area;
          out.cell_slave_face.push_back(face);
          out.cell_master_face.push_back(master_index);
          out.cell_vertices.push_back({s.plane.point(a), s.plane.point(b), s.plane.point(c)});
          for (const TrianglePoint& point : rule) {
            const Vector2d p = (1 - point.l1 - point.l2) * a + point.l1 * b + point.l2 * c;
            const Vector2d slave_local = parent_local(s.piece, piece_local(s.piece.corners, s.q, p));
            const Vector2d master_local = parent_local(m, piece_local(m.corners, qm, p));
            const double weight = point.weight * area;
            out.point_slave_local.push_back(slave_local);
            out.point_master_local.push_back(master_local);
            out.point_weight.push_back(weight);
            const FaceShape n = face_shape(slave.type, slave_local);
            const FaceShape n_master = face_shape(master.type, master_local);
            for (int j = 0; j < ns; ++j) {
              double phi = n.value[static_cast<std::size_t>(j)];
              if (dual) {
                phi = 0;
                for (int i = 0; i < ns; ++i) phi += dual_a(j, i) * n.value[static_cast<std::size_t>(i)];
              }
              for (int i = 0; i < ns; ++i) d_block(j, i) += weight * phi * n.value[static_cast<std::size_t>(i)];
              for (int l = 0; l < nm; ++l) m_block(j, l) += weight * phi * n_master.value[static_cast<std::size_t>(l)];
            }
          }
        };
        if (overlap.size == 3) {
          add_cell(overlap.vertex[0], overlap.vertex[1], overlap.vertex[2]);
          continue;
        }
        Vector2d centroid = Vector2d::Zero();
        for (int i = 0; i < overlap.size; ++i) centroid += overlap.vertex[static_cast<std::size_t>(i)];
        centroid /= overlap.size;
        for (int i = 0; i < overlap.size; ++i)
          add_cell(centroid, overlap.vertex[static_cast<std::size_t>(i)],
                   overlap.vertex[static_cast<std::size_t>((i + 1) % overlap.size)]);
      }
    }
    if (!any) continue;
    face_has_cells = true;
    const std::span<const Index> master_nodes = master_face.nodes();
    for (int j = 0; j < ns; ++j) {
      const Index row = context.slave_row[static_cast<std::size_t>(slave_nodes[static_cast<std::size_t>(j)])];
      for (int l = 0; l < nm; ++l)
        out.m.push_back({row, context.master_column[static_cast<std::size_t>(master_nodes[static_cast<std::size_t>(l)])], m_block(j, l)});
    }
  }
  if (!face_has_cells) return covered;
  for (int j = 0; j < ns; ++j) {
    const Index row = context.slave_row[static_cast<std::size_t>(slave_nodes[static_cast<std::size_t>(j)])];
    if (dual) {
      out.d.push_back({row, row, d_block.row(j).head(ns).sum()});
      continue;
    }
    for (int i = 0; i < ns; ++i)
      out.d.push_back({row, context.slave_row[static_cast<std::size_t>(slave_nodes[static_cast<std::size_t>(i)])], d_block(j, i)});
  }
  return covered;
}

}  // namespace fecontact::detail
