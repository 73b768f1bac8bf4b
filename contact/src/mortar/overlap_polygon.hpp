// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The overlap of two projected faces in an auxiliary plane: convex polygon clipping
// (Sutherland & Hodgman 1974) with a length tolerance, and the clean-up that keeps the cells
// away from near-coincident and near-collinear vertices.

#include <array>
#include <cstdint>

#include <Eigen/Core>

namespace fecontact::detail {

/// The two lines a vertex of an overlap polygon lies on: the subject's edges are lines 0, 1, …,
/// the clipper's clipper_line + 0, 1, … . A corner lies on its two edges, a crossing on one edge
/// of each polygon; from them the derivatives recompute the vertex (gap_jacobian.cpp).
using VertexLines = std::array<std::int8_t, 2>;
inline constexpr std::int8_t clipper_line = 8;

/// A polygon of at most 16 vertices (clipping a quadrilateral by one yields at most 8).
struct Polygon {
  static constexpr int capacity = 16;
  int size = 0;
  std::array<Eigen::Vector2d, capacity> vertex;
  std::array<VertexLines, capacity> lines;

  void push(const Eigen::Vector2d& v, const VertexLines& on) {
    if (size < capacity) {
      lines[static_cast<std::size_t>(size)] = on;
      vertex[static_cast<std::size_t>(size++)] = v;
    }
  }
};

/// Shoelace area, positive for counter-clockwise vertices.
double signed_area(const Polygon& polygon);

/// `subject` clipped by the convex counter-clockwise `clipper` into `out`: a subject vertex within
/// `tolerance` of the inner side of a clipping edge's line counts as inside. Crossing points are
/// on the line and lie on the line the subject edge's two vertices share and on the clipping
/// edge's (line clipper_line + its index). A crossing beyond an end of the subject edge (both ends
/// outside the line, one within the tolerance) is that end, labelled as the crossing of its other
/// edge with the clipping edge's line.
void clip(const Polygon& subject, const Polygon& clipper, double tolerance, Polygon& out);

/// Merges consecutive vertices closer than `tolerance` (keeping the first), then removes, one at
/// a time, vertices within `tolerance` of the line through their neighbours, so that a polygon
/// touching another only along an edge or at a vertex is left with fewer than 3 vertices.
void remove_close_vertices(Polygon& polygon, double tolerance);

}  // namespace fecontact::detail
