// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/contact/triangle_distance.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

#include <Eigen/Geometry>

namespace fecontact {
namespace {

using Eigen::Vector3d;

// The signed heights of b's corners above a's plane, times |n|, and whether they are all on one
// side of it (strictly).
struct Heights {
  std::array<double, 3> h;
  bool strictly_one_side = false;
};

Heights heights(const PreparedTriangle& a, const PreparedTriangle& b) {
  Heights result;
  for (std::size_t k = 0; k < 3; ++k) result.h[k] = a.normal.dot(b.x[k] - a.x[0]);
  const auto& h = result.h;
  result.strictly_one_side = a.length > 0 && ((h[0] > 0 && h[1] > 0 && h[2] > 0) || (h[0] < 0 && h[1] < 0 && h[2] < 0));
  return result;
}

// Whether `point` projects into t along its normal: (x − tₖ)·(n × eₖ) ≥ 0 for its three edges
// (the height along n does not change that product, so the point need not be projected).
bool projects_inside(const PreparedTriangle& t, const Vector3d& point) {
  for (std::size_t k = 0; k < 3; ++k)
    if ((point - t.x[k]).dot(t.edge_normal[k]) < 0) return false;
  return true;
}

// True when segment [p, q] crosses the interior of t strictly (both ends strictly on opposite
// sides, the line strictly inside all three edges). Touching cases are found by the
// vertex–triangle and edge–edge distances, which are then 0.
bool segment_pierces(const Vector3d& p, const Vector3d& q, const PreparedTriangle& t) {
  const double sp = t.normal.dot(p - t.x[0]), sq = t.normal.dot(q - t.x[0]);
  if (!((sp < 0 && sq > 0) || (sp > 0 && sq < 0))) return false;
  const Vector3d pq = q - p;
  const double s1 = pq.dot((t.x[0] - p).cross(t.x[1] - p));
  const double s2 = pq.dot((t.x[1] - p).cross(t.x[2] - p));
  const double s3 = pq.dot((t.x[2] - p).cross(t.x[0] - p));
  return (s1 > 0 && s2 > 0 && s3 > 0) || (s1 < 0 && s2 < 0 && s3 < 0);
}

// The squared distance of segments [p0, p1] and [q0, q1] (Ericson 2005, §5.1.9, without the
// closest points).
double segment_distance2(const Vector3d& p0, const Vector3d& p1, const Vector3d& q0, const Vector3d& q1) {
  const Vector3d d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
  const double a = d1.squaredNorm(), e = d2.squaredNorm(), f = d2.dot(r);
  double s = 0, t = 0;
  if (a <= 0 && e <= 0) return r.squaredNorm();
  if (a <= 0) {
    t = std::clamp(f / e, 0.0, 1.0);
  } else {
    const double c = d1.dot(r);
    if (e <= 0) {
      s = std::clamp(-c / a, 0.0, 1.0);
    } else {
      const double b = d1.dot(d2), denominator = a * e - b * b;
      s = denominator > 0 ? std::clamp((b * f - c * e) / denominator, 0.0, 1.0) : 0.0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = std::clamp(-c / a, 0.0, 1.0);
      } else if (t > 1) {
        t = 1;
        s = std::clamp((b - c) / a, 0.0, 1.0);
      }
    }
  }
  return (r + s * d1 - t * d2).squaredNorm();
}

// The height above `plane` of the nearest vertex of a triangle that lies strictly on one side of
// it (a lower bound of their distance), 0 otherwise.
double separation(const PreparedTriangle& plane, const Heights& side) {
  if (!side.strictly_one_side) return 0;
  const double nearest = std::min({std::abs(side.h[0]), std::abs(side.h[1]), std::abs(side.h[2])});
  return nearest / plane.length;
}

// The largest distance by which the corners of `other` all lie outside one edge of t: the edge's
// outward normal is a separating axis (Ericson 2005, §5.2.1), so it bounds their distance from
// below; 0 when no edge has them all outside. With mₖ = n × eₖ the inward normal of edge k,
// corner x is outside by −mₖ·(x − xₖ)/|mₖ|, and |mₖ| = |n||eₖ| since n ⟂ eₖ.
double edge_separation(const PreparedTriangle& t, const PreparedTriangle& other) {
  double best = 0;
  for (std::size_t k = 0; k < 3; ++k) {
    const Vector3d& m = t.edge_normal[k];
    const double inside = std::max({m.dot(other.x[0] - t.x[k]), m.dot(other.x[1] - t.x[k]), m.dot(other.x[2] - t.x[k])});
    if (inside < 0) best = std::max(best, -inside / m.norm());
  }
  return best;
}

}  // namespace

PreparedTriangle prepare_triangle(const std::array<Vector3d, 3>& x) {
  PreparedTriangle t;
  t.x = x;
  t.normal = (x[1] - x[0]).cross(x[2] - x[0]);
  t.length = t.normal.norm();
  for (std::size_t k = 0; k < 3; ++k) t.edge_normal[k] = t.normal.cross(x[(k + 1) % 3] - x[k]);
  return t;
}

double triangle_distance(const PreparedTriangle& a, const PreparedTriangle& b, double limit) {
  // A vertex whose closest point of the other triangle is on its boundary is an edge pair's
  // too, so the vertex–face distances needed are the heights of the vertices that project into
  // the other triangle. When one triangle lies strictly on one side of the other's plane they
  // are disjoint, and its nearest vertex's height bounds the distance from below: that ends the
  // work when it exceeds the limit (checked as soon as one side's heights are known: half the
  // work for a pair beyond it), and when that vertex projects into the other triangle it is the
  // distance (the common case of facing facets).
  const Heights b_over_a = heights(a, b);
  const double b_above_a = separation(a, b_over_a);
  if (b_above_a > limit) return b_above_a;
  const Heights a_over_b = heights(b, a);
  const double a_above_b = separation(b, a_over_b);
  if (a_above_b > limit) return a_above_b;
  for (const auto& [plane, points, side] : {std::tie(a, b, b_over_a), std::tie(b, a, a_over_b)}) {
    if (!side.strictly_one_side) continue;
    std::size_t nearest = 0;
    for (std::size_t k = 1; k < 3; ++k)
      if (std::abs(side.h[k]) < std::abs(side.h[nearest])) nearest = k;
    if (projects_inside(plane, points.x[nearest])) return std::abs(side.h[nearest]) / plane.length;
  }
  // One triangle's corners all beyond an edge of the other, farther than the limit: side by
  // side, the case of neighbouring facets of two nearly parallel surfaces.
  const double beside = std::max(edge_separation(a, b), edge_separation(b, a));
  if (beside > limit) return beside;
  // Crossing triangles have an edge of one through the other; either one strictly on one side
  // of the other's plane rules that out.
  if (!b_over_a.strictly_one_side && !a_over_b.strictly_one_side)
    for (std::size_t i = 0; i < 3; ++i) {
      if (segment_pierces(a.x[i], a.x[(i + 1) % 3], b)) return 0;
      if (segment_pierces(b.x[i], b.x[(i + 1) % 3], a)) return 0;
    }
  double best = std::numeric_limits<double>::infinity();
  for (const auto& [plane, points, side] : {std::tie(a, b, b_over_a), std::tie(b, a, a_over_b)}) {
    if (!(plane.length > 0)) continue;  // a triangle of zero area has no face: its edges do
    for (std::size_t k = 0; k < 3; ++k)
      if (projects_inside(plane, points.x[k])) best = std::min(best, std::abs(side.h[k]) / plane.length);
  }
  double edges2 = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j < 3; ++j)
      edges2 = std::min(edges2, segment_distance2(a.x[i], a.x[(i + 1) % 3], b.x[j], b.x[(j + 1) % 3]));
  return std::min(best, std::sqrt(edges2));
}

double triangle_distance(const std::array<Vector3d, 3>& a, const std::array<Vector3d, 3>& b, double limit) {
  return triangle_distance(prepare_triangle(a), prepare_triangle(b), limit);
}

}  // namespace fecontact
