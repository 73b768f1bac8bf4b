// SPDX-License-Identifier: BSD-3-Clause
#include "overlap_polygon.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

namespace fecontact::detail {

using Eigen::Vector2d;

namespace {

double cross(const Vector2d& a, const Vector2d& b) { return a.x() * b.y() - a.y() * b.x(); }

void erase(Polygon& p, int i) {
  for (int k = i; k + 1 < p.size; ++k) {
    p.vertex[static_cast<std::size_t>(k)] = p.vertex[static_cast<std::size_t>(k + 1)];
    p.lines[static_cast<std::size_t>(k)] = p.lines[static_cast<std::size_t>(k + 1)];
  }
  --p.size;
}

// The line two vertices share (the edge between them), −1 for none.
std::int8_t shared_line(const VertexLines& a, const VertexLines& b) {
  for (const std::int8_t line : a)
    if (line == b[0] || line == b[1]) return line;
  return -1;
}

}  // namespace

double signed_area(const Polygon& polygon) {
  if (polygon.size < 3) return 0;
  // About the first vertex: the terms stay of the polygon's size whatever the plane's origin.
  const Vector2d& o = polygon.vertex[0];
  double twice = 0;
  for (std::size_t i = 1; i + 1 < static_cast<std::size_t>(polygon.size); ++i)
    twice += cross(polygon.vertex[i] - o, polygon.vertex[i + 1] - o);
  return 0.5 * twice;
}

void clip(const Polygon& subject, const Polygon& clipper, double tolerance, Polygon& out) {
  // Each clipping edge reads one buffer and writes the other; only the used vertices move.
  Polygon buffer;
  const Polygon* input = &subject;
  // Edges 0, 2, 4 … write the first output: with an odd count, `out`; with an even one, the buffer.
  Polygon* output = clipper.size % 2 == 1 ? &out : &buffer;  // so that the last edge writes `out`
  for (int e = 0; e < clipper.size; ++e) {
    const Vector2d& a = clipper.vertex[static_cast<std::size_t>(e)];
    const Vector2d edge = clipper.vertex[static_cast<std::size_t>(e + 1 == clipper.size ? 0 : e + 1)] - a;
    const double length = edge.norm();
    output->size = 0;
    if (!(length > 0)) {
      for (int i = 0; i < input->size; ++i)
        output->push(input->vertex[static_cast<std::size_t>(i)], input->lines[static_cast<std::size_t>(i)]);
    } else {
      // Signed distance from the edge's line, positive inside (left of a counter-clockwise edge).
      const auto distance = [&](const Vector2d& p) { return cross(edge, p - a) / length; };
      std::optional<VertexLines> relabel_last;
      for (int i = 0; i < input->size; ++i) {
        const auto p = static_cast<std::size_t>(i == 0 ? input->size - 1 : i - 1), c = static_cast<std::size_t>(i);
        const Vector2d& previous = input->vertex[p];
        const Vector2d& current = input->vertex[c];
        const double dp = distance(previous), dc = distance(current);
        const bool previous_inside = dp >= -tolerance, current_inside = dc >= -tolerance;
        VertexLines current_lines = input->lines[c];
        if (current_inside != previous_inside) {
          const auto line = static_cast<std::int8_t>(clipper_line + e);
          const std::int8_t edge_line = shared_line(input->lines[p], input->lines[c]);
          // A crossing beyond an end of the edge (both ends outside the line, the kept one within
          // the tolerance: edges parallel to rounding) is not computed: the kept end becomes the
          // crossing of its other edge with the line, as without the tolerance, and is labelled
          // so (MortarDerivatives rebuilds each vertex from its two lines; the edge's and the
          // clipping edge's would meet far away).
          const auto onto_line = [&](const VertexLines& end) -> VertexLines {
            if (edge_line < 0) return end;
            return {end[0] == edge_line ? end[1] : end[0], line};
          };
          const double t = dp / (dp - dc);
          if (!(t > 0)) {  // previous kept: it is the output's last vertex, or will be (i = 0)
            if (i == 0)
              relabel_last = onto_line(input->lines[p]);
            else
              output->lines[static_cast<std::size_t>(output->size - 1)] = onto_line(input->lines[p]);
          } else if (!(t < 1)) {  // current kept
            current_lines = onto_line(input->lines[c]);
          } else {
            output->push(previous + t * (current - previous), {edge_line, line});
          }
        }
        if (current_inside) output->push(current, current_lines);
      }
      if (relabel_last && output->size > 0) output->lines[static_cast<std::size_t>(output->size - 1)] = *relabel_last;
    }
    input = output;
    output = output == &out ? &buffer : &out;
  }
  if (input != &out) {  // no clipping edge
    out.size = 0;
    for (int i = 0; i < input->size; ++i) out.push(input->vertex[static_cast<std::size_t>(i)], input->lines[static_cast<std::size_t>(i)]);
  }
}

void remove_close_vertices(Polygon& polygon, double tolerance) {
  for (int i = 0; i < polygon.size && polygon.size > 1;) {
    const bool last = i + 1 == polygon.size;  // closing on the first vertex
    const Vector2d& next = polygon.vertex[static_cast<std::size_t>(last ? 0 : i + 1)];
    if ((next - polygon.vertex[static_cast<std::size_t>(i)]).norm() <= tolerance)
      erase(polygon, last ? i : i + 1);
    else
      ++i;
  }
  bool removed = true;
  while (removed && polygon.size >= 3) {
    removed = false;
    for (int i = 0; i < polygon.size; ++i) {
      const Vector2d& previous = polygon.vertex[static_cast<std::size_t>(i == 0 ? polygon.size - 1 : i - 1)];
      const Vector2d& current = polygon.vertex[static_cast<std::size_t>(i)];
      const Vector2d chord = polygon.vertex[static_cast<std::size_t>(i + 1 == polygon.size ? 0 : i + 1)] - previous;
      const double length = chord.norm();
      const double off_line = length > 0 ? std::abs(cross(chord, current - previous)) / length : (current - previous).norm();
      if (off_line <= tolerance) {
        erase(polygon, i);
        removed = true;
        break;
      }
    }
  }
}

}  // namespace fecontact::detail
