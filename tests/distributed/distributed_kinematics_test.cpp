// SPDX-License-Identifier: BSD-3-Clause
// The contact kinematics of the distributed search against the serial search's
// (contact_kinematics.hpp): per contact the tangent frame, the master nodes (global ids, here the
// serial indices) and their weights, and with track_slip the convected slip and new_contact, bit
// for bit at every step of scenes whose slave nodes slide over a turning master. With a skin and
// without (steps that keep the pattern and steps that make it again), on slabs and with every
// slave node on another rank than its first contact face, so that a node's previous contact face
// lives on another rank than the node. Run by ctest on 1, 2, 3 and 4 ranks.

#include <cmath>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>

#include <Eigen/Geometry>

#include "contact_scenes.hpp"
#include "partitioned_model.hpp"

using namespace fecontact;
using Eigen::Vector3d;
namespace test = fecontact::test;

namespace {

// A master surface (its nodes first in the mesh) and the slave nodes of another one.
struct Scene {
  Mesh mesh;
  std::vector<ContactInterface> interfaces;
  std::size_t master_nodes = 0;

  // At `step` the master has turned by 0.01 step about z and the slave nodes have slid to
  // (0.25 sin(0.6 step), 0.011 step): to and fro across the master's faces and the ranks' slabs,
  // up to 0.15 a step, three times the tolerance, so that the rank of a node's previous contact
  // face may be out of the new contact's reach; they bob by 0.012 sin(1.3 step), so that nodes
  // near the tolerance leave and come back (new contacts).
  std::vector<Vector3d> at(int step) const {
    std::vector<Vector3d> x = mesh.coordinates;
    const Eigen::Matrix3d turn = Eigen::AngleAxisd(0.01 * step, Vector3d::UnitZ()).toRotationMatrix();
    const Vector3d slide(0.25 * std::sin(0.6 * step), 0.011 * step, 0.012 * std::sin(1.3 * step));
    for (std::size_t n = 0; n < x.size(); ++n) x[n] = n < master_nodes ? Vector3d(turn * x[n]) : Vector3d(x[n] + slide);
    return x;
  }
};

Scene scene(ElementType master_type, int master_faces, ElementType slave_type, bool sphere, double tolerance) {
  Scene m;
  const Surface master = test::mapped_grid(m.mesh, master_type, master_faces, master_faces, test::plate(-1, 1, -1, 1, 0));
  m.master_nodes = static_cast<std::size_t>(m.mesh.node_count());
  const auto ball = test::sphere(0.4);
  const Surface slave =
      sphere ? test::mapped_grid(m.mesh, slave_type, 8, 12, [&](double u, double v) { return Vector3d(ball(u, v) + Vector3d(0.03, -0.02, 0.39)); }, true)
             : test::mapped_grid(m.mesh, slave_type, 8, 24, test::cylinder(0.5, -0.7, 0.7, 0.48), true);
  ContactInterface in;
  in.master = master;
  in.slave_nodes = surface_nodes(slave);
  in.options.tolerance = tolerance;
  in.options.track_slip = true;
  m.interfaces.push_back(in);
  return m;
}

// What the steps went through, on rank 0.
struct Tally {
  std::size_t slipping = 0;   ///< contacts with a previous one and a slip ≠ 0
  std::size_t arrivals = 0;   ///< new contacts after the first step
  std::size_t moved = 0;      ///< contacts whose face is on another rank than the node's previous contact face
  std::size_t remade = 0, kept = 0;  ///< steps that made the pattern again, and that kept it
};

// Steps the scene with a DistributedSearch over `partition` and, on rank 0, a ContactSearch;
// checks every step (check_same: the kinematics and the slip too). Each step after the first
// is tried twice at coordinates moved aside (a Newton solver's iterates, checked too), every
// third one is then rejected (searched again at the accepted step's coordinates), and the step
// itself is searched and accepted: the slip of every search is measured from the accepted step.
Tally check_steps(const Scene& m, const test::Partition& partition, int steps) {
  Tally tally;
  const int rank = test::world_rank();
  const test::RankModel part = test::rank_model(m.interfaces, std::span(&partition, 1), rank);
  DistributedSearch distributed(MPI_COMM_WORLD, part.node_ids, part.interfaces);
  std::optional<ContactSearch> serial;
  if (rank == 0) serial.emplace(m.mesh.node_count(), m.interfaces);
  std::vector<DistributedResult> results;
  std::vector<InterfaceResult> expected;
  std::map<GlobalId, int> previous_rank;  // per node in contact at the step before, its face's rank
  const auto trial = [&](const std::vector<Vector3d>& x) {
    distributed.search(part.coordinates(x), results);
    if (serial) serial->search(x, expected);
    const DistributedResult all = gather_result(MPI_COMM_WORLD, results[0], 0);
    if (rank == 0) test::check_same(all, expected[0], partition);
  };
  for (int step = 0; step < steps; ++step) {
    const std::vector<Vector3d> x = m.at(step);
    for (int attempt = 1; attempt <= 2 && step > 0; ++attempt) {
      std::vector<Vector3d> moved = x;
      for (std::size_t n = m.master_nodes; n < moved.size(); ++n) moved[n] += attempt * Vector3d(0.004, -0.003, 0.001);
      BOOST_TEST_CONTEXT("step " << step << ", trial " << attempt) { trial(moved); }
    }
    if (step % 3 == 2) BOOST_TEST_CONTEXT("step " << step << ", rejected") { trial(m.at(step - 1)); }
    distributed.search(part.coordinates(x), results);
    distributed.accept_step();
    if (serial) {
      serial->search(x, expected);
      serial->accept_step();
    }
    const DistributedResult all = gather_result(MPI_COMM_WORLD, results[0], 0);
    if (rank != 0) continue;
    BOOST_TEST_CONTEXT("step " << step) {
      test::check_same(all, expected[0], partition);
      BOOST_TEST(all.searched == expected[0].searched);
      BOOST_TEST(all.contacts.slip.size() == all.contacts.size());
    }
    (all.searched ? tally.remade : tally.kept) += 1;
    std::map<GlobalId, int> rank_now;
    for (std::size_t k = 0; k < all.contacts.slip.size(); ++k) {
      if (all.contacts.new_contact[k]) tally.arrivals += step > 0 ? 1 : 0;
      else tally.slipping += all.contacts.slip[k].isZero(0) ? 0 : 1;
      const auto before = previous_rank.find(all.contacts.node[k]);
      if (before != previous_rank.end() && before->second != all.contacts.face_rank[k]) ++tally.moved;
      rank_now[all.contacts.node[k]] = all.contacts.face_rank[k];
    }
    previous_rank = std::move(rank_now);
  }
  return tally;
}

// The scene on slabs and with the nodes away from their contact faces, without a skin and with
// one that holds over some steps.
void check_scene(const Scene& m) {
  const int ranks = test::world_size();
  const InterfaceResult first = ContactSearch(m.mesh.node_count(), m.interfaces).search(m.at(0))[0];
  BOOST_TEST(first.contacts.size() > 0u);
  for (const bool away : {false, true}) {
    const test::Partition partition = away ? test::away_partition(m.interfaces[0], first, ranks)
                                           : test::slab_partition(m.interfaces[0], m.mesh.coordinates, ranks);
    for (const double skin : {0.0, 0.1}) {
      Scene skinned = m;
      skinned.interfaces[0].options.skin = skin;
      BOOST_TEST_CONTEXT((away ? "contacts away" : "slabs") << ", skin " << skin) {
        const Tally tally = check_steps(skinned, partition, 10);
        if (test::world_rank() != 0) continue;
        BOOST_TEST(tally.slipping > 0u);
        BOOST_TEST(tally.arrivals > 0u);
        if (ranks > 1) BOOST_TEST(tally.moved > 0u);
        if (skin > 0) BOOST_TEST((tally.kept > 0u && tally.remade > 1u), tally.kept << " steps kept the pattern, " << tally.remade << " made it");
      }
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(distributed_kinematics)

// quad4 master faces: four master nodes and weights per contact; the cylinder's nodes over the
// plate's grid lines at the first step (ties between faces: the lowest id).
BOOST_AUTO_TEST_CASE(cylinder_sliding_over_a_turning_plate) {
  check_scene(scene(ElementType::quad4, 20, ElementType::quad4, false, 0.05));
}

// Curved tri6 master faces (six nodes and weights) under a sphere of quad9 faces.
BOOST_AUTO_TEST_CASE(sphere_sliding_over_a_turning_tri6_plate) {
  check_scene(scene(ElementType::tri6, 12, ElementType::quad9, true, 0.06));
}

// Without track_slip the contacts carry no slip, and their kinematics are still the serial ones.
BOOST_AUTO_TEST_CASE(no_slip_without_track_slip) {
  Scene m = scene(ElementType::quad4, 10, ElementType::quad4, false, 0.05);
  m.interfaces[0].options.track_slip = false;
  const test::Partition partition = test::slab_partition(m.interfaces[0], m.mesh.coordinates, test::world_size());
  const test::RankModel part = test::rank_model(m.interfaces, std::span(&partition, 1), test::world_rank());
  DistributedSearch distributed(MPI_COMM_WORLD, part.node_ids, part.interfaces);
  for (int step = 0; step < 2; ++step) {
    const std::vector<Vector3d> x = m.at(step);
    const DistributedResult all = gather_result(MPI_COMM_WORLD, distributed.search(part.coordinates(x))[0], 0);
    if (test::world_rank() != 0) continue;
    const InterfaceResult serial = ContactSearch(m.mesh.node_count(), m.interfaces).search(x)[0];
    test::check_same(all, serial, partition);
    BOOST_TEST(all.contacts.size() > 0u);
    BOOST_TEST(all.contacts.slip.empty());
    BOOST_TEST(all.contacts.new_contact.empty());
  }
}

BOOST_AUTO_TEST_SUITE_END()
