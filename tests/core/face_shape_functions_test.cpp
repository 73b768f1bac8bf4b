// SPDX-License-Identifier: BSD-3-Clause
// Face shape functions: partition of unity, the Kronecker property at the reference nodes,
// reproduction of linear (and, for quadratic faces, quadratic) fields, and derivatives against
// central finite differences.

#include <algorithm>
#include <cmath>
#include <random>

#include <boost/test/unit_test.hpp>

#include "fecontact/mesh/face_shape_functions.hpp"

using fecontact::ElementType;
using Eigen::Vector2d;

namespace {

constexpr ElementType face_types[] = {ElementType::tri3, ElementType::tri6, ElementType::quad4,
                                      ElementType::quad8, ElementType::quad9};

// Random points of the reference domain (and a little outside: the polynomials extend).
Vector2d random_local(ElementType type, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(-0.1, 1.1), q(-1.2, 1.2);
  return fecontact::is_triangle(type) ? Vector2d(u(rng), u(rng)) : Vector2d(q(rng), q(rng));
}

// |a − b| ≤ tolerance · max(1, |b|): absolute near zero, relative elsewhere.
bool near(double a, double b, double tolerance) {
  return std::abs(a - b) <= tolerance * std::max(1.0, std::abs(b));
}

template <class Field>
double sum(const fecontact::FaceShape& s, const std::array<double, 9>& a, Field f) {
  double total = 0;
  for (int i = 0; i < s.count; ++i) total += a[i] * f(i);
  return total;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(face_shape_functions)

BOOST_AUTO_TEST_CASE(kronecker_property_at_the_reference_nodes) {
  for (const ElementType type : face_types) {
    const int n = fecontact::node_count(type);
    for (int j = 0; j < n; ++j) {
      const fecontact::FaceShape s = fecontact::face_shape(type, fecontact::reference_face_node(type, j));
      BOOST_TEST(s.count == n);
      for (int i = 0; i < n; ++i)
        BOOST_TEST(near(s.value[i], i == j ? 1.0 : 0.0, 1e-15));
      BOOST_TEST(fecontact::in_reference_domain(type, fecontact::reference_face_node(type, j)));
    }
  }
}

BOOST_AUTO_TEST_CASE(partition_of_unity_and_linear_completeness) {
  std::mt19937_64 rng(11);
  for (const ElementType type : face_types)
    for (int trial = 0; trial < 50; ++trial) {
      const Vector2d x = random_local(type, rng);
      const fecontact::FaceShape s = fecontact::face_shape(type, x);
      const auto one = [](int) { return 1.0; };
      const auto node_xi = [&](int i) { return fecontact::reference_face_node(type, i).x(); };
      const auto node_eta = [&](int i) { return fecontact::reference_face_node(type, i).y(); };
      const auto node_xi_eta = [&](int i) { return node_xi(i) * node_eta(i); };
      BOOST_TEST(near(sum(s, s.value, one), 1.0, 1e-13));
      BOOST_TEST(near(sum(s, s.d_xi, one), 0.0, 1e-13));
      BOOST_TEST(near(sum(s, s.d_eta, one), 0.0, 1e-13));
      BOOST_TEST(near(sum(s, s.d_xi_eta, one), 0.0, 1e-13));
      // Interpolating the coordinates reproduces them (isoparametric identity).
      BOOST_TEST(near(sum(s, s.value, node_xi), x.x(), 1e-13));
      BOOST_TEST(near(sum(s, s.value, node_eta), x.y(), 1e-13));
      BOOST_TEST(near(sum(s, s.d_xi, node_xi), 1.0, 1e-13));
      BOOST_TEST(near(sum(s, s.d_eta, node_xi), 0.0, 1e-13));
      BOOST_TEST(near(sum(s, s.d_eta, node_eta), 1.0, 1e-13));
      // Every type but tri3 reproduces ξη (quad4 is bilinear; the quadratics are complete).
      if (type != ElementType::tri3) {
        BOOST_TEST(near(sum(s, s.value, node_xi_eta), x.x() * x.y(), 1e-13));
        BOOST_TEST(near(sum(s, s.d_xi_eta, node_xi_eta), 1.0, 1e-13));
      }
    }
}

BOOST_AUTO_TEST_CASE(derivatives_match_central_differences) {
  std::mt19937_64 rng(12);
  const double h = 1e-5;  // central differences of polynomials: error O(h²) ≈ 1e-10
  for (const ElementType type : face_types)
    for (int trial = 0; trial < 30; ++trial) {
      const Vector2d x = random_local(type, rng);
      const auto at = [&](double dx, double de) {
        return fecontact::face_shape(type, x + Vector2d(dx, de));
      };
      const fecontact::FaceShape s = at(0, 0), px = at(h, 0), mx = at(-h, 0), pe = at(0, h),
                                 me = at(0, -h);
      for (int i = 0; i < s.count; ++i) {
        BOOST_TEST(near(s.d_xi[i], (px.value[i] - mx.value[i]) / (2 * h), 1e-8));
        BOOST_TEST(near(s.d_eta[i], (pe.value[i] - me.value[i]) / (2 * h), 1e-8));
        BOOST_TEST(near(s.d_xi_xi[i], (px.d_xi[i] - mx.d_xi[i]) / (2 * h), 1e-8));
        BOOST_TEST(near(s.d_xi_eta[i], (pe.d_xi[i] - me.d_xi[i]) / (2 * h), 1e-8));
        BOOST_TEST(near(s.d_xi_eta[i], (px.d_eta[i] - mx.d_eta[i]) / (2 * h), 1e-8));
        BOOST_TEST(near(s.d_eta_eta[i], (pe.d_eta[i] - me.d_eta[i]) / (2 * h), 1e-8));
      }
    }
}

BOOST_AUTO_TEST_CASE(reference_domains) {
  BOOST_TEST(fecontact::in_reference_domain(ElementType::tri6, Vector2d(0.5, 0.5)));
  BOOST_TEST(!fecontact::in_reference_domain(ElementType::tri6, Vector2d(0.6, 0.5)));
  BOOST_TEST(!fecontact::in_reference_domain(ElementType::tri3, Vector2d(-1e-17, 0.5)));
  BOOST_TEST(fecontact::in_reference_domain(ElementType::quad8, Vector2d(-1, 1)));
  BOOST_TEST(!fecontact::in_reference_domain(ElementType::quad9, Vector2d(0, 1.0000001)));
}

// The closed forms of interpolation_bound against Σ|Nᵢ| on a grid of 1/600 over the reference
// domain (it holds the points where the maxima lie: the centroid, the centre, the quarters).
BOOST_AUTO_TEST_CASE(interpolation_bound_is_the_largest_sum_of_absolute_shape_functions) {
  constexpr int n = 600;
  for (const ElementType type : face_types) {
    double largest = 0;
    for (int i = 0; i <= n; ++i)
      for (int j = 0; j <= n; ++j) {
        const Vector2d x = fecontact::is_triangle(type) ? Vector2d(double(i) / n, double(j) / n)
                                                        : Vector2d(-1 + 2.0 * i / n, -1 + 2.0 * j / n);
        if (!fecontact::in_reference_domain(type, x)) continue;
        const fecontact::FaceShape s = fecontact::face_shape(type, x);
        double sum = 0;
        for (int k = 0; k < s.count; ++k) sum += std::abs(s.value[k]);
        largest = std::max(largest, sum);
      }
    const double bound = fecontact::interpolation_bound(type);
    BOOST_TEST(largest <= bound * (1 + 1e-12), fecontact::name(type));
    BOOST_TEST(largest >= bound - 1e-9, fecontact::name(type));
  }
}

BOOST_AUTO_TEST_SUITE_END()
