// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/contact/face_projection.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>

#include <Eigen/Dense>

#include "fecontact/contact/closest_point.hpp"
#include "fecontact/mesh/face_shape_functions.hpp"

namespace fecontact {
namespace {

using Eigen::Matrix2d;
using Eigen::Vector2d;
using Eigen::Vector3d;

struct Candidate {
  Vector2d local = Vector2d::Zero();
  Vector3d point = Vector3d::Zero();
  double distance2 = std::numeric_limits<double>::infinity();
};

void keep_closer(Candidate& best, const Candidate& c) {
  if (c.distance2 < best.distance2) best = c;
}

Candidate at(const FaceNodes& face, const Vector3d& p, const Vector2d& local) {
  const Vector3d x = face_point(face, local);
  return {local, x, (x - p).squaredNorm()};
}

Vector2d clamp_to_domain(ElementType type, Vector2d local) {
  if (!is_triangle(type)) return local.cwiseMax(-1.0).cwiseMin(1.0);
  local = local.cwiseMax(0.0);
  const double sum = local.sum();
  return sum > 1 ? Vector2d(local / sum) : local;
}

// ---- boundary: exact minimisation along each (straight or quadratic) edge curve ----

// Root of the monotone cubic g' on [lo, hi] where g'(lo) < 0 < g'(hi): Newton, falling back to
// bisection whenever a step leaves the bracket.
double bracketed_root(const std::array<double, 4>& d, double lo, double hi) {
  const auto g1 = [&](double t) { return d[0] + t * (d[1] + t * (d[2] + t * d[3])); };
  const auto g2 = [&](double t) { return d[1] + t * (2 * d[2] + t * 3 * d[3]); };
  double t = 0.5 * (lo + hi);
  for (int iteration = 0; iteration < 100; ++iteration) {
    const double value = g1(t);
    if (value < 0) lo = t; else if (value > 0) hi = t; else return t;
    const double slope = g2(t);
    double next = slope > 0 ? t - value / slope : 0.5 * (lo + hi);
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (next == t || hi - lo <= 4 * std::numeric_limits<double>::epsilon()) return next;
    t = next;
  }
  return t;
}

// Minimum of ½|x(t) − p|² over t ∈ [0, 1] for x(t) = c0 + c1 t + c2 t².
double edge_minimum(const Vector3d& p, const Vector3d& c0, const Vector3d& c1, const Vector3d& c2) {
  const Vector3d r0 = c0 - p;
  // g'(t) = (x − p)·(c1 + 2 c2 t) = d0 + d1 t + d2 t² + d3 t³
  const std::array<double, 4> d = {r0.dot(c1), 2 * r0.dot(c2) + c1.squaredNorm(), 3 * c1.dot(c2),
                                   2 * c2.squaredNorm()};
  // g' is monotone between the roots of g'' = d1 + 2 d2 t + 3 d3 t².
  std::array<double, 4> breaks = {0, 1, 1, 1};
  int count = 1;
  const double a = 3 * d[3], b = 2 * d[2], c = d[1];
  if (a != 0) {
    const double disc = b * b - 4 * a * c;
    if (disc > 0) {
      const double q = -0.5 * (b + std::copysign(std::sqrt(disc), b));
      for (const double root : {q / a, q != 0 ? c / q : 0.0})
        if (root > 0 && root < 1) breaks[count++] = root;
    }
  } else if (b != 0 && -c / b > 0 && -c / b < 1) {
    breaks[count++] = -c / b;
  }
  std::sort(breaks.begin(), breaks.begin() + count);
  breaks[count++] = 1;
  const auto g1 = [&](double t) { return d[0] + t * (d[1] + t * (d[2] + t * d[3])); };
  const auto g = [&](double t) { return (r0 + t * (c1 + t * c2)).squaredNorm(); };
  double best = g(0) <= g(1) ? 0.0 : 1.0;
  for (int k = 0; k + 1 < count; ++k) {
    const double lo = breaks[k], hi = breaks[k + 1];
    if (g1(lo) < 0 && g1(hi) > 0) {
      const double t = bracketed_root(d, lo, hi);
      if (g(t) < g(best)) best = t;
    }
  }
  return best;
}

Candidate boundary_minimum(const Vector3d& p, const FaceNodes& face) {
  const int corners = corner_count(face.type);
  const bool quadratic = is_quadratic(face.type);
  Candidate best;
  for (int k = 0; k < corners; ++k) {
    const int j = (k + 1) % corners;
    const Vector3d& a = face.x[k];
    const Vector3d& b = face.x[j];
    // Quadratic Lagrange edge through a (t = 0), the mid-edge node (t = ½) and b (t = 1).
    const Vector3d m = quadratic ? face.x[corners + k] : Vector3d(0.5 * (a + b));
    const double t = edge_minimum(p, a, 4 * m - 3 * a - b, 2 * a + 2 * b - 4 * m);
    const Vector2d local = (1 - t) * reference_face_node(face.type, k) + t * reference_face_node(face.type, j);
    keep_closer(best, at(face, p, local));
  }
  return best;
}

// ---- interior: clamped Newton with line search from the best grid point ----

Candidate grid_seed(const Vector3d& p, const FaceNodes& face) {
  Candidate best;
  if (is_triangle(face.type)) {  // barycentric (i, j, k)/6 with i, j, k ≥ 1
    for (int i = 1; i <= 4; ++i)
      for (int j = 1; i + j <= 5; ++j) keep_closer(best, at(face, p, Vector2d(i / 6.0, j / 6.0)));
  } else {
    const double g[4] = {-0.75, -0.25, 0.25, 0.75};
    for (const double xi : g)
      for (const double eta : g) keep_closer(best, at(face, p, Vector2d(xi, eta)));
  }
  return best;
}

// Descent direction for f = ½|x − p|² at `local`: Newton when the Hessian is positive definite,
// else Gauss–Newton, else steepest descent. Also returns the gradient.
Vector2d descent_direction(const Vector3d& p, const FaceNodes& face, const Vector2d& local,
                           Vector2d& gradient) {
  const FaceShape s = face_shape(face.type, local);
  Vector3d x = Vector3d::Zero(), xu = x, xv = x, xuu = x, xuv = x, xvv = x;
  for (int i = 0; i < s.count; ++i) {
    x += s.value[i] * face.x[i];
    xu += s.d_xi[i] * face.x[i];
    xv += s.d_eta[i] * face.x[i];
    xuu += s.d_xi_xi[i] * face.x[i];
    xuv += s.d_xi_eta[i] * face.x[i];
    xvv += s.d_eta_eta[i] * face.x[i];
  }
  const Vector3d r = x - p;
  gradient = Vector2d(xu.dot(r), xv.dot(r));
  Matrix2d gauss_newton;
  gauss_newton << xu.dot(xu), xu.dot(xv), xu.dot(xv), xv.dot(xv);
  Matrix2d hessian = gauss_newton;
  hessian(0, 0) += r.dot(xuu);
  hessian(0, 1) += r.dot(xuv);
  hessian(1, 0) += r.dot(xuv);
  hessian(1, 1) += r.dot(xvv);
  for (const Matrix2d& h : {hessian, gauss_newton})
    if (h(0, 0) > 0 && h.determinant() > 0) return -h.inverse() * gradient;
  return -gradient;
}

// A trial point is taken when it lowers the distance, or, for a full Newton step, when it lowers
// the gradient: near the minimum f is flat to rounding (f(ξ* + δ) − f(ξ*) ~ δ²), so only the
// gradient can drive the local coordinates below √ε. Two full steps in a row that leave the
// domain end the search: the minimum is then on the boundary, which boundary_minimum finds.
Candidate interior_minimum(const Vector3d& p, const FaceNodes& face) {
  Candidate current = grid_seed(p, face);
  Vector2d gradient;
  Vector2d direction = descent_direction(p, face, current.local, gradient);
  bool left_before = false;
  for (int iteration = 0; iteration < 50; ++iteration) {
    const Vector2d full = current.local + direction;
    const bool leaves = clamp_to_domain(face.type, full) != full;
    if (leaves && left_before) break;
    left_before = leaves;
    bool moved = false;
    for (double step = 1; step > 1e-12; step *= 0.5) {
      const Candidate trial = at(face, p, clamp_to_domain(face.type, current.local + step * direction));
      Vector2d trial_gradient;
      const bool lower = trial.distance2 < current.distance2;
      if (!lower && step < 1) continue;
      const Vector2d trial_direction = descent_direction(p, face, trial.local, trial_gradient);
      if (!lower && !(trial_gradient.norm() < gradient.norm())) continue;
      moved = (trial.local - current.local).norm() > 1e-15;
      current = trial;
      gradient = trial_gradient;
      direction = trial_direction;
      break;
    }
    if (!moved) break;
  }
  return current;
}

// Feature of the closest point from its local coordinates.
void classify(FaceProjection& result, ElementType type) {
  const Vector2d& u = result.local;
  const double tol = feature_tolerance;
  std::array<bool, 4> on_edge{};
  if (is_triangle(type)) {
    on_edge = {u.y() <= tol, 1 - u.sum() <= tol, u.x() <= tol, false};
  } else {
    on_edge = {u.y() <= -1 + tol, u.x() >= 1 - tol, u.y() >= 1 - tol, u.x() <= -1 + tol};
  }
  const int corners = corner_count(type);
  for (int k = 0; k < corners; ++k) {
    const int previous = (k + corners - 1) % corners;  // vertex k joins edges k − 1 and k
    if (on_edge[k] && on_edge[previous]) {
      result.feature = FaceFeature::vertex;
      result.feature_index = k;
      return;
    }
  }
  for (int k = 0; k < corners; ++k)
    if (on_edge[k]) {
      result.feature = FaceFeature::edge;
      result.feature_index = k;
      return;
    }
  result.feature = FaceFeature::interior;
  result.feature_index = -1;
}

// ---- flat convex quad4: the common case of block faces, in closed form ----

// The local coordinates of a point of a flat convex quad4 (corners at ξ, η = ∓1 in face order):
// Newton on the bilinear map, which is one-to-one on such a quad, from the centre.
Vector2d bilinear_inverse(const FaceNodes& face, const Vector3d& q) {
  const Vector3d &a = face.x[0], &b = face.x[1], &c = face.x[2], &d = face.x[3];
  Vector2d u(0, 0);
  for (int iteration = 0; iteration < 20; ++iteration) {
    const double xi = u.x(), eta = u.y();
    const Vector3d x = 0.25 * ((1 - xi) * (1 - eta) * a + (1 + xi) * (1 - eta) * b + (1 + xi) * (1 + eta) * c +
                               (1 - xi) * (1 + eta) * d);
    const Vector3d x_xi = 0.25 * ((b - a) * (1 - eta) + (c - d) * (1 + eta));
    const Vector3d x_eta = 0.25 * ((d - a) * (1 - xi) + (c - b) * (1 + xi));
    Matrix2d jtj;
    jtj << x_xi.dot(x_xi), x_xi.dot(x_eta), x_xi.dot(x_eta), x_eta.dot(x_eta);
    const Vector2d step = jtj.ldlt().solve(-Vector2d(x_xi.dot(x - q), x_eta.dot(x - q)));
    u += step;
    if (!(step.squaredNorm() > 1e-30)) break;
  }
  return u.cwiseMax(-1.0).cwiseMin(1.0);
}

// The closest point of a quad4 whose fourth corner lies in the plane of the other three (to a
// few rounding units of its size) and whose corners turn one way: the point's projection on the
// plane when it falls inside, else the closest point of the four edges. Empty for other quads.
std::optional<Candidate> flat_quad_minimum(const Vector3d& p, const FaceNodes& face) {
  const std::array<Vector3d, 4> x{face.x[0], face.x[1], face.x[2], face.x[3]};
  const Vector3d n = (x[2] - x[0]).cross(x[3] - x[1]);  // twice the vector area
  const double length = n.norm();
  const double size = std::max((x[2] - x[0]).norm(), (x[3] - x[1]).norm());
  if (!(length > 0) || std::abs(n.dot(x[1] - x[0])) > 64 * std::numeric_limits<double>::epsilon() * length * size)
    return std::nullopt;
  for (std::size_t k = 0; k < 4; ++k)  // convex: every corner turns the way of n
    if ((x[(k + 1) % 4] - x[k]).cross(x[(k + 2) % 4] - x[(k + 1) % 4]).dot(n) <= 0) return std::nullopt;
  const Vector3d q = p - (n.dot(p - x[0]) / (length * length)) * n;
  bool inside = true;
  for (std::size_t k = 0; k < 4; ++k) inside = inside && (x[(k + 1) % 4] - x[k]).cross(q - x[k]).dot(n) >= 0;
  if (inside) return Candidate{bilinear_inverse(face, q), q, (q - p).squaredNorm()};
  // Edge k from corner k to k + 1: its local coordinates run between the corners'.
  static constexpr double corner_xi[4] = {-1, 1, 1, -1}, corner_eta[4] = {-1, -1, 1, 1};
  Candidate best;
  for (std::size_t k = 0; k < 4; ++k) {
    const Vector3d e = x[(k + 1) % 4] - x[k];
    const double t = std::clamp(e.dot(p - x[k]) / e.squaredNorm(), 0.0, 1.0);
    const Vector3d point = x[k] + t * e;
    const std::size_t j = (k + 1) % 4;
    keep_closer(best, {Vector2d(corner_xi[k] + t * (corner_xi[j] - corner_xi[k]), corner_eta[k] + t * (corner_eta[j] - corner_eta[k])),
                       point, (point - p).squaredNorm()});
  }
  return best;
}

}  // namespace

FaceProjection project_onto_face(const Vector3d& p, const FaceNodes& face) {
  Candidate best;
  if (face.type == ElementType::tri3) {
    const TrianglePoint q = closest_point_on_triangle(p, face.x[0], face.x[1], face.x[2]);
    best = {Vector2d(q.barycentric[1], q.barycentric[2]), q.point, (q.point - p).squaredNorm()};
  } else if (const auto flat = face.type == ElementType::quad4 ? flat_quad_minimum(p, face) : std::nullopt) {
    best = *flat;
  } else {
    best = boundary_minimum(p, face);
    keep_closer(best, interior_minimum(p, face));
  }
  FaceProjection result;
  result.point = best.point;
  result.local = best.local;
  result.distance = (best.point - p).norm();
  classify(result, face.type);
  return result;
}

}  // namespace fecontact
