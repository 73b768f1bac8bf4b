// SPDX-License-Identifier: BSD-3-Clause
// OBB patch and node volumes of a build in three steps: patch volumes and node covariances
// (bottom-up), the node axes (the eigenvectors of every node covariance, by the batched
// eigen_symmetric3: several nodes per vector instruction), then node volumes with those axes
// (bottom-up). The volumes are those the generic fit_volumes (build_impl.hpp) would give, bit for
// bit: the batched decomposition equals the one-matrix call that Ops::fit(summary, {}) makes.

#include <span>
#include <vector>

#include "build_impl.hpp"
#include "fecontact/geometry/eigen3.hpp"

namespace fecontact::detail {
namespace {

using Ops = BoundingVolumeOps<Obb>;

/// Nodes whose covariances one task decomposes: the task's matrices and decompositions stay in
/// cache, and no array holds all the nodes' decompositions.
constexpr std::size_t eigen_chunk = 1024;

// The empty volume with the axes of every node (Ops::fit(summary, {}): the eigenvectors of the
// covariance, the identity when it is not finite).
std::vector<Obb> node_shapes(std::span<const Covariance> summaries) {
  std::vector<Obb> shapes(summaries.size());
  parallel_chunks(summaries.size(), eigen_chunk, [&](std::size_t, std::size_t begin, std::size_t end) {
    std::vector<Eigen::Matrix3d> matrices(end - begin);
    std::vector<SymmetricEigen3> eigen(end - begin);
    for (std::size_t k = begin; k < end; ++k) matrices[k - begin] = summaries[k].matrix;
    eigen_symmetric3(matrices, eigen);
    for (std::size_t k = begin; k < end; ++k) {
      const SymmetricEigen3& e = eigen[k - begin];
      shapes[k] = fit_obb({}, e.status == EigenStatus::ok ? e.vectors : Eigen::Matrix3d::Identity());
    }
  });
  return shapes;
}

}  // namespace

void fit_volumes(Bvh<Obb>& tree, const PatchGeometry& geometry, double tolerance) {
  std::vector<Covariance> summaries(tree.nodes.size());
  const auto id = [&](const auto& node) { return static_cast<std::size_t>(&node - tree.nodes.data()); };
  // Patch volumes go straight to prim_volumes: an OBB is packed as it is (Ops::pack).
  traverse_bottom_up(
      tree,
      [&](auto& leaf, std::span<Obb>) {
        Covariance summary;
        for (Index k = 0; k < leaf.prim_count; ++k) {
          const Index i = leaf.index + k;
          const Index p = tree.prim_ids[static_cast<std::size_t>(i)];
          prefetch_ahead(tree, geometry, i);
          const Covariance patch = Ops::summarize(geometry.points_of(p), geometry.triangles_of(p));
          tree.prim_volumes[static_cast<std::size_t>(i)] =
              Ops::inflate(Ops::fit(patch, geometry.points_of(p)), tolerance);
          summary = k == 0 ? patch : Ops::combine(summary, patch);
        }
        summaries[id(leaf)] = summary;
      },
      [&](auto& node, const auto& left, const auto& right) {
        summaries[id(node)] = Ops::combine(summaries[id(left)], summaries[id(right)]);
      });
  const std::vector<Obb> shapes = node_shapes(summaries);
  traverse_bottom_up(
      tree,
      [&](auto& leaf, std::span<Obb>) {
        const auto first = tree.prim_volumes.begin() + leaf.index;
        leaf.volume = Ops::enclose_like(shapes[id(leaf)], std::span<const Obb>(first, first + leaf.prim_count));
      },
      [&](auto& node, const auto& left, const auto& right) {
        node.volume = shapes[id(node)];
        enclose_children<Obb>(node, left, right);
      });
}

}  // namespace fecontact::detail
