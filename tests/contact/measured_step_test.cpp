// SPDX-License-Identifier: BSD-3-Clause
// A measured step (ContactSearch::search with MeasuredStep: the skin's test and the coordinates'
// magnitude from the caller) against search: with the same test and magnitude, the same results
// bit for bit; with a test of the caller's own, the contacts and pairs of a search without skin;
// and a plain step after measured ones searches the trees, since no positions were kept for it.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "contact_scenes.hpp"
#include "fecontact/contact/contact_search.hpp"

using namespace fecontact;
using Eigen::Vector3d;
namespace test = fecontact::test;

namespace {

bool same_bits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](double x, double y) { return same_bits(x, y); });
}

bool same_bits(const std::vector<Vector3d>& a, const std::vector<Vector3d>& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](const Vector3d& x, const Vector3d& y) {
           return same_bits(x.x(), y.x()) && same_bits(x.y(), y.y()) && same_bits(x.z(), y.z());
         });
}

// Contacts (with their kinematics) and pairs the same arrays, doubles bit for bit.
void check_same(const InterfaceResult& r, const InterfaceResult& expected) {
  BOOST_TEST(r.contacts.node == expected.contacts.node);
  BOOST_TEST(r.contacts.face == expected.contacts.face);
  BOOST_TEST(same_bits(r.contacts.gap, expected.contacts.gap));
  BOOST_TEST(same_bits(r.contacts.normal, expected.contacts.normal));
  BOOST_TEST(same_bits(r.contacts.point, expected.contacts.point));
  BOOST_TEST(same_bits(r.contacts.tangent1, expected.contacts.tangent1));
  BOOST_TEST(r.pair_slave == expected.pair_slave);
  BOOST_TEST(r.pair_master == expected.pair_master);
  BOOST_TEST(same_bits(r.pair_distance, expected.pair_distance));
  BOOST_TEST(r.degenerate_master_faces == expected.degenerate_master_faces);
  BOOST_TEST(same_bits(r.tolerance, expected.tolerance));
}

// The largest |x| over the nodes: every node of these scenes is a node of its interface.
double magnitude(const std::vector<Vector3d>& x) {
  double largest = 0;
  for (const Vector3d& p : x) largest = std::max(largest, p.norm());
  return largest;
}

double largest_motion(const std::vector<Vector3d>& x, const std::vector<Vector3d>& reference) {
  double largest = 0;
  for (std::size_t n = 0; n < x.size(); ++n) largest = std::max(largest, (x[n] - reference[n]).norm());
  return largest;
}

using Motion = std::function<Vector3d(const Vector3d&, int step)>;

struct Scene {
  Mesh mesh;
  ContactInterface in;
  Motion motion;

  std::vector<Vector3d> at(int step) const {
    std::vector<Vector3d> x = mesh.coordinates;
    for (Vector3d& p : x) p = motion(p, step);
    return x;
  }
};

// A tri3 cylinder (radius 0.3, along x) sliding and sinking on a quad4 plate, which stays.
Scene cylinder_on_plate(ContactMode mode) {
  Scene s;
  const auto plate = test::mapped_grid(s.mesh, ElementType::quad4, 20, 20, test::plate(-1, 1, -1, 1, 0));
  const auto body = test::mapped_grid(s.mesh, ElementType::tri3, 8, 24, test::cylinder(0.3, -0.5, 0.5, 0.299), true);
  s.in.mode = mode;
  s.in.master = plate;
  s.in.slave = body;
  s.in.slave_nodes = surface_nodes(body);
  s.in.options.tolerance = 0.01;
  s.in.options.skin = 0.03;
  s.motion = [](const Vector3d& x, int k) {
    return x.z() > 1e-9 ? Vector3d(x + Vector3d(0.004 * k, 0.0015 * k, -0.0003 * k)) : x;
  };
  return s;
}

// A quad4 strip folded onto itself whose upper leg comes down (self contact).
Scene folded_strip() {
  Scene s;
  s.in.mode = ContactMode::self;
  s.in.master = test::mapped_grid(s.mesh, ElementType::quad4, 3, 48, test::folded_strip(1.5, 0.06));
  s.in.options.tolerance = 0.12;
  s.in.options.skin = 0.02;
  s.motion = [](const Vector3d& x, int k) { return Vector3d(x - Vector3d(0, 0.001 * k, 0.4 * x.z() * 0.01 * k)); };
  return s;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(measured_step)

// Told search's own test and magnitude at each step, a measured search gives search's results
// bit for bit, face pairs whose distance is a lower bound included (they depend on the steps at
// which the trees are searched, and on the slack).
BOOST_AUTO_TEST_CASE(told_what_search_finds_it_gives_the_results_of_search) {
  for (const Scene& s : {cylinder_on_plate(ContactMode::node_to_surface), cylinder_on_plate(ContactMode::surface_to_surface),
                         folded_strip()}) {
    ContactSearch plain(s.mesh, {s.in}), measured(s.mesh, {s.in});
    std::vector<InterfaceResult> expected, r;
    int searched = 0;
    for (int step = 0; step < 30; ++step) {
      const std::vector<Vector3d> x = s.at(step);
      plain.search(x, expected);
      measured.search(x, MeasuredStep{expected[0].searched, magnitude(x)}, r);
      BOOST_TEST_CONTEXT("mode " << int(s.in.mode) << ", step " << step) {
        BOOST_TEST(r[0].searched == expected[0].searched);
        check_same(r[0], expected[0]);
      }
      searched += r[0].searched;
    }
    BOOST_TEST(searched > 1);  // the skin broke, and held
    BOOST_TEST(searched < 20);
  }
}

// The caller's own test (twice the largest motion of any node since the trees were last searched:
// linear faces and nodes move no farther than their nodes) decides, and the node-to-surface
// results are those of a search without skin, bit for bit.
BOOST_AUTO_TEST_CASE(the_callers_test_decides_when_the_trees_are_searched) {
  const Scene s = cylinder_on_plate(ContactMode::node_to_surface);
  ContactInterface no_skin = s.in;
  no_skin.options.skin = 0;
  ContactSearch reference(s.mesh, {no_skin}), measured(s.mesh, {s.in});
  std::vector<InterfaceResult> expected, r;
  std::vector<Vector3d> at_last_search;
  int searched = 0;
  for (int step = 0; step < 30; ++step) {
    const std::vector<Vector3d> x = s.at(step);
    const bool search_trees = at_last_search.empty() || !(2 * largest_motion(x, at_last_search) < s.in.options.skin);
    if (search_trees) at_last_search = x;
    measured.search(x, MeasuredStep{search_trees, magnitude(x)}, r);
    reference.search(x, expected);
    BOOST_TEST_CONTEXT("step " << step) {
      BOOST_TEST(r[0].searched == search_trees);
      check_same(r[0], expected[0]);
    }
    searched += search_trees;
  }
  BOOST_TEST(!expected[0].contacts.node.empty());
  BOOST_TEST(searched > 1);
  BOOST_TEST(searched < 20);
}

// A search with no kept candidates searches its trees whatever the caller says: before its first
// search of the trees, and at every step without a skin.
BOOST_AUTO_TEST_CASE(without_kept_candidates_the_trees_are_searched) {
  for (const double skin : {0.03, 0.0}) {
    Scene s = cylinder_on_plate(ContactMode::node_to_surface);
    s.in.options.skin = skin;
    ContactSearch measured(s.mesh, {s.in}), plain(s.mesh, {s.in});
    std::vector<InterfaceResult> r, expected;
    for (int step = 0; step < 3; ++step) {
      const std::vector<Vector3d> x = s.at(step);
      measured.search(x, MeasuredStep{false, magnitude(x)}, r);
      plain.search(x, expected);
      BOOST_TEST(r[0].searched == (step == 0 || skin == 0), "skin " << skin << ", step " << step);
      check_same(r[0], expected[0]);
    }
  }
}

// A measured step keeps no positions for search's own test: the plain step after it searches the
// trees though the nodes have hardly moved, and takes them; the next plain step does not search.
BOOST_AUTO_TEST_CASE(a_plain_step_after_measured_ones_searches_the_trees) {
  const Scene s = cylinder_on_plate(ContactMode::node_to_surface);
  ContactSearch search(s.mesh, {s.in});
  std::vector<InterfaceResult> r;
  search.search(s.at(0), r);  // plain: positions taken
  search.search(s.at(1), MeasuredStep{true, magnitude(s.at(1))}, r);
  BOOST_TEST(r[0].searched);
  search.search(s.at(2), MeasuredStep{false, magnitude(s.at(2))}, r);
  BOOST_TEST(!r[0].searched);
  search.search(s.at(2), r);
  BOOST_TEST(r[0].searched);
  search.search(s.at(2), r);
  BOOST_TEST(!r[0].searched);
}

BOOST_AUTO_TEST_CASE(another_coordinate_count_is_refused) {
  const Scene s = cylinder_on_plate(ContactMode::node_to_surface);
  ContactSearch search(s.mesh, {s.in});
  std::vector<Vector3d> x = s.at(0);
  x.pop_back();
  std::vector<InterfaceResult> r;
  BOOST_CHECK_THROW(search.search(x, MeasuredStep{true, magnitude(x)}, r), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
