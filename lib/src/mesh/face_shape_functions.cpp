// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/mesh/face_shape_functions.hpp"

#include "fecontact/detail/assert.hpp"

namespace fecontact {
namespace {

using Eigen::Vector2d;

// Quadratic Lagrange polynomials on [−1, 1] with nodes −1, 1, 0 (in that order, like the corner
// and mid-edge numbering): value, first and second derivative.
struct Lagrange1d {
  std::array<double, 3> value, d1, d2;
};

Lagrange1d lagrange_quadratic(double s) {
  return {{0.5 * s * (s - 1), 0.5 * s * (s + 1), 1 - s * s},
          {s - 0.5, s + 0.5, -2 * s},
          {1.0, 1.0, -2.0}};
}

// Corner signs of the quadrilateral and the positions of its mid-edge nodes (index into −1, 1, 0).
constexpr double quad_corner_xi[4] = {-1, 1, 1, -1};
constexpr double quad_corner_eta[4] = {-1, -1, 1, 1};
constexpr int quad9_xi_index[9] = {0, 1, 1, 0, 2, 1, 2, 0, 2};
constexpr int quad9_eta_index[9] = {0, 0, 1, 1, 0, 2, 1, 2, 2};

// Values (face_shape_values) and derivatives (set_derivatives) of each type, written separately so
// that a caller of the values alone does not pay for the derivatives.

void quad4_values(std::array<double, 9>& n, double x, double e) {
  for (int i = 0; i < 4; ++i) n[i] = 0.25 * (1 + quad_corner_xi[i] * x) * (1 + quad_corner_eta[i] * e);
}

void quad4_derivatives(FaceShape& s, double x, double e) {
  for (int i = 0; i < 4; ++i) {
    const double a = quad_corner_xi[i], b = quad_corner_eta[i];
    s.d_xi[i] = 0.25 * a * (1 + b * e);
    s.d_eta[i] = 0.25 * b * (1 + a * x);
    s.d_xi_eta[i] = 0.25 * a * b;
  }
}

// Serendipity quadrilateral (Zienkiewicz & Taylor, "The Finite Element Method" vol. 1, §8.7):
// corners ¼(1+aξ)(1+bη)(aξ+bη−1); mid-edge nodes 4 (0,−1), 6 (0,1): ½(1−ξ²)(1+bη); 5 (1,0),
// 7 (−1,0): ½(1+aξ)(1−η²).
void quad8_values(std::array<double, 9>& n, double x, double e) {
  for (int i = 0; i < 4; ++i) {
    const double a = quad_corner_xi[i], b = quad_corner_eta[i];
    n[i] = 0.25 * (1 + a * x) * (1 + b * e) * (a * x + b * e - 1);
  }
  n[4] = 0.5 * (1 - x * x) * (1 - e);
  n[6] = 0.5 * (1 - x * x) * (1 + e);
  n[5] = 0.5 * (1 + x) * (1 - e * e);
  n[7] = 0.5 * (1 - x) * (1 - e * e);
}

void quad8_derivatives(FaceShape& s, double x, double e) {
  for (int i = 0; i < 4; ++i) {
    const double a = quad_corner_xi[i], b = quad_corner_eta[i];
    const double p = 1 + a * x, q = 1 + b * e, r = a * x + b * e - 1;
    s.d_xi[i] = 0.25 * a * q * (r + p);
    s.d_eta[i] = 0.25 * b * p * (r + q);
    s.d_xi_xi[i] = 0.5 * q;
    s.d_xi_eta[i] = 0.25 * a * b * (p + q + r);
    s.d_eta_eta[i] = 0.5 * p;
  }
  for (const int i : {4, 6}) {
    const double b = i == 4 ? -1 : 1;
    s.d_xi[i] = -x * (1 + b * e);
    s.d_eta[i] = 0.5 * b * (1 - x * x);
    s.d_xi_xi[i] = -(1 + b * e);
    s.d_xi_eta[i] = -b * x;
  }
  for (const int i : {5, 7}) {
    const double a = i == 5 ? 1 : -1;
    s.d_xi[i] = 0.5 * a * (1 - e * e);
    s.d_eta[i] = -e * (1 + a * x);
    s.d_xi_eta[i] = -a * e;
    s.d_eta_eta[i] = -(1 + a * x);
  }
}

void quad9_values(std::array<double, 9>& n, double x, double e) {
  const Lagrange1d lx = lagrange_quadratic(x), le = lagrange_quadratic(e);
  for (int i = 0; i < 9; ++i) n[i] = lx.value[quad9_xi_index[i]] * le.value[quad9_eta_index[i]];
}

void quad9_derivatives(FaceShape& s, double x, double e) {
  const Lagrange1d lx = lagrange_quadratic(x), le = lagrange_quadratic(e);
  for (int i = 0; i < 9; ++i) {
    const int a = quad9_xi_index[i], b = quad9_eta_index[i];
    s.d_xi[i] = lx.d1[a] * le.value[b];
    s.d_eta[i] = lx.value[a] * le.d1[b];
    s.d_xi_xi[i] = lx.d2[a] * le.value[b];
    s.d_xi_eta[i] = lx.d1[a] * le.d1[b];
    s.d_eta_eta[i] = lx.value[a] * le.d2[b];
  }
}

// Triangles through the barycentric coordinates L0 = 1−ξ−η, L1 = ξ, L2 = η: tri3 Lᵢ; tri6
// corners Lᵢ(2Lᵢ − 1) and mid-edge node 3 + k on edge (k, k+1) 4 Lₖ Lₖ₊₁.
constexpr double dl_xi[3] = {-1, 1, 0};
constexpr double dl_eta[3] = {-1, 0, 1};

void tri3_values(std::array<double, 9>& n, double x, double e) {
  n[0] = 1 - x - e;
  n[1] = x;
  n[2] = e;
}

void tri3_derivatives(FaceShape& s) {
  for (int i = 0; i < 3; ++i) {
    s.d_xi[i] = dl_xi[i];
    s.d_eta[i] = dl_eta[i];
  }
}

void tri6_values(std::array<double, 9>& n, double x, double e) {
  const double l[3] = {1 - x - e, x, e};
  for (int i = 0; i < 3; ++i) n[i] = l[i] * (2 * l[i] - 1);
  for (int k = 0; k < 3; ++k) n[3 + k] = 4 * l[k] * l[(k + 1) % 3];
}

void tri6_derivatives(FaceShape& s, double x, double e) {
  const double l[3] = {1 - x - e, x, e};
  for (int i = 0; i < 3; ++i) {
    const double g = 4 * l[i] - 1;
    s.d_xi[i] = g * dl_xi[i];
    s.d_eta[i] = g * dl_eta[i];
    s.d_xi_xi[i] = 4 * dl_xi[i] * dl_xi[i];
    s.d_xi_eta[i] = 4 * dl_xi[i] * dl_eta[i];
    s.d_eta_eta[i] = 4 * dl_eta[i] * dl_eta[i];
  }
  for (int k = 0; k < 3; ++k) {
    const int i = k, j = (k + 1) % 3;
    s.d_xi[3 + k] = 4 * (l[j] * dl_xi[i] + l[i] * dl_xi[j]);
    s.d_eta[3 + k] = 4 * (l[j] * dl_eta[i] + l[i] * dl_eta[j]);
    s.d_xi_xi[3 + k] = 8 * dl_xi[i] * dl_xi[j];
    s.d_xi_eta[3 + k] = 4 * (dl_xi[i] * dl_eta[j] + dl_xi[j] * dl_eta[i]);
    s.d_eta_eta[3 + k] = 8 * dl_eta[i] * dl_eta[j];
  }
}

}  // namespace

bool is_triangle(ElementType face_type) {
  return face_type == ElementType::tri3 || face_type == ElementType::tri6;
}

void face_shape_values(ElementType face_type, const Vector2d& local, std::array<double, 9>& n) {
  const double x = local.x(), e = local.y();
  switch (face_type) {
    case ElementType::tri3: tri3_values(n, x, e); break;
    case ElementType::tri6: tri6_values(n, x, e); break;
    case ElementType::quad4: quad4_values(n, x, e); break;
    case ElementType::quad8: quad8_values(n, x, e); break;
    case ElementType::quad9: quad9_values(n, x, e); break;
    default: FECONTACT_ASSERT(false, "face_shape_values: not a face type (tri3, tri6, quad4, quad8, quad9)");
  }
}

FaceShape face_shape(ElementType face_type, const Vector2d& local) {
  FaceShape s;
  s.count = node_count(face_type);
  face_shape_values(face_type, local, s.value);
  const double x = local.x(), e = local.y();
  switch (face_type) {
    case ElementType::tri3: tri3_derivatives(s); break;
    case ElementType::tri6: tri6_derivatives(s, x, e); break;
    case ElementType::quad4: quad4_derivatives(s, x, e); break;
    case ElementType::quad8: quad8_derivatives(s, x, e); break;
    case ElementType::quad9: quad9_derivatives(s, x, e); break;
    default: FECONTACT_ASSERT(false, "face_shape: not a face type (tri3, tri6, quad4, quad8, quad9)");
  }
  return s;
}

Vector2d reference_face_node(ElementType face_type, int node) {
  FECONTACT_ASSERT(node >= 0 && node < node_count(face_type), "reference_face_node: node out of range");
  if (is_triangle(face_type)) {
    constexpr double xi[6] = {0, 1, 0, 0.5, 0.5, 0}, eta[6] = {0, 0, 1, 0, 0.5, 0.5};
    return {xi[node], eta[node]};
  }
  constexpr double position[3] = {-1, 1, 0};
  return {position[quad9_xi_index[node]], position[quad9_eta_index[node]]};
}

bool in_reference_domain(ElementType face_type, const Vector2d& local) {
  if (is_triangle(face_type)) return local.x() >= 0 && local.y() >= 0 && local.sum() <= 1;
  return local.cwiseAbs().maxCoeff() <= 1;
}

double interpolation_bound(ElementType face_type) {
  switch (face_type) {
    case ElementType::tri6: return 5.0 / 3;
    case ElementType::quad8: return 3;
    case ElementType::quad9: return 25.0 / 16;
    default: return 1;
  }
}

}  // namespace fecontact
