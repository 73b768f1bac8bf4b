// SPDX-License-Identifier: BSD-3-Clause
#include "linear_pieces.hpp"

#include <cmath>

#include <Eigen/Dense>

#include "fecontact/mesh/face_shape_functions.hpp"
#include "../parallelogram.hpp"

namespace fecontact::detail {

using Eigen::Vector2d;
using Eigen::Vector3d;

namespace {

// Piece corners as parent node numbers; −1 is the centre of a quadrilateral (node 8 of a quad9,
// the point x(0, 0) of a quad8, which has no node there). Counter-clockwise in (ξ, η), as the
// parent, so each piece keeps the outward orientation.
constexpr int tri6_pieces[4][3] = {{0, 3, 5}, {3, 1, 4}, {5, 4, 2}, {3, 4, 5}};
constexpr int quad_pieces[4][4] = {{0, 4, -1, 7}, {4, 1, 5, -1}, {-1, 5, 2, 6}, {7, -1, 6, 3}};

LinearPiece whole_face(const FaceNodes& face) {
  LinearPiece piece;
  piece.corners = corner_count(face.type);
  for (int i = 0; i < piece.corners; ++i) {
    piece.x[static_cast<std::size_t>(i)] = face.x[static_cast<std::size_t>(i)];
    piece.parent_local[static_cast<std::size_t>(i)] = reference_face_node(face.type, i);
  }
  return piece;
}

}  // namespace

int piece_corner_node(ElementType type, int piece, int corner) {
  if (type == ElementType::tri3 || type == ElementType::quad4) return corner;
  if (type == ElementType::tri6) return tri6_pieces[piece][corner];
  return quad_pieces[piece][corner];
}

int linear_pieces(const FaceNodes& face, std::array<LinearPiece, 4>& pieces) {
  if (face.type == ElementType::tri3 || face.type == ElementType::quad4) {
    pieces[0] = whole_face(face);
    return 1;
  }
  if (face.type == ElementType::tri6) {
    for (int p = 0; p < 4; ++p) {
      LinearPiece& piece = pieces[static_cast<std::size_t>(p)];
      piece.corners = 3;
      for (int i = 0; i < 3; ++i) {
        const int node = tri6_pieces[p][i];
        piece.x[static_cast<std::size_t>(i)] = face.x[static_cast<std::size_t>(node)];
        piece.parent_local[static_cast<std::size_t>(i)] = reference_face_node(face.type, node);
      }
    }
    return 4;
  }
  const Vector3d centre = face.type == ElementType::quad9 ? face.x[8] : face_point(face, Vector2d::Zero());
  for (int p = 0; p < 4; ++p) {
    LinearPiece& piece = pieces[static_cast<std::size_t>(p)];
    piece.corners = 4;
    for (int i = 0; i < 4; ++i) {
      const int node = quad_pieces[p][i];
      piece.x[static_cast<std::size_t>(i)] = node < 0 ? centre : face.x[static_cast<std::size_t>(node)];
      piece.parent_local[static_cast<std::size_t>(i)] =
          node < 0 ? Vector2d::Zero() : reference_face_node(face.type, node);
    }
  }
  return 4;
}

bool auxiliary_plane(const LinearPiece& piece, AuxiliaryPlane& plane) {
  const auto& x = piece.x;
  Vector3d normal;
  if (piece.corners == 3) {
    plane.centre = (x[0] + x[1] + x[2]) / 3;
    normal = (x[1] - x[0]).cross(x[2] - x[0]);
  } else {
    plane.centre = 0.25 * (x[0] + x[1] + x[2] + x[3]);
    normal = (x[2] - x[0]).cross(x[3] - x[1]);
  }
  const double length = normal.norm();
  if (!(length > 0) || !std::isfinite(length)) return false;
  plane.normal = normal / length;
  // e1 along the first edge, less its normal part (the edge of a warped quad4 leaves the plane).
  const Vector3d edge = x[1] - x[0];
  plane.e1 = (edge - edge.dot(plane.normal) * plane.normal).normalized();
  plane.e2 = plane.normal.cross(plane.e1);
  return true;
}

PlaneToParent::PlaneToParent(const LinearPiece& piece, const std::array<Vector2d, 4>& q)
    : q_(q), parent_(piece.parent_local) {
  const auto& c = piece.parent_local;
  Eigen::Matrix2d jacobian, parent_edges;  // of the local coordinates: plane and parent
  Vector2d q_origin, c_origin;            // the points at local coordinates 0
  if (piece.corners == 3) {
    // parent = c₀ + C J⁻¹ (p − q₀), C = [c₁ − c₀, c₂ − c₀], J = [q₁ − q₀, q₂ − q₀].
    jacobian << q[1] - q[0], q[2] - q[0];
    parent_edges << c[1] - c[0], c[2] - c[0];
    q_origin = q[0];
    c_origin = c[0];
  } else {
    // x(s, t) = x̄ + s a + t b + s t w with w = (x₀ − x₁ + x₂ − x₃)/4: affine when w vanishes.
    affine_ = is_parallelogram(q[0], q[1], q[2], q[3]);
    if (!affine_) return;
    const auto half_edges = [](const std::array<Vector2d, 4>& x, Eigen::Matrix2d& edges) {
      edges << 0.25 * (x[1] - x[0] + x[2] - x[3]), 0.25 * (x[3] - x[0] + x[2] - x[1]);
    };
    half_edges(q, jacobian);
    half_edges(c, parent_edges);
    q_origin = 0.25 * (q[0] + q[1] + q[2] + q[3]);
    c_origin = 0.25 * (c[0] + c[1] + c[2] + c[3]);
  }
  linear_ = parent_edges * jacobian.inverse();
  offset_ = c_origin - linear_ * q_origin;
}

Vector2d PlaneToParent::quadrilateral(const Vector2d& p) const {
  const auto& q = q_;
  Vector2d u = Vector2d::Zero();
  for (int iteration = 0; iteration < 30; ++iteration) {
    const double s = u.x(), t = u.y();
    const Vector2d x = 0.25 * ((1 - s) * (1 - t) * q[0] + (1 + s) * (1 - t) * q[1] + (1 + s) * (1 + t) * q[2] +
                               (1 - s) * (1 + t) * q[3]);
    Eigen::Matrix2d jacobian;
    jacobian << 0.25 * ((q[1] - q[0]) * (1 - t) + (q[2] - q[3]) * (1 + t)),
        0.25 * ((q[3] - q[0]) * (1 - s) + (q[2] - q[1]) * (1 + s));
    const Vector2d step = jacobian.inverse() * (p - x);
    u += step;
    if (!(step.squaredNorm() > 1e-30)) break;  // also stops on NaN (a collapsed quadrilateral)
  }
  const auto& c = parent_;
  const double s = u.x(), t = u.y();
  return 0.25 * ((1 - s) * (1 - t) * c[0] + (1 + s) * (1 - t) * c[1] + (1 + s) * (1 + t) * c[2] + (1 - s) * (1 + t) * c[3]);
}

}  // namespace fecontact::detail
