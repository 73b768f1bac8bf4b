// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// build<BV>: patch volumes, topology (topology.hpp), then node volumes. Instantiated in
// build.cpp.

#include <span>
#include <vector>

#include "fecontact/detail/assert.hpp"
#include "fecontact/bvh/build.hpp"
#include "fecontact/detail/parallel.hpp"
#include "bottom_up.hpp"
#include "topology.hpp"

namespace fecontact::detail {

// Patch and node volumes, in linear time and in one parallel bottom-up pass (no per-patch
// array but the packed volumes themselves). A leaf fits its patches' volumes to their points,
// encloses them and stores them packed within itself (bvh.hpp); every node
// is shaped by the summary of all the geometry beneath it (Gottschalk's top-down OBBTree axes:
// summaries add up, so they are combined bottom-up) and encloses its children's volumes (leaves:
// their patch volumes). For AABBs that is the exact box; for OBBs it is looser than enclosing
// every patch volume beneath each node, an O(n log n) fit that costs more than it culls.
template <BoundingVolume BV>
void fit_volumes(Bvh<BV>& tree, const PatchGeometry& geometry, double tolerance) {
  using Ops = BoundingVolumeOps<BV>;
  std::vector<typename Ops::Summary> node_summaries(tree.nodes.size());
  const auto id = [&](const auto& node) { return static_cast<std::size_t>(&node - tree.nodes.data()); };
  traverse_bottom_up(
      tree,
      [&](auto& leaf, std::span<BV> volumes) {
        typename Ops::Summary summary;
        for (std::size_t k = 0; k < volumes.size(); ++k) {
          const Index i = leaf.index + static_cast<Index>(k);
          const Index p = tree.prim_ids[static_cast<std::size_t>(i)];
          prefetch_ahead(tree, geometry, i);
          const auto patch = Ops::summarize(geometry.points_of(p), geometry.triangles_of(p));
          volumes[k] = Ops::inflate(Ops::fit(patch, geometry.points_of(p)), tolerance);
          summary = k == 0 ? patch : Ops::combine(summary, patch);
        }
        set_leaf<BV>(tree, leaf, Ops::fit(summary, {}), volumes);
        node_summaries[id(leaf)] = summary;
      },
      [&](auto& node, const auto& left, const auto& right) {
        const auto summary = Ops::combine(node_summaries[id(left)], node_summaries[id(right)]);
        node.volume = Ops::fit(summary, {});
        enclose_children<BV>(node, left, right);
        node_summaries[id(node)] = summary;
      });
}

/// The same for OBBs, with the node axes from one batched eigen-decomposition of all the node
/// covariances (fit_obb_volumes.cpp) instead of one call per node: the same tree, bit for bit.
void fit_volumes(Bvh<Obb>& tree, const PatchGeometry& geometry, double tolerance);

}  // namespace fecontact::detail

namespace fecontact {

template <BoundingVolume BV>
Bvh<BV> build(const PatchGeometry& geometry, const BuildConfig& config) {
  FECONTACT_ASSERT(config.max_leaf_size >= 1 && config.bin_count >= 2 && config.tolerance >= 0,
                   "build: max_leaf_size >= 1, bin_count >= 2 and tolerance >= 0 expected");
  // The topology fits each patch's box to its points as it needs it, and fit_volumes fits them
  // again: an array of all the boxes (48 bytes a patch) costs more in first-touch page faults on
  // large trees than the second fit.
  detail::Topology topology = config.builder == Builder::morton ? detail::morton_topology(geometry, config)
                                                                : detail::binned_sah_topology(geometry, config);
  Bvh<BV> tree;
  tree.tolerance = config.tolerance;
  tree.prim_ids = std::move(topology.prim_ids);
  tree.prim_volumes.resize(tree.prim_ids.size());
  tree.nodes.resize(topology.nodes.size());
  detail::parallel_for(topology.nodes.size(), 16384, [&](std::size_t k) {
    tree.nodes[k] = {BV{}, topology.nodes[k].index, topology.nodes[k].prim_count};
  });
  detail::fit_volumes(tree, geometry, config.tolerance);
  return tree;
}

}  // namespace fecontact
