// SPDX-License-Identifier: BSD-3-Clause
// Trees over meshes nobody on the team wrote: fcl's env.obj (2,180 triangles, coordinates up to
// ±3000) and rob.obj (216 triangles) from FECONTACT_SHARED_DATA, against brute force (skipped,
// and reported so, without them).
#include <boost/test/unit_test.hpp>

#include "bvh_brute_force.hpp"
#include "fecontact/bvh/build.hpp"
#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/io/obj_reader.hpp"
#include "fecontact/mesh/surface_extraction.hpp"
#include "requirements.hpp"
#include "scratch_files.hpp"

using namespace fecontact;

namespace {

using Volumes = std::tuple<Aabb, Obb>;

struct Loaded {
  Mesh mesh;
  Surface surface;
  Patches patches;
  PatchGeometry geometry;
};

Loaded load(const std::string& name) {
  Loaded l;
  l.mesh = read_obj(*test::shared_data_path("fcl/" + name));
  l.surface = surface_from_definition(l.mesh, l.mesh.surfaces.at(0));
  l.patches = face_patches(l.surface);
  l.geometry = patch_geometry(l.surface, l.patches, l.mesh.coordinates);
  return l;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(bvh_real_meshes)

BOOST_TEST_DECORATOR(*boost::unit_test::label("shared_data") *
                     boost::unit_test::precondition(test::SharedData{"fcl/env.obj"}) *
                     boost::unit_test::precondition(test::SharedData{"fcl/rob.obj"}))
BOOST_AUTO_TEST_CASE_TEMPLATE(fcl_environment_and_robot_against_brute_force, BV, Volumes) {
  const Loaded env = load("env.obj");
  const Loaded rob = load("rob.obj");
  BOOST_TEST(env.geometry.size() == 2180);
  BOOST_TEST(rob.geometry.size() == 216);
  BuildConfig config;
  config.tolerance = 5.0;  // model units (coordinates up to ±3000)
  const auto env_tree = build<BV>(env.geometry, config);
  const auto rob_tree = build<BV>(rob.geometry, config);
  const auto env_volumes = test::patch_volumes<BV>(env.geometry, config.tolerance);
  const auto rob_volumes = test::patch_volumes<BV>(rob.geometry, config.tolerance);
  const auto expected = test::brute_force_pairs(env_volumes, rob_volumes, false);
  const auto env_stored = test::stored_volumes(env_tree);
  const auto env_grown = test::grown_by_packing(env_volumes);
  const std::string mismatch = test::brute_force_mismatch(
      find_pairs(env_tree, rob_tree).pairs,
      test::brute_force_pairs(env_stored, test::stored_volumes(rob_tree), false), expected,
      test::brute_force_pairs(env_grown, test::grown_by_packing(rob_volumes), false));
  BOOST_TEST(mismatch.empty(), mismatch);
  // The soup is not welded: no two triangles share a node, so only coincident or touching
  // triangles are neighbours by geometry, and the self search keeps them.
  const auto self_expected = test::brute_force_pairs(env_volumes, env_volumes, true);
  const std::string self_mismatch = test::brute_force_mismatch(
      find_self_pairs(env_tree).pairs, test::brute_force_pairs(env_stored, env_stored, true),
      self_expected, test::brute_force_pairs(env_grown, env_grown, true));
  BOOST_TEST(self_mismatch.empty(), self_mismatch);
  BOOST_TEST(!self_expected.empty());
  BOOST_TEST_MESSAGE("env x rob: " << expected.size() << " pairs; env x env: " << self_expected.size());
}

BOOST_AUTO_TEST_SUITE_END()
