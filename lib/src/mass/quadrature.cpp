// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/mass/quadrature.hpp"

#include <array>
#include <cmath>

#include <Eigen/Eigenvalues>

#include "fecontact/detail/assert.hpp"

namespace fecontact {
namespace {

using Eigen::Vector3d;

struct Rule1d {
  std::vector<double> points;
  std::vector<double> weights;
};

// Recurrence coefficients of the monic Jacobi polynomials for the weight (1−x)^α on [−1,1]
// (β = 0): p_{k+1} = (x − a_k) p_k − b_k p_{k−1} (Gautschi 2004, Table 1.1).
double jacobi_a(int k, double alpha) {
  if (k == 0) return -alpha / (alpha + 2);
  const double s = 2 * k + alpha;
  return -alpha * alpha / (s * (s + 2));
}
double jacobi_b(int k, double alpha) {
  const double s = 2 * k + alpha;
  return 4.0 * k * (k + alpha) * k * (k + alpha) / (s * s * (s + 1) * (s - 1));
}

// Gauss–Jacobi rule of n points for ∫_0^1 f(t)(1−t)^α dt: Golub–Welsch for the starting
// points, one Newton step on p_n for the last bits, Christoffel numbers for the weights.
Rule1d gauss_jacobi(int n, int alpha_int) {
  const double alpha = alpha_int;
  const double mu0 = std::pow(2.0, alpha + 1) / (alpha + 1);  // ∫_{−1}^{1} (1−x)^α dx
  Eigen::MatrixXd jacobi = Eigen::MatrixXd::Zero(n, n);
  for (int k = 0; k < n; ++k) jacobi(k, k) = jacobi_a(k, alpha);
  for (int k = 1; k < n; ++k) jacobi(k, k - 1) = jacobi(k - 1, k) = std::sqrt(jacobi_b(k, alpha));
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(jacobi);
  Rule1d rule;
  for (int i = 0; i < n; ++i) {
    double x = solver.eigenvalues()(i);
    // monic p_k and p_k' by the recurrence, then Newton on p_n
    double p_prev = 0, p = 1, dp_prev = 0, dp = 0;
    for (int k = 0; k < n; ++k) {
      const double b = k == 0 ? 0 : jacobi_b(k, alpha);
      const double p_next = (x - jacobi_a(k, alpha)) * p - b * p_prev;
      const double dp_next = p + (x - jacobi_a(k, alpha)) * dp - b * dp_prev;
      p_prev = p, p = p_next, dp_prev = dp, dp = dp_next;
    }
    x -= p / dp;
    // orthonormal values: weight = 1 / Σ_{k<n} p̂_k(x)²
    double q_prev = 0, q = 1 / std::sqrt(mu0), sum = q * q;
    for (int k = 0; k + 1 < n; ++k) {
      const double b_next = std::sqrt(jacobi_b(k + 1, alpha));
      const double b = k == 0 ? 0 : std::sqrt(jacobi_b(k, alpha));
      const double q_next = ((x - jacobi_a(k, alpha)) * q - b * q_prev) / b_next;
      q_prev = q, q = q_next;
      sum += q * q;
    }
    // map [−1,1] with (1−x)^α to [0,1] with (1−t)^α: t = (1+x)/2, dt (1−t)^α = dx (1−x)^α / 2^{α+1}
    rule.points.push_back(0.5 * (1 + x));
    rule.weights.push_back(1 / sum / std::pow(2.0, alpha + 1));
  }
  return rule;
}

// Gauss–Legendre on [lo, hi].
Rule1d gauss_legendre(int n, double lo, double hi) {
  Rule1d rule = gauss_jacobi(n, 0);
  for (double& t : rule.points) t = lo + (hi - lo) * t;
  for (double& w : rule.weights) w *= hi - lo;
  return rule;
}

std::vector<QuadraturePoint> tensor(const Rule1d& u, const Rule1d& v, const Rule1d& w) {
  std::vector<QuadraturePoint> rule;
  for (std::size_t k = 0; k < w.points.size(); ++k)
    for (std::size_t j = 0; j < v.points.size(); ++j)
      for (std::size_t i = 0; i < u.points.size(); ++i)
        rule.push_back({Vector3d(u.points[i], v.points[j], w.points[k]),
                        u.weights[i] * v.weights[j] * w.weights[k]});
  return rule;
}

const Rule1d single_point{{0.0}, {1.0}};

// Collapsed triangle: ξ = a(1−b), η = b, dξ dη = (1−b) da db, the (1−b) taken by Gauss–Jacobi.
std::vector<QuadraturePoint> triangle(int n) {
  std::vector<QuadraturePoint> rule = tensor(gauss_legendre(n, 0, 1), gauss_jacobi(n, 1), single_point);
  for (QuadraturePoint& q : rule) q.xi = Vector3d(q.xi[0] * (1 - q.xi[1]), q.xi[1], 0);
  return rule;
}

// Collapsed tetrahedron: ξ = a(1−b)(1−c), η = b(1−c), ζ = c, Jacobian (1−b)(1−c)².
std::vector<QuadraturePoint> tetrahedron(int n) {
  std::vector<QuadraturePoint> rule =
      tensor(gauss_legendre(n, 0, 1), gauss_jacobi(n, 1), gauss_jacobi(n, 2));
  for (QuadraturePoint& q : rule) {
    const double a = q.xi[0], b = q.xi[1], c = q.xi[2];
    q.xi = Vector3d(a * (1 - b) * (1 - c), b * (1 - c), c);
  }
  return rule;
}

}  // namespace

std::vector<QuadraturePoint> quadrature_rule(ElementType type, int degree) {
  FECONTACT_ASSERT(degree >= 0, "a non-negative polynomial degree");
  const int n = (degree + 2) / 2;  // Gauss rules of n points are exact to degree 2n − 1
  using T = ElementType;
  switch (type) {
    case T::tet4:
    case T::tet10: return tetrahedron(n);
    case T::hex8:
    case T::hex20:
    case T::hex27: {
      const Rule1d g = gauss_legendre(n, -1, 1);
      return tensor(g, g, g);
    }
    case T::wedge6:
    case T::wedge15: {
      std::vector<QuadraturePoint> rule;
      const Rule1d g = gauss_legendre(n, -1, 1);
      for (std::size_t k = 0; k < g.points.size(); ++k)
        for (const QuadraturePoint& t : triangle(n))
          rule.push_back({Vector3d(t.xi[0], t.xi[1], g.points[k]), t.weight * g.weights[k]});
      return rule;
    }
    case T::pyramid5: {
      const Rule1d g = gauss_legendre(n, -1, 1);
      return tensor(g, g, gauss_legendre(n, 0, 1));
    }
    case T::tri3:
    case T::tri6: return triangle(n);
    case T::quad4:
    case T::quad8:
    case T::quad9: {
      const Rule1d g = gauss_legendre(n, -1, 1);
      return tensor(g, g, single_point);
    }
  }
  return {};
}

int mass_quadrature_degree(ElementType type) {
  // Degrees derived in the header: deg(x xᵀ) + deg(det J) per variable (or in total on simplices).
  using T = ElementType;
  switch (type) {
    case T::tet4: return 2;
    case T::tet10: return 7;
    case T::hex8: return 4;
    case T::hex20:
    case T::hex27: return 9;
    case T::wedge6: return 4;
    case T::wedge15: return 9;
    case T::pyramid5: return 4;
    case T::tri3: return 3;
    case T::tri6: return 8;
    case T::quad4: return 4;
    case T::quad8:
    case T::quad9: return 9;
  }
  return 0;
}

std::span<const QuadraturePoint> mass_quadrature(ElementType type) {
  static const auto rules = [] {
    std::array<std::vector<QuadraturePoint>, element_type_count> all;
    for (int t = 0; t < element_type_count; ++t) {
      const auto type = static_cast<ElementType>(t);
      all[static_cast<std::size_t>(t)] = quadrature_rule(type, mass_quadrature_degree(type));
    }
    return all;
  }();
  return rules[static_cast<std::size_t>(type)];
}

}  // namespace fecontact
