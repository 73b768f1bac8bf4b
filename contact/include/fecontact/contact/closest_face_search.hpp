// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The face of a surface closest to each of any number of points: point location for a solver
// that makes its own contact elements (CalculiX's node-to-surface and surface-to-surface
// elements ask which master face lies opposite a node or an integration point), where the
// points change from call to call and only the face is wanted, not ContactSearch's pairs and
// kinematics.

#include <limits>
#include <memory>
#include <span>

#include <Eigen/Core>

#include "fecontact/contact/face_projection.hpp"
#include "fecontact/mesh/surface.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// One point's closest face: its index in Surface::faces (−1 when no face is within the
/// distance asked) and the point's projection onto it.
struct ClosestFace {
  Index face = -1;
  /// distance +inf, point and local NaN when face is −1.
  FaceProjection projection{Eigen::Vector3d::Constant(std::numeric_limits<double>::quiet_NaN()),
                            Eigen::Vector2d::Constant(std::numeric_limits<double>::quiet_NaN()),
                            std::numeric_limits<double>::infinity()};
};

/// A tree over the faces of one surface (an AABB per face), fitted to the node coordinates of
/// the last update: built at the first, refitted at the next ones and rebuilt when the refit
/// has grown its SAH cost by half (ContactSearch's default rebuild_factor). Faces of zero area
/// (is_degenerate) are never returned.
///
/// find answers exactly, whatever the tree: the closest face of the surface (project_onto_face
/// distances), so the answer is the brute-force one and does not depend on the thread count.
/// Faces whose distances lie within `tie_distance` of the closest are equally close (a point
/// over an edge or a vertex that faces share, to rounding); of those it returns the one whose
/// corners' mean is nearest the point (the face the point lies most over), then the lowest index.
/// Each point's search starts from the answer of the point before it (a bound that prunes the
/// tree at once when consecutive points are near each other, as a solver's node or integration
/// point order makes them), in fixed chunks of points.
class ClosestFaceSearch {
 public:
  explicit ClosestFaceSearch(Surface surface);
  ClosestFaceSearch(ClosestFaceSearch&&) noexcept;
  ClosestFaceSearch& operator=(ClosestFaceSearch&&) noexcept;
  ~ClosestFaceSearch();

  const Surface& surface() const;

  /// Moves the surface to `coordinates` (indexed by node; a copy is kept for find). Throws
  /// std::invalid_argument when a face's node is outside `coordinates` or a coordinate of a face
  /// node is not finite (naming the face and node).
  void update(std::span<const Eigen::Vector3d> coordinates);

  /// For each point k, out[k]: the closest face within `max_distance` (+inf: any distance) at the
  /// coordinates of the last update. Throws std::invalid_argument before any update, when `out`
  /// is not as long as `points`, when a point is not finite (naming it), or unless
  /// max_distance ≥ 0 and 0 ≤ tie_distance < inf.
  void find(std::span<const Eigen::Vector3d> points, double max_distance, double tie_distance,
            std::span<ClosestFace> out);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace fecontact
