#pragma once
// build<BV>: patch volumes, topology (topology.hpp), then node volumes. Instantiated in
// instantiations.cpp.

#include <vector>

#include "fecontact/assert.hpp"
#include "fecontact/bvh/build.hpp"
#include "fecontact/parallel.hpp"
#include "bottom_up.hpp"
#include "node_ranges.hpp"
#include "topology.hpp"

namespace fecontact::detail {

// Node volumes. Where enclosing the children is exact (AABB), bottom-up. Otherwise every node is
// shaped by the summary of all the geometry beneath it (Gottschalk's top-down OBBTree fit;
// summaries add up, so they are combined bottom-up in linear time) and encloses the patch
// volumes beneath it; nodes are then independent, hence a parallel loop.
template <BoundingVolume BV>
void fit_node_volumes(Bvh<BV>& tree, std::vector<typename BoundingVolumeOps<BV>::Summary> summaries) {
  using Ops = BoundingVolumeOps<BV>;
  if constexpr (Ops::children_enclosure_is_tight) {
    traverse_bottom_up(
        tree, [&](auto& leaf) { leaf.volume = Ops::enclose_like(BV{}, leaf_volumes(tree, leaf)); },
        [](auto& node, const auto& left, const auto& right) { enclose_children<BV>(node, left, right); });
  } else {
    // summaries: one per patch in tree order on entry, one per node below.
    std::vector<typename Ops::Summary> node_summaries(tree.nodes.size());
    for (std::size_t k = tree.nodes.size(); k-- > 0;) {
      const auto& node = tree.nodes[k];
      const auto first = static_cast<std::size_t>(node.index);
      if (node.is_leaf()) {
        node_summaries[k] = summaries[first];
        for (std::size_t i = first + 1; i < first + static_cast<std::size_t>(node.prim_count); ++i)
          node_summaries[k] = Ops::combine(node_summaries[k], summaries[i]);
      } else {
        node_summaries[k] = Ops::combine(node_summaries[first], node_summaries[first + 1]);
      }
    }
    const std::vector<PrimRange> ranges = node_prim_ranges(tree);
    parallel_for(tree.nodes.size(), 64, [&](std::size_t k) {
      const auto [begin, end] = ranges[k];
      const BV shape = Ops::fit(node_summaries[k], {});
      tree.nodes[k].volume = Ops::enclose_like(
          shape, std::span<const BV>(tree.prim_volumes)
                     .subspan(static_cast<std::size_t>(begin), static_cast<std::size_t>(end - begin)));
    });
  }
}

}  // namespace fecontact::detail

namespace fecontact {

template <BoundingVolume BV>
Bvh<BV> build(const PatchGeometry& geometry, const BuildConfig& config) {
  FECONTACT_ASSERT(config.max_leaf_size >= 1 && config.bin_count >= 2 && config.tolerance >= 0,
                   "build: max_leaf_size >= 1, bin_count >= 2 and tolerance >= 0 expected");
  using Ops = BoundingVolumeOps<BV>;
  const auto n = static_cast<std::size_t>(geometry.size());
  std::vector<BV> volumes(n);
  std::vector<typename Ops::Summary> summaries(n);
  std::vector<Aabb> boxes(n);
  parallel_for(n, 1024, [&](std::size_t p) {
    const auto id = static_cast<Index>(p);
    summaries[p] = Ops::summarize(geometry.points_of(id), geometry.triangles_of(id));
    volumes[p] = Ops::inflate(Ops::fit(summaries[p], geometry.points_of(id)), config.tolerance);
    boxes[p] = inflate(fit_aabb(geometry.points_of(id)), config.tolerance);
  });
  detail::Topology topology = config.builder == Builder::morton
                                  ? detail::morton_topology(boxes, config)
                                  : detail::binned_sah_topology(boxes, config);
  Bvh<BV> tree;
  tree.prim_ids = std::move(topology.prim_ids);
  tree.prim_volumes.resize(n);
  std::vector<typename Ops::Summary> ordered_summaries(n);
  for (std::size_t i = 0; i < n; ++i) {
    tree.prim_volumes[i] = volumes[static_cast<std::size_t>(tree.prim_ids[i])];
    ordered_summaries[i] = summaries[static_cast<std::size_t>(tree.prim_ids[i])];
  }
  tree.nodes.resize(topology.nodes.size());
  for (std::size_t k = 0; k < topology.nodes.size(); ++k)
    tree.nodes[k] = {BV{}, topology.nodes[k].index, topology.nodes[k].prim_count};
  detail::fit_node_volumes(tree, std::move(ordered_summaries));
  return tree;
}

}  // namespace fecontact
