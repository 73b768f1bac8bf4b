// SPDX-License-Identifier: BSD-3-Clause
// The frictional mortar data (mortar_integration.hpp, Friction): the weighted tangential slip is
// zero for rigid translations and rotations of both bodies; for a flat slide by δ it is the
// closed form τ^α · δ Σ_k D_jk at every node covered in both configurations; its derivative
// matches central differences of the slip on curved jittered surfaces; the tangents are an
// orthonormal right-handed frame with the normal; the result is the same on 1 and 2 threads and a
// repeated step allocates nothing.

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

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

const char* basis_name(MortarBasis basis) { return basis == MortarBasis::dual ? "dual" : "standard"; }

double row_sum(const SparseRows& a, std::size_t r) {
  double s = 0;
  for (auto i = static_cast<std::size_t>(a.row_offsets[r]); i < static_cast<std::size_t>(a.row_offsets[r + 1]); ++i) s += a.values[i];
  return s;
}

double largest_slip(const MortarResult& r) {
  double largest = 0;
  for (const Eigen::Vector2d& s : r.weighted_slip) largest = std::max(largest, s.cwiseAbs().maxCoeff());
  return largest;
}

// The scene's coordinates with the slave surface's nodes moved by `delta`.
std::vector<Vector3d> slid(const Scene& s, const Vector3d& delta) {
  std::vector<Vector3d> x = s.x;
  std::vector<char> moved(x.size(), 0);
  for (const SurfaceFace& face : s.interface.slave.faces)
    for (const Index n : face.nodes()) moved[static_cast<std::size_t>(n)] = 1;
  for (std::size_t n = 0; n < x.size(); ++n)
    if (moved[n]) x[n] += delta;
  return x;
}

// Central differences of the weighted slip (row 2r + α) with the accepted step of `mortar` fixed.
Eigen::MatrixXd slip_differences(MortarIntegration& mortar, const Scene& s, std::vector<Vector3d> x,
                                 const MortarOptions& options, const InterfaceResult& pairs, double h) {
  MortarResult r;
  mortar.compute(s.interface, pairs, x, options, r);
  const auto rows = static_cast<Eigen::Index>(2 * r.slave_nodes.size());
  Eigen::MatrixXd j = Eigen::MatrixXd::Zero(rows, static_cast<Eigen::Index>(3 * x.size()));
  for (std::size_t n = 0; n < x.size(); ++n)
    for (int a = 0; a < 3; ++a) {
      const double x0 = x[n][a];
      x[n][a] = x0 + h;
      mortar.compute(s.interface, pairs, x, options, r);
      const std::vector<Eigen::Vector2d> plus = r.weighted_slip;
      x[n][a] = x0 - h;
      mortar.compute(s.interface, pairs, x, options, r);
      x[n][a] = x0;
      for (Eigen::Index row = 0; row < rows; ++row)
        j(row, static_cast<Eigen::Index>(3 * n) + a) =
            (plus[static_cast<std::size_t>(row / 2)][row % 2] - r.weighted_slip[static_cast<std::size_t>(row / 2)][row % 2]) / (2 * h);
    }
  return j;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(mortar_friction)

BOOST_AUTO_TEST_CASE(rigid_motions_of_both_bodies_give_no_slip) {
  unsigned seed = 40;
  for (const ElementType type : test::face_types)
    for (const MortarBasis basis : {MortarBasis::standard, MortarBasis::dual}) {
      const Scene s = curved_scene(type, type, seed += 2, 0);
      const InterfaceResult pairs = test::all_pairs(s.interface);
      MortarOptions options;
      options.basis = basis;
      MortarIntegration mortar;
      MortarResult r;
      mortar.compute(s.interface, pairs, s.x, options, r);
      BOOST_TEST(largest_slip(r) == 0.0);  // before the first accepted step
      mortar.accept_step();
      BOOST_TEST(mortar.has_accepted_step());
      const Eigen::Matrix3d rotation = Eigen::AngleAxisd(0.8, Vector3d(0.3, -0.5, 1).normalized()).toRotationMatrix();
      const Vector3d shift(0.31, -0.27, 0.45);
      for (const bool rotate : {false, true}) {
        std::vector<Vector3d> x = s.x;
        for (Vector3d& p : x) p = (rotate ? Vector3d(rotation * p) : p) + shift;
        mortar.compute(s.interface, pairs, x, options, r);
        // ΔD and ΔM applied to the current positions vanish whatever the normal part of the
        // weighted gap vectors W_j, which the gap 0.02 and the curvature make nonzero here; the
        // difference of W_j and W_j^acc, each at its own positions, would rotate that part.
        BOOST_TEST_MESSAGE("rigid " << (rotate ? "rotation" : "translation") << ", " << name(type) << ", " << basis_name(basis)
                                    << ": largest |s| = " << largest_slip(r));
        BOOST_TEST_CONTEXT(name(type) << ", " << basis_name(basis) << (rotate ? ", rotation" : ", translation")) {
          BOOST_TEST(r.uncovered_slave_nodes.size() < r.slave_nodes.size());
          BOOST_TEST(*std::max_element(r.weighted_gap.begin(), r.weighted_gap.end()) > 1e-3);
          BOOST_TEST(largest_slip(r) <= 1e-12, "largest |s| " << largest_slip(r));
        }
      }
    }
}

BOOST_AUTO_TEST_CASE(a_flat_slide_by_delta_gives_delta_times_the_node_weight) {
  unsigned seed = 70;
  const Vector3d delta(0.037, -0.021, 0);
  for (const ElementType slave_type : test::face_types)
    for (const ElementType master_type : {ElementType::tri3, ElementType::quad9})
      for (const MortarBasis basis : {MortarBasis::standard, MortarBasis::dual}) {
        // The slave [0, 1]², sheared by x += 0.1 y, under a master over [−0.15, 1.15] ×
        // [−0.2, 1.15] 0.02 above: every slave node's support is covered before and after the
        // slide. The slave's triangles are jittered, its quadrilaterals not: the identity needs
        // the quadrature to be exact, which it is on affine faces (triangles, parallelograms); on
        // jittered quadrilaterals Φ_j is not a polynomial on the cells and the two steps' cells
        // differ, so it holds only to the quadrature's error.
        Scene s;
        const double jitter = is_triangle(slave_type) ? 0.15 : 0;
        Surface slave = test::flat_grid(s.x, slave_type, 3, 3, 0, 0, 1, 1, 0, false, jitter, seed += 2);
        for (Vector3d& p : s.x) p.x() += 0.1 * p.y();
        Surface master = test::flat_grid(s.x, master_type, 4, 4, -0.15, -0.2, 1.3, 1.35, 0.02, true, 0.15, seed + 1);
        s.interface = test::surface_interface(std::move(slave), std::move(master));
        const InterfaceResult pairs = test::all_pairs(s.interface);
        MortarOptions options;
        options.basis = basis;
        MortarIntegration mortar;
        MortarResult r;
        mortar.compute(s.interface, pairs, s.x, options, r);
        mortar.accept_step();
        mortar.compute(s.interface, pairs, slid(s, delta), options, r);
        BOOST_TEST_CONTEXT("slave " << name(slave_type) << ", master " << name(master_type) << ", " << basis_name(basis)) {
          BOOST_TEST(r.uncovered_slave_nodes.empty());
          double worst = 0;
          for (std::size_t j = 0; j < r.slave_nodes.size(); ++j) {
            const Vector3d expected = delta * row_sum(r.D, j);
            for (std::size_t a = 0; a < 2; ++a)
              worst = std::max(worst, std::abs(r.weighted_slip[j][static_cast<Eigen::Index>(a)] - r.slave_tangents[j][a].dot(expected)));
          }
          BOOST_TEST_MESSAGE("flat slide, slave " << name(slave_type) << ", master " << name(master_type) << ", "
                                                   << basis_name(basis) << ": largest |s - tau . delta sum D| = " << worst
                                                   << ", largest |s| = " << largest_slip(r));
          BOOST_TEST(worst <= 1e-14, "largest |s - tau . delta sum D| " << worst);
          BOOST_TEST(largest_slip(r) > 1e-4);
        }
      }
}

BOOST_AUTO_TEST_CASE(another_interface_or_basis_than_the_accepted_steps_is_rejected) {
  const Scene s = curved_scene(ElementType::tri3, ElementType::quad4, 95, 0);
  const InterfaceResult pairs = test::all_pairs(s.interface);
  MortarIntegration mortar;
  MortarResult r;
  BOOST_TEST(!mortar.has_accepted_step());
  mortar.accept_step();  // without a compute: nothing to accept
  BOOST_TEST(!mortar.has_accepted_step());
  mortar.compute(s.interface, pairs, s.x, {}, r);
  mortar.accept_step();
  ContactInterface fewer = s.interface;
  fewer.slave.faces.resize(2);
  InterfaceResult fewer_pairs;
  for (std::size_t k = 0; k < pairs.pair_slave.size(); ++k)
    if (pairs.pair_slave[k] < 2) {
      fewer_pairs.pair_slave.push_back(pairs.pair_slave[k]);
      fewer_pairs.pair_master.push_back(pairs.pair_master[k]);
    }
  const auto message_has = [](const char* part) {
    return [part](const std::invalid_argument& e) { return std::string(e.what()).find(part) != std::string::npos; };
  };
  BOOST_CHECK_EXCEPTION(mortar.compute(fewer, fewer_pairs, s.x, {}, r), std::invalid_argument, message_has("slave and"));
  MortarOptions dual;
  dual.basis = MortarBasis::dual;
  BOOST_CHECK_EXCEPTION(mortar.compute(s.interface, pairs, s.x, dual, r), std::invalid_argument, message_has("basis"));
  mortar.compute(s.interface, pairs, s.x, {}, r);  // the accepted step is still there
  BOOST_TEST(largest_slip(r) <= 1e-15);
}

BOOST_AUTO_TEST_CASE(the_tangents_are_an_orthonormal_right_handed_frame_transported_from_the_accepted_step) {
  const Scene s = curved_scene(ElementType::quad4, ElementType::tri3, 90, 0);
  const InterfaceResult pairs = test::all_pairs(s.interface);
  MortarIntegration mortar;
  MortarResult accepted, r;
  mortar.compute(s.interface, pairs, s.x, {}, accepted);
  mortar.accept_step();
  std::vector<Vector3d> x = s.x;
  for (std::size_t n = 0; n < x.size(); ++n) x[n] += 0.01 * Vector3d(std::sin(1.0 * n), std::cos(2.0 * n), std::sin(3.0 * n));
  mortar.compute(s.interface, pairs, x, {}, r);
  for (std::size_t j = 0; j < r.slave_nodes.size(); ++j) {
    const Vector3d& n = r.slave_normals[j];
    const auto& t = r.slave_tangents[j];
    BOOST_TEST(std::abs(t[0].norm() - 1) <= 1e-14);
    BOOST_TEST(std::abs(t[0].dot(n)) <= 1e-14);
    BOOST_TEST((t[0].cross(t[1]) - n).norm() <= 1e-14);
    // τ¹ is the accepted τ¹ projected onto the current tangent plane (independently: its
    // component along τ² vanishes and along τ¹ is positive).
    const Vector3d& t_accepted = accepted.slave_tangents[j][0];
    BOOST_TEST(std::abs(t_accepted.dot(t[1])) <= 1e-14);
    BOOST_TEST(t_accepted.dot(t[0]) > 0.9);
  }
}

BOOST_AUTO_TEST_CASE(the_slip_jacobian_matches_central_differences) {
  unsigned seed = 800;
  const std::pair<ElementType, ElementType> face_pairs[] = {{ElementType::tri3, ElementType::tri3},
                                                            {ElementType::quad4, ElementType::quad4},
                                                            {ElementType::tri6, ElementType::tri6},
                                                            {ElementType::quad9, ElementType::quad9},
                                                            {ElementType::quad8, ElementType::tri3}};
  for (const auto& [slave_type, master_type] : face_pairs)
    for (const MortarBasis basis : {MortarBasis::standard, MortarBasis::dual}) {
      const Scene s = curved_scene(slave_type, master_type, seed += 2, 0);
      const InterfaceResult pairs = test::all_pairs(s.interface);
      MortarOptions options;
      options.basis = basis;
      MortarIntegration mortar;
      MortarResult r;
      mortar.compute(s.interface, pairs, s.x, options, r);
      mortar.accept_step();
      // The current configuration: the slave slid and both surfaces deformed, so that D, M, the
      // normals and the tangents all differ from the accepted ones.
      std::vector<Vector3d> x = slid(s, Vector3d(0.04, -0.03, 0.01));
      for (std::size_t n = 0; n < x.size(); ++n)
        x[n] += 0.01 * Vector3d(std::sin(1.3 * n + seed), std::cos(2.1 * n), std::sin(0.7 * n + 1));
      MortarDerivatives d;
      mortar.compute(s.interface, pairs, x, options, r, d);
      const auto columns = static_cast<Eigen::Index>(3 * x.size());
      const Eigen::MatrixXd j = dense(d.slip_jacobian, columns);
      const Eigen::MatrixXd fd = slip_differences(mortar, s, x, options, pairs, 1e-6);
      BOOST_TEST_MESSAGE("slip Jacobian, slave " << name(slave_type) << ", master " << name(master_type) << ", "
                                                  << basis_name(basis) << ": |J - J_fd| / |J| = " << (j - fd).norm() / j.norm());
      BOOST_TEST_CONTEXT("slave " << name(slave_type) << ", master " << name(master_type) << ", " << basis_name(basis)) {
        BOOST_TEST(largest_slip(r) > 1e-4);
        BOOST_TEST(j.norm() > 0);
        BOOST_TEST((j - fd).norm() <= 1e-6 * j.norm(), "|J - J_fd| " << (j - fd).norm() << ", |J| " << j.norm());
        // Friction changes nothing of the gap Jacobian.
        MortarIntegration frictionless;
        MortarResult r0;
        MortarDerivatives d0;
        frictionless.compute(s.interface, pairs, x, options, r0, d0);
        BOOST_TEST((d0.gap_jacobian.values == d.gap_jacobian.values));
        BOOST_TEST(d0.slip_jacobian.values.empty());
      }
    }
}

BOOST_AUTO_TEST_CASE(the_slip_is_the_same_on_1_and_2_threads_and_a_repeated_step_allocates_nothing) {
  const test::SearchedScene scene = test::warped_scene(24, 17);
  const std::vector<Vector3d>& x = scene.x;
  const ContactInterface& in = scene.interface;
  const InterfaceResult& pairs = scene.pairs;
  std::vector<Vector3d> moved = x;
  for (std::size_t n = 0; n < 49 * 49; ++n)  // the slave grid's lattice: the first 49 × 49 nodes
    moved[n] += Vector3d(0.004, -0.003, 0.001 * std::sin(1.0 * n));
  const int threads = omp_get_max_threads();
  MortarResult results[2];
  MortarDerivatives derivatives[2];
  for (const int count : {1, 2}) {
    omp_set_num_threads(count);
    MortarIntegration mortar;
    mortar.compute(in, pairs, x, {}, results[count - 1]);
    mortar.accept_step();
    mortar.compute(in, pairs, moved, {}, results[count - 1], derivatives[count - 1]);
    const long before = allocation_count();
    mortar.compute(in, pairs, moved, {}, results[count - 1], derivatives[count - 1]);
    BOOST_TEST(allocation_count() - before == 0, count << " threads");
  }
  omp_set_num_threads(threads);
  BOOST_TEST(largest_slip(results[0]) > 1e-6);
  BOOST_TEST(std::memcmp(results[0].weighted_slip.data(), results[1].weighted_slip.data(),
                         results[0].weighted_slip.size() * sizeof(Eigen::Vector2d)) == 0);
  BOOST_TEST(derivatives[0].slip_jacobian.columns == derivatives[1].slip_jacobian.columns);
  BOOST_TEST((derivatives[0].slip_jacobian.values == derivatives[1].slip_jacobian.values));
  BOOST_TEST(derivatives[0].slip_jacobian.values.size() > 1000u);
}

BOOST_AUTO_TEST_SUITE_END()
