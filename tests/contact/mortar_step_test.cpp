// SPDX-License-Identifier: BSD-3-Clause
// Mortar integration as a solver runs it: on the pairs of a ContactSearch of coaxial cylinders
// (radii 1 and 1.002), whose cells' area converges to the exact one at O(h²); the same result
// bit for bit on 1 and 2 threads; no allocation on a step that keeps its sizes.

#include <cmath>
#include <numbers>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <omp.h>

#include "allocation_count.h"
#include "fecontact/contact/contact_search.hpp"
#include "fecontact/contact/mortar/mortar_integration.hpp"

using namespace fecontact;
using Eigen::Vector3d;

namespace {

constexpr double quarter = std::numbers::pi / 2;

// A cylinder patch of radius r, angle [θ0, θ0 + span], height [z0, z0 + length], nθ × nz faces of
// `type` (quad4, or quad9 with its mid-edge and centre nodes on the cylinder), outward normal
// (away from the axis) or inward. Nodes appended to x.
Surface cylinder(std::vector<Vector3d>& x, ElementType type, double r, double theta0, double span, double z0,
                 double length, int n_theta, int n_z, bool outward) {
  const int step = type == ElementType::quad9 ? 2 : 1;
  const int lt = step * n_theta + 1, lz = step * n_z + 1;
  const auto first = static_cast<Index>(x.size());
  for (int j = 0; j < lz; ++j)
    for (int i = 0; i < lt; ++i) {
      const double theta = theta0 + span * i / (lt - 1);
      x.emplace_back(r * std::cos(theta), r * std::sin(theta), z0 + length * j / (lz - 1));
    }
  const auto id = [&](int i, int j) { return first + j * lt + i; };
  Surface s;
  for (int j = 0; j < n_z; ++j)
    for (int i = 0; i < n_theta; ++i) {
      const int a = step * i, b = step * j, e = step;  // along z first: ẑ × θ̂ = −r̂, inward
      SurfaceFace f;
      f.type = type;
      if (type == ElementType::quad4)
        f.node_storage = {id(a, b), id(a, b + e), id(a + e, b + e), id(a + e, b)};
      else
        f.node_storage = {id(a, b), id(a, b + 2), id(a + 2, b + 2), id(a + 2, b), id(a, b + 1), id(a + 1, b + 2),
                          id(a + 2, b + 1), id(a + 1, b), id(a + 1, b + 1)};
      if (outward) {  // the mirror order: corners 0 3 2 1, mid-edge nodes of edges 3 2 1 0
        const auto n = f.node_storage;
        f.node_storage[1] = n[3];
        f.node_storage[3] = n[1];
        if (type == ElementType::quad9) f.node_storage = {n[0], n[3], n[2], n[1], n[7], n[6], n[5], n[4], n[8]};
      }
      s.faces.push_back(f);
    }
  return s;
}

struct Cylinders {
  std::vector<Vector3d> x;
  ContactSearch search;
  std::vector<InterfaceResult> results;
};

// Slave: radius 1, angle [0, π/2], height [0, 1]; master: radius 1.002 over a larger patch, a
// different mesh. Every slave face is covered.
Cylinders cylinders(ElementType type, int n) {
  std::vector<Vector3d> x;
  ContactInterface in;
  in.mode = ContactMode::surface_to_surface;
  in.slave = cylinder(x, type, 1.0, 0, quarter, 0, 1, n, n / 2, true);
  in.master = cylinder(x, type, 1.002, -0.1, quarter + 0.2, -0.1, 1.2, n + 3, n / 2 + 1, false);
  in.options.tolerance = 0.05;
  std::vector<ContactInterface> interfaces;
  interfaces.push_back(std::move(in));
  ContactSearch search(static_cast<Index>(x.size()), std::move(interfaces));
  std::vector<InterfaceResult> results;
  search.search(x, results);
  return {std::move(x), std::move(search), std::move(results)};
}

double total_weight(const MortarResult& r) {
  double total = 0;
  for (const double w : r.point_weight) total += w;
  return total;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(mortar_step)

// The cells' total area against the patch's π/2: the flat pieces are chords of the circle, so the
// error falls by 4 when h halves.
BOOST_AUTO_TEST_CASE(coaxial_cylinders_converge_at_second_order) {
  for (const ElementType type : {ElementType::quad4, ElementType::quad9}) {
    std::vector<double> error;
    for (const int n : {8, 16, 32}) {
      const Cylinders c = cylinders(type, n);
      const MortarResult r = mortar_integration(c.search.interfaces()[0], c.results[0], c.x);
      BOOST_TEST(r.uncovered_slave_nodes.empty());
      error.push_back(std::abs(total_weight(r) - quarter));
      // The weighted gap over ∫Φ_j (D's row sum) is the gap 0.002, to the sag of the master's
      // and the slave's chords, R (1 − cos(Δθ / 2)).
      const double sag = 1.002 * (1 - std::cos((quarter + 0.2) / (n + 3) / 2)) + (1 - std::cos(quarter / n / 2));
      double worst = 0;
      for (std::size_t row = 0; row < r.slave_nodes.size(); ++row) {
        double integral = 0;
        for (auto i = r.D.row_offsets[row]; i < r.D.row_offsets[row + 1]; ++i) integral += r.D.values[static_cast<std::size_t>(i)];
        worst = std::max(worst, std::abs(r.weighted_gap[row] / integral - 0.002));
      }
      BOOST_TEST(worst <= sag);
    }
    BOOST_TEST_CONTEXT("type " << int(type)) {
      for (std::size_t k = 0; k + 1 < error.size(); ++k) BOOST_TEST(std::log2(error[k] / error[k + 1]) == 2.0, boost::test_tools::tolerance(0.05));
    }
  }
}

BOOST_AUTO_TEST_CASE(the_same_bits_on_one_and_two_threads) {
  const int threads = omp_get_max_threads();
  const Cylinders c = cylinders(ElementType::quad4, 32);  // 512 slave faces: several tasks
  for (const MortarBasis basis : {MortarBasis::standard, MortarBasis::dual}) {
    MortarResult one, two;
    omp_set_num_threads(1);
    one = mortar_integration(c.search.interfaces()[0], c.results[0], c.x, {basis});
    omp_set_num_threads(2);
    two = mortar_integration(c.search.interfaces()[0], c.results[0], c.x, {basis});
    BOOST_TEST(one.cell_count() > 0);
    BOOST_TEST(one.point_weight == two.point_weight, boost::test_tools::per_element());
    BOOST_TEST(one.cell_slave_face == two.cell_slave_face, boost::test_tools::per_element());
    BOOST_TEST(one.cell_master_face == two.cell_master_face, boost::test_tools::per_element());
    BOOST_TEST(one.D.values == two.D.values, boost::test_tools::per_element());
    BOOST_TEST(one.D.columns == two.D.columns, boost::test_tools::per_element());
    BOOST_TEST(one.M.values == two.M.values, boost::test_tools::per_element());
    BOOST_TEST(one.M.columns == two.M.columns, boost::test_tools::per_element());
    BOOST_TEST(one.weighted_gap == two.weighted_gap, boost::test_tools::per_element());
  }
  omp_set_num_threads(threads);
}

// Two steps (the master turned about the axis), then the same two steps again: the second pass
// allocates nothing, on 1 and 2 threads.
BOOST_AUTO_TEST_CASE(a_step_of_the_same_size_allocates_nothing) {
  const int threads = omp_get_max_threads();
  Cylinders c = cylinders(ElementType::quad4, 16);
  std::vector<Vector3d> turned = c.x;
  const ContactInterface& in = c.search.interfaces()[0];
  for (const SurfaceFace& f : in.master.faces)
    for (const Index node : f.nodes()) {
      Vector3d& p = turned[static_cast<std::size_t>(node)];
      const Vector3d q = c.x[static_cast<std::size_t>(node)];
      p = Vector3d(std::cos(0.01) * q.x() - std::sin(0.01) * q.y(), std::sin(0.01) * q.x() + std::cos(0.01) * q.y(), q.z());
    }
  std::vector<InterfaceResult> turned_results;
  c.search.search(turned, turned_results);
  for (const int thread_count : {1, 2}) {
    omp_set_num_threads(thread_count);
    MortarIntegration mortar;
    MortarResult r;
    const auto steps = [&] {
      mortar.compute(in, c.results[0], c.x, {}, r);
      mortar.compute(in, turned_results[0], turned, {}, r);
    };
    steps();
    const long before = allocation_count();
    steps();
    BOOST_TEST(allocation_count() - before == 0, "threads " << thread_count);
    BOOST_TEST(r.cell_count() > 0);
  }
  omp_set_num_threads(threads);
}

BOOST_AUTO_TEST_SUITE_END()
