#include "fecontact/contact/face_distance.hpp"

#include <algorithm>
#include <cmath>
#include <array>
#include <limits>

#include <Eigen/Geometry>

#include "fecontact/assert.hpp"
#include "fecontact/contact/closest_point.hpp"
#include "fecontact/geometry/aabb.hpp"
#include "fecontact/mesh/face_shape_functions.hpp"

namespace fecontact {
namespace {

using Eigen::Vector2d;
using Eigen::Vector3d;
using Triangle = std::array<Vector3d, 3>;

// True when segment [p, q] crosses the interior of triangle abc strictly (both ends strictly on
// opposite sides, the line strictly inside all three edges). Touching cases are found by the
// vertex–triangle and edge–edge distances, which are then 0.
bool segment_pierces(const Vector3d& p, const Vector3d& q, const Triangle& t) {
  const Vector3d n = (t[1] - t[0]).cross(t[2] - t[0]);
  const double sp = n.dot(p - t[0]), sq = n.dot(q - t[0]);
  if (!((sp < 0 && sq > 0) || (sp > 0 && sq < 0))) return false;
  const Vector3d pq = q - p;
  const double s1 = pq.dot((t[0] - p).cross(t[1] - p));
  const double s2 = pq.dot((t[1] - p).cross(t[2] - p));
  const double s3 = pq.dot((t[2] - p).cross(t[0] - p));
  return (s1 > 0 && s2 > 0 && s3 > 0) || (s1 < 0 && s2 < 0 && s3 < 0);
}

// On the stack: the narrow phase of a search step allocates nothing.
struct Tessellation {
  static constexpr std::size_t capacity = 2 * max_subdivisions * max_subdivisions;
  std::array<Triangle, capacity> triangles;
  std::array<Aabb, capacity> boxes;
  std::size_t count = 0;
  double error = 0;  // ε: max distance between x(ξ) and the triangulation at the same ξ
};

void add(Tessellation& t, const Vector3d& a, const Vector3d& b, const Vector3d& c) {
  t.triangles[t.count] = {a, b, c};
  t.boxes[t.count++] = expand(expand(expand(Aabb{}, a), b), c);
}

// Second derivative x_ξξ (or x_ηη) of the face at `local`.
Vector3d second_derivative(const FaceNodes& face, const Vector2d& local, bool along_xi) {
  const FaceShape s = face_shape(face.type, local);
  Vector3d d = Vector3d::Zero();
  for (int i = 0; i < s.count; ++i) d += (along_xi ? s.d_xi_xi[i] : s.d_eta_eta[i]) * face.x[i];
  return d;
}

Tessellation tessellate_triangle(const FaceNodes& face, int n) {
  Tessellation t;
  const auto x = [&](int i, int j) { return face_point(face, Vector2d(double(i) / n, double(j) / n)); };
  for (int j = 0; j < n; ++j)
    for (int i = 0; i + j < n; ++i) {
      add(t, x(i, j), x(i + 1, j), x(i, j + 1));
      if (i + j + 1 < n) add(t, x(i + 1, j), x(i + 1, j + 1), x(i, j + 1));
    }
  if (face.type == ElementType::tri6) {
    // Quadratic: I x − x = Σ_{i<j} λᵢλⱼ ½D²x[eᵢⱼ, eᵢⱼ] and Σ λᵢλⱼ ≤ 1/3.
    const FaceShape s = face_shape(face.type, Vector2d(1.0 / 3, 1.0 / 3));
    Vector3d xx = Vector3d::Zero(), xe = xx, ee = xx;
    for (int i = 0; i < s.count; ++i) {
      xx += s.d_xi_xi[i] * face.x[i];
      xe += s.d_xi_eta[i] * face.x[i];
      ee += s.d_eta_eta[i] * face.x[i];
    }
    const double largest = std::max({xx.norm(), ee.norm(), (xx - 2 * xe + ee).norm()});
    t.error = largest / (6.0 * n * n);
  }
  return t;
}

Tessellation tessellate_quadrilateral(const FaceNodes& face, int n) {
  Tessellation t;
  const double h = 2.0 / n;
  std::array<Vector3d, (max_subdivisions + 1) * (max_subdivisions + 1)> grid;
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n; ++i) grid[static_cast<std::size_t>(j * (n + 1) + i)] = face_point(face, Vector2d(-1 + i * h, -1 + j * h));
  double twist = 0;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const auto at = [&](int a, int b) -> const Vector3d& { return grid[static_cast<std::size_t>(b * (n + 1) + a)]; };
      const Vector3d& x00 = at(i, j);
      const Vector3d& x10 = at(i + 1, j);
      const Vector3d& x01 = at(i, j + 1);
      const Vector3d& x11 = at(i + 1, j + 1);
      add(t, x00, x10, x11);
      add(t, x00, x11, x01);
      twist = std::max(twist, (x00 - x10 - x01 + x11).norm());
    }
  // x_ξξ does not depend on ξ and is at most quadratic in η (likewise x_ηη): its maximum norm on
  // [−1, 1] is at most the Lebesgue constant 5/4 times the largest of its values at −1, 0, 1.
  double max_xx = 0, max_ee = 0;
  for (const double s : {-1.0, 0.0, 1.0}) {
    max_xx = std::max(max_xx, second_derivative(face, Vector2d(0, s), true).norm());
    max_ee = std::max(max_ee, second_derivative(face, Vector2d(s, 0), false).norm());
  }
  t.error = h * h / 8 * 1.25 * (max_xx + max_ee) + twist / 4;
  return t;
}

double box_distance(const Aabb& a, const Aabb& b) {
  const Vector3d gap = (a.min - b.max).cwiseMax(b.min - a.max).cwiseMax(0.0);
  return gap.norm();
}

}  // namespace

namespace {

// The signed heights of `points` above the plane of `t`, times |n| (n = the plane's unnormalised
// normal), and which side they are on.
struct PlaneSide {
  Vector3d normal;
  double length = 0;       // |normal|: 2 × the triangle's area
  std::array<double, 3> height{};
  bool strictly_one_side = false;  // all heights > 0, or all < 0
};

PlaneSide plane_side(const Triangle& t, const Triangle& points) {
  PlaneSide side;
  side.normal = (t[1] - t[0]).cross(t[2] - t[0]);
  side.length = side.normal.norm();
  for (int k = 0; k < 3; ++k) side.height[std::size_t(k)] = side.normal.dot(points[std::size_t(k)] - t[0]);
  const auto& h = side.height;
  side.strictly_one_side = side.length > 0 && ((h[0] > 0 && h[1] > 0 && h[2] > 0) || (h[0] < 0 && h[1] < 0 && h[2] < 0));
  return side;
}

// When `points` lie strictly on one side of t's plane: the nearest point's distance to the plane
// (a lower bound of the distance: t lies in the plane), and whether that point projects into t
// (then the lower bound is the distance).
struct PlaneBound {
  double distance = 0;
  bool exact = false;
};

PlaneBound plane_bound(const Triangle& t, const Triangle& points, const PlaneSide& side) {
  std::size_t nearest = 0;
  for (std::size_t k = 1; k < 3; ++k)
    if (std::abs(side.height[k]) < std::abs(side.height[nearest])) nearest = k;
  const double h = side.height[nearest];
  const Vector3d q = points[nearest] - (h / (side.length * side.length)) * side.normal;
  bool inside = true;
  for (std::size_t k = 0; k < 3; ++k) inside = inside && (t[(k + 1) % 3] - t[k]).cross(q - t[k]).dot(side.normal) >= 0;
  return {std::abs(h) / side.length, inside};
}

}  // namespace

double triangle_distance(const Triangle& a, const Triangle& b, double limit) {
  // Two disjoint triangles are closest at a vertex and a face or at two edges (Ericson 2005,
  // §5.2.8). When one lies strictly on one side of the other's plane they are disjoint, its
  // nearest vertex's height is a lower bound (which ends the work when it exceeds the limit),
  // and when that vertex projects into the other triangle it is the distance: the common case of
  // facing facets, at two cross products and a few dot products.
  const PlaneSide b_over_a = plane_side(a, b), a_over_b = plane_side(b, a);
  double lower = 0;
  for (const auto& [t, points, side] : {std::tie(a, b, b_over_a), std::tie(b, a, a_over_b)}) {
    if (!side.strictly_one_side) continue;
    const PlaneBound bound = plane_bound(t, points, side);
    if (bound.exact) return bound.distance;
    lower = std::max(lower, bound.distance);
  }
  if (lower > limit) return lower;
  // Crossing triangles have an edge of one through the other; either one strictly on one side
  // of the other's plane rules that out.
  if (!b_over_a.strictly_one_side && !a_over_b.strictly_one_side)
    for (int i = 0; i < 3; ++i) {
      if (segment_pierces(a[i], a[(i + 1) % 3], b)) return 0;
      if (segment_pierces(b[i], b[(i + 1) % 3], a)) return 0;
    }
  double best2 = std::numeric_limits<double>::infinity();
  for (int i = 0; i < 3; ++i) {
    best2 = std::min(best2, (closest_point_on_triangle(a[i], b[0], b[1], b[2]).point - a[i]).squaredNorm());
    best2 = std::min(best2, (closest_point_on_triangle(b[i], a[0], a[1], a[2]).point - b[i]).squaredNorm());
    for (int j = 0; j < 3; ++j) {
      const SegmentPoints s = closest_points_on_segments(a[i], a[(i + 1) % 3], b[j], b[(j + 1) % 3]);
      best2 = std::min(best2, (s.on_p - s.on_q).squaredNorm());
    }
  }
  return std::sqrt(best2);
}

FaceDistance face_distance(const FaceNodes& a, const FaceNodes& b, int subdivisions, double limit) {
  FECONTACT_ASSERT(subdivisions >= 1 && subdivisions <= max_subdivisions,
                   "face_distance: subdivisions from 1 to max_subdivisions expected");
  if (a.type == ElementType::tri3 && b.type == ElementType::tri3)
    return {triangle_distance({a.x[0], a.x[1], a.x[2]}, {b.x[0], b.x[1], b.x[2]}, limit), true};
  const auto tessellate = [&](const FaceNodes& face) {
    if (face.type == ElementType::tri3) return tessellate_triangle(face, 1);
    return is_triangle(face.type) ? tessellate_triangle(face, subdivisions)
                                  : tessellate_quadrilateral(face, subdivisions);
  };
  const Tessellation ta = tessellate(a), tb = tessellate(b);
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < ta.count && best > 0; ++i)
    for (std::size_t j = 0; j < tb.count && best > 0; ++j)
      if (box_distance(ta.boxes[i], tb.boxes[j]) < best)
        best = std::min(best, triangle_distance(ta.triangles[i], tb.triangles[j]));
  return {std::max(0.0, best - ta.error - tb.error), false};
}

}  // namespace fecontact
