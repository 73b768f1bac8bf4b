// SPDX-License-Identifier: BSD-3-Clause
// Mortar integration where clipping is fragile (MOOSE #21680, #17697): coincident nodes, edges
// collinear with the other side's, a master face seen edge-on, slivers of 1e-12 relative area, a
// slave face with no master, a warped quad4; no NaN, no area lost beyond 1e-12 of a face,
// dropped slivers counted. And bad input rejected with a message.

#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>

#include <boost/test/unit_test.hpp>
#include <Eigen/Geometry>

#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/contact/mortar/mortar_integration.hpp"
#include "mortar_meshes.hpp"

using namespace fecontact;
using Eigen::Vector2d;
using Eigen::Vector3d;

namespace {

double total_weight(const MortarResult& r) {
  double total = 0;
  for (const double w : r.point_weight) total += w;
  return total;
}

// The cells' area of each slave face.
std::vector<double> face_weights(const MortarResult& r, std::size_t faces) {
  std::vector<double> area(faces, 0.0);
  for (std::size_t p = 0; p < r.point_weight.size(); ++p)
    area[static_cast<std::size_t>(r.cell_slave_face[p / MortarResult::points_per_cell])] += r.point_weight[p];
  return area;
}

bool all_finite(const MortarResult& r) {
  bool finite = true;
  for (const double v : r.D.values) finite = finite && std::isfinite(v);
  for (const double v : r.M.values) finite = finite && std::isfinite(v);
  for (const double v : r.weighted_gap) finite = finite && std::isfinite(v);
  for (const double v : r.point_weight) finite = finite && std::isfinite(v);
  for (const Vector2d& u : r.point_slave_local) finite = finite && u.allFinite();
  for (const Vector2d& u : r.point_master_local) finite = finite && u.allFinite();
  for (const Vector3d& n : r.slave_normals) finite = finite && n.allFinite();
  return finite;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(mortar_degenerate)

// quad4 slave and tri3 master over the same [0, 1]², in one plane: every slave node is a master
// node, every slave edge a master edge.
BOOST_AUTO_TEST_CASE(coincident_nodes) {
  std::vector<Vector3d> x;
  Surface slave = test::flat_grid(x, ElementType::quad4, 3, 3, 0, 0, 1, 1, 0, false, 0.2, 5);
  Surface master = test::flat_grid(x, ElementType::tri3, 3, 3, 0, 0, 1, 1, 0, true);
  // The master's corners onto the slave's jittered ones (the mirrored grid has y negated: j ↔ 3 − j).
  for (int j = 0; j <= 3; ++j)
    for (int i = 0; i <= 3; ++i) x[static_cast<std::size_t>(49 + (6 - 2 * j) * 7 + 2 * i)] = x[static_cast<std::size_t>(2 * j * 7 + 2 * i)];
  const ContactInterface in = test::surface_interface(std::move(slave), std::move(master));
  const MortarResult r = mortar_integration(in, test::all_pairs(in), x);
  BOOST_TEST(all_finite(r));
  BOOST_TEST(total_weight(r) == 1.0, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(r.dropped_slivers == 0);
  BOOST_TEST(r.uncovered_slave_nodes.empty());
  for (std::size_t row = 0; row < r.slave_nodes.size(); ++row) {
    BOOST_TEST(r.slave_coverage[row] == 1.0, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(std::abs(r.weighted_gap[row]) <= 1e-15);
  }
}

// Slave quad4 2 × 2 on [0, 1]², master quad4 4 × 4 on [0, 1] × [0.1, 1.1] just above: every
// master edge along x = const lies on a slave edge's line. Each pair's cells have the two
// rectangles' intersection as area; pairs that only touch along an edge have no cell.
BOOST_AUTO_TEST_CASE(edges_collinear_with_the_other_sides) {
  std::vector<Vector3d> x;
  Surface slave = test::flat_grid(x, ElementType::quad4, 2, 2, 0, 0, 1, 1, 0, false);
  Surface master = test::flat_grid(x, ElementType::quad4, 4, 4, 0, 0.1, 1, 1, 1e-3, true);
  const ContactInterface in = test::surface_interface(std::move(slave), std::move(master));
  const MortarResult r = mortar_integration(in, test::all_pairs(in), x);
  BOOST_TEST(all_finite(r));
  BOOST_TEST(r.dropped_slivers == 0);
  std::map<std::pair<Index, Index>, double> area;
  for (std::size_t p = 0; p < r.point_weight.size(); ++p) {
    const std::size_t c = p / MortarResult::points_per_cell;
    area[{r.cell_slave_face[c], r.cell_master_face[c]}] += r.point_weight[p];
  }
  const auto box = [&](const Surface& s, Index f) {  // x and y ranges of an axis-aligned face
    Eigen::AlignedBox2d b;
    for (const Index n : s.faces[static_cast<std::size_t>(f)].nodes()) b.extend(x[static_cast<std::size_t>(n)].head<2>());
    return b;
  };
  int overlapping = 0;
  for (Index s = 0; s < in.slave.size(); ++s)
    for (Index m = 0; m < in.master.size(); ++m) {
      const Eigen::AlignedBox2d i = box(in.slave, s).intersection(box(in.master, m));
      const double expected = i.isEmpty() ? 0.0 : i.volume();
      const auto found = area.find({s, m});
      if (expected == 0) {
        BOOST_TEST((found == area.end()), "pair " << s << ", " << m << " only touches");
      } else {
        ++overlapping;
        BOOST_TEST((found != area.end()));
        if (found != area.end()) BOOST_TEST(found->second == expected, boost::test_tools::tolerance(1e-12));
      }
    }
  BOOST_TEST(overlapping == 2 * 2 * (2 + 3));  // per slave column 2 master columns; 2 master rows below y = 0.5, 3 above
  BOOST_TEST(total_weight(r) == 0.9, boost::test_tools::tolerance(1e-12));
}

// One slave face [0, 1]²; master faces: one facing it over x ∈ [−0.5, 0.5], one vertical at
// x = 0.5 standing on it, one vertical crossing its plane at x = 0.75. The vertical ones project
// onto lines: no cell, no NaN.
BOOST_AUTO_TEST_CASE(a_master_face_seen_edge_on) {
  const std::vector<Vector3d> x = {{0, 0, 0},        {1, 0, 0},       {1, 1, 0},        {0, 1, 0},
                                   {-0.5, 0, 0.01},  {-0.5, 1, 0.01}, {0.5, 1, 0.01},   {0.5, 0, 0.01},
                                   {0.5, 0, 0.01},   {0.5, 1, 0.01},  {0.5, 1, 0.5},    {0.5, 0, 0.5},
                                   {0.75, 0, -0.1},  {0.75, 1, -0.1}, {0.75, 1, 0.1},   {0.75, 0, 0.1}};
  Surface slave, master;
  slave.faces = {test::quad4_face(0, 1, 2, 3)};
  master.faces = {test::quad4_face(4, 5, 6, 7), test::quad4_face(8, 9, 10, 11), test::quad4_face(12, 13, 14, 15)};
  const ContactInterface in = test::surface_interface(slave, master);
  const MortarResult r = mortar_integration(in, test::all_pairs(in), x);
  BOOST_TEST(all_finite(r));
  BOOST_TEST(total_weight(r) == 0.5, boost::test_tools::tolerance(1e-12));
  for (const Index m : r.cell_master_face) BOOST_TEST(m == 0);
}

// Slave quad4 3 × 3 on [0, 1]², master quad4 4 × 3 shifted along x by δ = 1e-12 × the cell size:
// each slave face overlaps its left master neighbour on a strip of 1e-12 of its area, which is
// dropped and counted, and loses no more than that.
BOOST_AUTO_TEST_CASE(slivers_of_1e_12_relative_area) {
  const double h = 1.0 / 3, delta = 1e-12 * h;
  std::vector<Vector3d> x;
  Surface slave = test::flat_grid(x, ElementType::quad4, 3, 3, 0, 0, 1, 1, 0, false);
  Surface master = test::flat_grid(x, ElementType::quad4, 4, 3, -h + delta, 0, 4 * h, 1, 0.01, true);
  const ContactInterface in = test::surface_interface(std::move(slave), std::move(master));
  const MortarResult r = mortar_integration(in, test::all_pairs(in), x);
  BOOST_TEST(all_finite(r));
  BOOST_TEST(r.dropped_slivers == 9);
  for (const double a : face_weights(r, 9)) BOOST_TEST(std::abs(a - h * h) <= 1e-12 * h * h + 1e-15 * h * h);
}

// Slave quad4 faces [0, 1], [1, 2], [2, 3] × [0, 1]; the master covers [−0.5, 1] × [−0.5, 1.5]. Face
// 0 is covered, face 1 only touches the master along x = 1, face 2 has no pair at all: the
// nodes at x = 2 and x = 3 are uncovered (empty rows, gap 0), those at x = 1 covered in half.
BOOST_AUTO_TEST_CASE(a_slave_face_with_no_master) {
  std::vector<Vector3d> x;
  Surface slave = test::flat_grid(x, ElementType::quad4, 3, 1, 0, 0, 3, 1, 0, false);
  Surface master = test::flat_grid(x, ElementType::quad4, 1, 1, -0.5, -0.5, 1.5, 2, 0.01, true);
  const ContactInterface in = test::surface_interface(std::move(slave), std::move(master));
  InterfaceResult pairs;
  pairs.pair_slave = {0, 1};
  pairs.pair_master = {0, 0};
  const MortarResult r = mortar_integration(in, pairs, x);
  BOOST_TEST(all_finite(r));
  BOOST_TEST(total_weight(r) == 1.0, boost::test_tools::tolerance(1e-12));
  std::vector<Index> expected;
  for (std::size_t row = 0; row < r.slave_nodes.size(); ++row) {
    const double node_x = x[static_cast<std::size_t>(r.slave_nodes[row])].x();
    if (node_x >= 2) {
      expected.push_back(r.slave_nodes[row]);
      BOOST_TEST(r.D.row_offsets[row] == r.D.row_offsets[row + 1]);
      BOOST_TEST(r.M.row_offsets[row] == r.M.row_offsets[row + 1]);
      BOOST_TEST(r.weighted_gap[row] == 0.0);
      BOOST_TEST(r.slave_coverage[row] == 0.0);
    } else {
      BOOST_TEST(r.slave_coverage[row] == (node_x == 0 ? 1.0 : 0.5), boost::test_tools::tolerance(1e-12));
    }
  }
  BOOST_TEST(r.uncovered_slave_nodes == expected, boost::test_tools::per_element());
  BOOST_TEST(expected.size() == 4u);
}

// A quad4 with one corner lifted by 10 % of its size, as slave under a flat master, then as master
// over a smaller flat slave: the cells' area is the warped face's area in its auxiliary plane,
// ½ |(x₂ − x₀) × (x₃ − x₁)|, then the slave's; the points are in both faces and, on the warped
// master, on the line through the slave point along the slave normal.
BOOST_AUTO_TEST_CASE(a_quad4_warped_by_10_percent) {
  const std::vector<Vector3d> x = {{0, 0, 0},     {1, 0, 0},    {1, 1, 0.1},   {0, 1, 0},
                                   {-1, -1, 0.5}, {-1, 2, 0.5}, {2, 2, 0.5},   {2, -1, 0.5},
                                   {0.25, 0.25, -0.2}, {0.75, 0.25, -0.2}, {0.75, 0.75, -0.2}, {0.25, 0.75, -0.2}};
  Surface warped, flat, small;
  warped.faces = {test::quad4_face(0, 1, 2, 3)};
  flat.faces = {test::quad4_face(4, 5, 6, 7)};
  small.faces = {test::quad4_face(8, 11, 10, 9)};  // normal −z: facing up to... the warped face's underside
  {
    const ContactInterface in = test::surface_interface(warped, flat);
    const MortarResult r = mortar_integration(in, test::all_pairs(in), x);
    BOOST_TEST(all_finite(r));
    BOOST_TEST(total_weight(r) == 0.5 * (x[2] - x[0]).cross(x[3] - x[1]).norm(), boost::test_tools::tolerance(1e-12));
    for (const Vector2d& u : r.point_slave_local) BOOST_TEST(u.cwiseAbs().maxCoeff() <= 1 + 1e-12);
    for (std::size_t row = 0; row < 4; ++row) {
      double d = 0, m = 0;
      for (auto i = r.D.row_offsets[row]; i < r.D.row_offsets[row + 1]; ++i) d += r.D.values[static_cast<std::size_t>(i)];
      for (auto i = r.M.row_offsets[row]; i < r.M.row_offsets[row + 1]; ++i) m += r.M.values[static_cast<std::size_t>(i)];
      BOOST_TEST(d == m, boost::test_tools::tolerance(1e-12));
    }
  }
  {
    // The small slave faces −z... its outward normal must face the warped master: reverse the warped one.
    Surface master = warped;
    std::swap(master.faces[0].node_storage[1], master.faces[0].node_storage[3]);
    Surface slave = small;
    std::swap(slave.faces[0].node_storage[1], slave.faces[0].node_storage[3]);  // normal +z, towards the master
    const ContactInterface in = test::surface_interface(slave, master);
    const MortarResult r = mortar_integration(in, test::all_pairs(in), x);
    BOOST_TEST(all_finite(r));
    BOOST_TEST(total_weight(r) == 0.25, boost::test_tools::tolerance(1e-12));
    const FaceNodes s = gather_face_nodes(slave.faces[0], x), m = gather_face_nodes(master.faces[0], x);
    for (std::size_t p = 0; p < r.point_weight.size(); ++p) {
      BOOST_TEST(r.point_master_local[p].cwiseAbs().maxCoeff() <= 1 + 1e-12);
      const Vector3d d = face_point(m, r.point_master_local[p]) - face_point(s, r.point_slave_local[p]);
      BOOST_TEST(d.head<2>().norm() <= 1e-14);
    }
  }
}

BOOST_AUTO_TEST_CASE(bad_input_is_rejected_with_a_message) {
  std::vector<Vector3d> x;
  Surface slave = test::flat_grid(x, ElementType::tri6, 1, 1, 0, 0, 1, 1, 0, false);
  Surface master = test::flat_grid(x, ElementType::quad4, 1, 1, 0, 0, 1, 1, 0.01, true);
  const ContactInterface good = test::surface_interface(slave, master);
  const InterfaceResult pairs = test::all_pairs(good);
  MortarIntegration mortar;
  MortarResult r;
  const auto rejected = [&](const ContactInterface& in, const InterfaceResult& p, const std::vector<Vector3d>& coordinates,
                            const MortarOptions& options, const std::string& message) {
    try {
      mortar.compute(in, p, coordinates, options, r);
      BOOST_ERROR("not rejected: " << message);
    } catch (const std::invalid_argument& e) {
      BOOST_TEST(std::string(e.what()).find(message) != std::string::npos, e.what() << " lacks " << message);
    }
  };
  ContactInterface other = good;
  other.mode = ContactMode::self;
  rejected(other, pairs, x, {}, "not surface_to_surface");
  rejected(good, pairs, x, {MortarBasis::standard, -1.0}, "tolerance");
  rejected(good, pairs, x, {MortarBasis::standard, std::numeric_limits<double>::quiet_NaN()}, "tolerance");
  InterfaceResult bad = pairs;
  bad.pair_master.push_back(0);
  rejected(good, bad, x, {}, "pair_master");
  bad = pairs;
  bad.pair_master[0] = 7;
  rejected(good, bad, x, {}, "outside the interface's faces");
  bad = pairs;
  bad.pair_slave[0] = 2;
  rejected(good, bad, x, {}, "outside the interface's faces");
  std::vector<Vector3d> short_x(x.begin(), x.begin() + 3);
  rejected(good, pairs, short_x, {}, "outside the 3 coordinates");
  std::vector<Vector3d> nan_x = x;
  nan_x[static_cast<std::size_t>(slave.faces[1].node_storage[4])].z() = std::numeric_limits<double>::quiet_NaN();
  rejected(good, pairs, nan_x, {}, "not finite");
  bad.pair_slave = {1, 0};  // the grid's two triangles in the wrong order
  bad.pair_master = {0, 0};
  rejected(good, bad, x, {}, "not ascending");
  // The good input passes after all that.
  mortar.compute(good, pairs, x, {}, r);
  BOOST_TEST(total_weight(r) == 1.0, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_SUITE_END()
