// Steps whose pattern holds (a skin, small motion) allocate nothing once the results and the
// messages have grown: counted by replacing the global operator new of this program
// (allocation_count.h; MPI's own buffers come from malloc and are not counted).

#include <vector>

#include <boost/test/unit_test.hpp>

#include "allocation_count.h"
#include "contact_scenes.hpp"
#include "partitioned_model.hpp"

using namespace fecontact;
using Eigen::Vector3d;
namespace test = fecontact::test;

BOOST_AUTO_TEST_SUITE(distributed_allocation)

BOOST_AUTO_TEST_CASE(steps_that_keep_the_pattern_allocate_nothing) {
  Mesh mesh;
  const Surface plate = test::mapped_grid(mesh, ElementType::quad4, 16, 16, test::plate(-1, 1, -1, 1, 0));
  const Surface cylinder = test::mapped_grid(mesh, ElementType::quad4, 8, 24, test::cylinder(0.5, -0.8, 0.8, 0.48), true);
  const Surface strip = test::mapped_grid(mesh, ElementType::tri3, 3, 40, test::folded_strip(0.8, 0.04));
  std::vector<ContactInterface> interfaces(3);
  interfaces[0].master = plate;
  interfaces[0].slave_nodes = surface_nodes(cylinder);
  interfaces[1].kind = ContactKind::surface_to_surface;
  interfaces[1].master = plate;
  interfaces[1].slave = cylinder;
  interfaces[2].kind = ContactKind::self;
  interfaces[2].master = strip;
  for (ContactInterface& in : interfaces) {
    in.options.tolerance = 0.1;
    in.options.skin = 0.05;
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
    for (Vector3d& p : x) p.z() -= 1e-4 * k;  // far below the skin: the pattern holds
    steps.push_back(part.coordinates(x));
  }
  std::vector<DistributedResult> results;
  for (int k = 0; k < 3; ++k) search.search(steps[static_cast<std::size_t>(k)], results);
  std::uint64_t ghosts = 0, remade = 0;
  const long before = allocation_count();
  for (int k = 3; k < 8; ++k) {
    search.search(steps[static_cast<std::size_t>(k)], results);
    for (const DistributedResult& r : results) {
      ghosts += r.exchange.ghosts_received;
      remade += r.searched;
    }
  }
  BOOST_TEST(allocation_count() - before == 0);
  BOOST_TEST(remade == 0u);
  if (test::world_size() > 1) BOOST_TEST(ghosts > 0u);
  // A jump past the skin makes the pattern again (a new top tree): the count sees that.
  std::vector<Vector3d> x = mesh.coordinates;
  for (Vector3d& p : x) p.x() += 0.3;
  const long jump = allocation_count();
  search.search(part.coordinates(x), results);
  BOOST_TEST(results[0].searched);
  BOOST_TEST(allocation_count() - jump > 0);
}

BOOST_AUTO_TEST_SUITE_END()
