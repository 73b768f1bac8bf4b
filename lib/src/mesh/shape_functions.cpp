// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/mesh/shape_functions.hpp"

#include <array>

#include "fecontact/detail/assert.hpp"

namespace fecontact {
namespace {

using Eigen::Vector3d;

// Forward-mode differentiation: each shape function is written once, on this dual number, and
// its gradient comes with its value.
struct Dual {
  double v;
  Vector3d d;
};
Dual operator+(const Dual& a, const Dual& b) { return {a.v + b.v, a.d + b.d}; }
Dual operator-(const Dual& a, const Dual& b) { return {a.v - b.v, a.d - b.d}; }
Dual operator*(const Dual& a, const Dual& b) { return {a.v * b.v, a.v * b.d + b.v * a.d}; }
Dual operator+(double a, const Dual& b) { return {a + b.v, b.d}; }
Dual operator-(double a, const Dual& b) { return {a - b.v, -b.d}; }
Dual operator*(double a, const Dual& b) { return {a * b.v, a * b.d}; }
Dual operator-(const Dual& a, double b) { return {a.v - b, a.d}; }
Dual constant(double v) { return {v, Vector3d::Zero()}; }

using Coordinates = std::array<double, 3>;
using Edge = std::array<int, 2>;

constexpr Coordinates hex_nodes[27] = {
    {-1, -1, -1}, {1, -1, -1}, {1, 1, -1}, {-1, 1, -1}, {-1, -1, 1}, {1, -1, 1}, {1, 1, 1},
    {-1, 1, 1},   {0, -1, -1}, {1, 0, -1}, {0, 1, -1},  {-1, 0, -1}, {0, -1, 1}, {1, 0, 1},
    {0, 1, 1},    {-1, 0, 1},  {-1, -1, 0}, {1, -1, 0}, {1, 1, 0},   {-1, 1, 0}, {-1, 0, 0},
    {1, 0, 0},    {0, -1, 0},  {0, 1, 0},  {0, 0, -1},  {0, 0, 1},   {0, 0, 0}};
constexpr Coordinates quad_nodes[9] = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}, {0, -1, 0},
                                       {1, 0, 0},   {0, 1, 0},  {-1, 0, 0}, {0, 0, 0}};
constexpr Coordinates tet_corners[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
constexpr Edge tet_edges[6] = {{0, 1}, {1, 2}, {2, 0}, {0, 3}, {1, 3}, {2, 3}};
constexpr Coordinates tri_corners[3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
constexpr Edge tri_edges[3] = {{0, 1}, {1, 2}, {2, 0}};
// Wedge corners: (ξ, η) walked counter-clockwise, so 0-1-2 turns towards 3-4-5.
constexpr Coordinates wedge_corners[6] = {{0, 0, -1}, {1, 0, -1}, {0, 1, -1},
                                          {0, 0, 1},  {1, 0, 1},  {0, 1, 1}};
constexpr Edge wedge_edges[9] = {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5},
                                 {5, 3}, {0, 3}, {1, 4}, {2, 5}};
constexpr Coordinates pyramid_nodes[5] = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}, {0, 0, 1}};

// 1D Lagrange polynomial of the node at `a` ∈ {−1, 0, 1}: linear on {−1, 1}, quadratic on
// {−1, 0, 1}.
Dual lagrange(const Dual& x, double a, bool quadratic) {
  if (!quadratic) return 0.5 * (1 + a * x);
  if (a == 0) return 1 - x * x;
  return 0.5 * x * (x + constant(a));
}

// Tensor-product Lagrange elements: quad4, quad9 (2D), hex8, hex27 (3D).
void tensor(const Coordinates* nodes, int count, int dim, bool quadratic,
            const std::array<Dual, 3>& x, Dual* n) {
  for (int i = 0; i < count; ++i) {
    Dual value = constant(1);
    for (int k = 0; k < dim; ++k) value = value * lagrange(x[k], nodes[i][k], quadratic);
    n[i] = value;
  }
}

// Serendipity elements: quad8 (2D) and hex20 (3D) (Zienkiewicz & Taylor, vol. 1, §8.7).
void serendipity(const Coordinates* nodes, int count, int dim, const std::array<Dual, 3>& x,
                 Dual* n) {
  for (int i = 0; i < count; ++i) {
    const Coordinates& a = nodes[i];
    Dual value = constant(1);
    if (i < (1 << dim)) {  // corner: Π(1 + a_k x_k)/2 · (Σ a_k x_k − (dim − 1))
      Dual sum = constant(1.0 - dim);
      for (int k = 0; k < dim; ++k) {
        value = value * (0.5 * (1 + a[k] * x[k]));
        sum = sum + a[k] * x[k];
      }
      n[i] = value * sum;
    } else {  // mid-edge: (1 − x_k²) along the edge, linear across
      for (int k = 0; k < dim; ++k)
        value = value * (a[k] == 0 ? 1 - x[k] * x[k] : 0.5 * (1 + a[k] * x[k]));
      n[i] = value;
    }
  }
}

// Simplices from barycentric coordinates L: corners L(2L − 1) (quadratic) or L, mid-edge 4 L_i L_j.
void simplex(const Dual* l, int corners, std::span<const Edge> edges, bool quadratic, Dual* n) {
  for (int i = 0; i < corners; ++i) n[i] = quadratic ? l[i] * (2 * l[i] - 1) : l[i];
  if (!quadratic) return;
  for (std::size_t e = 0; e < edges.size(); ++e)
    n[corners + static_cast<int>(e)] = 4 * l[edges[e][0]] * l[edges[e][1]];
}

// Wedges: triangle barycentrics × 1D functions of ζ (wedge15 as in Zienkiewicz & Taylor §8.9).
void wedge(const std::array<Dual, 3>& x, bool quadratic, Dual* n) {
  const Dual l[3] = {1 - x[0] - x[1], x[0], x[1]};  // the barycentrics of wedge_corners
  const Dual below = 0.5 * (1 - x[2]), above = 0.5 * (1 + x[2]), bubble = 1 - x[2] * x[2];
  for (int i = 0; i < 3; ++i) {
    n[i] = l[i] * below;
    n[i + 3] = l[i] * above;
  }
  if (!quadratic) return;
  for (int i = 0; i < 3; ++i) {
    n[i] = n[i] * (2 * l[i] - 1) - 0.5 * l[i] * bubble;
    n[i + 3] = n[i + 3] * (2 * l[i] - 1) - 0.5 * l[i] * bubble;
  }
  for (int e = 0; e < 3; ++e) {
    const Dual product = 4 * l[tri_edges[e][0]] * l[tri_edges[e][1]];
    n[6 + e] = product * below;
    n[9 + e] = product * above;
    n[12 + e] = l[e] * bubble;
  }
}

void pyramid(const std::array<Dual, 3>& x, Dual* n) {
  for (int i = 0; i < 4; ++i)
    n[i] = 0.25 * (1 + pyramid_nodes[i][0] * x[0]) * (1 + pyramid_nodes[i][1] * x[1]) *
           (1 - x[2]);
  n[4] = x[2];
}

void evaluate(ElementType type, const std::array<Dual, 3>& x, Dual* n) {
  using T = ElementType;
  const Dual tet_l[4] = {1 - x[0] - x[1] - x[2], x[0], x[1], x[2]};
  const Dual tri_l[3] = {1 - x[0] - x[1], x[0], x[1]};
  switch (type) {
    case T::tet4: return simplex(tet_l, 4, tet_edges, false, n);
    case T::tet10: return simplex(tet_l, 4, tet_edges, true, n);
    case T::hex8: return tensor(hex_nodes, 8, 3, false, x, n);
    case T::hex20: return serendipity(hex_nodes, 20, 3, x, n);
    case T::hex27: return tensor(hex_nodes, 27, 3, true, x, n);
    case T::wedge6: return wedge(x, false, n);
    case T::wedge15: return wedge(x, true, n);
    case T::pyramid5: return pyramid(x, n);
    case T::tri3: return simplex(tri_l, 3, tri_edges, false, n);
    case T::tri6: return simplex(tri_l, 3, tri_edges, true, n);
    case T::quad4: return tensor(quad_nodes, 4, 2, false, x, n);
    case T::quad8: return serendipity(quad_nodes, 8, 2, x, n);
    case T::quad9: return tensor(quad_nodes, 9, 2, true, x, n);
  }
}

Vector3d midpoint(const Coordinates* corners, const Edge& edge) {
  const Vector3d a(corners[edge[0]][0], corners[edge[0]][1], corners[edge[0]][2]);
  const Vector3d b(corners[edge[1]][0], corners[edge[1]][1], corners[edge[1]][2]);
  return 0.5 * (a + b);
}

Vector3d vector(const Coordinates& c) { return {c[0], c[1], c[2]}; }

}  // namespace

void shape_functions(ElementType type, const Vector3d& xi, std::span<double> values,
                     std::span<Vector3d> derivatives) {
  const auto count = static_cast<std::size_t>(node_count(type));
  FECONTACT_ASSERT(values.size() == count, "one value per node of the element type");
  FECONTACT_ASSERT(derivatives.empty() || derivatives.size() == count,
                   "no derivatives, or one gradient per node of the element type");
  const bool volume = is_volume(type);
  const std::array<Dual, 3> x = {Dual{xi[0], Vector3d::UnitX()}, Dual{xi[1], Vector3d::UnitY()},
                                 volume ? Dual{xi[2], Vector3d::UnitZ()} : constant(0)};
  std::array<Dual, max_element_nodes> n;
  evaluate(type, x, n.data());
  for (std::size_t i = 0; i < count; ++i) {
    values[i] = n[i].v;
    if (!derivatives.empty()) derivatives[i] = n[i].d;
  }
}

Vector3d reference_node(ElementType type, int node) {
  FECONTACT_ASSERT(node >= 0 && node < node_count(type), "a node of the element type");
  using T = ElementType;
  switch (type) {
    case T::tet4:
    case T::tet10: return node < 4 ? vector(tet_corners[node]) : midpoint(tet_corners, tet_edges[node - 4]);
    case T::hex8:
    case T::hex20:
    case T::hex27: return vector(hex_nodes[node]);
    case T::wedge6:
    case T::wedge15:
      return node < 6 ? vector(wedge_corners[node]) : midpoint(wedge_corners, wedge_edges[node - 6]);
    case T::pyramid5: return vector(pyramid_nodes[node]);
    case T::tri3:
    case T::tri6: return node < 3 ? vector(tri_corners[node]) : midpoint(tri_corners, tri_edges[node - 3]);
    case T::quad4:
    case T::quad8:
    case T::quad9: return vector(quad_nodes[node]);
  }
  return Vector3d::Zero();
}

}  // namespace fecontact
