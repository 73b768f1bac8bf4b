#include "overlap_polygon.hpp"

#include <algorithm>
#include <cmath>

namespace fecontact::detail {

using Eigen::Vector2d;

namespace {

double cross(const Vector2d& a, const Vector2d& b) { return a.x() * b.y() - a.y() * b.x(); }

const Vector2d& at(const Polygon& p, int i) { return p.vertex[static_cast<std::size_t>((i % p.size + p.size) % p.size)]; }

void erase(Polygon& p, int i) {
  for (int k = i; k + 1 < p.size; ++k) p.vertex[static_cast<std::size_t>(k)] = p.vertex[static_cast<std::size_t>(k + 1)];
  --p.size;
}

}  // namespace

double signed_area(const Polygon& polygon) {
  if (polygon.size < 3) return 0;
  // About the first vertex: the terms stay of the polygon's size whatever the plane's origin.
  const Vector2d& o = polygon.vertex[0];
  double twice = 0;
  for (int i = 1; i + 1 < polygon.size; ++i) twice += cross(at(polygon, i) - o, at(polygon, i + 1) - o);
  return 0.5 * twice;
}

void clip(const Polygon& subject, const Polygon& clipper, double tolerance, Polygon& out) {
  Polygon input = subject;
  for (int e = 0; e < clipper.size && input.size > 0; ++e) {
    const Vector2d& a = at(clipper, e);
    const Vector2d edge = at(clipper, e + 1) - a;
    const double length = edge.norm();
    if (!(length > 0)) continue;
    // Signed distance from the edge's line, positive inside (left of a counter-clockwise edge).
    const auto distance = [&](const Vector2d& p) { return cross(edge, p - a) / length; };
    out.size = 0;
    for (int i = 0; i < input.size; ++i) {
      const Vector2d& previous = at(input, i - 1);
      const Vector2d& current = at(input, i);
      const double dp = distance(previous), dc = distance(current);
      const bool previous_inside = dp >= -tolerance, current_inside = dc >= -tolerance;
      if (current_inside != previous_inside) {
        const double t = std::clamp(dp / (dp - dc), 0.0, 1.0);
        out.push(previous + t * (current - previous));
      }
      if (current_inside) out.push(current);
    }
    input = out;
  }
  out = input;
}

void remove_close_vertices(Polygon& polygon, double tolerance) {
  for (int i = 0; i < polygon.size && polygon.size > 1;) {
    if ((at(polygon, i + 1) - at(polygon, i)).norm() <= tolerance && i + 1 < polygon.size)
      erase(polygon, i + 1);
    else if ((at(polygon, i + 1) - at(polygon, i)).norm() <= tolerance)  // the last one, closing on the first
      erase(polygon, i);
    else
      ++i;
  }
  bool removed = true;
  while (removed && polygon.size >= 3) {
    removed = false;
    for (int i = 0; i < polygon.size; ++i) {
      const Vector2d& previous = at(polygon, i - 1);
      const Vector2d chord = at(polygon, i + 1) - previous;
      const double length = chord.norm();
      const double off_line = length > 0 ? std::abs(cross(chord, at(polygon, i) - previous)) / length
                                         : (at(polygon, i) - previous).norm();
      if (off_line <= tolerance) {
        erase(polygon, i);
        removed = true;
        break;
      }
    }
  }
}

}  // namespace fecontact::detail
