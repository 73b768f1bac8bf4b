#pragma once
// build<BV>: patch volumes, topology (topology.hpp), then node volumes. Instantiated in
// build.cpp.

#include <span>
#include <type_traits>
#include <vector>

#include "fecontact/assert.hpp"
#include "fecontact/bvh/build.hpp"
#include "fecontact/parallel.hpp"
#include "bottom_up.hpp"
#include "topology.hpp"
#include "uninitialized_storage.hpp"

namespace fecontact::detail {

// Patch and node volumes, in linear time and in one parallel bottom-up pass (no per-patch
// array but the packed volumes themselves). A leaf fits its patches' volumes to their points,
// encloses them and stores them packed within itself (bvh.hpp); every node
// is shaped by the summary of all the geometry beneath it (Gottschalk's top-down OBBTree axes:
// summaries add up, so they are combined bottom-up) and encloses its children's volumes (leaves:
// their patch volumes). For AABBs that is the exact box; for OBBs it is looser than enclosing
// every patch volume beneath each node, an O(n log n) fit that the benchmarks found too slow for
// what it culls (README of bvh_scenes). An AABB patch volume is the patch's box of `boxes` (the
// topology's: fitted to the same points, inflated by the same tolerance), not fitted twice.
template <BoundingVolume BV>
void fit_volumes(Bvh<BV>& tree, const PatchGeometry& geometry, std::span<const Aabb> boxes, double tolerance) {
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
          const auto patch = Ops::summarize(geometry.points_of(p), geometry.triangles_of(p));
          if constexpr (std::is_same_v<BV, Aabb>) {
            prefetch_ahead(tree, boxes, i);
            volumes[k] = boxes[static_cast<std::size_t>(p)];
          } else {
            prefetch_ahead(tree, geometry, i);
            volumes[k] = Ops::inflate(Ops::fit(patch, geometry.points_of(p)), tolerance);
          }
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

}  // namespace fecontact::detail

namespace fecontact {

template <BoundingVolume BV>
Bvh<BV> build(const PatchGeometry& geometry, const BuildConfig& config) {
  FECONTACT_ASSERT(config.max_leaf_size >= 1 && config.bin_count >= 2 && config.tolerance >= 0,
                   "build: max_leaf_size >= 1, bin_count >= 2 and tolerance >= 0 expected");
  const auto n = static_cast<std::size_t>(geometry.size());
  detail::UninitializedArray<Aabb> patch_boxes(n);
  parallel_for(n, 1024, [&](std::size_t p) {
    patch_boxes.construct(p, inflate(fit_aabb(geometry.points_of(static_cast<Index>(p))), config.tolerance));
  });
  const std::span<const Aabb> boxes = patch_boxes.elements();
  detail::Topology topology = config.builder == Builder::morton
                                  ? detail::morton_topology(boxes, config)
                                  : detail::binned_sah_topology(boxes, config);
  Bvh<BV> tree;
  tree.prim_ids = std::move(topology.prim_ids);
  tree.prim_volumes.resize(n);
  tree.nodes.resize(topology.nodes.size());
  parallel_for(topology.nodes.size(), 16384, [&](std::size_t k) {
    tree.nodes[k] = {BV{}, topology.nodes[k].index, topology.nodes[k].prim_count};
  });
  detail::fit_volumes(tree, geometry, boxes, config.tolerance);
  return tree;
}

}  // namespace fecontact
