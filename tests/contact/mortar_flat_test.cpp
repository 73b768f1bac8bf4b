// SPDX-License-Identifier: BSD-3-Clause
// Mortar integration on flat non-matching interfaces of every face type, jittered, also rotated
// and 10⁶ from the origin: the cells' area against the overlap in closed form, partition of
// unity of D and M, points inside both faces, the dual basis reproducing linear fields, and the
// mass matrix of matching meshes in closed form.

#include <cmath>
#include <random>

#include <boost/test/unit_test.hpp>
#include <Eigen/Geometry>

#include "contact_faces.hpp"
#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/contact/mortar/mortar_integration.hpp"
#include "fecontact/mesh/face_shape_functions.hpp"
#include "mortar_meshes.hpp"
#include "random_geometry.hpp"

using namespace fecontact;
using Eigen::Vector2d;
using Eigen::Vector3d;

namespace {

double row_sum(const SparseRows& a, std::size_t r, bool absolute = false) {
  double s = 0;
  for (auto i = static_cast<std::size_t>(a.row_offsets[r]); i < static_cast<std::size_t>(a.row_offsets[r + 1]); ++i)
    s += absolute ? std::abs(a.values[i]) : a.values[i];
  return s;
}

// |a − b| within `relative` of the row's scale Σ|D_jk| (a row sum can vanish: ∫N_j = 0 at the
// corners of a tri6).
bool close_in_row(double a, double b, const SparseRows& d, std::size_t r, double relative) {
  return std::abs(a - b) <= relative * row_sum(d, r, true);
}

// Nodes all of whose faces lie inside the rectangle [x0, x1] × [y0, y1] (before any map): their
// support is covered by a master that spans it.
std::vector<char> supported_inside(const Surface& slave, const std::vector<Vector3d>& x, std::size_t nodes,
                                   double x0, double x1, double y0, double y1) {
  std::vector<char> inside(nodes, 1), touched(nodes, 0);
  for (const SurfaceFace& f : slave.faces) {
    bool in = true;
    for (const Index n : f.nodes()) {
      const Vector3d& p = x[static_cast<std::size_t>(n)];
      in = in && p.x() >= x0 && p.x() <= x1 && p.y() >= y0 && p.y() <= y1;
    }
    for (const Index n : f.nodes()) {
      touched[static_cast<std::size_t>(n)] = 1;
      if (!in) inside[static_cast<std::size_t>(n)] = 0;
    }
  }
  for (std::size_t n = 0; n < nodes; ++n) inside[n] = inside[n] && touched[n];
  return inside;
}

// Every point lies in both faces' reference domains (to the clipping tolerance) and the two
// face points differ along `normal` only (the projection along the auxiliary normal: exact for
// these flat faces, whose pieces are their own geometry).
void check_points(const ContactInterface& in, const MortarResult& r, const std::vector<Vector3d>& x,
                  const Vector3d& normal, double scale) {
  const auto slack = [](ElementType t, Vector2d u) {
    if (is_triangle(t)) return std::max({-u.x(), -u.y(), u.sum() - 1, 0.0});
    return std::max(u.cwiseAbs().maxCoeff() - 1, 0.0);
  };
  double worst_outside = 0, worst_offset = 0;
  for (Index c = 0; c < r.cell_count(); ++c)
    for (int q = 0; q < MortarResult::points_per_cell; ++q) {
      const auto p = static_cast<std::size_t>(c * MortarResult::points_per_cell + q);
      const SurfaceFace& sf = in.slave.faces[static_cast<std::size_t>(r.cell_slave_face[static_cast<std::size_t>(c)])];
      const SurfaceFace& mf = in.master.faces[static_cast<std::size_t>(r.cell_master_face[static_cast<std::size_t>(c)])];
      worst_outside = std::max({worst_outside, slack(sf.type, r.point_slave_local[p]), slack(mf.type, r.point_master_local[p])});
      const Vector3d d = face_point(gather_face_nodes(mf, x), r.point_master_local[p]) -
                         face_point(gather_face_nodes(sf, x), r.point_slave_local[p]);
      worst_offset = std::max(worst_offset, (d - d.dot(normal) * normal).norm());
      BOOST_TEST(r.point_weight[p] > 0);
    }
  BOOST_TEST(worst_outside <= 1e-10);
  BOOST_TEST(worst_offset <= 1e-12 * scale);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(mortar_flat)

// Slave [0, 1]² (normal +z), master [0.3, 1.4] × [−0.2, 0.7] 0.01 above (normal −z), both
// jittered by 20 %: the cells cover the rectangles' intersection, 0.7 × 0.7.
BOOST_AUTO_TEST_CASE(cells_cover_the_overlap_of_every_pair_of_face_types) {
  unsigned seed = 3;
  for (const ElementType slave_type : test::face_types)
    for (const ElementType master_type : test::face_types) {
      std::vector<Vector3d> x;
      Surface slave = test::flat_grid(x, slave_type, 3, 3, 0, 0, 1, 1, 0, false, 0.2, ++seed);
      Surface master = test::flat_grid(x, master_type, 4, 3, 0.3, -0.2, 1.1, 0.9, 0.01, true, 0.2, ++seed);
      const ContactInterface in = test::surface_interface(std::move(slave), std::move(master));
      const MortarResult r = mortar_integration(in, test::all_pairs(in), x);
      BOOST_TEST_CONTEXT("slave " << int(slave_type) << ", master " << int(master_type)) {
        double total = 0;
        for (const double w : r.point_weight) total += w;
        BOOST_TEST(total == 0.49, boost::test_tools::tolerance(1e-12));
        BOOST_TEST(r.dropped_slivers == 0);
        check_points(in, r, x, Vector3d::UnitZ(), 1.0);
        const std::vector<char> covered = supported_inside(in.slave, x, x.size(), 0.3, 1.4, -0.2, 0.7);
        int checked = 0;
        for (std::size_t row = 0; row < r.slave_nodes.size(); ++row) {
          if (!covered[static_cast<std::size_t>(r.slave_nodes[row])]) continue;
          ++checked;
          BOOST_TEST(close_in_row(row_sum(r.D, row), row_sum(r.M, row), r.D, row, 1e-12));
          BOOST_TEST(r.slave_coverage[row] == 1.0, boost::test_tools::tolerance(1e-12));
          // Weighted gap of two parallel planes 0.01 apart: 0.01 × ∫Φ_j = 0.01 × row sum of D.
          BOOST_TEST(close_in_row(r.weighted_gap[row], 0.01 * row_sum(r.D, row), r.D, row, 1e-14));
        }
        BOOST_TEST(checked > 0);
      }
    }
}

// The same faces fully covered by a larger master, rotated at random and moved 10⁶ from the
// origin: the cells' area is the slave faces' own (their boundary polygons' area vectors,
// computed here from the rounded coordinates).
BOOST_AUTO_TEST_CASE(rotated_far_from_the_origin_the_cells_keep_the_slave_area) {
  std::mt19937_64 rng(17);
  unsigned seed = 40;
  for (const ElementType slave_type : test::face_types)
    for (const ElementType master_type : test::face_types) {
      std::vector<Vector3d> x;
      Surface slave = test::flat_grid(x, slave_type, 3, 2, 0, 0, 1, 0.7, 0, false, 0.2, ++seed);
      Surface master = test::flat_grid(x, master_type, 3, 3, -0.3, -0.3, 1.6, 1.3, 0.02, true, 0.2, ++seed);
      const Eigen::Matrix3d rotation = test::random_rotation(rng);
      const Vector3d offset = 1e6 * test::random_vector(rng, -1, 1).normalized();
      for (Vector3d& p : x) p = rotation * p + offset;
      const ContactInterface in = test::surface_interface(std::move(slave), std::move(master));
      const MortarResult r = mortar_integration(in, test::all_pairs(in), x);
      double expected = 0;
      for (const SurfaceFace& f : in.slave.faces) expected += test::boundary_area_vector(f, x).norm();
      double total = 0;
      for (const double w : r.point_weight) total += w;
      BOOST_TEST_CONTEXT("slave " << int(slave_type) << ", master " << int(master_type)) {
        BOOST_TEST(total == expected, boost::test_tools::tolerance(1e-12));
        BOOST_TEST(r.uncovered_slave_nodes.empty());
        for (std::size_t row = 0; row < r.slave_nodes.size(); ++row) {
          BOOST_TEST(close_in_row(row_sum(r.D, row), row_sum(r.M, row), r.D, row, 1e-12));
          // Coordinates of 10⁶ are rounded by ~1e-10, tilting faces of edges ~0.1 (quadratic
          // faces' pieces) by ~1e-9.
          BOOST_TEST((r.slave_normals[row] - rotation.col(2)).norm() < 1e-8);
          // 0.02 × ∫Φ_j, to the rounding of coordinates of 10⁶ (1e-10) in a gap of 0.02.
          BOOST_TEST(close_in_row(r.weighted_gap[row], 0.02 * row_sum(r.D, row), r.D, row, 1e-9));
        }
        // Offsets along the normal only, to the rounding of coordinates of 10⁶.
        check_points(in, r, x, rotation.col(2), 1e6 * 1e2);
      }
    }
}

// Wohlmuth's dual basis: D diagonal, and D⁻¹ M maps a linear field of the master onto its values
// at the slave nodes whose support is covered. Slave faces affine (a sheared, unjittered grid:
// the quadrature is exact there), the master jittered.
BOOST_AUTO_TEST_CASE(dual_basis_reproduces_linear_fields) {
  unsigned seed = 90;
  for (const ElementType slave_type : {ElementType::tri3, ElementType::quad4})
    for (const ElementType master_type : test::face_types) {
      std::vector<Vector3d> x;
      Surface slave = test::flat_grid(x, slave_type, 4, 3, 0, 0, 1, 1, 0, false, 0, ++seed);
      const std::size_t slave_node_end = x.size();
      Surface master = test::flat_grid(x, master_type, 5, 5, 0.25, -0.1, 1.0, 0.8, 0.0, true, 0.2, ++seed);
      for (std::size_t i = 0; i < slave_node_end; ++i) x[i].x() += 0.3 * x[i].y();  // shear: parallelograms
      const ContactInterface in = test::surface_interface(std::move(slave), std::move(master));
      MortarOptions options;
      options.basis = MortarBasis::dual;
      const MortarResult r = mortar_integration(in, test::all_pairs(in), x, options);
      const auto field = [](const Vector3d& p) { return 1 + 2 * p.x() - 3 * p.y(); };
      const std::vector<char> covered = supported_inside(in.slave, x, x.size(), 0.25, 1.25, -0.1, 0.7);
      int checked = 0;
      BOOST_TEST_CONTEXT("slave " << int(slave_type) << ", master " << int(master_type)) {
        for (std::size_t row = 0; row < r.slave_nodes.size(); ++row) {
          const auto d_begin = r.D.row_offsets[row], d_end = r.D.row_offsets[row + 1];
          BOOST_TEST(d_end - d_begin <= 1);
          if (d_end == d_begin) continue;
          BOOST_TEST(r.D.columns[static_cast<std::size_t>(d_begin)] == static_cast<Index>(row));
          if (!covered[static_cast<std::size_t>(r.slave_nodes[row])]) continue;
          ++checked;
          double mf = 0;
          for (auto i = r.M.row_offsets[row]; i < r.M.row_offsets[row + 1]; ++i)
            mf += r.M.values[static_cast<std::size_t>(i)] *
                  field(x[static_cast<std::size_t>(r.master_nodes[static_cast<std::size_t>(r.M.columns[static_cast<std::size_t>(i)])])]);
          const double value = mf / r.D.values[static_cast<std::size_t>(d_begin)];
          BOOST_TEST(std::abs(value - field(x[static_cast<std::size_t>(r.slave_nodes[row])])) <= 1e-12);
        }
        BOOST_TEST(checked > 0);
      }
    }
}

// Matching tri3 meshes (coincident nodes, gap 0): D and M are the mass matrix, ∫N_j N_k =
// A/12 (1 + δ_jk) per face, summed over the faces around the nodes.
BOOST_AUTO_TEST_CASE(matching_meshes_give_the_mass_matrix) {
  std::vector<Vector3d> x;
  Surface slave = test::flat_grid(x, ElementType::tri3, 3, 2, 0, 0, 1.5, 1, 0, false, 0.2, 7);
  const std::size_t n = x.size();
  Surface master = slave;
  for (SurfaceFace& f : master.faces) std::swap(f.node_storage[1], f.node_storage[2]);  // facing
  for (std::size_t i = 0; i < n; ++i) x.push_back(x[i]);
  for (SurfaceFace& f : master.faces)
    for (Index& node : f.node_storage) node += static_cast<Index>(n);
  const ContactInterface in = test::surface_interface(slave, std::move(master));
  const MortarResult r = mortar_integration(in, test::all_pairs(in), x);
  Eigen::MatrixXd mass = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n));
  for (const SurfaceFace& f : slave.faces) {
    const auto& s = f.node_storage;
    const double area = 0.5 * (x[static_cast<std::size_t>(s[1])] - x[static_cast<std::size_t>(s[0])])
                                  .cross(x[static_cast<std::size_t>(s[2])] - x[static_cast<std::size_t>(s[0])]).norm();
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k) mass(s[static_cast<std::size_t>(j)], s[static_cast<std::size_t>(k)]) += area / 12 * (j == k ? 2 : 1);
  }
  BOOST_TEST(r.slave_nodes.size() == 12);  // the grid's corner nodes
  BOOST_TEST(r.dropped_slivers == 0);
  double worst = 0;
  Eigen::Index entries = 0;
  for (std::size_t row = 0; row < r.slave_nodes.size(); ++row) {
    const Index j = r.slave_nodes[row];
    for (auto i = r.D.row_offsets[row]; i < r.D.row_offsets[row + 1]; ++i, ++entries) {
      const Index k = r.slave_nodes[static_cast<std::size_t>(r.D.columns[static_cast<std::size_t>(i)])];
      worst = std::max(worst, std::abs(r.D.values[static_cast<std::size_t>(i)] - mass(j, k)));
    }
    for (auto i = r.M.row_offsets[row]; i < r.M.row_offsets[row + 1]; ++i) {
      const Index l = r.master_nodes[static_cast<std::size_t>(r.M.columns[static_cast<std::size_t>(i)])] - static_cast<Index>(n);
      worst = std::max(worst, std::abs(r.M.values[static_cast<std::size_t>(i)] - mass(j, l)));
    }
    BOOST_TEST(std::abs(r.weighted_gap[row]) <= 1e-15);
  }
  BOOST_TEST(worst <= 1e-15);
  // Every non-zero of the mass matrix is an entry of D.
  BOOST_TEST(entries == (mass.array() != 0).count());
}

BOOST_AUTO_TEST_SUITE_END()
