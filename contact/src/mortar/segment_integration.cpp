// SPDX-License-Identifier: BSD-3-Clause
// The segments of one slave face: its pieces' overlaps with the pieces of each paired master
// face, cut into cells; counted, then integrated into the result's cells and points and into
// that pair's blocks of D and M.

#include <Eigen/Core>

#include "fecontact/mesh/face_shape_functions.hpp"
#include "slave_segments.hpp"

namespace fecontact::detail {

using Eigen::Vector2d;
using Eigen::Vector3d;
using Block = Eigen::Matrix<double, 9, 9>;

void MortarChunk::clear() {
  d.clear();
  m.clear();
  g.clear();
  slip.clear();
  d_gradient.clear();
  m_gradient.clear();
  h.clear();
  gap_vector_gradient.clear();
  normal_gradient.clear();
  dropped_slivers = 0;
}

namespace {

// The integration of one slave face: its shape function types, dual coefficients and the blocks
// of D (summed over all its pairs) and M (over one pair's cells).
struct FaceIntegral {
  ElementType slave_type, master_type;
  int ns = 0, nm = 0;
  bool dual = false, quadratic = false;
  DualCoefficients dual_a;
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
    std::array<double, 9> modified;  // Ñ (multiplier_basis.hpp)
    for (std::size_t q = 0; q < rule.size(); ++q) {
      const TrianglePoint& point = rule[q];
      const Vector2d p = (1 - point.l1 - point.l2) * a + point.l1 * b + point.l2 * c;
      slave_local[q] = slave_to_parent(p);
      master_local[q] = master_to_parent(p);
      weight[q] = point.weight * area;
      face_shape_values(slave_type, slave_local[q], n[q]);
      face_shape_values(master_type, master_local[q], n_master[q]);
      modified = n[q];
      if (quadratic) modify_quadratic_values(slave_type, modified);
      for (int j = 0; j < ns; ++j) {
        double value = modified[static_cast<std::size_t>(j)];
        if (dual) {
          value = 0;
          for (int i = 0; i < ns; ++i) value += dual_a(j, i) * modified[static_cast<std::size_t>(i)];
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
                     [&](const SlavePiece&, int, const LinearPiece&, int, const std::array<Vector2d, 4>&, const Polygon& polygon) {
                       for_each_cell(polygon.vertex, polygon.size, [&](const Vector2d&, const Vector2d&, const Vector2d&, double) { ++cells; });
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
  integral.quadratic = is_quadratic(integral.slave_type);
  const int ns = integral.ns;
  integral.dual_a = integral.dual ? dual_coefficients(slave) : DualCoefficients::Identity(ns, ns);
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
                     [&](const SlavePiece& s, int, const LinearPiece& m, int, const std::array<Vector2d, 4>& qm,
                         const Polygon& polygon) {
                       const PlaneToParent master_to_parent(m, qm);
                       for_each_cell(polygon.vertex, polygon.size, [&](const Vector2d& a, const Vector2d& b, const Vector2d& c, double area) {
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
