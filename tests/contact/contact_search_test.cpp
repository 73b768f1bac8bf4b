// SPDX-License-Identifier: BSD-3-Clause
// The search object against brute force on generated scenes: every node–face and face–face
// pair within the tolerance is found and nothing else, the contact data equal a brute-force
// closest-face computation, for AABB and OBB trees, face and spectral-patch leaves, 1 and 2
// threads, across steps with refits and a rebuild.

#include <algorithm>
#include <limits>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <omp.h>

#include "contact_scenes.hpp"
#include "fecontact/contact/contact_search.hpp"
#include "fecontact/contact/face_distance.hpp"
#include "fecontact/contact/node_contact.hpp"
#include "fecontact/frontend/contact_json.hpp"
#include "fecontact/geometry/aabb.hpp"
#include "spectra.hpp"

using fecontact::ContactInterface;
using fecontact::ElementType;
using fecontact::Index;
using fecontact::InterfaceResult;
using Eigen::Vector3d;
using Mode = fecontact::ContactMode;
namespace test = fecontact::test;

namespace {

using Pairs = std::vector<std::tuple<Index, Index, double>>;
using Coordinates = std::span<const Vector3d>;

Pairs pairs_of(const InterfaceResult& r) {
  Pairs pairs;
  for (std::size_t k = 0; k < r.pair_slave.size(); ++k)
    pairs.emplace_back(r.pair_slave[k], r.pair_master[k], r.pair_distance[k]);
  return pairs;
}

// The box of a face's nodes: it holds the whole face when the face is linear (tri3, quad4: a
// convex combination of its corners), so pairs farther from it than the tolerance are skipped.
fecontact::Aabb node_box(const fecontact::SurfaceFace& face, Coordinates x) {
  BOOST_REQUIRE(!fecontact::is_quadratic(face.type));
  fecontact::Aabb b;
  for (const Index n : face.nodes()) b = fecontact::expand(b, x[static_cast<std::size_t>(n)]);
  return b;
}

// Brute force: every slave node against every non-degenerate (linear) master face.
void check_node_to_surface(const ContactInterface& in, const InterfaceResult& r, Coordinates x) {
  const std::vector<Index> skip = fecontact::degenerate_faces(in.master, x);
  BOOST_TEST(r.degenerate_master_faces == skip);
  std::vector<fecontact::Aabb> boxes;
  for (const auto& face : in.master.faces) boxes.push_back(fecontact::inflate(node_box(face, x), r.tolerance));
  Pairs expected;
  std::vector<Index> touched;
  std::vector<std::vector<Index>> near_faces;
  for (const Index n : in.slave_nodes) {
    const Vector3d& p = x[static_cast<std::size_t>(n)];
    std::vector<Index> near;
    for (Index f = 0; f < in.master.size(); ++f) {
      if (std::binary_search(skip.begin(), skip.end(), f) || !fecontact::contains(boxes[static_cast<std::size_t>(f)], p)) continue;
      const auto face = fecontact::gather_face_nodes(in.master.faces[static_cast<std::size_t>(f)], x);
      const double d = fecontact::project_onto_face(p, face).distance;
      if (d <= r.tolerance) {
        expected.emplace_back(n, f, d);
        near.push_back(f);
      }
    }
    if (!near.empty()) {
      touched.push_back(n);
      near_faces.push_back(near);
    }
  }
  BOOST_TEST((pairs_of(r) == expected), "pairs differ: " << r.pair_slave.size() << " found, " << expected.size() << " expected");
  BOOST_TEST(r.contacts.node == touched);
  if (r.contacts.node != touched) return;
  for (std::size_t k = 0; k < touched.size(); ++k) {
    // The closest face overall is among those within the tolerance.
    const auto c = fecontact::closest_face(x[static_cast<std::size_t>(touched[k])], near_faces[k], in.master, x);
    BOOST_TEST(r.contacts.face[k] == c.face);
    BOOST_TEST(std::abs(r.contacts.gap[k] - c.gap) <= 1e-12 * std::max(1.0, std::abs(c.gap)));
    BOOST_TEST((r.contacts.normal[k] - c.normal).norm() <= 1e-12);
  }
}

// Brute force over all face pairs (linear faces), pruned by the node boxes.
void check_face_pairs(const ContactInterface& in, const InterfaceResult& r, Coordinates x) {
  const bool self = in.mode == Mode::self;
  const fecontact::Surface& slave = self ? in.master : in.slave;
  const auto box = [&](const fecontact::SurfaceFace& f) { return node_box(f, x); };
  const std::vector<Index> skip_m = fecontact::degenerate_faces(in.master, x);
  const std::vector<Index> skip_s = fecontact::degenerate_faces(slave, x);
  Pairs expected;
  for (Index s = 0; s < slave.size(); ++s)
    for (Index m = self ? s + 1 : 0; m < in.master.size(); ++m) {
      const auto& fs = slave.faces[static_cast<std::size_t>(s)];
      const auto& fm = in.master.faces[static_cast<std::size_t>(m)];
      if (std::binary_search(skip_s.begin(), skip_s.end(), s) || std::binary_search(skip_m.begin(), skip_m.end(), m)) continue;
      if (self) {
        bool shared = false;
        for (const Index a : fs.nodes())
          for (const Index b : fm.nodes()) shared = shared || a == b;
        if (shared) continue;
      }
      if (!fecontact::overlap(fecontact::inflate(box(fs), r.tolerance), box(fm))) continue;
      const double d = fecontact::face_distance(fecontact::gather_face_nodes(fs, x), fecontact::gather_face_nodes(fm, x)).distance;
      if (d <= r.tolerance) expected.emplace_back(s, m, d);
    }
  BOOST_TEST((pairs_of(r) == expected), "pairs differ: " << r.pair_slave.size() << " found, " << expected.size() << " expected");
}

void check(const ContactInterface& in, const InterfaceResult& r, Coordinates x) {
  if (in.mode == Mode::node_to_surface) check_node_to_surface(in, r, x); else check_face_pairs(in, r, x);
}

// Every option combination of the search on one interface, each checked against brute force.
void search_every_way(const fecontact::Mesh& mesh, ContactInterface in) {
  for (const auto bv : {fecontact::BvKind::aabb, fecontact::BvKind::obb, fecontact::BvKind::dual})
    for (const auto leaves : {fecontact::LeafUnit::face, fecontact::LeafUnit::spectral_patch}) {
      in.options.bv = bv;
      in.options.leaves = leaves;
      if (leaves == fecontact::LeafUnit::spectral_patch && !test::spectra_built) {  // the clear refusal
        BOOST_CHECK_EXCEPTION(fecontact::ContactSearch(mesh, {in}).search(mesh.coordinates), std::runtime_error,
                              [](const std::runtime_error& e) { return std::string(e.what()).find("Spectra") != std::string::npos; });
        continue;
      }
      fecontact::ContactSearch search(mesh, {in});
      const InterfaceResult r = search.search(mesh.coordinates).front();
      BOOST_TEST_CONTEXT("bv " << int(bv) << ", leaves " << int(leaves)) check(in, r, mesh.coordinates);
    }
}

// Block top (quad4, master, z = 0) pressed by a quad9 cylinder of radius 0.5 sunk 0.02 into it.
struct CylinderScene {
  fecontact::Mesh mesh;
  fecontact::Surface block, cylinder;
  explicit CylinderScene(const Vector3d& offset = Vector3d::Zero(), ElementType cylinder_type = ElementType::quad9) {
    block = test::mapped_grid(mesh, ElementType::quad4, 16, 16, [&](double u, double v) {
      return Vector3d(test::plate(-1, 1, -1, 1, 0)(u, v) + offset);
    });
    cylinder = test::mapped_grid(mesh, cylinder_type, 6, 20, [&](double u, double v) {
      return Vector3d(test::cylinder(0.5, -0.8, 0.8, 0.48)(u, v) + offset);
    }, true);
  }
  ContactInterface node_to_surface(double tolerance) const {
    ContactInterface in;
    in.master = block;
    in.slave = cylinder;
    in.slave_nodes = fecontact::surface_nodes(cylinder);
    in.options.tolerance = tolerance;
    return in;
  }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(contact_search)

BOOST_AUTO_TEST_CASE(block_pressed_by_a_cylinder_node_to_surface) {
  const CylinderScene scene;
  const ContactInterface in = scene.node_to_surface(0.05);
  search_every_way(scene.mesh, in);
  // The lowest cylinder line sits 0.02 below the block: gap −0.02 (closed form).
  fecontact::ContactSearch search(scene.mesh, {in});
  const InterfaceResult r = search.search(scene.mesh.coordinates).front();
  BOOST_TEST(!r.contacts.gap.empty());
  BOOST_TEST(*std::min_element(r.contacts.gap.begin(), r.contacts.gap.end()) == -0.02, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(block_pressed_by_a_cylinder_surface_to_surface) {
  CylinderScene scene(Vector3d::Zero(), ElementType::tri3);
  ContactInterface in;
  in.mode = Mode::surface_to_surface;
  in.master = scene.block;
  in.slave = scene.cylinder;
  in.options.tolerance = 0.03;
  search_every_way(scene.mesh, in);
}

BOOST_AUTO_TEST_CASE(concentric_spheres_with_degenerate_pole_faces) {
  fecontact::Mesh mesh;
  const fecontact::Surface inner = test::mapped_grid(mesh, ElementType::tri3, 10, 16, test::sphere(1.0), true);
  const fecontact::Surface outer = test::mapped_grid(mesh, ElementType::tri6, 5, 8, test::sphere(1.03), true);
  ContactInterface in;
  in.master = inner;
  in.slave_nodes = fecontact::surface_nodes(outer);
  in.options.tolerance = 0.3;
  in.options.relative = true;  // 0.3 × mean face size ≈ 0.08
  search_every_way(mesh, in);
  fecontact::ContactSearch search(mesh, {in});
  const InterfaceResult r = search.search(mesh.coordinates).front();
  // One zero-area triangle per cell at each pole (two of its corners are pole nodes).
  BOOST_TEST(r.degenerate_master_faces.size() == 2u * 16u);
  // Every outer node is 0.03 from the sphere, the inner mesh's flat triangles a little farther.
  BOOST_TEST(r.contacts.node.size() == in.slave_nodes.size());
  BOOST_TEST(*std::min_element(r.contacts.gap.begin(), r.contacts.gap.end()) >= 0.03 - 1e-12);
  BOOST_TEST(*std::max_element(r.contacts.gap.begin(), r.contacts.gap.end()) <= 0.03 + 0.05);
}

BOOST_AUTO_TEST_CASE(folded_shell_self_contact) {
  fecontact::Mesh mesh;
  const fecontact::Surface strip = test::mapped_grid(mesh, ElementType::tri3, 3, 48, test::folded_strip(1.5, 0.06));
  ContactInterface in;
  in.mode = Mode::self;
  in.master = strip;
  in.options.tolerance = 0.15;  // the legs face each other 0.12 apart
  search_every_way(mesh, in);
  fecontact::ContactSearch search(mesh, {in});
  const InterfaceResult r = search.search(mesh.coordinates).front();
  BOOST_TEST(r.pair_slave.size() > 100u);
}

BOOST_AUTO_TEST_CASE(bodies_far_apart_have_no_pairs) {
  fecontact::Mesh mesh;
  const auto a = test::mapped_grid(mesh, ElementType::quad4, 8, 8, test::plate(0, 1, 0, 1, 0));
  const auto b = test::mapped_grid(mesh, ElementType::tri3, 8, 8, test::plate(0, 1, 0, 1, 100));
  for (const Mode mode : {Mode::node_to_surface, Mode::surface_to_surface}) {
    ContactInterface in;
    in.mode = mode;
    in.master = a;
    in.slave = b;
    in.slave_nodes = fecontact::surface_nodes(b);
    in.options.tolerance = 1.0;
    fecontact::ContactSearch search(mesh, {in});
    const InterfaceResult r = search.search(mesh.coordinates).front();
    BOOST_TEST(r.pair_slave.empty());
    BOOST_TEST(r.contacts.node.empty());
    search_every_way(mesh, in);
  }
}

BOOST_AUTO_TEST_CASE(far_from_the_origin) {
  // At 10⁹ the coordinates are rounded to ulp(10⁹) = 1.2e-7; the search still equals brute
  // force on the rounded coordinates (the trees stay conservative).
  for (const double d : {1e6, 1e9}) {
    const CylinderScene scene(Vector3d(d, -d, d));
    BOOST_TEST_CONTEXT("offset " << d) search_every_way(scene.mesh, scene.node_to_surface(0.05));
  }
}

BOOST_AUTO_TEST_CASE(coplanar_coincident_and_collinear_scenes) {
  // A slave plate lying in the master's plane (every gap 0, all faces coplanar), two slave
  // nodes at one place, and a master whose nodes all lie on one line (every face degenerate:
  // listed in degenerate_master_faces, never a contact).
  fecontact::Mesh mesh;
  const auto master = test::mapped_grid(mesh, ElementType::quad4, 6, 6, test::plate(0, 1, 0, 1, 0));
  const auto coplanar = test::mapped_grid(mesh, ElementType::tri3, 5, 5, test::plate(0.05, 0.95, 0.05, 0.95, 0));
  const auto line = test::mapped_grid(mesh, ElementType::quad4, 3, 3, [](double u, double v) {
    return Vector3d(0.2 + 0.3 * (u + v), 0.5, 0.001);
  });
  for (int k = 0; k < 2; ++k) {
    mesh.coordinates.emplace_back(0.3, 0.3, 0.004);
    mesh.node_ids.push_back(900 + mesh.node_count());
  }
  for (const Mode mode : {Mode::node_to_surface, Mode::surface_to_surface}) {
    ContactInterface in;
    in.mode = mode;
    in.master = master;
    in.slave = coplanar;
    in.slave_nodes = fecontact::surface_nodes(coplanar);
    in.slave_nodes.push_back(mesh.node_count() - 2);
    in.slave_nodes.push_back(mesh.node_count() - 1);
    in.options.tolerance = 0.01;
    BOOST_TEST_CONTEXT("mode " << int(mode)) search_every_way(mesh, in);
  }
  ContactInterface in;
  in.master = line;
  in.slave_nodes = fecontact::surface_nodes(master);
  in.options.tolerance = 0.1;
  search_every_way(mesh, in);
  fecontact::ContactSearch search(mesh, {in});
  const InterfaceResult r = search.search(mesh.coordinates).front();
  BOOST_TEST(r.degenerate_master_faces.size() == std::size_t(line.size()));
  BOOST_TEST(r.contacts.node.empty());
}

BOOST_AUTO_TEST_CASE(nodes_exactly_on_a_vertex_and_on_an_edge) {
  fecontact::Mesh mesh;
  const auto plate = test::mapped_grid(mesh, ElementType::quad4, 4, 4, test::plate(0, 1, 0, 1, 0));
  for (const Vector3d& p : {Vector3d(0.25, 0.5, 0), Vector3d(0.375, 0.5, 0)}) {
    mesh.coordinates.push_back(p);
    mesh.node_ids.push_back(900 + mesh.node_count());
  }
  ContactInterface in;
  in.master = plate;
  in.slave_nodes = {mesh.node_count() - 2, mesh.node_count() - 1};
  in.options.tolerance = 0;
  search_every_way(mesh, in);
  fecontact::ContactSearch search(mesh, {in});
  const InterfaceResult r = search.search(mesh.coordinates).front();
  // The vertex touches faces 4, 5, 8, 9 and the edge midpoint faces 5 and 9, all at distance 0.
  BOOST_TEST(r.pair_master == (std::vector<Index>{4, 5, 8, 9, 5, 9}));
  BOOST_TEST(r.contacts.face == (std::vector<Index>{4, 5}));
  BOOST_TEST(r.contacts.gap == (std::vector<double>{0, 0}));
  BOOST_TEST((r.contacts.feature == std::vector<fecontact::FaceFeature>{fecontact::FaceFeature::vertex, fecontact::FaceFeature::edge}));
  BOOST_TEST(r.contacts.feature_index == (std::vector<int>{2, 2}));
}

BOOST_AUTO_TEST_CASE(one_and_two_threads_give_identical_results, *boost::unit_test::label("spectra") *
                     boost::unit_test::precondition(test::spectra_found)) {
  const CylinderScene scene;
  std::vector<ContactInterface> interfaces = {scene.node_to_surface(0.05), scene.node_to_surface(0.1),
                                              scene.node_to_surface(0.05)};
  interfaces[1].mode = Mode::surface_to_surface;
  interfaces[1].options.bv = fecontact::BvKind::obb;
  interfaces[2].options.leaves = fecontact::LeafUnit::spectral_patch;
  const int threads = omp_get_max_threads();
  std::vector<Vector3d> predicted = scene.mesh.coordinates;
  for (Vector3d& x : predicted) x.z() -= 0.03 * x.x() * x.x();
  std::string reports[2];  // the JSON reports of a two-configuration search, every array in them
  const auto run = [&](int n) {
    omp_set_num_threads(n);
    fecontact::ContactSearch search(scene.mesh, interfaces);
    const auto result = search.search(scene.mesh.coordinates);
    std::ostringstream out;
    fecontact::write_contact_json(out, scene.mesh, search.interfaces(), search.search(scene.mesh.coordinates, predicted));
    reports[n - 1] = out.str();
    return result;
  };
  const auto one = run(1), two = run(2);
  omp_set_num_threads(threads);
  BOOST_TEST((reports[0] == reports[1]));
  BOOST_TEST(reports[0].find("\"predicted\"") != std::string::npos);
  for (std::size_t i = 0; i < one.size(); ++i) {
    BOOST_TEST(one[i].pair_slave == two[i].pair_slave);
    BOOST_TEST(one[i].pair_master == two[i].pair_master);
    BOOST_TEST(one[i].pair_distance == two[i].pair_distance);
    BOOST_TEST(one[i].contacts.gap == two[i].contacts.gap);
    BOOST_TEST((one[i].contacts.normal == two[i].contacts.normal));
    BOOST_TEST((one[i].contacts.local == two[i].contacts.local));
    BOOST_TEST((one[i].counters == two[i].counters));
  }
}

BOOST_AUTO_TEST_CASE(steps_refit_and_rebuild_only_when_it_pays) {
  CylinderScene scene;
  ContactInterface in = scene.node_to_surface(0.05);
  fecontact::ContactSearch search(scene.mesh, {in});
  std::vector<Vector3d> x = scene.mesh.coordinates;
  for (int step = 0; step < 4; ++step) {
    for (const Index n : fecontact::surface_nodes(scene.block)) x[static_cast<std::size_t>(n)].z() += 0.004;
    const InterfaceResult r = search.search(x).front();
    check(in, r, x);
    BOOST_TEST(r.rebuilt == (step == 0));
  }
  BOOST_TEST(search.build_count() == 1);  // translations keep the SAH cost: refits only
  // Scramble the block's nodes: the refitted tree degrades, the search rebuilds it.
  std::vector<Index> nodes = fecontact::surface_nodes(scene.block);
  std::vector<Vector3d> shuffled;
  for (const Index n : nodes) shuffled.push_back(x[static_cast<std::size_t>(n)]);
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937_64(5));
  for (std::size_t k = 0; k < nodes.size(); ++k) x[static_cast<std::size_t>(nodes[k])] = shuffled[k];
  const InterfaceResult r = search.search(x).front();
  BOOST_TEST(r.rebuilt);
  BOOST_TEST(search.build_count() == 2);
  check(in, r, x);
}

BOOST_AUTO_TEST_CASE(two_configurations_catch_a_node_tunnelling_through) {
  fecontact::Mesh mesh;
  const auto plate = test::mapped_grid(mesh, ElementType::quad4, 4, 4, test::plate(0, 1, 0, 1, 0));
  mesh.coordinates.push_back(Vector3d(0.3, 0.6, 0.2));
  mesh.node_ids.push_back(999);
  std::vector<Vector3d> predicted = mesh.coordinates;
  predicted.back() = Vector3d(0.3, 0.6, -0.2);
  ContactInterface in;
  in.master = plate;
  in.slave_nodes = {mesh.node_count() - 1};
  in.options.tolerance = 0.01;
  for (const auto bv : {fecontact::BvKind::aabb, fecontact::BvKind::obb, fecontact::BvKind::dual}) {
    in.options.bv = bv;
    fecontact::ContactSearch search(mesh, {in});
    BOOST_TEST(search.search(mesh.coordinates).front().pair_slave.empty());
    BOOST_TEST(search.search(predicted).front().pair_slave.empty());
    const InterfaceResult swept = search.search(mesh.coordinates, predicted).front();
    BOOST_TEST(std::count(swept.pair_master.begin(), swept.pair_master.end(), 9) == 1);  // the face it crosses
    BOOST_TEST(swept.contacts.face == std::vector<Index>{9});
    BOOST_TEST(swept.contacts.gap.front() == 0.2, boost::test_tools::tolerance(1e-12));
    // The other end of the step: 0.2 below the face it crossed (closed form).
    BOOST_TEST(swept.configurations == 2);
    BOOST_TEST(swept.predicted.node == swept.contacts.node);
    BOOST_TEST(swept.predicted.face == std::vector<Index>{9});
    BOOST_TEST(swept.predicted.gap.front() == -0.2, boost::test_tools::tolerance(1e-12));
    BOOST_TEST((swept.predicted.normal == std::vector<Vector3d>{Vector3d(0, 0, 1)}));
  }
}

// Brute force at both ends of a step: slave nodes of a wavy sheet move through a tilted plate
// (some tunnel: positive gap at current, negative at predicted). For every node whose closest
// face at either end lies within the tolerance, the result's contact at that end is that face
// with its gap (every face projected, sign from its normal).
BOOST_AUTO_TEST_CASE(two_configurations_give_contacts_at_both_ends_of_the_step) {
  fecontact::Mesh mesh;
  const auto plate = test::mapped_grid(mesh, ElementType::quad4, 10, 10, [](double u, double v) {
    return Vector3d(u, v, 0.1 * u + 0.05 * v);
  });
  const auto sheet = test::mapped_grid(mesh, ElementType::tri3, 9, 9, test::plate(0.03, 0.97, 0.04, 0.96, 0.1));
  ContactInterface in;
  in.master = plate;
  in.slave_nodes = fecontact::surface_nodes(sheet);
  in.options.tolerance = 0.02;
  std::vector<Vector3d> predicted = mesh.coordinates;
  for (const Index n : in.slave_nodes) {
    Vector3d& p = predicted[static_cast<std::size_t>(n)];
    p.z() -= 0.05 + 0.2 * p.x() * p.y();  // nodes near (1, 1) go deepest
  }
  const auto brute = [&](const Vector3d& p, Coordinates x) {
    std::pair<Index, double> best{-1, std::numeric_limits<double>::infinity()};
    double distance = best.second;
    for (Index f = 0; f < plate.size(); ++f) {
      const auto face = fecontact::gather_face_nodes(plate.faces[static_cast<std::size_t>(f)], x);
      const auto q = fecontact::project_onto_face(p, face);
      if (q.distance >= distance) continue;
      distance = q.distance;
      best = {f, (p - q.point).dot(fecontact::face_normal(face, q.local)) >= 0 ? q.distance : -q.distance};
    }
    return best;
  };
  int tunnelling = 0;
  for (const auto bv : {fecontact::BvKind::aabb, fecontact::BvKind::obb}) {
    in.options.bv = bv;
    fecontact::ContactSearch search(mesh, {in});
    const InterfaceResult r = search.search(mesh.coordinates, predicted).front();
    BOOST_REQUIRE(r.predicted.node.size() == r.contacts.node.size());
    for (const Index n : in.slave_nodes) {
      const auto at = std::lower_bound(r.contacts.node.begin(), r.contacts.node.end(), n);
      const bool listed = at != r.contacts.node.end() && *at == n;
      const auto k = static_cast<std::size_t>(at - r.contacts.node.begin());
      const auto now = brute(mesh.coordinates[static_cast<std::size_t>(n)], mesh.coordinates);
      const auto then = brute(predicted[static_cast<std::size_t>(n)], predicted);
      if (std::abs(now.second) <= r.tolerance || std::abs(then.second) <= r.tolerance) BOOST_TEST_REQUIRE(listed);
      if (!listed) continue;
      if (std::abs(now.second) <= r.tolerance) {
        BOOST_TEST(r.contacts.face[k] == now.first);
        BOOST_TEST(std::abs(r.contacts.gap[k] - now.second) <= 1e-12);
      }
      if (std::abs(then.second) <= r.tolerance) {
        BOOST_TEST(r.predicted.face[k] == then.first);
        BOOST_TEST(std::abs(r.predicted.gap[k] - then.second) <= 1e-12);
      }
      if (r.contacts.gap[k] > 0 && r.predicted.gap[k] < 0) ++tunnelling;
    }
  }
  BOOST_TEST(tunnelling > 0);
}

BOOST_AUTO_TEST_SUITE_END()
