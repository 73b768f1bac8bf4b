// SPDX-License-Identifier: BSD-3-Clause
// The weighted gaps' Jacobian G = ∂g̃/∂x (MortarDerivatives) against central differences of the
// weighted gaps that MortarIntegration computes: every slave × master face type (tri3, quad4,
// tri6, quad8, quad9), both bases, on curved jittered surfaces (nodes on a paraboloid: curved
// faces and varying normals, so that the averaged normals' derivative matters), rotated, and 10⁶
// from the origin; also the same bit for bit on 1 and 2 threads, and no allocation on steps of the
// same sizes; and ∂D/∂x, ∂M/∂x against central differences of D and M.

#include <cmath>
#include <random>

#include <boost/test/unit_test.hpp>
#include <Eigen/Geometry>
#include <omp.h>

#include "allocation_count.h"
#include "contact_faces.hpp"
#include "fecontact/contact/mortar/mortar_integration.hpp"
#include "mortar_meshes.hpp"
#include "mortar_scenes.hpp"

using namespace fecontact;
using Eigen::Vector3d;

using test::curved_scene;
using test::dense;
using test::Scene;

namespace {

// Central differences of the weighted gaps, one coordinate of one node at a time, step h.
Eigen::MatrixXd central_differences(const Scene& s, const MortarOptions& options, const InterfaceResult& pairs, double h) {
  MortarIntegration mortar;
  MortarResult r;
  std::vector<Vector3d> x = s.x;
  mortar.compute(s.interface, pairs, x, options, r);
  const auto rows = static_cast<Eigen::Index>(r.slave_nodes.size());
  Eigen::MatrixXd g = Eigen::MatrixXd::Zero(rows, static_cast<Eigen::Index>(3 * x.size()));
  for (std::size_t n = 0; n < x.size(); ++n)
    for (int a = 0; a < 3; ++a) {
      const double x0 = x[n][a];
      x[n][a] = x0 + h;
      mortar.compute(s.interface, pairs, x, options, r);
      const std::vector<double> plus = r.weighted_gap;
      x[n][a] = x0 - h;
      mortar.compute(s.interface, pairs, x, options, r);
      x[n][a] = x0;
      for (Eigen::Index j = 0; j < rows; ++j)
        g(j, static_cast<Eigen::Index>(3 * n) + a) = (plus[static_cast<std::size_t>(j)] - r.weighted_gap[static_cast<std::size_t>(j)]) / (2 * h);
    }
  return g;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(mortar_derivatives)

BOOST_AUTO_TEST_CASE(the_gap_jacobian_matches_central_differences_on_every_face_pair) {
  unsigned seed = 700;
  for (const ElementType slave_type : test::face_types)
    for (const ElementType master_type : test::face_types)
      for (const MortarBasis basis : {MortarBasis::standard, MortarBasis::dual}) {
        seed += 2;
        const Scene s = curved_scene(slave_type, master_type, seed, 0);
        const InterfaceResult pairs = test::all_pairs(s.interface);
        MortarOptions options;
        options.basis = basis;
        MortarIntegration mortar;
        MortarResult r;
        MortarDerivatives d;
        mortar.compute(s.interface, pairs, s.x, options, r, d);
        const Eigen::MatrixXd g = dense(d.gap_jacobian, static_cast<Eigen::Index>(3 * s.x.size()));
        const Eigen::MatrixXd fd = central_differences(s, options, pairs, 1e-6);
        BOOST_TEST_MESSAGE("gap Jacobian, slave " << name(slave_type) << ", master " << name(master_type) << ", "
                                                   << (basis == MortarBasis::dual ? "dual" : "standard") << ": |G - G_fd| / |G| = "
                                                   << (g - fd).norm() / g.norm());
        BOOST_TEST_CONTEXT("slave " << int(slave_type) << ", master " << int(master_type) << ", basis " << int(basis)) {
          BOOST_TEST(r.uncovered_slave_nodes.size() < r.slave_nodes.size());
          BOOST_TEST(g.norm() > 0);
          BOOST_TEST((g - fd).norm() <= 1e-6 * g.norm(), "|G - G_fd| " << (g - fd).norm() << ", |G| " << g.norm());
        }
      }
}

// ∂D/∂x and ∂M/∂x (MortarOptions::matrix_derivatives) against central differences of D's and M's
// entries, whose pattern the perturbations keep (checked).
BOOST_AUTO_TEST_CASE(the_matrix_jacobians_match_central_differences) {
  unsigned seed = 950;
  const std::pair<ElementType, ElementType> face_pairs[] = {{ElementType::tri3, ElementType::quad4},
                                                            {ElementType::quad4, ElementType::tri6},
                                                            {ElementType::tri6, ElementType::quad9},
                                                            {ElementType::quad9, ElementType::tri3}};
  for (const auto& [slave_type, master_type] : face_pairs)
    for (const MortarBasis basis : {MortarBasis::standard, MortarBasis::dual}) {
      const Scene s = curved_scene(slave_type, master_type, seed += 2, 0);
      const InterfaceResult pairs = test::all_pairs(s.interface);
      MortarOptions options;
      options.basis = basis;
      options.matrix_derivatives = true;
      MortarIntegration mortar;
      MortarResult r, perturbed;
      MortarDerivatives d;
      mortar.compute(s.interface, pairs, s.x, options, r, d);
      const auto columns = static_cast<Eigen::Index>(3 * s.x.size());
      Eigen::MatrixXd fd_d = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(r.D.values.size()), columns);
      Eigen::MatrixXd fd_m = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(r.M.values.size()), columns);
      std::vector<Vector3d> x = s.x;
      const double h = 1e-6;
      bool same_pattern = true;
      for (std::size_t n = 0; n < x.size(); ++n)
        for (int a = 0; a < 3; ++a) {
          const double x0 = x[n][a];
          x[n][a] = x0 + h;
          mortar.compute(s.interface, pairs, x, {.basis = basis}, perturbed);
          const std::vector<double> d_plus = perturbed.D.values, m_plus = perturbed.M.values;
          same_pattern = same_pattern && perturbed.D.columns == r.D.columns && perturbed.M.columns == r.M.columns;
          x[n][a] = x0 - h;
          mortar.compute(s.interface, pairs, x, {.basis = basis}, perturbed);
          same_pattern = same_pattern && perturbed.D.columns == r.D.columns && perturbed.M.columns == r.M.columns;
          x[n][a] = x0;
          if (!same_pattern) continue;
          const auto c = static_cast<Eigen::Index>(3 * n) + a;
          for (std::size_t e = 0; e < d_plus.size(); ++e)
            fd_d(static_cast<Eigen::Index>(e), c) = (d_plus[e] - perturbed.D.values[e]) / (2 * h);
          for (std::size_t e = 0; e < m_plus.size(); ++e)
            fd_m(static_cast<Eigen::Index>(e), c) = (m_plus[e] - perturbed.M.values[e]) / (2 * h);
        }
      const Eigen::MatrixXd jd = dense(d.D_jacobian, columns), jm = dense(d.M_jacobian, columns);
      BOOST_TEST_MESSAGE("D and M Jacobians, slave " << name(slave_type) << ", master " << name(master_type) << ", "
                                                      << (basis == MortarBasis::dual ? "dual" : "standard")
                                                      << ": |dD - dD_fd| / |dD| = " << (jd - fd_d).norm() / jd.norm()
                                                      << ", |dM - dM_fd| / |dM| = " << (jm - fd_m).norm() / jm.norm());
      BOOST_TEST_CONTEXT("slave " << name(slave_type) << ", master " << name(master_type) << ", basis " << int(basis)) {
        BOOST_TEST(same_pattern);
        BOOST_TEST(d.D_jacobian.rows() == static_cast<Index>(r.D.values.size()));
        BOOST_TEST(d.M_jacobian.rows() == static_cast<Index>(r.M.values.size()));
        BOOST_TEST(jd.norm() > 0);
        BOOST_TEST(jm.norm() > 0);
        BOOST_TEST((jd - fd_d).norm() <= 1e-6 * jd.norm(), "|dD - dD_fd| " << (jd - fd_d).norm() << ", |dD| " << jd.norm());
        BOOST_TEST((jm - fd_m).norm() <= 1e-6 * jm.norm(), "|dM - dM_fd| " << (jm - fd_m).norm() << ", |dM| " << jm.norm());
        // The option changes nothing else.
        MortarDerivatives without;
        mortar.compute(s.interface, pairs, s.x, {.basis = basis}, perturbed, without);
        BOOST_TEST((without.gap_jacobian.values == d.gap_jacobian.values));
        BOOST_TEST(without.D_jacobian.rows() == 0);
      }
    }
}

BOOST_AUTO_TEST_CASE(far_from_the_origin_the_gap_jacobian_keeps_its_accuracy) {
  for (const ElementType type : {ElementType::tri3, ElementType::quad9}) {
    const Scene near = curved_scene(type, type, 900, 0), far = curved_scene(type, type, 900, 1e6);
    const InterfaceResult pairs = test::all_pairs(near.interface);
    MortarIntegration mortar;
    MortarResult r;
    MortarDerivatives d_near, d_far;
    mortar.compute(near.interface, pairs, near.x, {}, r, d_near);
    mortar.compute(far.interface, pairs, far.x, {}, r, d_far);
    const auto columns = static_cast<Eigen::Index>(3 * near.x.size());
    const Eigen::MatrixXd g_near = dense(d_near.gap_jacobian, columns), g_far = dense(d_far.gap_jacobian, columns);
    // A translation changes no derivative: the far one equals the near one to the rounding of
    // coordinates of 10⁶ (1e-10) over faces of size 0.5. Differences of the far gaps themselves
    // cannot check it to 1e-6 (their rounding, 1e-11 / h, meets the truncation, h², near 1e-7 a
    // term), so the central differences are taken where they are exact to that level, near the
    // origin: the same function, translated.
    BOOST_TEST((g_far - g_near).norm() <= 1e-8 * g_near.norm(), "|G_far - G_near| " << (g_far - g_near).norm());
    const Eigen::MatrixXd fd = central_differences(near, {}, pairs, 1e-6);
    BOOST_TEST((g_far - fd).norm() <= 1e-6 * g_far.norm(), "|G - G_fd| " << (g_far - fd).norm() << ", |G| " << g_far.norm());
  }
}

// A master edge beyond the slave's edge x = 1 and parallel to it within rounding: its ends 1.2e-12
// and 1.6e-12 outside, the clipping tolerance (1e-12 of the slave's diameter, 1.41e-12) between
// them, so the clipping line's crossing lies beyond the clipped edge, which the clipping takes for
// the edge's end. G and H must be those of the same master 1e-6 further out (the same polygon),
// not those of the crossing of the two lines, 3 edge lengths away (what made Newton's residual
// jump from 3e-5 to 18 at coincident edges, examples/implicit_contact).
BOOST_AUTO_TEST_CASE(derivatives_at_an_edge_parallel_to_the_slaves_within_rounding) {
  const auto scene = [](double outside) {
    std::vector<Vector3d> x = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0},  // slave [0, 1]², normal +z
                               {-0.5, -0.5, 0.01}, {-0.5, 1.5, 0.01},       // master, normal −z
                               {1 + outside * 1.8, 1.5, 0.01}, {1 + outside * 1.0, -0.5, 0.01}};
    return x;
  };
  Surface slave, master;
  slave.faces = {test::quad4_face(0, 1, 2, 3)};
  master.faces = {test::quad4_face(4, 5, 6, 7)};
  const ContactInterface in = test::surface_interface(slave, master);
  const InterfaceResult pairs = test::all_pairs(in);
  const std::vector<double> lambda = {0.7, 1.1, 1.3, 0.9};
  MortarIntegration mortar;
  MortarResult r;
  MortarDerivatives at_rounding, further_out;
  mortar.compute(in, pairs, scene(1e-12), {}, r, at_rounding, lambda);
  mortar.compute(in, pairs, scene(1e-6), {}, r, further_out, lambda);
  const Eigen::Index columns = 3 * 8;
  const Eigen::MatrixXd g = dense(at_rounding.gap_jacobian, columns), g_out = dense(further_out.gap_jacobian, columns);
  const Eigen::MatrixXd h = dense(at_rounding.gap_hessian, columns), h_out = dense(further_out.gap_hessian, columns);
  BOOST_TEST((g - g_out).norm() <= 1e-5 * g_out.norm(), "|G - G_out| " << (g - g_out).norm() << ", |G_out| " << g_out.norm());
  BOOST_TEST((h - h_out).norm() <= 1e-5 * h_out.norm(), "|H - H_out| " << (h - h_out).norm() << ", |H_out| " << h_out.norm());
}

BOOST_AUTO_TEST_CASE(the_gap_jacobian_is_the_same_on_1_and_2_threads_and_steps_allocate_nothing) {
  const test::SearchedScene scene = test::warped_scene(24, 17);
  const std::vector<Vector3d>& x = scene.x;
  const ContactInterface& in = scene.interface;
  const InterfaceResult& pairs = scene.pairs;
  const int threads = omp_get_max_threads();
  MortarDerivatives results[2];
  for (const int count : {1, 2}) {
    omp_set_num_threads(count);
    MortarIntegration mortar;
    MortarResult r;
    mortar.compute(in, pairs, x, {}, r, results[count - 1]);
    const long before = allocation_count();
    mortar.compute(in, pairs, x, {}, r, results[count - 1]);
    BOOST_TEST(allocation_count() - before == 0, count << " threads");
  }
  omp_set_num_threads(threads);
  BOOST_TEST(results[0].gap_jacobian.columns == results[1].gap_jacobian.columns);
  BOOST_TEST((results[0].gap_jacobian.values == results[1].gap_jacobian.values));
  BOOST_TEST(results[0].gap_jacobian.values.size() > 1000u);
}

BOOST_AUTO_TEST_SUITE_END()
