// SPDX-License-Identifier: BSD-3-Clause
// The multiplier basis of quadratic slave faces (tri6, quad8, quad9; mortar_integration.hpp):
// for a uniform gap g every covered slave node's weighted gap is g Σ_k D_jk, with Σ_k D_jk equal to
// the closed-form integral of its modified function (> 0 at every node, where the Lagrange basis
// gives 0 at a tri6's corners and −A/12 at a quad8's), open and closed, both bases, every master
// type; the dual basis's D⁻¹M reproduces linear fields on quadratic slaves; a non-conforming
// quadratic slave is refused by the dual basis.

#include <cmath>
#include <map>

#include <boost/test/unit_test.hpp>
#include <Eigen/Geometry>

#include "contact_faces.hpp"
#include "fecontact/contact/mortar/mortar_integration.hpp"
#include "mortar_meshes.hpp"

using namespace fecontact;
using Eigen::Vector3d;

namespace {

constexpr ElementType quadratic_types[] = {ElementType::tri6, ElementType::quad8, ElementType::quad9};

// ∫Ñ_j / A over a flat affine face of area A, by node position (closed forms of the modified
// functions Ñ_c = N_c + (N_m1 + N_m2)/5, Ñ_m = 3/5 N_m from ∫N/A: tri6 0 and 1/3; quad8 −1/12 and
// 1/3; quad9 1/36, 1/9 and the centre 4/9).
double modified_integral(ElementType type, int node) {
  const bool corner = node < corner_count(type);
  switch (type) {
    case ElementType::tri6: return corner ? 2.0 / 5 * 1 / 3 : 3.0 / 5 * 1 / 3;
    case ElementType::quad8: return corner ? -1.0 / 12 + 2.0 / 5 * 1 / 3 : 3.0 / 5 * 1 / 3;
    default: return node == 8 ? 4.0 / 9 : corner ? 1.0 / 36 + 2.0 / 5 * 1 / 9 : 3.0 / 5 * 1 / 9;
  }
}

double face_area(const SurfaceFace& face, const std::vector<Vector3d>& x) {
  const auto p = [&](int i) { return x[static_cast<std::size_t>(face.node_storage[static_cast<std::size_t>(i)])]; };
  const Vector3d d = corner_count(face.type) == 3 ? Vector3d((p(1) - p(0)).cross(p(2) - p(0)))
                                                  : Vector3d((p(2) - p(0)).cross(p(3) - p(1)));
  return 0.5 * d.norm();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(mortar_quadratic)

// A slave grid of rectangles (or right triangles: affine faces, closed-form integrals) under a
// larger jittered master of every type at z = ±g, facing it: every slave node's support is covered.
BOOST_AUTO_TEST_CASE(a_uniform_gap_weights_every_node_by_its_positive_integral) {
  unsigned seed = 500;
  for (const ElementType slave_type : quadratic_types)
    for (const ElementType master_type : test::face_types)
      for (const MortarBasis basis : {MortarBasis::standard, MortarBasis::dual})
        for (const double gap : {0.01, -0.01}) {
          std::vector<Vector3d> x;
          Surface slave = test::flat_grid(x, slave_type, 3, 2, 0, 0, 1, 0.8, 0, false, 0, ++seed);
          Surface master = test::flat_grid(x, master_type, 4, 4, -0.2, -0.2, 1.4, 1.2, gap, true, 0.2, ++seed);
          std::map<Index, double> expected;  // node: Σ over its faces of ∫Ñ_j
          for (const SurfaceFace& f : slave.faces)
            for (std::size_t i = 0; i < f.nodes().size(); ++i)
              expected[f.nodes()[i]] += face_area(f, x) * modified_integral(f.type, static_cast<int>(i));
          const ContactInterface in = test::surface_interface(std::move(slave), std::move(master));
          MortarOptions options;
          options.basis = basis;
          const MortarResult r = mortar_integration(in, test::all_pairs(in), x, options);
          BOOST_TEST_CONTEXT("slave " << int(slave_type) << ", master " << int(master_type) << ", basis "
                                      << int(basis) << ", gap " << gap) {
            BOOST_TEST_REQUIRE(r.uncovered_slave_nodes.empty());
            BOOST_TEST(r.slave_transformation.rows() == (basis == MortarBasis::dual ? Index(r.slave_nodes.size()) : 0));
            for (std::size_t row = 0; row < r.slave_nodes.size(); ++row) {
              double sum = 0;
              for (auto i = r.D.row_offsets[row]; i < r.D.row_offsets[row + 1]; ++i) sum += r.D.values[static_cast<std::size_t>(i)];
              const double integral = expected.at(r.slave_nodes[row]);
              BOOST_TEST(integral > 0);
              BOOST_TEST(std::abs(sum - integral) <= 1e-13, "node " << r.slave_nodes[row] << ": Σ D " << sum << ", ∫Ñ " << integral);
              BOOST_TEST(std::abs(r.weighted_gap[row] - gap * sum) <= 1e-14,
                         "node " << r.slave_nodes[row] << ": weighted gap " << r.weighted_gap[row] << ", g Σ D " << gap * sum);
              if (basis == MortarBasis::dual) BOOST_TEST(r.D.row_offsets[row + 1] - r.D.row_offsets[row] == 1);
            }
          }
        }
}

// The dual basis biorthogonal to Ñ: D⁻¹ M maps a linear field of the master onto its values at
// the slave nodes (x̃ = x for a linear field on straight edges), slave faces affine, master jittered.
BOOST_AUTO_TEST_CASE(the_dual_basis_reproduces_linear_fields_on_quadratic_slaves) {
  unsigned seed = 600;
  for (const ElementType slave_type : quadratic_types)
    for (const ElementType master_type : test::face_types) {
      std::vector<Vector3d> x;
      Surface slave = test::flat_grid(x, slave_type, 3, 2, 0, 0, 1, 0.8, 0, false, 0, ++seed);
      Surface master = test::flat_grid(x, master_type, 5, 4, -0.2, -0.2, 1.4, 1.2, 0.01, true, 0.2, ++seed);
      const ContactInterface in = test::surface_interface(std::move(slave), std::move(master));
      MortarOptions options;
      options.basis = MortarBasis::dual;
      const MortarResult r = mortar_integration(in, test::all_pairs(in), x, options);
      const auto field = [](const Vector3d& p) { return 1 + 2 * p.x() - 3 * p.y(); };
      BOOST_TEST_CONTEXT("slave " << int(slave_type) << ", master " << int(master_type)) {
        for (std::size_t row = 0; row < r.slave_nodes.size(); ++row) {
          double mf = 0;
          for (auto i = r.M.row_offsets[row]; i < r.M.row_offsets[row + 1]; ++i)
            mf += r.M.values[static_cast<std::size_t>(i)] *
                  field(x[static_cast<std::size_t>(r.master_nodes[static_cast<std::size_t>(r.M.columns[static_cast<std::size_t>(i)])])]);
          const double value = mf / r.D.values[static_cast<std::size_t>(r.D.row_offsets[row])];
          BOOST_TEST(std::abs(value - field(x[static_cast<std::size_t>(r.slave_nodes[row])])) <= 1e-12);
        }
      }
    }
}

// x̃ = T x: identity at corners, (x_m − (x_c1 + x_c2)/5) / (3/5) at mid-edge nodes, so x̃ = x at
// the middle of straight edges; rows sum to 1.
BOOST_AUTO_TEST_CASE(the_transformation_maps_mid_edge_nodes_by_their_edge) {
  std::vector<Vector3d> x;
  Surface slave = test::flat_grid(x, ElementType::tri6, 1, 1, 0, 0, 1, 1, 0, false);
  Surface master = test::flat_grid(x, ElementType::quad4, 2, 2, -0.5, -0.5, 2, 2, 0.01, true);
  const ContactInterface in = test::surface_interface(slave, std::move(master));
  MortarOptions options;
  options.basis = MortarBasis::dual;
  const MortarResult r = mortar_integration(in, test::all_pairs(in), x, options);
  const SparseRows& t = r.slave_transformation;
  BOOST_TEST_REQUIRE(t.rows() == Index(r.slave_nodes.size()));
  const SurfaceFace& face = slave.faces[0];
  for (std::size_t row = 0; row < r.slave_nodes.size(); ++row) {
    const Index node = r.slave_nodes[row];
    Vector3d mapped = Vector3d::Zero();
    double sum = 0;
    for (auto i = t.row_offsets[row]; i < t.row_offsets[row + 1]; ++i) {
      mapped += t.values[static_cast<std::size_t>(i)] * x[static_cast<std::size_t>(r.slave_nodes[static_cast<std::size_t>(t.columns[static_cast<std::size_t>(i)])])];
      sum += t.values[static_cast<std::size_t>(i)];
    }
    BOOST_TEST(std::abs(sum - 1) < 1e-15);
    BOOST_TEST((mapped - x[static_cast<std::size_t>(node)]).norm() < 1e-15);  // straight edges: x̃ = x
    if (node == face.node_storage[3]) {  // the mid-edge node of corners 0 and 1
      BOOST_TEST(t.row_offsets[row + 1] - t.row_offsets[row] == 3);
      for (auto i = t.row_offsets[row]; i < t.row_offsets[row + 1]; ++i) {
        const Index column = r.slave_nodes[static_cast<std::size_t>(t.columns[static_cast<std::size_t>(i)])];
        const double expected = column == node ? 5.0 / 3 : column == face.node_storage[0] || column == face.node_storage[1] ? -1.0 / 3 : 0.0;
        BOOST_TEST(std::abs(t.values[static_cast<std::size_t>(i)] - expected) < 1e-15);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(the_dual_basis_refuses_a_non_conforming_quadratic_slave) {
  std::vector<Vector3d> x;
  Surface slave = test::flat_grid(x, ElementType::tri6, 2, 1, 0, 0, 2, 1, 0, false);
  Surface master = test::flat_grid(x, ElementType::quad4, 2, 2, -0.5, -0.5, 3, 2, 0.01, true);
  // The second face's first mid-edge node is made the first face's corner 1.
  slave.faces[1].node_storage[3] = slave.faces[0].node_storage[1];
  const ContactInterface in = test::surface_interface(std::move(slave), std::move(master));
  MortarOptions options;
  options.basis = MortarBasis::dual;
  BOOST_CHECK_EXCEPTION(mortar_integration(in, test::all_pairs(in), x, options), std::invalid_argument,
                        [](const std::invalid_argument& e) { return std::string(e.what()).find("conforming") != std::string::npos; });
  options.basis = MortarBasis::standard;  // the standard basis transforms nothing
  BOOST_CHECK_NO_THROW(mortar_integration(in, test::all_pairs(in), x, options));
}

BOOST_AUTO_TEST_SUITE_END()
