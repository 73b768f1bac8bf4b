// SPDX-License-Identifier: BSD-3-Clause
// Steps whose pattern holds (a skin, small motion) allocate nothing once the results and the
// messages have grown, with track_slip off and on: counted by replacing the global operator new
// of this program (allocation_count.h; MPI's own buffers come from malloc and are not counted).

#include <vector>

#include <boost/test/unit_test.hpp>

#include "allocation_count.h"
#include "contact_scenes.hpp"
#include "partitioned_model.hpp"

using namespace fecontact;
using Eigen::Vector3d;
namespace test = fecontact::test;

namespace {

void check_steps_allocate_nothing(bool track_slip) {
  Mesh mesh;
  const Surface plate = test::mapped_grid(mesh, ElementType::quad4, 16, 16, test::plate(-1, 1, -1, 1, 0));
  const auto plate_nodes = static_cast<std::size_t>(mesh.node_count());
  const Surface cylinder = test::mapped_grid(mesh, ElementType::quad4, 8, 24, test::cylinder(0.5, -0.8, 0.8, 0.48), true);
  const Surface strip = test::mapped_grid(mesh, ElementType::tri3, 3, 40, test::folded_strip(0.8, 0.04));
  std::vector<ContactInterface> interfaces(3);
  interfaces[0].master = plate;
  interfaces[0].slave_nodes = surface_nodes(cylinder);
  interfaces[1].mode = ContactMode::surface_to_surface;
  interfaces[1].master = plate;
  interfaces[1].slave = cylinder;
  interfaces[2].mode = ContactMode::self;
  interfaces[2].master = strip;
  for (ContactInterface& in : interfaces) {
    in.options.tolerance = 0.1;
    in.options.skin = 0.05;
    in.options.track_slip = track_slip;
  }
  std::vector<test::Partition> partitions;
  for (const ContactInterface& in : interfaces)
    partitions.push_back(test::away_partition(in, ContactSearch(mesh.node_count(), {in}).search(mesh.coordinates)[0],
                                              test::world_size()));
  const test::RankModel part = test::rank_model(interfaces, partitions, test::world_rank());
  DistributedSearch search(MPI_COMM_WORLD, part.node_ids, part.interfaces);
  std::vector<std::vector<Vector3d>> steps;
  for (int k = 0; k < 8; ++k) {
    std::vector<Vector3d> x = mesh.coordinates;
    for (std::size_t n = 0; n < x.size(); ++n) {  // far below the skin: the pattern holds
      x[n].z() -= 1e-4 * k;
      if (n >= plate_nodes) x[n].x() += 1e-4 * k;  // the rest slides over the plate
    }
    steps.push_back(part.coordinates(x));
  }
  std::vector<DistributedResult> results;
  for (int k = 0; k < 3; ++k) {
    search.search(steps[static_cast<std::size_t>(k)], results);
    search.accept_step();
  }
  std::uint64_t ghosts = 0, remade = 0, continued = 0;
  const long before = allocation_count();
  for (int k = 3; k < 8; ++k) {
    search.search(steps[static_cast<std::size_t>(k)], results);
    search.accept_step();
    for (const DistributedResult& r : results) {
      ghosts += r.exchange.ghosts_received;
      remade += r.searched;
      for (const char arrived : r.contacts.new_contact) continued += arrived ? 0 : 1;
    }
  }
  BOOST_TEST(allocation_count() - before == 0);
  BOOST_TEST(remade == 0u);
  if (test::world_size() > 1) BOOST_TEST(ghosts > 0u);
  // With track_slip, the slip of contacts that were contacts at the accepted step before was measured.
  MPI_Allreduce(MPI_IN_PLACE, &continued, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  BOOST_TEST((continued > 0u) == track_slip);
  // A jump past the skin makes the pattern again (a new top tree): the count sees that.
  std::vector<Vector3d> x = mesh.coordinates;
  for (Vector3d& p : x) p.x() += 0.3;
  const long jump = allocation_count();
  search.search(part.coordinates(x), results);
  BOOST_TEST(results[0].searched);
  BOOST_TEST(allocation_count() - jump > 0);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(distributed_allocation)

BOOST_AUTO_TEST_CASE(steps_that_keep_the_pattern_allocate_nothing) { check_steps_allocate_nothing(false); }

BOOST_AUTO_TEST_CASE(steps_that_keep_the_pattern_allocate_nothing_with_track_slip) { check_steps_allocate_nothing(true); }

BOOST_AUTO_TEST_SUITE_END()
