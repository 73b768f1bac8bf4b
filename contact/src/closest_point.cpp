// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/contact/closest_point.hpp"

#include <Eigen/Geometry>

namespace fecontact {
namespace {

using Eigen::Vector3d;

// Closest point of segment [a, b] to p, as the weight t of b (point = a + t (b − a)).
double segment_parameter(const Vector3d& p, const Vector3d& a, const Vector3d& b) {
  const Vector3d ab = b - a;
  const double length2 = ab.squaredNorm();
  if (!(length2 > 0)) return 0.0;
  const double t = (p - a).dot(ab) / length2;
  return t < 0 ? 0.0 : (t > 1 ? 1.0 : t);
}

// Zero-area triangle: the closest of the closest points on its three edges.
TrianglePoint closest_on_degenerate(const Vector3d& p, const Vector3d& a, const Vector3d& b,
                                    const Vector3d& c) {
  const double tab = segment_parameter(p, a, b);
  const double tbc = segment_parameter(p, b, c);
  const double tca = segment_parameter(p, c, a);
  const TrianglePoint candidates[3] = {
      {a + tab * (b - a), Vector3d(1 - tab, tab, 0)},
      {b + tbc * (c - b), Vector3d(0, 1 - tbc, tbc)},
      {c + tca * (a - c), Vector3d(tca, 0, 1 - tca)},
  };
  const TrianglePoint* best = &candidates[0];
  for (const TrianglePoint& candidate : candidates)
    if ((candidate.point - p).squaredNorm() < (best->point - p).squaredNorm()) best = &candidate;
  return *best;
}

}  // namespace

TrianglePoint closest_point_on_triangle(const Vector3d& p, const Vector3d& a, const Vector3d& b,
                                        const Vector3d& c) {
  const Vector3d ab = b - a, ac = c - a, ap = p - a;
  if (!(ab.cross(ac).squaredNorm() > 0)) return closest_on_degenerate(p, a, b, c);

  const double d1 = ab.dot(ap), d2 = ac.dot(ap);
  if (d1 <= 0 && d2 <= 0) return {a, Vector3d(1, 0, 0)};  // vertex region a

  const Vector3d bp = p - b;
  const double d3 = ab.dot(bp), d4 = ac.dot(bp);
  if (d3 >= 0 && d4 <= d3) return {b, Vector3d(0, 1, 0)};  // vertex region b

  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {  // edge region ab
    const double t = d1 / (d1 - d3);
    return {a + t * ab, Vector3d(1 - t, t, 0)};
  }

  const Vector3d cp = p - c;
  const double d5 = ab.dot(cp), d6 = ac.dot(cp);
  if (d6 >= 0 && d5 <= d6) return {c, Vector3d(0, 0, 1)};  // vertex region c

  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {  // edge region ac
    const double t = d2 / (d2 - d6);
    return {a + t * ac, Vector3d(1 - t, 0, t)};
  }

  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {  // edge region bc
    const double t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    return {b + t * (c - b), Vector3d(0, 1 - t, t)};
  }

  const double denominator = 1 / (va + vb + vc);  // face region
  const double v = vb * denominator, w = vc * denominator;
  return {a + v * ab + w * ac, Vector3d(1 - v - w, v, w)};
}

SegmentPoints closest_points_on_segments(const Vector3d& p0, const Vector3d& p1, const Vector3d& q0,
                                         const Vector3d& q1) {
  const Vector3d d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
  const double a = d1.squaredNorm(), e = d2.squaredNorm(), f = d2.dot(r);
  const auto clamp01 = [](double x) { return x < 0 ? 0.0 : (x > 1 ? 1.0 : x); };
  double s = 0, t = 0;
  if (!(a > 0) && !(e > 0)) {
    // both points
  } else if (!(a > 0)) {
    t = clamp01(f / e);
  } else {
    const double c = d1.dot(r);
    if (!(e > 0)) {
      s = clamp01(-c / a);
    } else {
      const double b = d1.dot(d2), denominator = a * e - b * b;
      s = denominator > 0 ? clamp01((b * f - c * e) / denominator) : 0.0;  // parallel: any s
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = clamp01(-c / a);
      } else if (t > 1) {
        t = 1;
        s = clamp01((b - c) / a);
      }
    }
  }
  return {s, t, p0 + s * d1, q0 + t * d2};
}

}  // namespace fecontact
