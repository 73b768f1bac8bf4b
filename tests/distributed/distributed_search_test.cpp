// SPDX-License-Identifier: BSD-3-Clause
// The distributed search against the serial one: every scene is searched by one ContactSearch
// over the whole model (on rank 0) and by a DistributedSearch over the ranks' parts, and the
// gathered result must be the serial one, bit for bit: contacts, gaps, normals, points, pairs,
// distances, degenerate faces. Partitions: slabs along x (a solver's), slabs with one rank
// holding nothing, and master faces dealt round-robin with every slave node on another rank
// than its closest face. Run by ctest on 1, 2, 3 and 4 ranks.

#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "contact_scenes.hpp"
#include "fecontact/contact/contact_definitions.hpp"
#include "fecontact/io/read_mesh.hpp"
#include "partitioned_model.hpp"
#include "requirements.hpp"

using namespace fecontact;
using Eigen::Vector3d;
namespace test = fecontact::test;

namespace {

using Motion = std::function<std::vector<Vector3d>(int step)>;

struct Model {
  Mesh mesh;
  std::vector<ContactInterface> interfaces;

  Motion still() const {
    return [this](int) { return mesh.coordinates; };
  }
};

// Steps the model with a DistributedSearch over `partitions` and, on rank 0, a ContactSearch;
// checks every step, and that both search their trees (make their pattern) at the same steps,
// which it appends to `searched` (on rank 0). Returns the nodes and faces the ranks searched for
// others over all steps (on rank 0).
std::uint64_t check_steps(const Model& model, const std::vector<test::Partition>& partitions, const Motion& motion,
                          int steps, std::vector<int>* searched = nullptr) {
  std::uint64_t ghosts = 0;
  const int rank = test::world_rank();
  const test::RankModel part = test::rank_model(model.interfaces, partitions, rank);
  DistributedSearch distributed(MPI_COMM_WORLD, part.node_ids, part.interfaces);
  std::optional<ContactSearch> serial;
  if (rank == 0) serial.emplace(model.mesh.node_count(), model.interfaces);
  std::vector<DistributedResult> results;
  std::vector<InterfaceResult> expected;
  for (int step = 0; step < steps; ++step) {
    const std::vector<Vector3d> x = motion(step);
    distributed.search(part.coordinates(x), results);
    if (serial) serial->search(x, expected);
    for (std::size_t i = 0; i < results.size(); ++i) {
      const DistributedResult all = gather_result(MPI_COMM_WORLD, results[i], 0);
      ghosts += all.exchange.ghosts_received;
      if (rank != 0) continue;
      BOOST_TEST_CONTEXT("interface " << i << ", step " << step) {
        test::check_same(all, expected[i], partitions[i]);
        BOOST_TEST(all.searched == expected[i].searched);
      }
      if (searched && expected[i].searched) searched->push_back(step);
    }
  }
  return ghosts;
}

// The serial result at the model's coordinates (every rank computes it: the round-robin
// partition needs it everywhere).
std::vector<InterfaceResult> serial_results(const Model& model) {
  ContactSearch search(model.mesh.node_count(), model.interfaces);
  return search.search(model.mesh.coordinates);
}

// One step under the three partitions. With contacts held away from their slave nodes, the ranks
// must have searched nodes or faces of others.
void check_partitions(const Model& model) {
  const int ranks = test::world_size();
  const std::vector<InterfaceResult> serial = serial_results(model);
  for (const int layout : {0, 1, 2}) {
    std::vector<test::Partition> partitions;
    for (std::size_t i = 0; i < model.interfaces.size(); ++i) {
      const ContactInterface& in = model.interfaces[i];
      partitions.push_back(layout == 0   ? test::slab_partition(in, model.mesh.coordinates, ranks)
                           : layout == 1 ? test::slab_partition(in, model.mesh.coordinates, ranks, ranks - 1)
                                         : test::away_partition(in, serial[i], ranks));
    }
    BOOST_TEST_CONTEXT("partition " << (layout == 0 ? "slabs" : layout == 1 ? "last rank empty" : "contacts away")) {
      const std::uint64_t ghosts = check_steps(model, partitions, model.still(), 1);
      const bool found = std::any_of(serial.begin(), serial.end(), [](const InterfaceResult& r) { return !r.pair_slave.empty(); });
      if (layout == 2 && ranks > 1 && found && test::world_rank() == 0) BOOST_TEST(ghosts > 0u);
    }
  }
}

ContactInterface interface(ContactMode mode, const Surface& master, const Surface& slave, double tolerance) {
  ContactInterface in;
  in.mode = mode;
  in.master = master;
  if (mode == ContactMode::surface_to_surface) in.slave = slave;
  if (mode == ContactMode::node_to_surface) in.slave_nodes = surface_nodes(slave);
  in.options.tolerance = tolerance;
  return in;
}

// A cylinder (radius 0.5, along x) pressed 0.02 into a plate of 20 × 20 faces; its nodes lie
// over the plate's grid lines (equal distances to neighbouring faces: the lowest id wins).
Model cylinder_on_plate(ElementType plate_type, ElementType cylinder_type, ContactMode mode, double tolerance) {
  Model m;
  const Surface plate = test::mapped_grid(m.mesh, plate_type, 20, 20, test::plate(-1, 1, -1, 1, 0));
  const Surface cylinder = test::mapped_grid(m.mesh, cylinder_type, 8, 24, test::cylinder(0.5, -0.8, 0.8, 0.48), true);
  m.interfaces.push_back(interface(mode, plate, cylinder, tolerance));
  return m;
}

// A sphere of quad9 faces (radius 0.4) pressed 0.01 into a wavy plate of tri6 faces.
Model sphere_on_wavy_plate(ContactMode mode) {
  Model m;
  const Surface plate = test::mapped_grid(m.mesh, ElementType::tri6, 12, 12, [](double u, double v) {
    const double x = 2 * u - 1, y = 2 * v - 1;
    return Vector3d(x, y, 0.02 * std::sin(3 * x) * std::cos(2 * y));
  });
  const auto ball = test::sphere(0.4);
  const Surface sphere = test::mapped_grid(m.mesh, ElementType::quad9, 8, 12, [&](double u, double v) {
    return Vector3d(ball(u, v) + Vector3d(0.03, -0.02, 0.39));
  }, true);
  m.interfaces.push_back(interface(mode, plate, sphere, 0.06));
  return m;
}

// A strip folded onto itself, its legs 0.1 apart: self contact within 0.12.
Model folded_strip(ElementType type) {
  Model m;
  const Surface strip = test::mapped_grid(m.mesh, type, 4, 48, test::folded_strip(1.0, 0.05));
  m.interfaces.push_back(interface(ContactMode::self, strip, {}, 0.12));
  return m;
}

// Several interfaces in one search, their messages not to mix: the cylinder's nodes on the plate,
// a second cylinder's faces (at height zc) on it, and a folded strip's self contact.
Model three_interfaces(ElementType cylinder_faces, int cylinder_columns, double zc, ElementType strip_faces) {
  Model m = cylinder_on_plate(ElementType::quad4, ElementType::quad4, ContactMode::node_to_surface, 0.05);
  ContactInterface faces = m.interfaces[0];
  faces.mode = ContactMode::surface_to_surface;
  const double half = 0.1 * cylinder_columns;
  faces.slave = test::mapped_grid(m.mesh, cylinder_faces, cylinder_columns, 24, test::cylinder(0.5, -half, half, zc), true);
  faces.slave_nodes.clear();
  m.interfaces.push_back(faces);
  const Surface strip = test::mapped_grid(m.mesh, strip_faces, 3, 40, test::folded_strip(0.8, 0.04));
  m.interfaces.push_back(interface(ContactMode::self, strip, {}, 0.1));
  return m;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(distributed_search)

BOOST_AUTO_TEST_CASE(node_to_surface_on_every_partition) {
  check_partitions(cylinder_on_plate(ElementType::quad4, ElementType::quad4, ContactMode::node_to_surface, 0.05));
  check_partitions(sphere_on_wavy_plate(ContactMode::node_to_surface));
}

BOOST_AUTO_TEST_CASE(surface_to_surface_on_every_partition) {
  check_partitions(cylinder_on_plate(ElementType::quad4, ElementType::quad9, ContactMode::surface_to_surface, 0.05));
  check_partitions(cylinder_on_plate(ElementType::tri3, ElementType::tri3, ContactMode::surface_to_surface, 0.05));
  check_partitions(sphere_on_wavy_plate(ContactMode::surface_to_surface));
}

BOOST_AUTO_TEST_CASE(self_contact_across_ranks) {
  check_partitions(folded_strip(ElementType::tri3));
  check_partitions(folded_strip(ElementType::quad9));
}

// Bulging quad8 faces (mid-edge nodes 0.3 up, centre 0.6) 0.08 below a plate: face_distance's
// lower bound (tessellation error ≈ 0.047) is within the tolerance 0.05 though the faces are not,
// and the serial search reports what its trees pair, by the Bézier control points (up to 1.2).
// The distributed search must send the faces as far.
BOOST_AUTO_TEST_CASE(curved_faces_whose_distance_is_a_lower_bound) {
  Model m;
  const Surface plate = test::mapped_grid(m.mesh, ElementType::quad4, 6, 6, test::plate(0, 3, 0, 3, 0.68));
  const auto first = m.mesh.node_count();
  std::vector<Index> offsets{0}, nodes;
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i) {
      const double x = i, y = j;
      const std::array<Vector3d, 8> corners{Vector3d(x, y, 0),         Vector3d(x + 1, y, 0),     Vector3d(x + 1, y + 1, 0),
                                            Vector3d(x, y + 1, 0),     Vector3d(x + 0.5, y, 0.3), Vector3d(x + 1, y + 0.5, 0.3),
                                            Vector3d(x + 0.5, y + 1, 0.3), Vector3d(x, y + 0.5, 0.3)};
      for (const Vector3d& p : corners) {  // every face its own nodes: faces meet, without sharing
        nodes.push_back(m.mesh.node_count());
        m.mesh.coordinates.push_back(p);
        m.mesh.node_ids.push_back(m.mesh.node_count());
      }
      offsets.push_back(static_cast<Index>(nodes.size()));
    }
  BOOST_TEST(m.mesh.node_count() == first + 72);
  const Surface bulges = surface_from_arrays(offsets, nodes);
  m.interfaces.push_back(interface(ContactMode::surface_to_surface, plate, bulges, 0.05));
  const std::vector<InterfaceResult> serial = serial_results(m);
  BOOST_TEST(!serial[0].pair_slave.empty());
  for (const double d : serial[0].pair_distance) BOOST_TEST(d <= 0.05);
  check_partitions(m);
}

BOOST_AUTO_TEST_CASE(three_interfaces_in_one_search) {
  check_partitions(three_interfaces(ElementType::tri3, 6, 0.485, ElementType::quad4));
}

// A moving scene with a skin: every step equal to the serial search with the same skin, the
// pattern made again exactly when the serial search searches its trees.
BOOST_AUTO_TEST_CASE(skin_over_steps) {
  Model m = three_interfaces(ElementType::quad4, 8, 0.49, ElementType::tri3);
  for (ContactInterface& in : m.interfaces) in.options.skin = 0.03;
  // The plate stays; the rest slides along x and y and sinks: the cylinders across the plate's
  // partition, the strip's legs closer.
  const auto plate_nodes = static_cast<std::size_t>(21 * 21);
  const Motion motion = [&](int step) {
    std::vector<Vector3d> x = m.mesh.coordinates;
    for (std::size_t n = plate_nodes; n < x.size(); ++n) {
      x[n].x() += 0.011 * step;
      x[n].y() += 0.004 * step;
      x[n].z() -= 0.0005 * step * (x[n].z() > 0.1 ? 1.0 : 2.0);
    }
    return x;
  };
  const int ranks = test::world_size();
  std::vector<test::Partition> partitions;
  for (const ContactInterface& in : m.interfaces) partitions.push_back(test::slab_partition(in, m.mesh.coordinates, ranks));
  check_steps(m, partitions, motion, 14);
}

// Node-to-surface with a skin: slow steps keep the pattern, one node that jumps makes it again
// at that step, on every partition at the steps where the serial search searches its trees.
BOOST_AUTO_TEST_CASE(skin_held_then_broken_by_one_node) {
  Model m = cylinder_on_plate(ElementType::quad4, ElementType::quad4, ContactMode::node_to_surface, 0.05);
  m.interfaces[0].options.skin = 0.02;
  const auto plate_nodes = static_cast<std::size_t>(21 * 21);
  const auto top = static_cast<std::size_t>(std::max_element(m.mesh.coordinates.begin(), m.mesh.coordinates.end(),
                                                             [](const Vector3d& a, const Vector3d& b) { return a.z() < b.z(); }) -
                                            m.mesh.coordinates.begin());
  const Motion motion = [&](int step) {
    std::vector<Vector3d> x = m.mesh.coordinates;
    for (std::size_t n = plate_nodes; n < x.size(); ++n) x[n].z() -= 0.0004 * step;
    if (step >= 5) x[top] = Vector3d(0.05, 0.02, 0.004);  // from the cylinder's top to just above the plate
    return x;
  };
  const int ranks = test::world_size();
  const std::vector<InterfaceResult> serial = serial_results(m);
  for (const test::Partition& partition : {test::slab_partition(m.interfaces[0], m.mesh.coordinates, ranks),
                                           test::away_partition(m.interfaces[0], serial[0], ranks)}) {
    std::vector<int> searched;
    check_steps(m, {partition}, motion, 9, &searched);
    if (test::world_rank() == 0) BOOST_TEST(searched == (std::vector<int>{0, 5}), boost::test_tools::per_element());
  }
}

// About 10⁵ master faces (a 316 × 316 plate) and the nodes of a cylinder pressed into it.
BOOST_AUTO_TEST_CASE(hundred_thousand_faces) {
  Model m;
  const Surface plate = test::mapped_grid(m.mesh, ElementType::quad4, 316, 316, test::plate(-1, 1, -1, 1, 0));
  const Surface cylinder = test::mapped_grid(m.mesh, ElementType::quad4, 100, 300, test::cylinder(0.5, -0.8, 0.8, 0.48), true);
  m.interfaces.push_back(interface(ContactMode::node_to_surface, plate, cylinder, 0.5 * 2.0 / 316));
  const int ranks = test::world_size();
  check_steps(m, {test::slab_partition(m.interfaces[0], m.mesh.coordinates, ranks)}, m.still(), 2);
}

// The bundled model: the cylinder on the block, node-to-surface and surface-to-surface, and the
// cylinder's self contact.
BOOST_AUTO_TEST_CASE(demo_model) {
  Model m;
  m.mesh = read_mesh(std::filesystem::path(FECONTACT_DATA_DIR) / "demo.msh");
  const ContactSurface cylinder = named_contact_surface(m.mesh, "cylinder_surface");
  const ContactSurface block = named_contact_surface(m.mesh, "block_top");
  m.interfaces.push_back(interface(ContactMode::node_to_surface, block.surface, cylinder.surface, 0.02));
  m.interfaces.push_back(interface(ContactMode::surface_to_surface, block.surface, cylinder.surface, 0.02));
  m.interfaces.push_back(interface(ContactMode::self, cylinder.surface, {}, 0.02));
  check_partitions(m);
}

// Interfaces with no face and no node anywhere, and on one rank only.
BOOST_AUTO_TEST_CASE(empty_interfaces) {
  Model m;
  m.mesh.coordinates.assign(4, Vector3d::Zero());
  for (const ContactMode mode : {ContactMode::node_to_surface, ContactMode::surface_to_surface, ContactMode::self})
    m.interfaces.push_back(interface(mode, {}, {}, 0.1));
  check_partitions(m);
  check_partitions(cylinder_on_plate(ElementType::quad4, ElementType::quad4, ContactMode::node_to_surface, 0.0));
}

// Every contact pair of the CalculiX decks at half the master's mean face size (the serial
// search's relative tolerance, given to both as the absolute tolerance it found).
BOOST_AUTO_TEST_CASE(calculix_decks, *boost::unit_test::label("shared_data") *
                                         boost::unit_test::precondition(test::SharedData{"calculix"})) {
  std::vector<std::filesystem::path> decks;
  for (const auto& entry : std::filesystem::directory_iterator(*test::shared_data_path("calculix")))
    if (entry.path().extension() == ".inp") decks.push_back(entry.path());
  std::sort(decks.begin(), decks.end());
  BOOST_TEST(decks.size() >= 10u);
  std::size_t pairs = 0;
  for (const auto& deck : decks) {
    Model m;
    m.mesh = read_mesh(deck);
    SearchOptions relative;
    relative.tolerance = 0.5;
    relative.relative = true;
    m.interfaces = contact_interfaces(m.mesh, relative);
    if (m.interfaces.empty()) continue;
    const std::vector<InterfaceResult> found = serial_results(m);
    for (std::size_t i = 0; i < m.interfaces.size(); ++i) {
      m.interfaces[i].options.relative = false;
      m.interfaces[i].options.tolerance = found[i].tolerance;
    }
    pairs += m.interfaces.size();
    BOOST_TEST_CONTEXT(deck.filename().string()) { check_partitions(m); }
  }
  BOOST_TEST(pairs >= 10u);
}

BOOST_AUTO_TEST_SUITE_END()
