// SPDX-License-Identifier: BSD-3-Clause
// The search object as a solver holds it: built from plain arrays (no Mesh), called step after
// step with caller-owned results that keep their capacity (no heap allocation once they have
// grown: counted by replacing the global operator new of this test program, allocation_count.h),
// and bad arguments rejected with a message that names them, leaving the search as it was.

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <omp.h>

#include "allocation_count.h"
#include "contact_scenes.hpp"
#include "fecontact/contact/contact_search.hpp"

using fecontact::ContactInterface;
using fecontact::ContactMode;
using fecontact::ContactSearch;
using fecontact::ElementType;
using fecontact::Index;
using fecontact::InterfaceResult;
using Eigen::Vector3d;
namespace test = fecontact::test;

namespace {

// A solver's arrays for a surface: offsets and node indices.
struct FaceArrays {
  std::vector<Index> offsets{0};
  std::vector<Index> nodes;
};

FaceArrays arrays_of(const fecontact::Surface& surface) {
  FaceArrays a;
  for (const auto& face : surface.faces) {
    a.nodes.insert(a.nodes.end(), face.nodes().begin(), face.nodes().end());
    a.offsets.push_back(static_cast<Index>(a.nodes.size()));
  }
  return a;
}

// A quad9 cylinder resting 0.01 into a quad4 plate, and a tri3 plate above it.
struct Scene {
  fecontact::Mesh mesh;
  fecontact::Surface plate, cylinder, lid;
  Scene() {
    plate = test::mapped_grid(mesh, ElementType::quad4, 12, 12, test::plate(-1, 1, -1, 1, 0));
    cylinder = test::mapped_grid(mesh, ElementType::quad9, 5, 12, test::cylinder(0.4, -0.7, 0.7, 0.39), true);
    lid = test::mapped_grid(mesh, ElementType::tri3, 8, 8, test::plate(-0.8, 0.8, -0.8, 0.8, 0.8));
  }
  // Node-to-surface, surface-to-surface and self interfaces of bounding volumes `bv`, skin `skin`.
  std::vector<ContactInterface> interfaces(fecontact::BvKind bv, double skin) const {
    std::vector<ContactInterface> all(3);
    all[0].mode = ContactMode::node_to_surface;
    all[0].master = plate;
    all[0].slave_nodes = fecontact::surface_nodes(cylinder);
    all[1].mode = ContactMode::surface_to_surface;
    all[1].master = cylinder;
    all[1].slave = lid;
    all[2].mode = ContactMode::self;
    all[2].master = cylinder;
    for (ContactInterface& in : all) {
      in.options.tolerance = 0.05;
      in.options.bv = bv;
      in.options.skin = skin;
    }
    all[2].options.tolerance = 0.25;  // faces two apart around the cylinder: 0.2
    return all;
  }
};

// The scene's nodes at step k: the cylinder sinks and slides, the plate tilts a little.
std::vector<Vector3d> moved(const Scene& scene, int k) {
  std::vector<Vector3d> x = scene.mesh.coordinates;
  for (const Index n : fecontact::surface_nodes(scene.cylinder))
    x[static_cast<std::size_t>(n)] += Vector3d(0.002 * k, 0.001 * k, -0.0005 * k);
  for (const Index n : fecontact::surface_nodes(scene.plate)) x[static_cast<std::size_t>(n)].z() += 1e-4 * k * x[static_cast<std::size_t>(n)].x();
  return x;
}

void check_equal(const InterfaceResult& a, const InterfaceResult& b) {
  BOOST_TEST(a.pair_slave == b.pair_slave);
  BOOST_TEST(a.pair_master == b.pair_master);
  BOOST_TEST(a.pair_distance == b.pair_distance);
  BOOST_TEST(a.contacts.node == b.contacts.node);
  BOOST_TEST(a.contacts.face == b.contacts.face);
  BOOST_TEST(a.contacts.gap == b.contacts.gap);
  BOOST_TEST((a.contacts.normal == b.contacts.normal));
  BOOST_TEST((a.contacts.point == b.contacts.point));
}

// Runs `body` and returns how many allocations it made.
template <class Body>
long allocations_of(Body&& body) {
  const long before = allocation_count();
  body();
  return allocation_count() - before;
}

template <class Function>
void check_rejected(Function&& f, const std::string& expected) {
  try {
    f();
    BOOST_ERROR("no exception; expected one saying '" << expected << "'");
  } catch (const std::invalid_argument& e) {
    BOOST_TEST(std::string(e.what()).find(expected) != std::string::npos, e.what());
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(search_object)

BOOST_AUTO_TEST_CASE(plain_arrays_give_the_results_of_the_mesh_adapter) {
  const Scene scene;
  const FaceArrays plate = arrays_of(scene.plate), cylinder = arrays_of(scene.cylinder), lid = arrays_of(scene.lid);
  std::vector<ContactInterface> from_arrays = scene.interfaces(fecontact::BvKind::aabb, 0);
  from_arrays[0].master = fecontact::surface_from_arrays(plate.offsets, plate.nodes);
  from_arrays[1].master = fecontact::surface_from_arrays(cylinder.offsets, cylinder.nodes);
  from_arrays[1].slave = fecontact::surface_from_arrays(lid.offsets, lid.nodes);
  from_arrays[2].master = from_arrays[1].master;
  BOOST_TEST((from_arrays[1].master.faces[7].type == ElementType::quad9));
  BOOST_TEST((from_arrays[1].slave.faces[7].type == ElementType::tri3));
  ContactSearch solver(scene.mesh.node_count(), from_arrays);
  ContactSearch adapter(scene.mesh, scene.interfaces(fecontact::BvKind::aabb, 0));
  const std::vector<Vector3d> x = moved(scene, 3);
  const auto a = solver.search(x), b = adapter.search(x);
  BOOST_REQUIRE(a.size() == 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    check_equal(a[i], b[i]);
    BOOST_TEST(!a[i].pair_slave.empty());
  }
}

BOOST_AUTO_TEST_CASE(surface_arrays_are_checked) {
  const std::vector<Index> nodes{0, 1, 2, 3, 4, 5, 6};
  check_rejected([&] { fecontact::surface_from_arrays(std::vector<Index>{1, 4}, nodes); }, "must start with 0");
  check_rejected([&] { fecontact::surface_from_arrays(std::vector<Index>{}, nodes); }, "must start with 0");
  check_rejected([&] { fecontact::surface_from_arrays(std::vector<Index>{0, 3, 8}, nodes); }, "face 1");
  check_rejected([&] { fecontact::surface_from_arrays(std::vector<Index>{0, 4, 2}, nodes); }, "face 1");
  check_rejected([&] { fecontact::surface_from_arrays(std::vector<Index>{0, 3, 5}, nodes); }, "face 1 has 2 nodes");
  BOOST_TEST(fecontact::surface_from_arrays(std::vector<Index>{0}, nodes).faces.empty());
}

BOOST_AUTO_TEST_CASE(bad_interfaces_are_rejected_with_the_face_or_node) {
  const Scene scene;
  const Index n = scene.mesh.node_count();
  auto interfaces = scene.interfaces(fecontact::BvKind::aabb, 0);
  interfaces[1].slave.faces[4].node_storage[2] = n + 5;
  check_rejected([&] { ContactSearch(n, interfaces); }, "contact interface 1: slave face 4 has node " + std::to_string(n + 5));
  interfaces = scene.interfaces(fecontact::BvKind::aabb, 0);
  interfaces[0].slave_nodes.push_back(-1);
  check_rejected([&] { ContactSearch(n, interfaces); }, "contact interface 0: slave node -1");
  interfaces = scene.interfaces(fecontact::BvKind::aabb, 0);
  interfaces[2].options.skin = -1;
  check_rejected([&] { ContactSearch(n, interfaces); }, "contact interface 2: the skin");
  interfaces[2].options.skin = 0;
  interfaces[2].options.tolerance = std::numeric_limits<double>::infinity();
  check_rejected([&] { ContactSearch(n, interfaces); }, "contact interface 2: the tolerance must be finite");
  interfaces[2].options.tolerance = -1e-3;
  check_rejected([&] { ContactSearch(n, interfaces); }, "contact interface 2: the tolerance must be finite and >= 0");
}

// The factories take master and slave as distinct types, master first: a plain Surface, or the
// sides swapped, do not compile (issue 45: both were Surface, and (slave, master) searched the
// wrong way round when written in the C interface's order).
using fecontact::MasterSurface;
using fecontact::SlaveSurface;
using fecontact::Surface;
using SurfaceToSurface = decltype(&ContactInterface::surface_to_surface);
using NodeToSurface = decltype(&ContactInterface::node_to_surface);
static_assert(std::is_invocable_v<SurfaceToSurface, MasterSurface, SlaveSurface, double>);
static_assert(!std::is_invocable_v<SurfaceToSurface, SlaveSurface, MasterSurface, double>);
static_assert(!std::is_invocable_v<SurfaceToSurface, Surface, Surface, double>);
static_assert(std::is_invocable_v<NodeToSurface, MasterSurface, std::vector<Index>, double>);
static_assert(!std::is_invocable_v<NodeToSurface, Surface, std::vector<Index>, double>);
static_assert(!std::is_convertible_v<Surface, MasterSurface> && !std::is_convertible_v<Surface, SlaveSurface>);
static_assert(!std::is_constructible_v<MasterSurface, SlaveSurface> && !std::is_constructible_v<SlaveSurface, MasterSurface>);

BOOST_AUTO_TEST_CASE(the_tolerance_has_no_default) {
  const Scene scene;
  const Index n = scene.mesh.node_count();
  auto interfaces = scene.interfaces(fecontact::BvKind::aabb, 0);
  interfaces[1].options = fecontact::SearchOptions{};  // every option as by default
  check_rejected([&] { ContactSearch(n, interfaces); }, "contact interface 1: no tolerance: set SearchOptions::tolerance");
  // The factories take it: the same search as the scene's own interfaces.
  const auto& given = scene.interfaces(fecontact::BvKind::aabb, 0);
  std::vector<ContactInterface> made{
      ContactInterface::node_to_surface(fecontact::MasterSurface{given[0].master}, given[0].slave_nodes,
                                        given[0].options.tolerance),
      ContactInterface::surface_to_surface(fecontact::MasterSurface{given[1].master},
                                           fecontact::SlaveSurface{given[1].slave}, given[1].options.tolerance),
      ContactInterface::self_contact(given[2].master, given[2].options.tolerance)};
  BOOST_TEST((made[2].mode == fecontact::ContactMode::self && given[2].mode == fecontact::ContactMode::self));
  BOOST_TEST((made[1].mode == given[1].mode && made[0].mode == given[0].mode));
  for (std::size_t i = 0; i < 3; ++i) made[i].options = given[i].options;
  const std::vector<Vector3d> x = moved(scene, 2);
  const auto a = ContactSearch(scene.mesh, made).search(x), b = ContactSearch(scene.mesh, given).search(x);
  for (std::size_t i = 0; i < 3; ++i) check_equal(a[i], b[i]);
}

BOOST_AUTO_TEST_CASE(bad_coordinates_are_rejected_and_change_nothing) {
  const Scene scene;
  for (const double skin : {0.0, 0.02}) {
    ContactSearch search(scene.mesh, scene.interfaces(fecontact::BvKind::aabb, skin));
    ContactSearch reference(scene.mesh, scene.interfaces(fecontact::BvKind::aabb, skin));
    std::vector<InterfaceResult> results, expected;
    search.search(moved(scene, 1), results);
    reference.search(moved(scene, 1), expected);
    std::vector<Vector3d> x = moved(scene, 2);
    x.pop_back();
    check_rejected([&] { search.search(x, results); }, std::to_string(scene.mesh.node_count()) + " coordinates expected");
    x = moved(scene, 2);
    const Index bad = fecontact::surface_nodes(scene.cylinder)[7];
    x[static_cast<std::size_t>(bad)].y() = std::numeric_limits<double>::infinity();
    check_rejected([&] { search.search(x, results); }, "node " + std::to_string(bad) + " are not finite");
    check_rejected([&] { search.search(moved(scene, 2), x, results); }, "node " + std::to_string(bad) + " are not finite");
    // The results and the search are as before the rejected calls.
    for (std::size_t i = 0; i < results.size(); ++i) check_equal(results[i], expected[i]);
    search.search(moved(scene, 2), results);
    reference.search(moved(scene, 2), expected);
    for (std::size_t i = 0; i < results.size(); ++i) check_equal(results[i], expected[i]);
  }
}

// Steps 0..5, then the same steps again: the second pass, whose steps are the same size, must
// not allocate (no tree is rebuilt: the motion is small), for every kind of volume, with and
// without a skin, on 1 and 2 threads.
BOOST_AUTO_TEST_CASE(a_step_of_the_same_size_allocates_nothing) {
  const Scene scene;
  std::vector<std::vector<Vector3d>> steps;
  for (int k = 0; k < 6; ++k) steps.push_back(moved(scene, k));
  const int threads = omp_get_max_threads();
  for (const int thread_count : {1, 2})
    for (const auto bv : {fecontact::BvKind::aabb, fecontact::BvKind::obb, fecontact::BvKind::dual})
      for (const double skin : {0.0, 0.004}) {
        omp_set_num_threads(thread_count);
        ContactSearch search(scene.mesh, scene.interfaces(bv, skin));
        std::vector<InterfaceResult> results;
        BOOST_TEST(allocations_of([&] {
                     for (const auto& x : steps) search.search(x, results);
                   }) > 0);  // the trees and the results' arrays: the count sees the library's allocations
        const Index builds = search.build_count();
        int searched = 0;
        const long count = allocations_of([&] {
          for (const auto& x : steps) {
            search.search(x, results);
            for (const InterfaceResult& r : results) searched += r.searched;
          }
        });
        BOOST_TEST(search.build_count() == builds);
        BOOST_TEST(count == 0, "threads " << thread_count << ", bv " << int(bv) << ", skin " << skin << ": "
                                          << count << " allocations");
        BOOST_TEST(!results[0].contacts.node.empty());
        if (skin > 0) BOOST_TEST(searched < 3 * 6);  // the skin held at some steps
      }
  omp_set_num_threads(threads);
}

BOOST_AUTO_TEST_SUITE_END()
