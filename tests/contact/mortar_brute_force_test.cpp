// SPDX-License-Identifier: BSD-3-Clause
// Every entry of D and M against an integration that shares nothing with the code under test:
// dense sampling of each slave face (midpoint rule on n × n sub-cells of its reference domain)
// with the closest-point projection of every sample onto the master (project_onto_face). The
// sampling errs only on sub-cells that a master edge or the master's border crosses (detected
// from their corners' master faces), by at most their area (|N| ≤ 1 on every face type), plus
// the midpoint rule's O(n⁻²) on the others. The multipliers of quadratic slave faces are Puso,
// Laursen & Solberg's modified functions (mortar_integration.hpp), written out here from N.

#include <array>
#include <cmath>

#include <boost/test/unit_test.hpp>
#include <Eigen/Dense>

#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/contact/face_projection.hpp"
#include "fecontact/contact/mortar/mortar_integration.hpp"
#include "fecontact/mesh/face_shape_functions.hpp"
#include "mortar_meshes.hpp"

using namespace fecontact;
using Eigen::MatrixXd;
using Eigen::Vector2d;
using Eigen::Vector3d;

namespace {

constexpr double gap = 0.01;

// The master face under point p (the closest-point projection at distance `gap`, the master
// being flat and parallel), −1 when none; and there its local coordinates.
Index master_under(const Surface& master, const std::vector<Vector3d>& x, const Vector3d& p, Vector2d& local) {
  Index best = -1;
  double best_distance = gap + 1e-9;
  for (Index m = 0; m < master.size(); ++m) {
    const FaceNodes face = gather_face_nodes(master.faces[static_cast<std::size_t>(m)], x);
    Eigen::AlignedBox2d box;
    for (int i = 0; i < node_count(face.type); ++i) box.extend(face.x[static_cast<std::size_t>(i)].head<2>());
    if (box.exteriorDistance(p.head<2>()) > 1e-9) continue;
    const FaceProjection projection = project_onto_face(p, face);
    if (projection.distance < best_distance) {
      best_distance = projection.distance;
      best = m;
      local = projection.local;
    }
  }
  return best;
}

// Ñ from N: a fifth of each mid-edge function onto each corner of its edge (mid-edge nodes follow
// the corners, in edge order c0c1, c1c2, ...); N itself on linear faces.
std::array<double, 9> multiplier_basis(ElementType type, const FaceShape& n) {
  std::array<double, 9> phi = n.value;
  const int corners = type == ElementType::tri6 ? 3 : type == ElementType::quad8 || type == ElementType::quad9 ? 4 : 0;
  for (int e = 0; e < corners; ++e) {
    const double mid = n.value[static_cast<std::size_t>(corners + e)];
    phi[static_cast<std::size_t>(e)] += mid / 5;
    phi[static_cast<std::size_t>((e + 1) % corners)] += mid / 5;
    phi[static_cast<std::size_t>(corners + e)] = 3 * mid / 5;
  }
  return phi;
}

struct Reference {
  MatrixXd d, m, bound_d, bound_m;  // node × node
};

// A sub-cell of a slave face's reference domain: a triangle or a square (corners in order).
struct Cell {
  int corners = 3;
  std::array<Vector2d, 4> v;
};

class Sampler {
 public:
  Sampler(const ContactInterface& in, const std::vector<Vector3d>& x, Reference& ref) : in_(in), x_(x), ref_(ref) {}

  // Midpoint rule on `cell`; a cell whose corners lie on different master faces (or some on none)
  // is split in four, down to `depth` more levels, then bounded: it adds at most its area to the
  // entries of its slave nodes with the nodes of the master faces at its corners and centre.
  void integrate(const SurfaceFace& sf, const FaceNodes& face, const Cell& cell, double reference_area, int depth) {
    std::array<Index, 5> under{};
    Vector2d local;
    bool cut = false;
    for (int i = 0; i < cell.corners; ++i) {
      under[static_cast<std::size_t>(i)] = master_under(in_.master, x_, face_point(face, cell.v[static_cast<std::size_t>(i)]), local);
      cut = cut || under[static_cast<std::size_t>(i)] != under[0];
    }
    if (cut && depth > 0) {
      for (const Cell& child : split(cell)) integrate(sf, face, child, reference_area / 4, depth - 1);
      return;
    }
    Vector2d centre = Vector2d::Zero();
    for (int i = 0; i < cell.corners; ++i) centre += cell.v[static_cast<std::size_t>(i)] / cell.corners;
    const FaceShape s = face_shape(sf.type, centre);
    const std::array<double, 9> phi = multiplier_basis(sf.type, s);
    Vector3d x_xi = Vector3d::Zero(), x_eta = Vector3d::Zero();
    for (int k = 0; k < s.count; ++k) {
      x_xi += s.d_xi[static_cast<std::size_t>(k)] * face.x[static_cast<std::size_t>(k)];
      x_eta += s.d_eta[static_cast<std::size_t>(k)] * face.x[static_cast<std::size_t>(k)];
    }
    const double weight = reference_area * x_xi.cross(x_eta).norm();
    const Index m = master_under(in_.master, x_, face_point(face, centre), local);
    under[4] = m;
    const auto nodes_s = sf.nodes();
    if (cut)
      for (const Index a : nodes_s) {
        for (const Index b : nodes_s) ref_.bound_d(a, b) += weight;
        for (int i = 0; i < 5; ++i) {
          if (i < 4 && i >= cell.corners) continue;
          const Index f = under[static_cast<std::size_t>(i)];
          bool seen = f < 0;  // each face once
          for (int k = 0; k < i; ++k) seen = seen || (k < cell.corners && under[static_cast<std::size_t>(k)] == f);
          if (seen) continue;
          for (const Index b : in_.master.faces[static_cast<std::size_t>(f)].nodes()) ref_.bound_m(a, b) += weight;
        }
      }
    if (m < 0) return;
    const SurfaceFace& mf = in_.master.faces[static_cast<std::size_t>(m)];
    const FaceShape sm = face_shape(mf.type, local);
    for (std::size_t a = 0; a < nodes_s.size(); ++a) {
      for (std::size_t b = 0; b < nodes_s.size(); ++b) ref_.d(nodes_s[a], nodes_s[b]) += weight * phi[a] * s.value[b];
      for (std::size_t b = 0; b < mf.nodes().size(); ++b) ref_.m(nodes_s[a], mf.nodes()[b]) += weight * phi[a] * sm.value[b];
    }
  }

 private:
  static std::array<Cell, 4> split(const Cell& c) {
    const auto mid = [&](int i, int j) { return Vector2d(0.5 * (c.v[static_cast<std::size_t>(i)] + c.v[static_cast<std::size_t>(j)])); };
    if (c.corners == 3) {
      const Vector2d a = mid(0, 1), b = mid(1, 2), d = mid(2, 0);
      return {Cell{3, {c.v[0], a, d, {}}}, Cell{3, {a, c.v[1], b, {}}}, Cell{3, {d, b, c.v[2], {}}}, Cell{3, {a, b, d, {}}}};
    }
    const Vector2d centre = 0.25 * (c.v[0] + c.v[1] + c.v[2] + c.v[3]);
    const Vector2d a = mid(0, 1), b = mid(1, 2), e = mid(2, 3), d = mid(3, 0);
    return {Cell{4, {c.v[0], a, centre, d}}, Cell{4, {a, c.v[1], b, centre}}, Cell{4, {centre, b, c.v[2], e}},
            Cell{4, {d, centre, e, c.v[3]}}};
  }

  const ContactInterface& in_;
  const std::vector<Vector3d>& x_;
  Reference& ref_;
};

// n × n sub-cells per slave face (squares of [−1, 1]², or the n² triangles of the reference
// triangle), refined `depth` levels where a master edge crosses.
Reference sample(const ContactInterface& in, const std::vector<Vector3d>& x, int n, int depth) {
  const auto nodes = static_cast<Eigen::Index>(x.size());
  Reference ref{MatrixXd::Zero(nodes, nodes), MatrixXd::Zero(nodes, nodes), MatrixXd::Zero(nodes, nodes),
                MatrixXd::Zero(nodes, nodes)};
  Sampler sampler(in, x, ref);
  for (const SurfaceFace& sf : in.slave.faces) {
    const FaceNodes face = gather_face_nodes(sf, x);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        if (!is_triangle(sf.type)) {
          const auto v = [&](int a, int b) { return Vector2d(-1 + 2.0 * a / n, -1 + 2.0 * b / n); };
          sampler.integrate(sf, face, Cell{4, {v(i, j), v(i + 1, j), v(i + 1, j + 1), v(i, j + 1)}}, 4.0 / (n * n), depth);
          continue;
        }
        const auto v = [&](int a, int b) { return Vector2d(double(a) / n, double(b) / n); };
        if (i + j < n) sampler.integrate(sf, face, Cell{3, {v(i, j), v(i + 1, j), v(i, j + 1), {}}}, 0.5 / (n * n), depth);
        if (i + j + 2 <= n)
          sampler.integrate(sf, face, Cell{3, {v(i + 1, j), v(i + 1, j + 1), v(i, j + 1), {}}}, 0.5 / (n * n), depth);
      }
  }
  return ref;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(mortar_brute_force)

BOOST_AUTO_TEST_CASE(every_entry_of_d_and_m_matches_dense_sampling) {
  const std::pair<ElementType, ElementType> cases[] = {
      {ElementType::tri3, ElementType::tri3},   {ElementType::quad4, ElementType::quad4},
      {ElementType::tri6, ElementType::tri6},   {ElementType::quad8, ElementType::quad8},
      {ElementType::quad9, ElementType::quad9}, {ElementType::tri3, ElementType::quad4},
      {ElementType::quad4, ElementType::tri6}};
  unsigned seed = 300;
  for (const auto& [slave_type, master_type] : cases) {
    std::vector<Vector3d> x;
    Surface slave = test::flat_grid(x, slave_type, 2, 1, 0, 0, 1, 0.6, 0, false, 0.15, ++seed);
    Surface master = test::flat_grid(x, master_type, 2, 2, 0.2, -0.1, 1.0, 0.6, gap, true, 0.15, ++seed);
    const ContactInterface in = test::surface_interface(std::move(slave), std::move(master));
    const MortarResult r = mortar_integration(in, test::all_pairs(in), x);
    const int n = 24;
    const Reference ref = sample(in, x, n, 4);
    const auto nodes = static_cast<Eigen::Index>(x.size());
    MatrixXd d = MatrixXd::Zero(nodes, nodes), m = MatrixXd::Zero(nodes, nodes);
    for (std::size_t row = 0; row < r.slave_nodes.size(); ++row) {
      for (auto i = r.D.row_offsets[row]; i < r.D.row_offsets[row + 1]; ++i)
        d(r.slave_nodes[row], r.slave_nodes[static_cast<std::size_t>(r.D.columns[static_cast<std::size_t>(i)])]) +=
            r.D.values[static_cast<std::size_t>(i)];
      for (auto i = r.M.row_offsets[row]; i < r.M.row_offsets[row + 1]; ++i)
        m(r.slave_nodes[row], r.master_nodes[static_cast<std::size_t>(r.M.columns[static_cast<std::size_t>(i)])]) +=
            r.M.values[static_cast<std::size_t>(i)];
    }
    // The midpoint rule's error on the uncut sub-cells: (h²/24) |∇²f| per unit area, h = 2/n
    // (in [−1, 1]² units); |∇²(N_j N̂_l)| ≤ 2 × 17 there (1-D quadratic Lagrange factors: |l| ≤ 1,
    // |l'| ≤ 3/2, |l''| ≤ 2, so |f_ξξ| ≤ 2·(3/2)² + 2·2 per direction, doubled for the master map
    // of faces of similar size), over the slave area 0.6.
    // A modified function is a corner's plus a fifth of two mid-edge ones: both bounds grow by
    // the factor 1 + 2/5 on quadratic slaves.
    const double basis = is_quadratic(slave_type) ? 1.4 : 1.0;
    const double smooth = basis * 0.6 * (4.0 / (n * n)) / 24 * 34;
    BOOST_TEST_CONTEXT("slave " << int(slave_type) << ", master " << int(master_type)) {
      const MatrixXd excess_d = (d - ref.d).cwiseAbs() - basis * ref.bound_d - MatrixXd::Constant(nodes, nodes, smooth);
      const MatrixXd excess_m = (m - ref.m).cwiseAbs() - basis * ref.bound_m - MatrixXd::Constant(nodes, nodes, smooth);
      BOOST_TEST(excess_d.maxCoeff() <= 0.0);
      BOOST_TEST(excess_m.maxCoeff() <= 0.0);
      // The bound is loose (every cut sub-cell counted whole); the agreement itself is far
      // closer, a few 1e-3 of the largest entry, the sampling's own accuracy.
      BOOST_TEST((d - ref.d).cwiseAbs().maxCoeff() < 5e-3 * d.cwiseAbs().maxCoeff());
      BOOST_TEST((m - ref.m).cwiseAbs().maxCoeff() < 5e-3 * m.cwiseAbs().maxCoeff());
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
