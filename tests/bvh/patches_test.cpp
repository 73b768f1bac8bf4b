// Patches: single faces and clusters of adjacent faces.
#include <boost/test/unit_test.hpp>

#include <set>

#include "bvh_test_meshes.hpp"
#include "fecontact/bvh/patches.hpp"

using namespace fecontact;

namespace {
const auto plane = [](double u, double v) { return Eigen::Vector3d(u, v, 0); };
}

BOOST_AUTO_TEST_SUITE(bvh_patches)

BOOST_AUTO_TEST_CASE(face_patches_hold_one_face_and_its_distinct_nodes) {
  const auto mesh = test::grid_surface(3, 2, ElementType::quad8, plane);
  const PatchSet patches = face_patches(mesh.surface);
  BOOST_TEST(patches.size() == mesh.surface.size());
  for (Index p = 0; p < patches.size(); ++p) {
    BOOST_TEST(patches.faces_of(p).size() == 1u);
    BOOST_TEST(patches.faces_of(p)[0] == p);
    const auto nodes = patches.nodes_of(p);
    BOOST_TEST(nodes.size() == 8u);
    BOOST_TEST(std::is_sorted(nodes.begin(), nodes.end()));
  }
}

BOOST_AUTO_TEST_CASE(clusters_partition_the_faces_into_connected_groups) {
  const auto mesh = test::grid_surface(7, 5, ElementType::tri3, plane);
  for (const Index max_faces : {1, 3, 8}) {
    const PatchSet patches = clustered_patches(mesh.surface, max_faces);
    std::vector<int> count(mesh.surface.faces.size(), 0);
    for (Index p = 0; p < patches.size(); ++p) {
      const auto faces = patches.faces_of(p);
      BOOST_TEST((!faces.empty() && Index(faces.size()) <= max_faces));
      // Connected: grow from the first face over shared nodes within the patch.
      std::set<Index> reached{faces[0]};
      for (bool grew = true; grew;) {
        grew = false;
        for (const Index f : faces) {
          if (reached.count(f)) continue;
          for (const Index g : reached) {
            const auto a = mesh.surface.faces[std::size_t(f)].nodes();
            const auto b = mesh.surface.faces[std::size_t(g)].nodes();
            if (std::find_first_of(a.begin(), a.end(), b.begin(), b.end()) != a.end()) { reached.insert(f); grew = true; break; }
          }
        }
      }
      BOOST_TEST(reached.size() == faces.size());
      for (const Index f : faces) ++count[std::size_t(f)];
    }
    BOOST_TEST(std::all_of(count.begin(), count.end(), [](int c) { return c == 1; }));
    if (max_faces == 8) BOOST_TEST(patches.size() < mesh.surface.size() / 4);
  }
}

BOOST_AUTO_TEST_CASE(share_node_detects_neighbours_only) {
  const auto mesh = test::grid_surface(3, 1, ElementType::quad4, plane);
  const PatchSet patches = face_patches(mesh.surface);
  BOOST_TEST(share_node(patches, 0, patches, 1));
  BOOST_TEST(!share_node(patches, 0, patches, 2));
  BOOST_TEST(share_node(patches, 2, patches, 2));
}

BOOST_AUTO_TEST_SUITE_END()
