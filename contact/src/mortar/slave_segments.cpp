// SPDX-License-Identifier: BSD-3-Clause
#include "slave_segments.hpp"

#include <algorithm>
#include <limits>

#include <Eigen/Dense>

#include "fecontact/mesh/face_shape_functions.hpp"

namespace fecontact::detail {

using Eigen::Vector2d;

namespace {

SlavePiece prepare(const LinearPiece& piece, double tolerance) {
  SlavePiece s;
  s.piece = piece;
  if (!auxiliary_plane(piece, s.plane)) return s;
  double diameter = 0;
  for (int i = 0; i < piece.corners; ++i) {
    s.q[static_cast<std::size_t>(i)] = s.plane.project(piece.x[static_cast<std::size_t>(i)]);
    s.polygon.push(s.q[static_cast<std::size_t>(i)], {static_cast<std::int8_t>(clipper_line + (i + piece.corners - 1) % piece.corners),
                                                       static_cast<std::int8_t>(clipper_line + i)});
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

}  // namespace

SlaveFace prepare_face(const MortarContext& context, Index face) {
  SlaveFace slave;
  slave.nodes = gather_face_nodes(context.slave->faces[static_cast<std::size_t>(face)], context.coordinates);
  std::array<LinearPiece, 4> pieces;
  slave.piece_count = linear_pieces(slave.nodes, pieces);
  for (int p = 0; p < slave.piece_count; ++p)
    slave.pieces[static_cast<std::size_t>(p)] = prepare(pieces[static_cast<std::size_t>(p)], context.tolerance);
  return slave;
}

std::array<double, 9> modified_values(ElementType type, const Vector2d& local) {
  std::array<double, 9> values{};
  face_shape_values(type, local, values);
  modify_quadratic_values(type, values);
  return values;
}

DualCoefficients dual_mass(const SlaveFace& face) {
  const ElementType type = face.nodes.type;
  const int n = node_count(type);
  DualCoefficients mass = DualCoefficients::Zero(n, n);
  for (int p = 0; p < face.piece_count; ++p) {
    const SlavePiece& s = face.pieces[static_cast<std::size_t>(p)];
    if (!s.usable) continue;
    for_each_dual_point(s.piece.corners, s.q, s.piece.parent_local, [&](const Vector2d& local, double weight) {
      const std::array<double, 9> shape = modified_values(type, local);
      for (int j = 0; j < n; ++j)
        for (int k = 0; k < n; ++k) mass(j, k) += weight * shape[static_cast<std::size_t>(j)] * shape[static_cast<std::size_t>(k)];
    });
  }
  return mass;
}

DualCoefficients dual_coefficients(const SlaveFace& face) {
  const int n = node_count(face.nodes.type);
  const bool usable = std::any_of(face.pieces.begin(), face.pieces.begin() + face.piece_count,
                                  [](const SlavePiece& piece) { return piece.usable; });
  if (!usable) return DualCoefficients::Identity(n, n);
  const DualCoefficients mass = dual_mass(face);
  // A = D_e M_e⁻¹, i.e. Aᵀ = M_e⁻¹ D_e (M_e symmetric positive definite). Fixed maximum sizes: no allocation.
  const Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 9, 1> row_sums = mass.rowwise().sum();
  const DualCoefficients transposed = mass.ldlt().solve(DualCoefficients(row_sums.asDiagonal()));
  return transposed.transpose();
}

}  // namespace fecontact::detail
