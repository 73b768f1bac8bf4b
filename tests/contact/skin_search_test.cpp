// SPDX-License-Identifier: BSD-3-Clause
// The skin: a search with skin δ must give, at every step of a moving scene, the contacts and
// pairs of a search of the trees at that step (a search without skin), while searching the trees
// only at some steps. Scenes: a cylinder sliding on a plate, a sphere sinking into it, a plate
// turning over another, a folded strip closing on itself, and one slave node that jumps.

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

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

using Motion = std::function<Vector3d(const Vector3d&, int step)>;

// The scene's nodes at a step: `moving` nodes by `motion`, the others where they are.
std::vector<Vector3d> at_step(const fecontact::Mesh& mesh, const std::vector<Index>& moving, const Motion& motion,
                              int step) {
  std::vector<Vector3d> x = mesh.coordinates;
  for (const Index n : moving) x[static_cast<std::size_t>(n)] = motion(mesh.coordinates[static_cast<std::size_t>(n)], step);
  return x;
}

// Same pairs and contacts; distances and gaps to 1e-12 (relative above 1).
void check_same(const InterfaceResult& skin, const InterfaceResult& full, int step) {
  BOOST_TEST_CONTEXT("step " << step) {
    BOOST_TEST(skin.pair_slave == full.pair_slave);
    BOOST_TEST(skin.pair_master == full.pair_master);
    BOOST_TEST(skin.contacts.node == full.contacts.node);
    BOOST_TEST(skin.contacts.face == full.contacts.face);
    BOOST_REQUIRE(skin.pair_distance.size() == full.pair_distance.size());
    for (std::size_t k = 0; k < skin.pair_distance.size(); ++k)
      BOOST_TEST(std::abs(skin.pair_distance[k] - full.pair_distance[k]) <= 1e-12 * std::max(1.0, full.pair_distance[k]));
    BOOST_REQUIRE(skin.contacts.gap.size() == full.contacts.gap.size());
    for (std::size_t k = 0; k < skin.contacts.gap.size(); ++k) {
      BOOST_TEST(std::abs(skin.contacts.gap[k] - full.contacts.gap[k]) <= 1e-12 * std::max(1.0, std::abs(full.contacts.gap[k])));
      BOOST_TEST((skin.contacts.normal[k] - full.contacts.normal[k]).norm() <= 1e-12);
    }
  }
}

// Runs `steps` steps of the scene with skin δ and without, checks every step; returns at how
// many steps the skin search searched its trees.
int run(const fecontact::Mesh& mesh, const ContactInterface& in, const std::vector<Index>& moving,
        const Motion& motion, int steps, double skin) {
  ContactInterface with_skin = in;
  with_skin.options.skin = skin;
  ContactSearch search(mesh, {with_skin}), reference(mesh, {in});
  std::vector<InterfaceResult> r, expected;
  int searched = 0;
  std::size_t pairs = 0;
  for (int step = 0; step < steps; ++step) {
    const std::vector<Vector3d> x = at_step(mesh, moving, motion, step);
    search.search(x, r);
    reference.search(x, expected);
    BOOST_TEST(expected[0].searched);
    check_same(r[0], expected[0], step);
    searched += r[0].searched;
    pairs += expected[0].pair_slave.size();
  }
  BOOST_TEST(pairs > 0u);  // the scene has contact
  BOOST_TEST_MESSAGE("skin " << skin << ": the trees searched at " << searched << " of " << steps << " steps, " << pairs << " pairs");
  return searched;
}

// A quad4 plate [-1, 1]² at z = 0 and a tri3 cylinder of radius 0.3 along x touching it.
struct PlateScene {
  fecontact::Mesh mesh;
  fecontact::Surface plate, body;
};

PlateScene cylinder_on_plate(ElementType body_type) {
  PlateScene s;
  s.plate = test::mapped_grid(s.mesh, ElementType::quad4, 20, 20, test::plate(-1, 1, -1, 1, 0));
  s.body = test::mapped_grid(s.mesh, body_type, 8, 24, test::cylinder(0.3, -0.5, 0.5, 0.299), true);
  return s;
}

ContactInterface interface_of(ContactMode mode, const PlateScene& s, double tolerance) {
  ContactInterface in;
  in.mode = mode;
  in.master = s.plate;
  in.slave = s.body;
  in.slave_nodes = fecontact::surface_nodes(s.body);
  in.options.tolerance = tolerance;
  return in;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(skin_search)

BOOST_AUTO_TEST_CASE(a_cylinder_sliding_and_sinking_on_a_plate) {
  const PlateScene s = cylinder_on_plate(ElementType::tri3);
  const auto body = fecontact::surface_nodes(s.body);
  const Motion slide = [](const Vector3d& x, int k) { return Vector3d(x + Vector3d(0.004 * k, 0.0015 * k, -0.0003 * k)); };
  for (const auto mode : {ContactMode::node_to_surface, ContactMode::surface_to_surface})
    for (const auto bv : {fecontact::BvKind::aabb, fecontact::BvKind::obb, fecontact::BvKind::dual}) {
      ContactInterface in = interface_of(mode, s, 0.01);
      in.options.bv = bv;
      BOOST_TEST_CONTEXT("mode " << int(mode) << ", bv " << int(bv)) {
        const int searched = run(s.mesh, in, body, slide, 40, 0.03);
        BOOST_TEST(searched > 1);
        BOOST_TEST(searched < 20);
        BOOST_TEST(run(s.mesh, in, body, slide, 8, 0.0) == 8);  // no skin: every step searches
      }
    }
}

BOOST_AUTO_TEST_CASE(a_sphere_sinking_into_a_plate_that_moves_too) {
  fecontact::Mesh mesh;
  const auto plate = test::mapped_grid(mesh, ElementType::quad4, 16, 16, test::plate(-1, 1, -1, 1, 0));
  const auto sphere = test::mapped_grid(mesh, ElementType::tri3, 12, 24, [](double u, double v) {
    return Vector3d(test::sphere(0.4)(u, v) + Vector3d(0, 0, 0.401));
  }, true);
  std::vector<Index> moving = fecontact::surface_nodes(sphere);
  const auto plate_nodes = fecontact::surface_nodes(plate);
  moving.insert(moving.end(), plate_nodes.begin(), plate_nodes.end());
  const std::set<Index> on_sphere(moving.begin(), moving.begin() + static_cast<std::ptrdiff_t>(fecontact::surface_nodes(sphere).size()));
  // The sphere sinks; the plate bends up under it (both sides move).
  const Motion sink = [](const Vector3d& x, int k) {
    if (x.z() > 0.0005) return Vector3d(x - Vector3d(0, 0, 0.0006 * k));
    return Vector3d(x + Vector3d(0, 0, 0.0002 * k * (1 - x.squaredNorm() / 2)));
  };
  ContactInterface in;
  in.master = plate;
  in.slave_nodes = fecontact::surface_nodes(sphere);
  in.options.tolerance = 0.02;
  const int searched = run(mesh, in, moving, sink, 30, 0.01);
  BOOST_TEST(searched > 1);
  BOOST_TEST(searched < 15);
}

BOOST_AUTO_TEST_CASE(a_plate_turning_over_another) {
  fecontact::Mesh mesh;
  const auto lower = test::mapped_grid(mesh, ElementType::tri3, 12, 12, test::plate(-1, 1, -1, 1, 0));
  const auto upper = test::mapped_grid(mesh, ElementType::tri3, 10, 10, test::plate(-0.8, 0.8, -0.8, 0.8, 0.05));
  const Motion turn = [](const Vector3d& x, int k) {  // about the y axis through (0, 0, 0.3)
    const double a = 0.004 * k;
    const Vector3d d = x - Vector3d(0, 0, 0.3);
    return Vector3d(Vector3d(0, 0, 0.3) + Vector3d(std::cos(a) * d.x() + std::sin(a) * d.z(), d.y(),
                                                   -std::sin(a) * d.x() + std::cos(a) * d.z()));
  };
  for (const auto mode : {ContactMode::node_to_surface, ContactMode::surface_to_surface}) {
    ContactInterface in;
    in.mode = mode;
    in.master = lower;
    in.slave = upper;
    in.slave_nodes = fecontact::surface_nodes(upper);
    in.options.tolerance = 0.06;
    BOOST_TEST_CONTEXT("mode " << int(mode)) {
      const int searched = run(mesh, in, fecontact::surface_nodes(upper), turn, 30, 0.02);
      BOOST_TEST(searched > 1);
      BOOST_TEST(searched < 15);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_folded_strip_closing_on_itself) {
  fecontact::Mesh mesh;
  const auto strip = test::mapped_grid(mesh, ElementType::tri3, 3, 48, test::folded_strip(1.5, 0.06));
  const Motion close = [](const Vector3d& x, int k) {  // the upper leg comes down
    return Vector3d(x - Vector3d(0, 0.001 * k, 0.4 * x.z() * 0.01 * k));
  };
  ContactInterface in;
  in.mode = ContactMode::self;
  in.master = strip;
  in.options.tolerance = 0.12;
  const int searched = run(mesh, in, fecontact::surface_nodes(strip), close, 25, 0.02);
  BOOST_TEST(searched > 1);
  BOOST_TEST(searched < 20);
}

BOOST_AUTO_TEST_CASE(one_fast_node_makes_the_next_step_search) {
  const PlateScene s = cylinder_on_plate(ElementType::quad4);
  const ContactInterface base = interface_of(ContactMode::node_to_surface, s, 0.01);
  ContactInterface in = base;
  in.options.skin = 0.02;
  ContactSearch search(s.mesh, {in}), reference(s.mesh, {base});
  std::vector<InterfaceResult> r, expected;
  std::vector<Vector3d> x = s.mesh.coordinates;
  const auto body = fecontact::surface_nodes(s.body);
  const auto fast = static_cast<std::size_t>(body[body.size() / 2]);  // a node on top of the cylinder
  for (int step = 0; step < 12; ++step) {
    for (const Index n : body) x[static_cast<std::size_t>(n)].z() -= 0.0004;  // slow: the skin holds
    if (step == 6) x[fast] = Vector3d(0.05, 0.02, 0.004);  // one node jumps to just above the plate
    search.search(x, r);
    reference.search(x, expected);
    check_same(r[0], expected[0], step);
    BOOST_TEST(r[0].searched == (step == 0 || step == 6), "step " << step);
  }
  BOOST_TEST(std::count(r[0].contacts.node.begin(), r[0].contacts.node.end(), static_cast<Index>(fast)) == 1);
}

// Curved quadratic faces: face_distance is a lower bound whose interpolation term changes with
// the shape, so every candidate of the last search of the trees is kept; a step without search
// reports every pair within the tolerance of a search of the trees, and only pairs within it.
BOOST_AUTO_TEST_CASE(quadratic_faces_keep_every_pair) {
  const PlateScene s = cylinder_on_plate(ElementType::quad9);
  ContactInterface in = interface_of(ContactMode::surface_to_surface, s, 0.01);
  const auto body = fecontact::surface_nodes(s.body);
  const Motion slide = [](const Vector3d& x, int k) { return Vector3d(x + Vector3d(0.003 * k, 0, -0.0002 * k)); };
  ContactInterface with_skin = in;
  with_skin.options.skin = 0.03;
  ContactSearch search(s.mesh, {with_skin}), reference(s.mesh, {in});
  std::vector<InterfaceResult> r, expected;
  int searched = 0;
  for (int step = 0; step < 20; ++step) {
    const auto x = at_step(s.mesh, body, slide, step);
    search.search(x, r);
    reference.search(x, expected);
    searched += r[0].searched;
    std::set<std::pair<Index, Index>> found;
    for (std::size_t k = 0; k < r[0].pair_slave.size(); ++k) {
      found.emplace(r[0].pair_slave[k], r[0].pair_master[k]);
      BOOST_TEST(r[0].pair_distance[k] <= 0.01);
    }
    for (std::size_t k = 0; k < expected[0].pair_slave.size(); ++k)
      BOOST_TEST(found.count({expected[0].pair_slave[k], expected[0].pair_master[k]}) == 1u, "step " << step);
  }
  BOOST_TEST(searched < 20);
}

BOOST_AUTO_TEST_SUITE_END()
