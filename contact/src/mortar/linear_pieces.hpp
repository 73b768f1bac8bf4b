#pragma once
// The flat linear pieces a face is integrated on (Puso, Laursen & Solberg 2008): a tri3 or quad4
// is its own piece, a tri6 four tri3 and a quad8 / quad9 four quad4, each knowing where its
// corners sit in the parent face's (ξ, η); and the auxiliary plane of a piece with the
// coordinates of points projected onto it along its normal (Puso & Laursen 2004).

#include <array>

#include <Eigen/Core>

#include "fecontact/contact/face_geometry.hpp"

namespace fecontact::detail {

struct LinearPiece {
  int corners = 3;  ///< 3 (triangle) or 4 (quadrilateral), counter-clockwise about the outward normal
  std::array<Eigen::Vector3d, 4> x;
  std::array<Eigen::Vector2d, 4> parent_local;  ///< the corners' (ξ, η) on the parent face
};

/// The pieces of `face` into `pieces`; returns their count (1 or 4).
int linear_pieces(const FaceNodes& face, std::array<LinearPiece, 4>& pieces);

/// The parent face's (ξ, η) of the piece's local coordinates (triangle: barycentric weights of
/// corners 1 and 2; quadrilateral: [−1, 1]²). The parent's reference pieces are a triangle or an
/// axis-aligned square, so this map is affine.
Eigen::Vector2d parent_local(const LinearPiece& piece, const Eigen::Vector2d& local);

/// Orthonormal frame of a plane: points x map to ((x − centre)·e1, (x − centre)·e2), which is
/// their projection along `normal` (= e1 × e2).
struct AuxiliaryPlane {
  Eigen::Vector3d centre, normal, e1, e2;

  Eigen::Vector2d project(const Eigen::Vector3d& x) const {
    const Eigen::Vector3d d = x - centre;
    return {d.dot(e1), d.dot(e2)};
  }
  Eigen::Vector3d point(const Eigen::Vector2d& q) const { return centre + q.x() * e1 + q.y() * e2; }
};

/// The plane through the mean of the piece's corners, normal to the piece there (the cross
/// product of its edges, of its diagonals for a quadrilateral); false when that normal vanishes.
bool auxiliary_plane(const LinearPiece& piece, AuxiliaryPlane& plane);

/// Local coordinates of plane point `p` on a piece whose corners project to q[0 .. corners):
/// barycentric on a triangle, Newton on the bilinear map of a quadrilateral (from its centre).
Eigen::Vector2d piece_local(int corners, const std::array<Eigen::Vector2d, 4>& q, const Eigen::Vector2d& p);

}  // namespace fecontact::detail
