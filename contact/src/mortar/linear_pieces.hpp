// SPDX-License-Identifier: BSD-3-Clause
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

/// The face node at corner `corner` of piece `piece` of a face of `type`, as linear_pieces cuts
/// it; −1 for a quadrilateral's centre (node 8 of a quad9, the point x(0, 0) of a quad8).
int piece_corner_node(ElementType type, int piece, int corner);

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

/// The parent face's (ξ, η) of the points of an auxiliary plane onto which a piece's corners
/// project to q[0 .. corners). On a triangle, and on a quadrilateral that projects to a
/// parallelogram (to rounding), the map is affine (the piece's local coordinates, then the affine
/// map of the parent's reference piece, a triangle or an axis-aligned square), so it is composed
/// once here; on another quadrilateral the bilinear map is inverted by Newton from the centre at
/// each point. Needs a piece of non-zero projected area.
class PlaneToParent {
 public:
  PlaneToParent() = default;
  PlaneToParent(const LinearPiece& piece, const std::array<Eigen::Vector2d, 4>& q);

  Eigen::Vector2d operator()(const Eigen::Vector2d& p) const {
    return affine_ ? Eigen::Vector2d(offset_ + linear_ * p) : quadrilateral(p);
  }

 private:
  Eigen::Vector2d quadrilateral(const Eigen::Vector2d& p) const;

  bool affine_ = true;
  Eigen::Matrix2d linear_ = Eigen::Matrix2d::Zero();  // affine: parent = offset_ + linear_ p
  Eigen::Vector2d offset_ = Eigen::Vector2d::Zero();
  std::array<Eigen::Vector2d, 4> q_, parent_;  // otherwise: projected corners, their (ξ, η)
};

}  // namespace fecontact::detail
