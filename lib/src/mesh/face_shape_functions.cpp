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

void set(FaceShape& s, int i, double v, double dx, double de, double dxx, double dxe, double dee) {
  s.value[i] = v;
  s.d_xi[i] = dx;
  s.d_eta[i] = de;
  s.d_xi_xi[i] = dxx;
  s.d_xi_eta[i] = dxe;
  s.d_eta_eta[i] = dee;
}

void quad4(FaceShape& s, double x, double e) {
  for (int i = 0; i < 4; ++i) {
    const double a = quad_corner_xi[i], b = quad_corner_eta[i];
    set(s, i, 0.25 * (1 + a * x) * (1 + b * e), 0.25 * a * (1 + b * e), 0.25 * b * (1 + a * x), 0,
        0.25 * a * b, 0);
  }
}

// Serendipity quadrilateral (Zienkiewicz & Taylor, "The Finite Element Method" vol. 1, §8.7).
void quad8(FaceShape& s, double x, double e) {
  for (int i = 0; i < 4; ++i) {
    const double a = quad_corner_xi[i], b = quad_corner_eta[i];
    const double p = 1 + a * x, q = 1 + b * e, r = a * x + b * e - 1;
    set(s, i, 0.25 * p * q * r, 0.25 * a * q * (r + p), 0.25 * b * p * (r + q), 0.5 * q,
        0.25 * a * b * (p + q + r), 0.5 * p);
  }
  // mid-edge nodes 4 (0,−1), 6 (0,1): ½(1−ξ²)(1+bη); 5 (1,0), 7 (−1,0): ½(1+aξ)(1−η²)
  for (const int i : {4, 6}) {
    const double b = i == 4 ? -1 : 1;
    set(s, i, 0.5 * (1 - x * x) * (1 + b * e), -x * (1 + b * e), 0.5 * b * (1 - x * x),
        -(1 + b * e), -b * x, 0);
  }
  for (const int i : {5, 7}) {
    const double a = i == 5 ? 1 : -1;
    set(s, i, 0.5 * (1 + a * x) * (1 - e * e), 0.5 * a * (1 - e * e), -e * (1 + a * x), 0, -a * e,
        -(1 + a * x));
  }
}

void quad9(FaceShape& s, double x, double e) {
  const Lagrange1d lx = lagrange_quadratic(x), le = lagrange_quadratic(e);
  for (int i = 0; i < 9; ++i) {
    const int a = quad9_xi_index[i], b = quad9_eta_index[i];
    set(s, i, lx.value[a] * le.value[b], lx.d1[a] * le.value[b], lx.value[a] * le.d1[b],
        lx.d2[a] * le.value[b], lx.d1[a] * le.d1[b], lx.value[a] * le.d2[b]);
  }
}

// Triangles through the barycentric coordinates L0 = 1−ξ−η, L1 = ξ, L2 = η.
constexpr double dl_xi[3] = {-1, 1, 0};
constexpr double dl_eta[3] = {-1, 0, 1};

void tri3(FaceShape& s, double x, double e) {
  const double l[3] = {1 - x - e, x, e};
  for (int i = 0; i < 3; ++i) set(s, i, l[i], dl_xi[i], dl_eta[i], 0, 0, 0);
}

void tri6(FaceShape& s, double x, double e) {
  const double l[3] = {1 - x - e, x, e};
  for (int i = 0; i < 3; ++i) {  // corners: L(2L − 1)
    const double g = 4 * l[i] - 1;
    set(s, i, l[i] * (2 * l[i] - 1), g * dl_xi[i], g * dl_eta[i], 4 * dl_xi[i] * dl_xi[i],
        4 * dl_xi[i] * dl_eta[i], 4 * dl_eta[i] * dl_eta[i]);
  }
  for (int k = 0; k < 3; ++k) {  // mid-edge node 3 + k on edge (k, k+1): 4 Lᵢ Lⱼ
    const int i = k, j = (k + 1) % 3;
    set(s, 3 + k, 4 * l[i] * l[j], 4 * (l[j] * dl_xi[i] + l[i] * dl_xi[j]),
        4 * (l[j] * dl_eta[i] + l[i] * dl_eta[j]), 8 * dl_xi[i] * dl_xi[j],
        4 * (dl_xi[i] * dl_eta[j] + dl_xi[j] * dl_eta[i]), 8 * dl_eta[i] * dl_eta[j]);
  }
}

}  // namespace

bool is_triangle(ElementType face_type) {
  return face_type == ElementType::tri3 || face_type == ElementType::tri6;
}

FaceShape face_shape(ElementType face_type, const Vector2d& local) {
  FaceShape s;
  s.count = node_count(face_type);
  const double x = local.x(), e = local.y();
  switch (face_type) {
    case ElementType::tri3: tri3(s, x, e); break;
    case ElementType::tri6: tri6(s, x, e); break;
    case ElementType::quad4: quad4(s, x, e); break;
    case ElementType::quad8: quad8(s, x, e); break;
    case ElementType::quad9: quad9(s, x, e); break;
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
