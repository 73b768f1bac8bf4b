// SPDX-License-Identifier: BSD-3-Clause
// H(λ) = Σ_j λ_j ∂²g̃_j/∂x² (MortarDerivatives::gap_hessian) against central differences of the
// contact force Gᵀλ that the gap Jacobian gives (itself checked against differences of the weighted
// gaps in mortar_derivatives_test): H(λ)v ≈ (G(x + hv)ᵀλ − G(x − hv)ᵀλ) / 2h on every slave ×
// master face type (tri3, quad4, tri6, quad8, quad9), either basis, curved jittered rotated surfaces
// (the averaged normals' second derivatives and their coupling of the faces around a node matter
// there; dropping that coupling fails every pair by 2e-2), random multipliers and directions; symmetric; 10⁶ from the origin; the same bit for bit
// on 1 and 2 threads, and no allocation on steps of the same sizes.

#include <cmath>
#include <random>
#include <stdexcept>

#include <boost/test/unit_test.hpp>
#include <omp.h>

#include "allocation_count.h"
#include "contact_faces.hpp"
#include "fecontact/contact/mortar/mortar_integration.hpp"
#include "mortar_meshes.hpp"
#include "mortar_scenes.hpp"

using namespace fecontact;
using Eigen::Vector3d;
using Eigen::VectorXd;

using test::curved_scene;
using test::dense;
using test::Scene;

namespace {

// Gᵀλ at x + t v.
VectorXd contact_force(const Scene& s, const InterfaceResult& pairs, const MortarOptions& options, const VectorXd& lambda,
                       const VectorXd& v, double t) {
  std::vector<Vector3d> x = s.x;
  for (std::size_t n = 0; n < x.size(); ++n) x[n] += t * v.segment<3>(static_cast<Eigen::Index>(3 * n));
  MortarIntegration mortar;
  MortarResult r;
  MortarDerivatives d;
  mortar.compute(s.interface, pairs, x, options, r, d);
  return dense(d.gap_jacobian, static_cast<Eigen::Index>(3 * x.size())).transpose() * lambda;
}

struct Check {
  double error = 0, norm = 0, asymmetry = 0;
};

Check check_hessian(const Scene& s, const MortarOptions& options, unsigned seed) {
  const InterfaceResult pairs = test::all_pairs(s.interface);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uniform(-1, 1);
  MortarIntegration mortar;
  MortarResult r;
  mortar.compute(s.interface, pairs, s.x, options, r);
  // Mostly pressing multipliers, some pulling, as in a Newton iterate.
  VectorXd lambda(static_cast<Eigen::Index>(r.slave_nodes.size()));
  for (Eigen::Index j = 0; j < lambda.size(); ++j) lambda[j] = 0.5 + uniform(rng);
  const auto size = static_cast<Eigen::Index>(3 * s.x.size());
  VectorXd v(size);
  for (Eigen::Index i = 0; i < size; ++i) v[i] = uniform(rng);
  MortarDerivatives d;
  const std::vector<double> multipliers(lambda.data(), lambda.data() + lambda.size());
  mortar.compute(s.interface, pairs, s.x, options, r, d, multipliers);
  const Eigen::MatrixXd h = dense(d.gap_hessian, size);
  const double step = 1e-6;
  const VectorXd fd = (contact_force(s, pairs, options, lambda, v, step) - contact_force(s, pairs, options, lambda, v, -step)) / (2 * step);
  const VectorXd hv = h * v;
  return {(hv - fd).norm(), hv.norm(), (h - h.transpose()).norm() / h.norm()};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(mortar_hessian)

BOOST_AUTO_TEST_CASE(the_gap_hessian_matches_central_differences_of_the_contact_force_on_every_face_pair) {
  // One basis per face pair, alternating, so that each slave type meets both (the second-order
  // numbers are costly under the sanitizers).
  unsigned seed = 1300;
  for (const ElementType slave_type : test::face_types)
    for (const ElementType master_type : test::face_types) {
      seed += 2;
      const MortarBasis basis = (seed / 2) % 2 == 0 ? MortarBasis::standard : MortarBasis::dual;
      const Scene s = curved_scene(slave_type, master_type, seed, 0);
      const Check c = check_hessian(s, {.basis = basis}, seed);
      BOOST_TEST_MESSAGE("gap Hessian, slave " << name(slave_type) << ", master " << name(master_type) << ", "
                                                << (basis == MortarBasis::dual ? "dual" : "standard")
                                                << ": |Hv - fd| / |Hv| = " << c.error / c.norm);
      BOOST_TEST_CONTEXT("slave " << name(slave_type) << ", master " << name(master_type) << ", basis " << int(basis)) {
        BOOST_TEST(c.norm > 0);
        BOOST_TEST(c.error <= 1e-6 * c.norm, "|Hv - fd| " << c.error << ", |Hv| " << c.norm);
        BOOST_TEST(c.asymmetry == 0.0);
      }
    }
}

BOOST_AUTO_TEST_CASE(far_from_the_origin_the_gap_hessian_is_the_near_one) {
  for (const ElementType type : {ElementType::tri3, ElementType::quad9}) {
    const Scene near = curved_scene(type, type, 910, 0), far = curved_scene(type, type, 910, 1e6);
    const InterfaceResult pairs = test::all_pairs(near.interface);
    MortarIntegration mortar;
    MortarResult r;
    mortar.compute(near.interface, pairs, near.x, {}, r);
    const std::vector<double> lambda(r.slave_nodes.size(), 1.0);
    MortarDerivatives d_near, d_far;
    mortar.compute(near.interface, pairs, near.x, {}, r, d_near, lambda);
    mortar.compute(far.interface, pairs, far.x, {}, r, d_far, lambda);
    const auto size = static_cast<Eigen::Index>(3 * near.x.size());
    const Eigen::MatrixXd h_near = dense(d_near.gap_hessian, size), h_far = dense(d_far.gap_hessian, size);
    // A translation changes no derivative (the near one is checked against differences above).
    BOOST_TEST(h_near.norm() > 0);
    BOOST_TEST((h_far - h_near).norm() <= 1e-8 * h_near.norm(), "|H_far - H_near| " << (h_far - h_near).norm());
  }
}

BOOST_AUTO_TEST_CASE(wrong_multipliers_are_refused_and_no_multipliers_give_no_hessian) {
  const Scene s = curved_scene(ElementType::quad4, ElementType::tri3, 920, 0);
  const InterfaceResult pairs = test::all_pairs(s.interface);
  MortarIntegration mortar;
  MortarResult r;
  MortarDerivatives d;
  mortar.compute(s.interface, pairs, s.x, {}, r);
  std::vector<double> lambda(r.slave_nodes.size(), 1.0);
  mortar.compute(s.interface, pairs, s.x, {}, r, d, lambda);
  BOOST_TEST(d.gap_hessian.rows() == static_cast<Index>(3 * s.x.size()));
  lambda.pop_back();
  BOOST_CHECK_THROW(mortar.compute(s.interface, pairs, s.x, {}, r, d, lambda), std::invalid_argument);
  lambda.push_back(std::nan(""));
  BOOST_CHECK_THROW(mortar.compute(s.interface, pairs, s.x, {}, r, d, lambda), std::invalid_argument);
  mortar.compute(s.interface, pairs, s.x, {}, r, d);
  BOOST_TEST(d.gap_hessian.rows() == 0);
  // Zero multipliers: H = 0, no entry.
  lambda.assign(r.slave_nodes.size(), 0.0);
  mortar.compute(s.interface, pairs, s.x, {}, r, d, lambda);
  BOOST_TEST(d.gap_hessian.values.empty());
}

BOOST_AUTO_TEST_CASE(the_gap_hessian_is_the_same_on_1_and_2_threads_and_steps_allocate_nothing) {
  const test::SearchedScene scene = test::warped_scene(12, 9);
  const std::vector<Vector3d>& x = scene.x;
  const ContactInterface& in = scene.interface;
  const InterfaceResult& pairs = scene.pairs;
  const int threads = omp_get_max_threads();
  MortarDerivatives results[2];
  for (const int count : {1, 2}) {
    omp_set_num_threads(count);
    MortarIntegration mortar;
    MortarResult r;
    mortar.compute(in, pairs, x, {}, r);
    std::vector<double> lambda(r.slave_nodes.size());
    for (std::size_t j = 0; j < lambda.size(); ++j) lambda[j] = 1 + 0.1 * static_cast<double>(j % 7);
    mortar.compute(in, pairs, x, {}, r, results[count - 1], lambda);
    const long before = allocation_count();
    mortar.compute(in, pairs, x, {}, r, results[count - 1], lambda);
    BOOST_TEST(allocation_count() - before == 0, count << " threads");
  }
  omp_set_num_threads(threads);
  BOOST_TEST(results[0].gap_hessian.columns == results[1].gap_hessian.columns);
  BOOST_TEST((results[0].gap_hessian.values == results[1].gap_hessian.values));
  BOOST_TEST(results[0].gap_hessian.values.size() > 1000u);
}

BOOST_AUTO_TEST_SUITE_END()
