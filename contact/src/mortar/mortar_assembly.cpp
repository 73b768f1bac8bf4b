// SPDX-License-Identifier: BSD-3-Clause
#include "mortar_assembly.hpp"

#include <algorithm>

#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/mesh/face_shape_functions.hpp"
#include "linear_pieces.hpp"
#include "overlap_polygon.hpp"

namespace fecontact::detail {

using Eigen::Vector3d;

void assemble_rows(std::span<const MortarChunk> chunks, std::vector<MatrixEntry> MortarChunk::*entries, Index rows,
                   Index columns, AssemblyScratch& scratch, SparseRows& out) {
  // Counting sort by row (stable), then per row each column's entries summed left to right into
  // a dense accumulator (the first one assigned, so that a sum keeps the sign of a lone −0), and
  // the row's columns sorted (a row has a few dozen).
  const auto row_count = static_cast<std::size_t>(rows);
  std::vector<Index>& cursor = scratch.cursor;
  cursor.assign(row_count + 1, 0);
  for (const MortarChunk& chunk : chunks)
    for (const MatrixEntry& e : chunk.*entries) ++cursor[static_cast<std::size_t>(e.row) + 1];
  for (std::size_t r = 0; r < row_count; ++r) cursor[r + 1] += cursor[r];
  std::vector<MatrixEntry>& sorted = scratch.sorted;
  sorted.resize(static_cast<std::size_t>(cursor[row_count]));
  for (const MortarChunk& chunk : chunks)
    for (const MatrixEntry& e : chunk.*entries) sorted[static_cast<std::size_t>(cursor[static_cast<std::size_t>(e.row)]++)] = e;
  scratch.sum.resize(static_cast<std::size_t>(columns));
  scratch.row_of_sum.assign(static_cast<std::size_t>(columns), -1);
  out.row_offsets.assign(row_count + 1, 0);
  out.columns.clear();
  out.values.clear();
  std::size_t begin = 0;
  for (std::size_t r = 0; r < row_count; ++r) {
    const auto end = static_cast<std::size_t>(cursor[r]);  // the cursor has moved to the row's end
    const std::size_t row_begin = out.columns.size();
    for (std::size_t i = begin; i < end; ++i) {
      const auto column = static_cast<std::size_t>(sorted[i].column);
      if (scratch.row_of_sum[column] == static_cast<Index>(r)) {
        scratch.sum[column] += sorted[i].value;
      } else {
        scratch.row_of_sum[column] = static_cast<Index>(r);
        scratch.sum[column] = sorted[i].value;
        out.columns.push_back(sorted[i].column);
      }
    }
    std::sort(out.columns.begin() + static_cast<std::ptrdiff_t>(row_begin), out.columns.end());
    for (std::size_t i = row_begin; i < out.columns.size(); ++i)
      out.values.push_back(scratch.sum[static_cast<std::size_t>(out.columns[i])]);
    out.row_offsets[r + 1] = static_cast<Index>(out.columns.size());
    begin = end;
  }
}

namespace {

// The face's area in its pieces' auxiliary planes (the measure of the cells' weights).
double plane_area(const FaceNodes& face) {
  std::array<LinearPiece, 4> pieces;
  const int count = linear_pieces(face, pieces);
  double area = 0;
  for (int p = 0; p < count; ++p) {
    const LinearPiece& piece = pieces[static_cast<std::size_t>(p)];
    AuxiliaryPlane plane;
    if (!auxiliary_plane(piece, plane)) continue;
    Polygon polygon;
    for (int i = 0; i < piece.corners; ++i) polygon.push(plane.project(piece.x[static_cast<std::size_t>(i)]), {-1, -1});
    area += std::max(0.0, signed_area(polygon));
  }
  return area;
}

}  // namespace

void finish_rows(const Surface& slave, std::span<const Vector3d> coordinates, std::span<const Index> slave_row,
                 std::span<const double> covered, std::vector<double>& support_area, std::vector<double>& normal_length,
                 std::vector<Vector3d>& gap_vector, MortarResult& out) {
  const std::size_t rows = out.slave_nodes.size();
  out.slave_normals.assign(rows, Vector3d::Zero());
  out.slave_coverage.assign(rows, 0.0);
  support_area.assign(rows, 0.0);
  for (std::size_t f = 0; f < slave.faces.size(); ++f) {
    const SurfaceFace& face = slave.faces[f];
    const FaceNodes nodes = gather_face_nodes(face, coordinates);
    const double area = face_area(nodes), in_planes = plane_area(nodes);
    const std::span<const Index> ids = face.nodes();
    for (std::size_t i = 0; i < ids.size(); ++i) {
      const auto row = static_cast<std::size_t>(slave_row[static_cast<std::size_t>(ids[i])]);
      out.slave_normals[row] += area * face_normal(nodes, reference_face_node(face.type, static_cast<int>(i)));
      out.slave_coverage[row] += covered[f];
      support_area[row] += in_planes;
    }
  }
  out.weighted_gap.assign(rows, 0.0);
  out.uncovered_slave_nodes.clear();
  normal_length.assign(rows, 0.0);
  gap_vector.assign(rows, Vector3d::Zero());
  for (std::size_t r = 0; r < rows; ++r) {
    const double length = out.slave_normals[r].norm();
    normal_length[r] = length;
    if (length > 0) out.slave_normals[r] /= length;
    out.slave_coverage[r] = support_area[r] > 0 ? out.slave_coverage[r] / support_area[r] : 0.0;
    const auto d_begin = static_cast<std::size_t>(out.D.row_offsets[r]), d_end = static_cast<std::size_t>(out.D.row_offsets[r + 1]);
    if (d_begin == d_end) {
      out.uncovered_slave_nodes.push_back(out.slave_nodes[r]);
      continue;
    }
    // Σ M x − Σ D x̃ about the node's own position, so that far from the origin the sum does not
    // cancel its coordinates' magnitude; the rest is (Σ M − Σ D) x_j, zero where the node's
    // support is covered (partition of unity). x̃ = T x (slave_transformation, whose rows sum to
    // 1) or x.
    const Vector3d& xj = coordinates[static_cast<std::size_t>(out.slave_nodes[r])];
    const auto slave_x = [&](Index row) {  // x̃ of slave row `row`, less x_j
      const auto node = [&](Index k) { return coordinates[static_cast<std::size_t>(out.slave_nodes[static_cast<std::size_t>(k)])]; };
      if (out.slave_transformation.row_offsets.empty()) return Vector3d(node(row) - xj);
      const SparseRows& t = out.slave_transformation;
      Vector3d sum = Vector3d::Zero();
      for (auto i = static_cast<std::size_t>(t.row_offsets[static_cast<std::size_t>(row)]);
           i < static_cast<std::size_t>(t.row_offsets[static_cast<std::size_t>(row) + 1]); ++i)
        sum += t.values[i] * (node(t.columns[i]) - xj);
      return sum;
    };
    Vector3d sum = Vector3d::Zero();
    double weight = 0;
    for (std::size_t i = static_cast<std::size_t>(out.M.row_offsets[r]); i < static_cast<std::size_t>(out.M.row_offsets[r + 1]); ++i) {
      sum += out.M.values[i] * (coordinates[static_cast<std::size_t>(out.master_nodes[static_cast<std::size_t>(out.M.columns[i])])] - xj);
      weight += out.M.values[i];
    }
    for (std::size_t i = d_begin; i < d_end; ++i) {
      sum -= out.D.values[i] * slave_x(out.D.columns[i]);
      weight -= out.D.values[i];
    }
    out.weighted_gap[r] = out.slave_normals[r].dot(sum + weight * xj);
    gap_vector[r] = sum;  // Σ M − Σ D vanishes (partition of unity on the same cells): W_j less rounding
  }
}

}  // namespace fecontact::detail
