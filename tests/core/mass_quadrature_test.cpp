// SPDX-License-Identifier: BSD-3-Clause
// Quadrature rules: every monomial up to the claimed degree is integrated exactly over each
// reference domain (closed forms: ∫_tet ξ^a η^b ζ^c = a!b!c!/(a+b+c+3)!, ∫_tri ξ^a η^b =
// a!b!/(a+b+2)!, ∫_{−1}^{1} ξ^a = 2/(a+1) for even a), weights are positive, and one degree
// more is not exact for the Gauss directions (the degree claim is sharp).
#include <boost/test/unit_test.hpp>

#include <cmath>

#include <Eigen/LU>

#include "fecontact/mass/quadrature.hpp"
#include "fecontact/mesh/shape_functions.hpp"

namespace {

using namespace fecontact;

double factorial(int n) { return n <= 1 ? 1.0 : n * factorial(n - 1); }
double symmetric_interval(int a) { return a % 2 ? 0.0 : 2.0 / (a + 1); }  // ∫_{−1}^{1}
double unit_interval(int a) { return 1.0 / (a + 1); }                      // ∫_0^1

double exact(ElementType type, int a, int b, int c) {
  switch (type) {
    case ElementType::tet4:
    case ElementType::tet10: return factorial(a) * factorial(b) * factorial(c) / factorial(a + b + c + 3);
    case ElementType::wedge6:
    case ElementType::wedge15:
      return factorial(a) * factorial(b) / factorial(a + b + 2) * symmetric_interval(c);
    case ElementType::pyramid5: return symmetric_interval(a) * symmetric_interval(b) * unit_interval(c);
    case ElementType::tri3:
    case ElementType::tri6: return c ? 0 : factorial(a) * factorial(b) / factorial(a + b + 2);
    case ElementType::quad4:
    case ElementType::quad8:
    case ElementType::quad9: return c ? 0 : symmetric_interval(a) * symmetric_interval(b);
    default: return symmetric_interval(a) * symmetric_interval(b) * symmetric_interval(c);
  }
}

bool simplex_in(ElementType type, int axis) {  // the rule's degree is a total degree there
  switch (type) {
    case ElementType::tet4:
    case ElementType::tet10: return true;
    case ElementType::tri3:
    case ElementType::tri6:
    case ElementType::wedge6:
    case ElementType::wedge15: return axis < 2;
    default: return false;
  }
}

double integrate(ElementType type, int degree, int a, int b, int c) {
  double sum = 0;
  for (const QuadraturePoint& q : quadrature_rule(type, degree))
    sum += q.weight * std::pow(q.xi[0], a) * std::pow(q.xi[1], b) * std::pow(q.xi[2], c);
  return sum;
}

constexpr std::array all_types = {
    ElementType::tet4,  ElementType::tet10,  ElementType::hex8,    ElementType::hex20,
    ElementType::hex27, ElementType::wedge6, ElementType::wedge15, ElementType::pyramid5,
    ElementType::tri3,  ElementType::tri6,   ElementType::quad4,   ElementType::quad8,
    ElementType::quad9};

BOOST_AUTO_TEST_SUITE(mass_rules)

BOOST_AUTO_TEST_CASE(monomials_up_to_the_mass_degree_are_exact) {
  for (ElementType type : all_types) {
    const int degree = mass_quadrature_degree(type);
    const int c_max = is_volume(type) ? degree : 0;
    for (int a = 0; a <= degree; ++a)
      for (int b = 0; b <= degree; ++b)
        for (int c = 0; c <= c_max; ++c) {
          // on simplex directions the rule promises total degree only
          const int simplex_degree = (simplex_in(type, 0) ? a : 0) + (simplex_in(type, 1) ? b : 0) +
                                     (simplex_in(type, 2) ? c : 0);
          if (simplex_degree > degree) continue;
          const double reference = exact(type, a, b, c);
          BOOST_TEST_CONTEXT(name(type) << " ξ^" << a << " η^" << b << " ζ^" << c) {
            BOOST_TEST(std::abs(integrate(type, degree, a, b, c) - reference) <= 2e-15 + 1e-14 * std::abs(reference));
          }
        }
    for (const QuadraturePoint& q : mass_quadrature(type)) BOOST_TEST(q.weight > 0);
    BOOST_TEST(mass_quadrature(type).size() == quadrature_rule(type, degree).size());
  }
}

BOOST_AUTO_TEST_CASE(the_degree_is_sharp) {
  // n Gauss points integrate ξ^(2n) wrongly: the rule is not silently of higher degree than
  // claimed (so the exactness above is a property of the rule, not of an overkill).
  const std::vector<QuadraturePoint> rule = quadrature_rule(ElementType::hex8, 5);  // 3 points
  double sum = 0;
  for (const QuadraturePoint& q : rule) sum += q.weight * std::pow(q.xi[0], 6);
  BOOST_TEST(std::abs(sum - 2.0 / 7) > 1e-3);
  BOOST_TEST(rule.size() == 27u);
  BOOST_TEST(quadrature_rule(ElementType::tet10, 7).size() == 64u);
}

// The pyramid in collapsed coordinates: with the isoparametric map of the reference pyramid
// (nodes = reference nodes), Σ w·det J·z^k is the integral of z^k over the pyramid with base
// [−1,1]² at z = 0 and apex (0,0,1): ∫_0^1 4(1−z)² z^k dz = 8/((k+1)(k+2)(k+3)).
BOOST_AUTO_TEST_CASE(pyramid_collapsed_rule_integrates_the_real_pyramid) {
  for (int k = 0; k <= 2; ++k) {
    double sum = 0;
    for (const QuadraturePoint& q : mass_quadrature(ElementType::pyramid5)) {
      std::array<double, 5> n;
      std::array<Eigen::Vector3d, 5> dn;
      shape_functions(ElementType::pyramid5, q.xi, n, dn);
      Eigen::Vector3d x = Eigen::Vector3d::Zero();
      Eigen::Matrix3d jacobian = Eigen::Matrix3d::Zero();
      for (int i = 0; i < 5; ++i) {
        x += n[i] * reference_node(ElementType::pyramid5, i);
        jacobian += reference_node(ElementType::pyramid5, i) * dn[i].transpose();
      }
      sum += q.weight * jacobian.determinant() * std::pow(x[2], k);
    }
    BOOST_TEST(std::abs(sum - 8.0 / ((k + 1) * (k + 2) * (k + 3))) < 1e-15);
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
