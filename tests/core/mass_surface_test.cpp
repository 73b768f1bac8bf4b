// SPDX-License-Identifier: BSD-3-Clause
// Closed triangle surfaces by the divergence theorem: seed 000's own cases (sphere of radius 5
// converging at O(h²) to 2/5 m r², the 10×5×3 box exactly), invariance of the result under the
// choice of reference point, and the diagnostics: open, non-manifold, inconsistently oriented,
// inside-out (reported; flipped only on request), degenerate and empty surfaces.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "fecontact/mass/surface_mass.hpp"
#include "fecontact/detail/parallel.hpp"
#include "fecontact/mesh/surface_extraction.hpp"
#include "mass_shapes.hpp"
#include "structured_mesh.hpp"

namespace {

using namespace fecontact;
using namespace fecontact::testing;
using Eigen::Vector3d;
using Triangles = std::vector<std::array<Index, 3>>;

// The exterior of a structured hex8 block, quads split into two triangles: a closed, welded,
// outward triangle surface of the mapped cube.
struct TriangleSurface {
  std::vector<Vector3d> vertices;
  Triangles triangles;
};
TriangleSurface triangulated(const PointMap& map, int n) {
  const Mesh mesh = structured_mesh(ElementType::hex8, {n, n, n}, map);
  TriangleSurface s{mesh.coordinates, {}};
  for (const SurfaceFace& f : exterior_surface(mesh, std::vector<Index>{0}).faces) {
    const auto v = f.nodes();
    s.triangles.push_back({v[0], v[1], v[2]});
    s.triangles.push_back({v[0], v[2], v[3]});
  }
  return s;
}

const TriangleSurface box = triangulated([](const Vector3d& p) { return Vector3d(10 * p.x(), 5 * p.y(), 3 * p.z()); }, 1);

BOOST_AUTO_TEST_SUITE(mass_surface)

BOOST_AUTO_TEST_CASE(seed_000_box_10x5x3) {
  const SurfaceMassResult r = surface_mass_properties(box.vertices, box.triangles, {.density = 2});
  BOOST_TEST_REQUIRE((r.status == SurfaceMassStatus::ok));
  const double m = 2 * 150;
  BOOST_TEST(std::abs(r.properties.volume - 150) < 1e-12);
  BOOST_TEST(std::abs(r.properties.mass - m) < 1e-12);
  BOOST_TEST((r.properties.center_of_mass - Vector3d(5, 2.5, 1.5)).norm() < 1e-14);
  const Vector3d expected(m * (25 + 9) / 12, m * (100 + 9) / 12, m * (100 + 25) / 12);
  BOOST_TEST((r.properties.inertia - expected.asDiagonal().toDenseMatrix()).norm() < 1e-11);
  BOOST_TEST(r.diagnostics.closed_and_consistent());
  // the same numbers without the topology pass
  const SurfaceMassResult unchecked = surface_mass_properties(box.vertices, box.triangles, {.density = 2, .check_topology = false});
  BOOST_TEST((unchecked.properties.inertia - r.properties.inertia).norm() == 0);
}

// Seed 000's sphere of radius 5: I = 2/5 m r², reached at O(h²) by inscribed triangulations.
BOOST_AUTO_TEST_CASE(seed_000_sphere_radius_5_converges) {
  const auto map = [](const Vector3d& p) { return cube_to_ball(p, 5); };
  const MassProperties exact = sphere_properties(5);
  std::array<Deviation, 2> errors;
  for (int k = 0; k < 2; ++k) {
    const TriangleSurface s = triangulated(map, 8 << k);
    const SurfaceMassResult r = surface_mass_properties(s.vertices, s.triangles);
    BOOST_TEST_REQUIRE((r.status == SurfaceMassStatus::ok));
    errors[static_cast<std::size_t>(k)] = deviation(r.properties, exact);
  }
  const double order = std::log2(errors[0].inertia / errors[1].inertia);
  BOOST_TEST_MESSAGE("triangulated sphere r = 5: inertia error " << errors[0].inertia << " → "
                     << errors[1].inertia << " (order " << order << ")");
  BOOST_TEST(order > 1.8);
  BOOST_TEST(std::log2(errors[0].volume / errors[1].volume) > 1.8);
  BOOST_TEST(errors[1].inertia < 0.01);
}

BOOST_AUTO_TEST_CASE(open_surface_is_an_error_with_located_edges) {
  Triangles t = box.triangles;
  const std::array<Index, 3> removed = t[5];
  t.erase(t.begin() + 5);
  const SurfaceMassResult r = surface_mass_properties(box.vertices, t);
  BOOST_TEST((r.status == SurfaceMassStatus::open));
  BOOST_TEST(r.properties.mass == 0);
  BOOST_TEST_REQUIRE(r.diagnostics.boundary_edges.size() == 3u);
  for (const SurfaceEdgeIssue& e : r.diagnostics.boundary_edges) {
    BOOST_TEST(e.face_count == 1);
    BOOST_TEST(e.faces[1] == -1);
    // each boundary edge is an edge of the removed triangle, walked the other way by its neighbour
    bool found = false;
    for (int k = 0; k < 3; ++k)
      found |= e.vertices[0] == removed[(k + 1) % 3] && e.vertices[1] == removed[k];
    BOOST_TEST(found);
  }
}

BOOST_AUTO_TEST_CASE(non_manifold_edge_is_an_error) {
  TriangleSurface s = box;
  // a fin on the edge of triangle 0: a second closed box would do too; one extra face suffices
  s.vertices.push_back(Vector3d(5, 2.5, 20));
  const Index apex = static_cast<Index>(s.vertices.size() - 1);
  s.triangles.push_back({s.triangles[0][0], s.triangles[0][1], apex});
  s.triangles.push_back({s.triangles[0][1], s.triangles[0][0], apex});
  const SurfaceMassResult r = surface_mass_properties(s.vertices, s.triangles);
  BOOST_TEST((r.status == SurfaceMassStatus::non_manifold));
  BOOST_TEST_REQUIRE(r.diagnostics.non_manifold_edges.size() == 1u);
  BOOST_TEST(r.diagnostics.non_manifold_edges[0].face_count == 4);
  BOOST_TEST(r.diagnostics.boundary_edges.empty());
}

BOOST_AUTO_TEST_CASE(inconsistent_orientation_is_an_error_with_faces) {
  Triangles t = box.triangles;
  std::swap(t[7][1], t[7][2]);
  const SurfaceMassResult r = surface_mass_properties(box.vertices, t);
  BOOST_TEST((r.status == SurfaceMassStatus::inconsistent_orientation));
  BOOST_TEST_REQUIRE(r.diagnostics.inconsistent_edges.size() == 3u);
  for (const SurfaceEdgeIssue& e : r.diagnostics.inconsistent_edges)
    BOOST_TEST((e.faces[0] == 7 || e.faces[1] == 7));
}

BOOST_AUTO_TEST_CASE(inside_out_is_reported_and_flipped_only_on_request) {
  Triangles t = box.triangles;
  for (auto& tri : t) std::swap(tri[1], tri[2]);
  const SurfaceMassResult reported = surface_mass_properties(box.vertices, t);
  BOOST_TEST((reported.status == SurfaceMassStatus::inside_out));
  BOOST_TEST(std::abs(reported.signed_volume + 150) < 1e-12);
  BOOST_TEST(reported.properties.mass == 0);
  const SurfaceMassResult flipped = surface_mass_properties(box.vertices, t, {.flip_inside_out = true});
  const SurfaceMassResult original = surface_mass_properties(box.vertices, box.triangles);
  BOOST_TEST((flipped.status == SurfaceMassStatus::ok));
  BOOST_TEST(flipped.flipped);
  BOOST_TEST(std::abs(flipped.properties.volume - 150) < 1e-12);
  BOOST_TEST((flipped.properties.center_of_mass - original.properties.center_of_mass).norm() < 1e-13);
  BOOST_TEST((flipped.properties.inertia - original.properties.inertia).norm() < 1e-11);
}

BOOST_AUTO_TEST_CASE(degenerate_and_empty_surfaces) {
  const std::vector<Vector3d> v = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  const Triangles both_sides = {{0, 1, 2}, {0, 2, 1}};  // closed and consistent, zero volume
  BOOST_TEST((surface_mass_properties(v, both_sides).status == SurfaceMassStatus::degenerate));
  BOOST_TEST((surface_mass_properties(v, Triangles{}).status == SurfaceMassStatus::empty));
}

// The divergence theorem does not depend on the reference point: the same surface with its
// faces listed in another order (another first vertex, hence another reference point) agrees
// to round-off.
BOOST_AUTO_TEST_CASE(result_does_not_depend_on_the_reference_point) {
  const TriangleSurface s = triangulated([](const Vector3d& p) { return cube_to_ball(p, 2); }, 4);
  Triangles reversed(s.triangles.rbegin(), s.triangles.rend());
  const MassProperties a = surface_mass_properties(s.vertices, s.triangles).properties;
  const MassProperties b = surface_mass_properties(s.vertices, reversed).properties;
  BOOST_TEST(s.vertices[static_cast<std::size_t>(s.triangles[0][0])] != s.vertices[static_cast<std::size_t>(reversed[0][0])]);
  BOOST_TEST(std::abs(a.volume - b.volume) < 1e-14 * a.volume * 10);
  BOOST_TEST((a.inertia - b.inertia).norm() < 1e-14 * a.inertia.norm() * 10);
}

// Fixed chunks: the same bits with any thread count (run inside a parallel region, where the
// library stays serial, and outside it); the torus has 2·120·40 triangles, more than one chunk.
// The torus also converges to its closed form at O(h²).
BOOST_AUTO_TEST_CASE(torus_thread_count_independence_and_convergence) {
  const TriangleMesh torus = torus_triangles(120, 40, 3, 1);
  const MassProperties parallel = surface_mass_properties(torus.vertices, torus.triangles).properties;
  MassProperties serial;
  fecontact::detail::parallel_for(2, 1, [&](std::size_t i) {
    if (i == 0) serial = surface_mass_properties(torus.vertices, torus.triangles).properties;
  });
  BOOST_TEST(std::memcmp(&parallel, &serial, sizeof(MassProperties)) == 0);
  const TriangleMesh fine = torus_triangles(240, 80, 3, 1);
  const Deviation e1 = deviation(parallel, torus_properties(3, 1));
  const Deviation e2 = deviation(surface_mass_properties(fine.vertices, fine.triangles).properties, torus_properties(3, 1));
  BOOST_TEST_MESSAGE("triangulated torus: inertia error " << e1.inertia << " → " << e2.inertia);
  BOOST_TEST(std::log2(e1.inertia / e2.inertia) > 1.8);
  BOOST_TEST(std::log2(e1.volume / e2.volume) > 1.8);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
