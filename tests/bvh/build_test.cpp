// SPDX-License-Identifier: BSD-3-Clause
// Built trees: every patch volume holds its patch, every node volume holds the volumes beneath
// it, leaves respect the configured size, prim_ids is a permutation, the descendants of a node
// are contiguous; for both builders.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "bvh_brute_force.hpp"
#include "bvh_test_meshes.hpp"
#include "fecontact/bvh/build.hpp"
#include "fecontact/geometry/eigen3.hpp"
#include "fecontact/geometry/overlap.hpp"

using namespace fecontact;

namespace {

using Volumes = std::tuple<Aabb, Obb>;

// True when `outer` holds `inner` (an AABB and an OBB are held when their corners are).
bool holds(const Aabb& outer, const Aabb& inner) { return contains(outer, inner); }
bool holds(const Obb& outer, const Obb& inner) {
  for (const auto& c : corners(inner))
    if (!contains(outer, c)) return false;
  return true;
}
// Checks the invariants of `tree` over `geometry`; returns the number of failures.
template <class BV>
int check_tree(const Bvh<BV>& tree, const PatchGeometry& geometry, Index max_leaf_size) {
  using Ops = BoundingVolumeOps<BV>;
  int failures = 0;
  std::vector<Index> ids = tree.prim_ids;
  std::sort(ids.begin(), ids.end());
  std::vector<Index> expected(ids.size());
  std::iota(expected.begin(), expected.end(), 0);
  failures += ids != expected;
  const auto stored = test::stored_volumes(tree);
  for (std::size_t p = 0; p < stored.size(); ++p)
    for (const auto& x : geometry.points_of(Index(p))) failures += !Ops::contains(stored[p], x, 1e-12 * (1 + x.norm()));
  // Depth-first from the root: each node holds every patch volume beneath it
  // (so it holds the patches, and every patch-volume overlap implies a node overlap).
  std::vector<std::pair<Index, std::vector<Index>>> stack{{0, {}}};
  std::size_t leaves_seen = 0;
  while (!stack.empty()) {
    auto [k, ancestors] = stack.back();
    stack.pop_back();
    const auto& node = tree.nodes[std::size_t(k)];
    ancestors.push_back(k);
    if (node.is_leaf()) {
      failures += node.prim_count > max_leaf_size;
      leaves_seen += std::size_t(node.prim_count);
      for (Index i = node.index; i < node.index + node.prim_count; ++i)
        for (const Index a : ancestors) failures += !holds(tree.nodes[std::size_t(a)].volume, stored[std::size_t(tree.prim_ids[std::size_t(i)])]);
    } else {
      failures += node.index <= k;  // children after their parent
      stack.push_back({node.index, ancestors});
      stack.push_back({node.index + 1, ancestors});
    }
  }
  failures += leaves_seen != tree.prim_ids.size();
  // The descendants of each node are contiguous (bvh.hpp; the bottom-up pass sweeps subtrees as
  // ranges): as many as span the first child to the last descendant. Children first, backwards.
  std::vector<std::size_t> descendants(tree.nodes.size(), 0), last(tree.nodes.size());
  for (std::size_t k = tree.nodes.size(); k-- > 0;) {
    const auto& node = tree.nodes[k];
    last[k] = k;
    if (node.is_leaf()) continue;
    const auto c = std::size_t(node.index);
    descendants[k] = 2 + descendants[c] + descendants[c + 1];
    last[k] = std::max({c + 1, last[c], last[c + 1]});
    failures += last[k] + 1 - c != descendants[k];
  }
  return failures;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(bvh_build)

BOOST_AUTO_TEST_CASE_TEMPLATE(nodes_contain_everything_beneath_them, BV, Volumes) {
  for (const ElementType type : {ElementType::tri3, ElementType::quad8, ElementType::tri6}) {
    const auto sheets = test::crossing_sheets(12, type, 3);
    const auto& mesh = sheets[0];
    const auto geometry = patch_geometry(mesh.surface, test::pair_patches(mesh.surface), mesh.coordinates);
    for (const Builder builder : {Builder::binned_sah, Builder::morton})
      for (const Index leaf : {1, 4}) {
        BuildConfig config;
        config.builder = builder;
        config.max_leaf_size = leaf;
        config.tolerance = 0.01;
        config.task_grain = 16;  // exercise the tasks on a small mesh
        const Bvh<BV> tree = build<BV>(geometry, config);
        BOOST_TEST(tree.size() == geometry.size());
        BOOST_TEST(check_tree(tree, geometry, leaf) == 0,
                   name(type) << (builder == Builder::morton ? " morton" : " sah") << " leaf " << leaf);
      }
  }
}

BOOST_AUTO_TEST_CASE(obb_nodes_take_the_axes_of_the_geometry_beneath) {
  // A long thin strip along the diagonal of the xy plane: the root OBB's longest axis follows the
  // strip, and it is far smaller than the root AABB.
  const auto mesh = test::grid_surface(40, 2, ElementType::tri3, [](double u, double v) {
    return Eigen::Vector3d(u + 0.02 * v, u - 0.02 * v, 0.01 * v);
  });
  const auto geometry = patch_geometry(mesh.surface, face_patches(mesh.surface), mesh.coordinates);
  const auto obb_tree = build<Obb>(geometry);
  const auto aabb_tree = build<Aabb>(geometry);
  const Obb& root = obb_tree.nodes[0].volume;
  Eigen::Index longest;
  root.half_extents.maxCoeff(&longest);
  BOOST_TEST(std::abs(root.axes.col(longest).dot(Eigen::Vector3d(1, 1, 0).normalized())) > 0.999);
  BOOST_TEST(volume(root) < 0.05 * volume(aabb_tree.nodes[0].volume));
}

// Covariance of the patches beneath node k, combined children first as the build does.
Covariance covariance_beneath(const Bvh<Obb>& tree, const PatchGeometry& geometry, std::size_t k) {
  using Ops = BoundingVolumeOps<Obb>;
  const auto& node = tree.nodes[k];
  if (!node.is_leaf()) {
    const auto child = static_cast<std::size_t>(node.index);
    return Ops::combine(covariance_beneath(tree, geometry, child), covariance_beneath(tree, geometry, child + 1));
  }
  Covariance sum;
  for (Index i = node.index; i < node.index + node.prim_count; ++i) {
    const Index p = tree.prim_ids[static_cast<std::size_t>(i)];
    const Covariance patch = Ops::summarize(geometry.points_of(p), geometry.triangles_of(p));
    sum = i == node.index ? patch : Ops::combine(sum, patch);
  }
  return sum;
}

// The build decomposes the node covariances in batches: every node's axes are still, bit for bit,
// the eigenvectors that the one-matrix eigen_symmetric3 gives for the covariance beneath it.
BOOST_AUTO_TEST_CASE(obb_node_axes_are_the_one_matrix_eigenvectors) {
  const auto mesh = test::grid_surface(30, 20, ElementType::quad4, [](double u, double v) {
    return Eigen::Vector3d(u, v, 0.3 * std::sin(3 * u) * std::cos(2 * v));
  });
  const auto geometry = patch_geometry(mesh.surface, face_patches(mesh.surface), mesh.coordinates);
  const auto tree = build<Obb>(geometry);
  BOOST_TEST_REQUIRE(tree.nodes.size() > 100);
  int mismatches = 0;
  for (std::size_t k = 0; k < tree.nodes.size(); ++k) {
    const SymmetricEigen3 e = eigen_symmetric3(covariance_beneath(tree, geometry, k).matrix);
    mismatches += !(tree.nodes[k].volume.axes == (e.status == EigenStatus::ok ? e.vectors : Eigen::Matrix3d::Identity()));
  }
  BOOST_TEST(mismatches == 0);
}

BOOST_AUTO_TEST_SUITE_END()
