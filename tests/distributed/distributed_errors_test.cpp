// SPDX-License-Identifier: BSD-3-Clause
// Bad input on one rank is an error on every rank (a rank that threw alone would leave the others
// waiting), with the message of the lowest bad rank naming it; a step refused that way changes
// nothing, and the next good step gives the serial result.

#include <limits>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "contact_scenes.hpp"
#include "partitioned_model.hpp"

using namespace fecontact;
using Eigen::Vector3d;
namespace test = fecontact::test;

namespace {

// Constructs the search with `parts` (this rank's) and returns the message every rank gets.
std::string construction_error(const std::vector<GlobalId>& node_ids, std::vector<DistributedInterface> parts) {
  try {
    DistributedSearch search(MPI_COMM_WORLD, node_ids, std::move(parts));
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

// The message of the step at `x`, which every rank gets when one refuses it ("" when none does).
std::string step_error(DistributedSearch& search, const std::vector<Vector3d>& x, std::vector<DistributedResult>& results) {
  try {
    search.search(x, results);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

// A quad4 plate of 4 × 4 faces and a slave node above it, all on rank 0 (others hold nothing).
struct Plate {
  Mesh mesh;
  ContactInterface in;

  Plate() {
    const Surface plate = test::mapped_grid(mesh, ElementType::quad4, 4, 4, test::plate(0, 1, 0, 1, 0));
    mesh.coordinates.push_back(Vector3d(0.3, 0.6, 0.01));
    in.master = plate;
    in.slave_nodes = {static_cast<Index>(mesh.coordinates.size() - 1)};
    in.options.tolerance = 0.05;
  }
  test::Partition on_rank(int rank) const {
    return {std::vector<int>(in.master.faces.size(), rank), std::vector<int>(1, rank)};
  }
  test::RankModel part(int holder) const {
    const test::Partition p = on_rank(holder);
    return test::rank_model(std::span(&in, 1), std::span(&p, 1), test::world_rank());
  }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(distributed_errors)

BOOST_AUTO_TEST_CASE(bad_input_on_one_rank_stops_every_rank) {
  const Plate plate;
  const int last = test::world_size() - 1;
  const bool bad_here = test::world_rank() == last;

  test::RankModel model = plate.part(0);
  const std::size_t bad_rank_nodes = last == 0 ? model.node_ids.size() : 0;  // rank 0 holds everything
  if (bad_here) model.interfaces[0].slave_nodes.push_back(999);
  BOOST_TEST(construction_error(model.node_ids, model.interfaces) ==
             "rank " + std::to_string(last) + ": contact interface 0: slave node 999 is outside the " +
                 std::to_string(bad_rank_nodes) + " nodes");

  model = plate.part(0);
  if (bad_here) model.interfaces[0].master_ids.push_back(7);
  const std::string ids = construction_error(model.node_ids, model.interfaces);
  BOOST_TEST(ids.find("rank " + std::to_string(last) + ": contact interface 0: ") == 0u, ids);

  model = plate.part(0);
  model.interfaces[0].options.relative = true;
  BOOST_TEST(construction_error(model.node_ids, model.interfaces) ==
             "rank 0: contact interface 0: a relative tolerance is not supported by the distributed search: give an "
             "absolute one");

  model = plate.part(0);
  if (!model.node_ids.empty() && model.node_ids.size() > 1) model.node_ids[1] = model.node_ids[0];
  const std::string repeated = construction_error(model.node_ids, model.interfaces);
  BOOST_TEST(repeated.find("rank 0: distributed contact search: node id ") == 0u, repeated);
}

BOOST_AUTO_TEST_CASE(interfaces_that_differ_between_ranks) {
  if (test::world_size() < 2) return;  // one rank agrees with itself
  const Plate plate;
  test::RankModel model = plate.part(0);
  if (test::world_rank() == 1) model.interfaces[0].options.skin = 0.1;
  BOOST_TEST(construction_error(model.node_ids, model.interfaces) ==
             "distributed contact search: an interface's mode or options differ between ranks");
  model = plate.part(0);
  if (test::world_rank() == 1) model.interfaces[0].options.track_slip = true;  // the slip's messages must agree
  BOOST_TEST(construction_error(model.node_ids, model.interfaces) ==
             "distributed contact search: an interface's mode or options differ between ranks");
  model = plate.part(0);
  if (test::world_rank() == 1) model.interfaces.push_back(model.interfaces[0]);
  BOOST_TEST(construction_error(model.node_ids, model.interfaces) ==
             "distributed contact search: the ranks give different numbers of interfaces");
}

BOOST_AUTO_TEST_CASE(a_refused_step_changes_nothing) {
  const Plate plate;
  const int holder = test::world_size() - 1;
  const test::RankModel model = plate.part(holder);
  DistributedSearch search(MPI_COMM_WORLD, model.node_ids, model.interfaces);
  ContactSearch serial(plate.mesh.node_count(), {plate.in});
  std::vector<DistributedResult> results;
  search.search(model.coordinates(plate.mesh.coordinates), results);
  const std::vector<DistributedResult> before = results;

  std::vector<Vector3d> x = model.coordinates(plate.mesh.coordinates);
  if (test::world_rank() == holder) x[0].y() = std::numeric_limits<double>::quiet_NaN();
  BOOST_TEST(step_error(search, x, results) ==
             "rank " + std::to_string(holder) + ": distributed contact search: the coordinates of node 0 are not finite");
  BOOST_TEST(results[0].contacts.gap == before[0].contacts.gap);

  x = model.coordinates(plate.mesh.coordinates);
  if (test::world_rank() == 0) x.push_back(Vector3d::Zero());
  const std::string message = step_error(search, x, results);
  BOOST_TEST(message.find("rank 0: distributed contact search: ") == 0u, message);

  std::vector<Vector3d> moved = plate.mesh.coordinates;
  moved.back().z() = -0.02;
  search.search(model.coordinates(moved), results);
  const DistributedResult all = gather_result(MPI_COMM_WORLD, results[0], 0);
  test::check_same(all, serial.search(moved)[0], plate.on_rank(holder));
  if (test::world_rank() == 0) BOOST_TEST(all.contacts.gap.size() == 1u);
}

// With a skin: a step refused between steps that keep the pattern moves nothing the skin's test
// measures from, so the next good step keeps it too, and gives the serial result.
BOOST_AUTO_TEST_CASE(a_refused_step_with_a_skin_keeps_the_pattern) {
  Plate plate;
  plate.in.options.skin = 0.05;
  const int holder = test::world_size() - 1;
  const test::RankModel model = plate.part(holder);
  DistributedSearch search(MPI_COMM_WORLD, model.node_ids, model.interfaces);
  ContactSearch serial(plate.mesh.node_count(), {plate.in});
  std::vector<DistributedResult> results;
  std::vector<InterfaceResult> expected;
  const auto at_step = [&](int k) {
    std::vector<Vector3d> x = plate.mesh.coordinates;
    x.back().z() -= 0.004 * k;  // the slave node sinks: well within the skin over these steps
    return x;
  };
  for (int k = 0; k < 2; ++k) {
    search.search(model.coordinates(at_step(k)), results);
    serial.search(at_step(k), expected);
  }
  BOOST_TEST(!results[0].searched);

  std::vector<Vector3d> x = model.coordinates(at_step(2));
  if (test::world_rank() == holder) x[0].z() = std::numeric_limits<double>::infinity();
  BOOST_TEST(step_error(search, x, results) ==
             "rank " + std::to_string(holder) + ": distributed contact search: the coordinates of node 0 are not finite");
  std::vector<Vector3d> bad = at_step(2);
  bad.back().z() = std::numeric_limits<double>::infinity();
  BOOST_CHECK_THROW(serial.search(bad, expected), std::invalid_argument);

  search.search(model.coordinates(at_step(3)), results);
  serial.search(at_step(3), expected);
  BOOST_TEST(!results[0].searched);
  BOOST_TEST(!expected[0].searched);
  const DistributedResult all = gather_result(MPI_COMM_WORLD, results[0], 0);
  test::check_same(all, expected[0], plate.on_rank(holder));
  if (test::world_rank() == 0) BOOST_TEST(all.contacts.gap.size() == 1u);
}

BOOST_AUTO_TEST_SUITE_END()
