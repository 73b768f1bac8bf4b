// SPDX-License-Identifier: BSD-3-Clause
// Degenerate geometry through the core module's APIs, each with its documented result: flat,
// collapsed and sliver tetrahedra (element mass), closed surfaces with coplanar or collinear
// nodes (surface mass), bounding boxes of degenerate triangles and of points 10⁹ from the
// origin, exterior surfaces of coincident-but-distinct and edge-sharing elements, and mass
// properties 10⁹ from the origin with the precision limit that distance imposes.
// (Inverted elements, open / non-manifold / inside-out surfaces, flat OBB inputs and 10⁶
// offsets are tested in mass_element_test, mass_surface_test, obb_test, mass_properties_test.)

#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "fecontact/geometry/aabb.hpp"
#include "fecontact/geometry/obb.hpp"
#include "fecontact/mass/element_mass.hpp"
#include "fecontact/mass/surface_mass.hpp"
#include "fecontact/mesh/surface_extraction.hpp"
#include "random_geometry.hpp"
#include "structured_mesh.hpp"

namespace {

using namespace fecontact;
using Eigen::Matrix3d;
using Eigen::Vector3d;
using Triangles = std::vector<std::array<Index, 3>>;

constexpr double epsilon = std::numeric_limits<double>::epsilon();

/// One tet4 block "tets" over `points`, element ids 1, 2, ...
Mesh tet_mesh(std::vector<Vector3d> points, const std::vector<std::array<Index, 4>>& tets) {
  Mesh mesh;
  mesh.coordinates = std::move(points);
  for (Index i = 0; i < mesh.node_count(); ++i) {
    mesh.node_ids.push_back(i + 1);
    mesh.node_index[i + 1] = i;
  }
  ElementBlock block;
  block.name = "tets";
  block.type = ElementType::tet4;
  for (const auto& tet : tets) {
    block.connectivity.insert(block.connectivity.end(), tet.begin(), tet.end());
    block.element_ids.push_back(static_cast<FileId>(block.element_ids.size() + 1));
  }
  mesh.blocks.push_back(std::move(block));
  return mesh;
}

/// The four outward faces of the tetrahedron (0, 1, 2, 3) (positive when 3 is above 0-1-2).
const Triangles tet_faces = {{0, 2, 1}, {0, 1, 3}, {1, 2, 3}, {0, 3, 2}};

double relative(const Matrix3d& a, const Matrix3d& b) { return (a - b).norm() / b.norm(); }

}  // namespace

BOOST_AUTO_TEST_SUITE(core_degenerate_geometry)

BOOST_AUTO_TEST_CASE(flat_and_collapsed_tetrahedra_are_reported_not_summed) {
  // Element 1 is the unit tet; 2 has its four nodes in the plane z = 0; 3 has two coincident
  // nodes (4 and 5 at the same place, distinct node ids); 4 has all nodes on the line x = y = z.
  const Mesh mesh = tet_mesh({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 0}, {1, 1, 0},
                              {2, 2, 2}, {3, 3, 3}},
                             {{0, 1, 2, 3}, {0, 1, 4, 2}, {1, 4, 5, 3}, {0, 6, 7, 6}});
  const ElementMassResult result = element_mass_properties(mesh);
  BOOST_TEST((result.status == ElementMassStatus::invalid_elements));
  BOOST_TEST_REQUIRE(result.invalid_elements.size() == 3u);
  for (std::size_t k = 0; k < 3; ++k) {
    BOOST_TEST(result.invalid_elements[k].id == FileId(k + 2));
    BOOST_TEST(result.invalid_elements[k].min_jacobian == 0.0);  // exact: integer coordinates
  }
}

BOOST_AUTO_TEST_CASE(a_sliver_tetrahedron_keeps_its_small_volume) {
  // Height 1e-9 over the unit right triangle: V = 1e-9 / 6, centroid z = 1e-9 / 4.
  const double h = 1e-9;
  const Mesh mesh = tet_mesh({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0.2, 0.3, h}}, {{0, 1, 2, 3}});
  const ElementMassResult result = element_mass_properties(mesh);
  BOOST_TEST((result.status == ElementMassStatus::ok));
  BOOST_TEST(result.properties.volume == h / 6, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(result.properties.center_of_mass.z() == h / 4, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(result.properties.center_of_mass.x() == 1.2 / 4, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(closed_surfaces_of_coplanar_or_collinear_nodes_are_degenerate) {
  // The faces of a tetrahedron are closed and consistently oriented whatever the node positions:
  // with all nodes in one plane or on one line the enclosed volume is exactly zero.
  const std::vector<Vector3d> coplanar = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
  const std::vector<Vector3d> collinear = {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {3, 3, 3}};
  const std::vector<Vector3d> coincident(4, Vector3d(1, 2, 3));
  for (const auto* nodes : {&coplanar, &collinear, &coincident}) {
    const SurfaceMassResult r = surface_mass_properties(*nodes, tet_faces);
    BOOST_TEST((r.status == SurfaceMassStatus::degenerate));
    BOOST_TEST(r.diagnostics.closed_and_consistent());
    BOOST_TEST(r.signed_volume == 0.0);
    BOOST_TEST(r.properties.volume == 0.0);
    BOOST_TEST(r.properties.inertia.isZero(0.0));
  }
}

BOOST_AUTO_TEST_CASE(boxes_of_zero_area_triangles_hold_their_corners) {
  // Triangle covariance falls back to the corners when every triangle has zero area.
  const std::vector<Vector3d> points = {{0, 0, 0}, {1, 2, 3}, {2, 4, 6}, {5, 5, 5}};
  for (const Triangles& triangles : {Triangles{{0, 1, 2}}, Triangles{{0, 1, 2}, {3, 3, 3}}}) {
    const Obb box = fit_obb(points, triangles);
    BOOST_TEST(box.center.allFinite());
    BOOST_TEST(box.half_extents.allFinite());
    BOOST_TEST(box.axes.allFinite());
    for (const auto& t : triangles)
      for (const Index v : t) BOOST_TEST(contains(box, points[static_cast<std::size_t>(v)], 1e-14));
  }
  const Obb segment = fit_obb(points, Triangles{{0, 1, 2}});
  BOOST_TEST(segment.half_extents.maxCoeff() == std::sqrt(56.0) / 2, boost::test_tools::tolerance(1e-14));
  BOOST_TEST(segment.half_extents.minCoeff() == 0.0, boost::test_tools::tolerance(1e-14));
}

BOOST_AUTO_TEST_CASE(boxes_of_points_1e9_from_the_origin) {
  // A cloud of radius 1 at 10⁹: every point within a few ulps of 10⁹ (1.2e-7) of its boxes, and
  // the OBB as tight as the same cloud's at the origin up to that rounding.
  std::mt19937_64 rng(9);
  const Vector3d offset(1e9, -1e9, 1e9);
  std::vector<Vector3d> near, far;
  for (int i = 0; i < 200; ++i) {
    near.push_back(test::random_rotation(rng) * Vector3d(0.2, 0.5, 1.0).cwiseProduct(test::random_vector(rng, -1, 1)));
    far.push_back(near.back() + offset);
  }
  const double ulp = 1e9 * epsilon;
  const Obb obb = fit_obb(far);
  const Aabb aabb = fit_aabb(far);
  for (const Vector3d& p : far) {
    BOOST_TEST(contains(obb, p, 4 * ulp));
    BOOST_TEST(contains(aabb, p));
  }
  BOOST_TEST((obb.half_extents - fit_obb(near).half_extents).norm() < 8 * ulp);
}

BOOST_AUTO_TEST_CASE(exterior_of_coincident_but_distinct_and_of_edge_sharing_elements) {
  // Faces are matched by node index, not by position: two tets touching along a face through
  // distinct (duplicated) nodes keep both faces; two tets sharing one edge are 8 exterior faces.
  const std::vector<Vector3d> points = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 0, -1},
                                        {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  const Mesh glued = tet_mesh(points, {{0, 1, 2, 3}, {0, 2, 1, 4}});
  const Mesh duplicated = tet_mesh(points, {{0, 1, 2, 3}, {5, 7, 6, 4}});
  const Mesh edge_only = tet_mesh({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, -1, 0}, {0, 0, -1}},
                                  {{0, 1, 2, 3}, {0, 1, 4, 5}});
  const std::vector<Index> all{0};
  BOOST_TEST(exterior_surface(glued, all).faces.size() == 6u);
  BOOST_TEST(exterior_surface(duplicated, all).faces.size() == 8u);
  const Surface edge_surface = exterior_surface(edge_only, all);
  BOOST_TEST(edge_surface.faces.size() == 8u);
  // Its mass: the shared edge is non-manifold (four faces), so no number comes back.
  const SurfaceMassResult r = surface_mass_properties(edge_surface, edge_only.coordinates);
  BOOST_TEST((r.status == SurfaceMassStatus::non_manifold));
  BOOST_TEST(r.diagnostics.non_manifold_edges.size() == 1u);
}

BOOST_AUTO_TEST_CASE(mass_properties_1e9_from_the_origin) {
  // A rotated, warped hex8 cube at 10⁹: coordinates are rounded to ulp(10⁹) = 1.2e-7, which
  // moves the result by about that relative to the body's size (here 1): the documented limit
  // is a relative error of ~ 10 ε |offset| / size. Element and surface integration both meet it.
  std::mt19937_64 rng(10);
  const Matrix3d rotation = test::random_rotation(rng);
  const auto map = [&](const Vector3d& p) {
    return Vector3d(rotation * (p + 0.05 * Vector3d(std::sin(3 * p.y()), p.x() * p.z(), 0)));
  };
  Mesh mesh = testing::structured_mesh(ElementType::hex8, {3, 3, 3}, map);
  const ElementMassResult at_origin = element_mass_properties(mesh);
  const Surface surface = exterior_surface(mesh, std::vector<Index>{0});
  const Vector3d offset(1e9, -1e9, 1e9);
  for (Vector3d& x : mesh.coordinates) x += offset;
  const ElementMassResult far = element_mass_properties(mesh);
  const SurfaceMassResult far_surface = surface_mass_properties(surface, mesh.coordinates);
  BOOST_TEST_REQUIRE((at_origin.status == ElementMassStatus::ok));
  BOOST_TEST_REQUIRE((far.status == ElementMassStatus::ok));
  BOOST_TEST_REQUIRE((far_surface.status == SurfaceMassStatus::ok));
  const double limit = 10 * epsilon * offset.norm();  // 3.8e-6
  for (const MassProperties* p : {&far.properties, &far_surface.properties}) {
    BOOST_TEST(std::abs(p->volume / at_origin.properties.volume - 1) < limit);
    BOOST_TEST(relative(p->inertia, at_origin.properties.inertia) < limit);
    BOOST_TEST((p->center_of_mass - offset - at_origin.properties.center_of_mass).norm() < limit);
  }
  BOOST_TEST_MESSAGE("10⁹ from the origin: element inertia relative change "
                     << relative(far.properties.inertia, at_origin.properties.inertia)
                     << ", surface " << relative(far_surface.properties.inertia, at_origin.properties.inertia)
                     << " (limit " << limit << ")");
}

BOOST_AUTO_TEST_SUITE_END()
