// SPDX-License-Identifier: BSD-3-Clause
// Control points of curved faces: the Bézier form equals the isoparametric face, and patch
// volumes hold densely sampled faces that bulge well beyond their nodes.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <random>

#include "bvh_test_meshes.hpp"
#include "fecontact/bvh/detail/bezier.hpp"
#include "fecontact/bvh/bounding_volume.hpp"
#include "fecontact/bvh/patch_geometry.hpp"

using namespace fecontact;

namespace {

// A face of `type` built on a 1 × 1 grid, with nodes jittered by `amplitude` (mid nodes far
// off the chords, so the face bulges).
test::TestSurface curved_face(ElementType type, double amplitude, unsigned seed) {
  auto mesh = test::grid_surface(1, 1, type, [](double u, double v) { return Eigen::Vector3d(u, v, 0); });
  test::jitter(mesh.coordinates, amplitude, seed);
  return mesh;
}

double bernstein(int n, int i, double t) {
  return std::tgamma(n + 1) / (std::tgamma(i + 1) * std::tgamma(n - i + 1)) * std::pow(t, i) * std::pow(1 - t, n - i);
}

// The Bézier patch at local coordinates (r, s), from the control points (independent formulas).
Eigen::Vector3d bezier_point(ElementType type, const std::array<Eigen::Vector3d, 9>& b, double r, double s) {
  if (type == ElementType::tri6) {
    const double l0 = 1 - r - s, l1 = r, l2 = s;  // degree-2 Bernstein on barycentrics
    return l0 * l0 * b[0] + l1 * l1 * b[1] + l2 * l2 * b[2] + 2 * l0 * l1 * b[3] + 2 * l1 * l2 * b[4] + 2 * l2 * l0 * b[5];
  }
  // Quadrilaterals: the 3×3 net; net position (i, j) of each control point.
  const int ij[9][2] = {{0, 0}, {2, 0}, {2, 2}, {0, 2}, {1, 0}, {2, 1}, {1, 2}, {0, 1}, {1, 1}};
  const double u = (r + 1) / 2, v = (s + 1) / 2;
  Eigen::Vector3d x = Eigen::Vector3d::Zero();
  for (int k = 0; k < 9; ++k) x += bernstein(2, ij[k][0], u) * bernstein(2, ij[k][1], v) * b[k];
  return x;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(bvh_bezier)

BOOST_AUTO_TEST_CASE(bezier_form_equals_the_isoparametric_face) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(0, 1);
  for (const ElementType type : {ElementType::tri6, ElementType::quad8, ElementType::quad9}) {
    for (unsigned seed = 0; seed < 20; ++seed) {
      const auto mesh = curved_face(type, 0.3, seed);
      const SurfaceFace& face = mesh.surface.faces[0];
      std::vector<Eigen::Vector3d> nodes;
      for (const Index n : face.nodes()) nodes.push_back(mesh.coordinates[std::size_t(n)]);
      std::array<Eigen::Vector3d, 9> b;
      detail::control_points(type, nodes, b);
      for (int k = 0; k < 50; ++k) {
        double r = unit(rng), s = unit(rng);
        if (type == ElementType::tri6) { if (r + s > 1) { r = 1 - r; s = 1 - s; } }
        else { r = 2 * r - 1; s = 2 * s - 1; }
        const auto shape = test::shape_functions(type, r, s);
        Eigen::Vector3d x = Eigen::Vector3d::Zero();
        for (std::size_t i = 0; i < shape.size(); ++i) x += shape[i] * nodes[i];
        BOOST_TEST((bezier_point(type, b, r, s) - x).norm() < 1e-13, name(type) << " at " << r << ", " << s);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(control_nets_cover_every_control_point) {
  for (const ElementType type : {ElementType::tri3, ElementType::quad4, ElementType::tri6, ElementType::quad8, ElementType::quad9}) {
    std::vector<int> seen(std::size_t(detail::control_point_count(type)), 0);
    for (const auto& t : detail::control_triangles(type))
      for (const Index k : t) {
        BOOST_TEST_REQUIRE((k >= 0 && k < detail::control_point_count(type)));
        seen[std::size_t(k)] = 1;
      }
    BOOST_TEST(std::count(seen.begin(), seen.end(), 1) == detail::control_point_count(type), name(type));
  }
}

using Volumes = std::tuple<Aabb, Obb>;
BOOST_AUTO_TEST_CASE_TEMPLATE(patch_volumes_hold_densely_sampled_curved_faces, BV, Volumes) {
  using Ops = BoundingVolumeOps<BV>;
  int bulging = 0;  // faces with samples outside the box of their nodes: the test has teeth
  for (const ElementType type : {ElementType::tri3, ElementType::quad4, ElementType::tri6, ElementType::quad8, ElementType::quad9}) {
    for (unsigned seed = 0; seed < 30; ++seed) {
      const auto mesh = curved_face(type, 0.4, seed);
      const auto patches = face_patches(mesh.surface);
      const auto geometry = patch_geometry(mesh.surface, patches, mesh.coordinates);
      for (Index f = 0; f < mesh.surface.size(); ++f) {
        const BV volume = Ops::fit(Ops::summarize(geometry.points_of(f), geometry.triangles_of(f)), geometry.points_of(f));
        std::vector<Eigen::Vector3d> nodes;
        for (const Index n : mesh.surface.faces[std::size_t(f)].nodes()) nodes.push_back(mesh.coordinates[std::size_t(n)]);
        const Aabb node_box = fit_aabb(nodes);
        bool outside_nodes = false;
        for (const auto& x : test::sample_face(mesh.surface.faces[std::size_t(f)], mesh.coordinates, 40)) {
          BOOST_TEST(Ops::contains(volume, x, 1e-12), name(type) << " seed " << seed);
          outside_nodes = outside_nodes || !contains(inflate(node_box, 1e-9), x);
        }
        bulging += outside_nodes;
      }
    }
  }
  BOOST_TEST(bulging > 20);
}

BOOST_AUTO_TEST_SUITE_END()
