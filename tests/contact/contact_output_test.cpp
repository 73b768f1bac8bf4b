// SPDX-License-Identifier: BSD-3-Clause
// The reports of a search: the JSON report parsed back (keys, counts, file ids, every double bit
// for bit) and the .vtu parsed back (points, cells, arrays against the result arrays), and the
// tree-level volumes (a cut of the tree: at most 2^level volumes holding every master face).

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "contact_scenes.hpp"
#include "fecontact/contact/contact_search.hpp"
#include "fecontact/frontend/contact_json.hpp"
#include "fecontact/frontend/contact_vtu.hpp"
#include "json_parse.hpp"
#include "scratch_files.hpp"
#include "vtu_parse.hpp"

using fecontact::ContactInterface;
using fecontact::ElementType;
using fecontact::Index;
using fecontact::InterfaceResult;
using Eigen::Vector3d;
using Mode = fecontact::ContactMode;
namespace test = fecontact::test;

namespace {

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// A wavy plate (master), a plate of slave nodes above it with some pressed in, and a second
// surface above for a surface-to-surface interface: coordinates with long binary expansions so
// that a lossy number format would show.
struct Scene {
  fecontact::Mesh mesh;
  std::vector<ContactInterface> interfaces;
  std::vector<Vector3d> moved;  // a second configuration: the slaves moved down

  Scene() {
    const auto wavy = [](double u, double v) {
      return Vector3d(u, v, 0.01 * std::sin(7 * u) * std::cos(5 * v) / 3);
    };
    const fecontact::Surface master = test::mapped_grid(mesh, ElementType::quad4, 8, 8, wavy);
    const fecontact::Surface slave = test::mapped_grid(mesh, ElementType::tri3, 6, 6, test::plate(0.05, 0.95, 0.05, 0.95, 0.004 / 3));
    ContactInterface n2s;
    n2s.master = master;
    n2s.slave_nodes = fecontact::surface_nodes(slave);
    n2s.options.tolerance = 0.01;
    ContactInterface s2s;
    s2s.mode = Mode::surface_to_surface;
    s2s.master = master;
    s2s.slave = slave;
    s2s.options.tolerance = 0.005;
    s2s.options.bv = fecontact::BvKind::obb;
    interfaces = {n2s, s2s};
    moved = mesh.coordinates;
    for (const Index n : n2s.slave_nodes) moved[static_cast<std::size_t>(n)].z() -= 0.02;
  }
};

void check_number(const test::JsonValue& v, double expected) {
  if (std::isfinite(expected)) BOOST_TEST(same_bits(v.number(), expected));
  else BOOST_TEST((v.type == test::JsonValue::Type::null));
}

template <int n>
void check_vector(const test::JsonValue& v, const Eigen::Matrix<double, n, 1>& value) {
  BOOST_REQUIRE(v.size() == static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) check_number(v[static_cast<std::size_t>(k)], value[k]);
}

// The element id of a master face: the grids are shell blocks, so a face is its element id.
long long element_id(const fecontact::Mesh& mesh, const fecontact::Surface& s, Index face) {
  const auto& owner = s.faces[static_cast<std::size_t>(face)].owner;
  return mesh.blocks[static_cast<std::size_t>(owner.element.block)].element_ids[static_cast<std::size_t>(owner.element.element)];
}

void check_node_interface(const test::JsonValue& j, const Scene& scene, const InterfaceResult& r) {
  const ContactInterface& in = scene.interfaces[0];
  BOOST_TEST(j["mode"].text == "node-to-surface");
  BOOST_TEST(j["bv"].text == "aabb");
  check_number(j["tolerance"], r.tolerance);
  BOOST_TEST(j["configurations"].integer() == r.configurations);
  const auto& stats = j["statistics"];
  BOOST_TEST(stats["bv_tests"].integer() == static_cast<long long>(r.counters.bv_tests));
  BOOST_TEST(stats["leaf_tests"].integer() == static_cast<long long>(r.counters.leaf_pairs));
  BOOST_TEST(stats["candidates"].integer() == static_cast<long long>(r.counters.pairs_reported));
  BOOST_TEST(stats["contacts"].integer() == static_cast<long long>(r.contacts.node.size()));
  BOOST_TEST(stats["pairs"].integer() == static_cast<long long>(r.pair_slave.size()));
  BOOST_TEST(!stats.has("build_ms"));  // no time given
  const auto& contacts = j["contacts"];
  BOOST_REQUIRE(contacts.size() == r.contacts.node.size());
  BOOST_TEST(!r.contacts.node.empty());
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const auto& c = contacts[i];
    BOOST_TEST(c["node"].integer() == scene.mesh.node_ids[static_cast<std::size_t>(r.contacts.node[i])]);
    BOOST_TEST(c["face"].integer() == element_id(scene.mesh, in.master, r.contacts.face[i]));
    check_number(c["gap"], r.contacts.gap[i]);
    check_vector(c["normal"], r.contacts.normal[i]);
    check_vector(c["point"], r.contacts.point[i]);
    check_vector(c["local"], r.contacts.local[i]);
    BOOST_TEST(c.has("predicted") == (r.configurations == 2));
    if (r.configurations == 2) {
      check_number(c["predicted"]["gap"], r.predicted.gap[i]);
      check_vector(c["predicted"]["normal"], r.predicted.normal[i]);
    }
  }
  const auto& pairs = j["pairs"];
  BOOST_REQUIRE(pairs.size() == r.pair_slave.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    BOOST_TEST(pairs[i]["node"].integer() == scene.mesh.node_ids[static_cast<std::size_t>(r.pair_slave[i])]);
    BOOST_TEST(pairs[i]["face"].integer() == element_id(scene.mesh, in.master, r.pair_master[i]));
    check_number(pairs[i]["distance"], r.pair_distance[i]);
  }
}

void check_face_interface(const test::JsonValue& j, const Scene& scene, const InterfaceResult& r) {
  const ContactInterface& in = scene.interfaces[1];
  BOOST_TEST(j["mode"].text == "surface-to-surface");
  BOOST_TEST(j["bv"].text == "obb");
  BOOST_TEST(!j.has("pairs"));
  const auto& contacts = j["contacts"];
  BOOST_REQUIRE(contacts.size() == r.pair_slave.size());
  BOOST_TEST(!r.pair_slave.empty());
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    BOOST_TEST(contacts[i]["slave_face"].integer() == element_id(scene.mesh, in.slave, r.pair_slave[i]));
    BOOST_TEST(contacts[i]["master_face"].integer() == element_id(scene.mesh, in.master, r.pair_master[i]));
    check_number(contacts[i]["distance"], r.pair_distance[i]);
    BOOST_TEST(contacts[i].has("distance_predicted") == (r.configurations == 2));
    if (r.configurations == 2) check_number(contacts[i]["distance_predicted"], r.pair_distance_predicted[i]);
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(contact_output)

BOOST_AUTO_TEST_CASE(json_report_reads_back_exactly) {
  Scene scene;
  fecontact::ContactSearch search(scene.mesh, scene.interfaces);
  for (const int configurations : {1, 2}) {
    const std::vector<InterfaceResult> results =
        configurations == 1 ? search.search(scene.mesh.coordinates) : search.search(scene.mesh.coordinates, scene.moved);
    const std::vector<fecontact::InterfaceLabel> labels{{"slaves", "wavy \"plate\"", {}, {}},
                                                        {"slaves", "wavy \"plate\"", {}, {}}};
    std::ostringstream out;
    fecontact::write_contact_json(out, scene.mesh, search.interfaces(), results, labels);
    const test::JsonValue json = test::parse_json(out.str());
    BOOST_REQUIRE(json["interfaces"].size() == 2);
    BOOST_TEST(json["interfaces"][0]["master"].text == "wavy \"plate\"");
    check_node_interface(json["interfaces"][0], scene, results[0]);
    check_face_interface(json["interfaces"][1], scene, results[1]);
  }
}

BOOST_AUTO_TEST_CASE(json_report_writes_times_when_given) {
  Scene scene;
  fecontact::ContactSearch search(scene.mesh, {scene.interfaces[0]});
  const auto results = search.search(scene.mesh.coordinates);
  std::ostringstream out;
  fecontact::JsonWriter json(out, 0);
  fecontact::write_interface_json(json, scene.mesh, search.interfaces()[0], results[0], {"s", "m", 1.0 / 3, 0.25});
  const test::JsonValue j = test::parse_json(out.str());
  BOOST_TEST(same_bits(j["statistics"]["build_ms"].number(), 1.0 / 3));
  BOOST_TEST(j["statistics"]["search_ms"].number() == 0.25);
  BOOST_TEST(j["slave"].text == "s");
}

BOOST_AUTO_TEST_CASE(tree_level_volumes_are_a_cut_of_the_tree) {
  Scene scene;
  for (const auto bv : {fecontact::BvKind::aabb, fecontact::BvKind::obb}) {
    scene.interfaces[0].options.bv = bv;
    fecontact::ContactSearch search(scene.mesh, {scene.interfaces[0]});
    BOOST_TEST(fecontact::tree_level_volumes(search, 0, 0).empty());  // nothing built yet
    static_cast<void>(search.search(scene.mesh.coordinates));
    const bool obb = bv == fecontact::BvKind::obb;
    BOOST_TEST((search.tree<fecontact::Obb>(0) != nullptr) == obb);  // the tree of the interface's bv
    BOOST_TEST((search.tree<fecontact::Aabb>(0) != nullptr) == !obb);
    BOOST_TEST(fecontact::tree_level_volumes(search, 0, 0, fecontact::ContactSearch::TreeSide::slave).empty());
    std::size_t previous = 0;
    for (int level = 0; level < 12; ++level) {
      const auto boxes = fecontact::tree_level_volumes(search, 0, level);
      BOOST_TEST(boxes.size() <= std::size_t{1} << level);
      BOOST_TEST(boxes.size() >= previous);
      previous = boxes.size();
      // Every master face lies in one box of the level (its corners in the box's frame).
      for (const auto& face : scene.interfaces[0].master.faces) {
        const bool held = std::any_of(boxes.begin(), boxes.end(), [&](const auto& c) {
          const Vector3d origin = c[0];
          const Vector3d axes[3] = {c[1] - c[0], c[2] - c[0], c[4] - c[0]};
          return std::all_of(face.nodes().begin(), face.nodes().end(), [&](Index n) {
            const Vector3d d = scene.mesh.coordinates[static_cast<std::size_t>(n)] - origin;
            for (const Vector3d& a : axes) {  // along each edge, within round-off (scene size 1)
              const double length = a.norm();
              if (length == 0) continue;  // a flat box: that axis is not checked
              const double s = d.dot(a) / length;
              if (s < -1e-12 || s > length + 1e-12) return false;
            }
            return true;
          });
        });
        BOOST_TEST(held, "level " << level << (obb ? " obb" : " aabb"));
      }
    }
    BOOST_TEST(previous > 1);
  }
}

BOOST_AUTO_TEST_CASE(vtu_holds_the_mesh_contacts_pairs_and_volumes) {
  Scene scene;
  fecontact::ContactSearch search(scene.mesh, scene.interfaces);
  const auto results = search.search(scene.mesh.coordinates);
  const auto boxes = fecontact::tree_level_volumes(search, 0, 2);
  test::ScratchFolder folder;
  const auto path = folder.path() / "contact.vtu";
  fecontact::write_contact_vtu(path, scene.mesh, scene.mesh.coordinates, search.interfaces(), results, boxes);
  const test::ParsedVtu vtu = test::parse_vtu(test::ScratchFolder::read(path));

  const std::size_t nodes = scene.mesh.coordinates.size();
  std::size_t elements = 0;
  for (const auto& b : scene.mesh.blocks) elements += static_cast<std::size_t>(b.size());
  const std::size_t contacts = results[0].contacts.node.size();
  const std::size_t pairs = results[0].pair_slave.size() + results[1].pair_slave.size();
  BOOST_TEST(std::stoul(vtu.piece_attributes.at("NumberOfPoints")) == nodes + 2 * (contacts + pairs) + 8 * boxes.size());
  BOOST_TEST(std::stoul(vtu.piece_attributes.at("NumberOfCells")) == elements + contacts + pairs + boxes.size());

  const auto kind = vtu.values<std::int64_t>("CellData", "kind");
  const auto distance = vtu.values<double>("CellData", "distance");
  const auto interface = vtu.values<std::int64_t>("CellData", "interface");
  const auto points = vtu.values<double>("Points", "Points");
  const auto gap = vtu.values<double>("PointData", "gap");
  const auto normal = vtu.values<double>("PointData", "contact_normal");
  BOOST_REQUIRE(kind.size() == elements + contacts + pairs + boxes.size());
  BOOST_TEST(std::count(kind.begin(), kind.end(), 0) == static_cast<long>(elements));
  BOOST_TEST(std::count(kind.begin(), kind.end(), 1) == static_cast<long>(contacts));
  BOOST_TEST(std::count(kind.begin(), kind.end(), 2) == static_cast<long>(pairs));
  BOOST_TEST(std::count(kind.begin(), kind.end(), 3) == static_cast<long>(boxes.size()));
  // Contact lines, in result order: slave node → contact point, the gap as cell data; the gap
  // and normal on the slave node (one node-to-surface interface: its own).
  const auto& c = results[0].contacts;
  for (std::size_t k = 0; k < contacts; ++k) {
    const std::size_t cell = elements + k;
    const std::size_t p = nodes + 2 * k;
    BOOST_TEST(interface[cell] == 0);
    BOOST_TEST(same_bits(distance[cell], c.gap[k]));
    const auto n = static_cast<std::size_t>(c.node[k]);
    for (std::size_t d = 0; d < 3; ++d) {
      BOOST_TEST(same_bits(points[3 * p + d], scene.mesh.coordinates[n][static_cast<Index>(d)]));
      BOOST_TEST(same_bits(points[3 * p + 3 + d], c.point[k][static_cast<Index>(d)]));
      BOOST_TEST(same_bits(normal[3 * n + d], c.normal[k][static_cast<Index>(d)]));
    }
    BOOST_TEST(same_bits(gap[n], c.gap[k]));
  }
  // Pair lines carry the pair distances, node-to-surface pairs first.
  std::vector<double> expected = results[0].pair_distance;
  expected.insert(expected.end(), results[1].pair_distance.begin(), results[1].pair_distance.end());
  for (std::size_t k = 0; k < pairs; ++k) BOOST_TEST(same_bits(distance[elements + contacts + k], expected[k]));
  // Nodes without contact: NaN gap.
  const long with_gap = std::count_if(gap.begin(), gap.end(), [](double g) { return !std::isnan(g); });
  BOOST_TEST(with_gap == static_cast<long>(contacts));
}

BOOST_AUTO_TEST_SUITE_END()
