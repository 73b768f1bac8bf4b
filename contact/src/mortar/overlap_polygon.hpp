// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The overlap of two projected faces in an auxiliary plane: convex polygon clipping
// (Sutherland & Hodgman 1974) with a length tolerance, and the clean-up that keeps the cells
// away from near-coincident and near-collinear vertices.

#include <array>

#include <Eigen/Core>

namespace fecontact::detail {

/// A polygon of at most 16 vertices (clipping a quadrilateral by one yields at most 8).
struct Polygon {
  static constexpr int capacity = 16;
  int size = 0;
  std::array<Eigen::Vector2d, capacity> vertex;

  void push(const Eigen::Vector2d& v) {
    if (size < capacity) vertex[static_cast<std::size_t>(size++)] = v;
  }
};

/// Shoelace area, positive for counter-clockwise vertices.
double signed_area(const Polygon& polygon);

/// `subject` clipped by the convex counter-clockwise `clipper` into `out`: a subject vertex within
/// `tolerance` of the inner side of a clipping edge's line counts as inside. Crossing points are
/// on the line, their parameter clamped to the subject edge.
void clip(const Polygon& subject, const Polygon& clipper, double tolerance, Polygon& out);

/// Merges consecutive vertices closer than `tolerance` (keeping the first), then removes, one at
/// a time, vertices within `tolerance` of the line through their neighbours, so that a polygon
/// touching another only along an edge or at a vertex is left with fewer than 3 vertices.
void remove_close_vertices(Polygon& polygon, double tolerance);

}  // namespace fecontact::detail
