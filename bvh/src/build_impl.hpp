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

// Gottschalk's top-down fit of one node: the shape fitted to every point and control-net
// triangle of the patches prim_ids[begin, end).
template <BoundingVolume BV>
BV fit_to_patches(const PatchGeometry& geometry, std::span<const Index> prim_ids) {
  std::vector<Eigen::Vector3d> points;
  std::vector<std::array<Index, 3>> triangles;
  for (const Index p : prim_ids) {
    const auto base = static_cast<Index>(points.size());
    const auto own = geometry.points_of(p);
    points.insert(points.end(), own.begin(), own.end());
    for (const auto& t : geometry.triangles_of(p)) triangles.push_back({base + t[0], base + t[1], base + t[2]});
  }
  return BoundingVolumeOps<BV>::fit(points, triangles);
}

// Node volumes: bottom-up merging where that is exact (AABB), otherwise every node shaped by
// the geometry beneath it and made to enclose the patch volumes beneath it (nodes independent,
// hence a parallel loop).
template <BoundingVolume BV>
void fit_node_volumes(Bvh<BV>& tree, const PatchGeometry& geometry) {
  using Ops = BoundingVolumeOps<BV>;
  if constexpr (Ops::children_enclosure_is_tight) {
    traverse_bottom_up(
        tree, [&](auto& leaf) { leaf.volume = Ops::enclose_like(BV{}, leaf_volumes(tree, leaf)); },
        [](auto& node, const auto& left, const auto& right) { enclose_children<BV>(node, left, right); });
  } else {
    const std::vector<PrimRange> ranges = node_prim_ranges(tree);
    parallel_for(tree.nodes.size(), 16, [&](std::size_t k) {
      const auto [begin, end] = ranges[k];
      const auto ids = std::span<const Index>(tree.prim_ids).subspan(static_cast<std::size_t>(begin), static_cast<std::size_t>(end - begin));
      const BV shape = fit_to_patches<BV>(geometry, ids);
      tree.nodes[k].volume = Ops::enclose_like(shape, std::span<const BV>(tree.prim_volumes).subspan(static_cast<std::size_t>(begin), static_cast<std::size_t>(end - begin)));
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
  std::vector<Aabb> boxes(n);
  parallel_for(n, 1024, [&](std::size_t p) {
    const auto id = static_cast<Index>(p);
    volumes[p] = Ops::inflate(Ops::fit(geometry.points_of(id), geometry.triangles_of(id)), config.tolerance);
    boxes[p] = inflate(fit_aabb(geometry.points_of(id)), config.tolerance);
  });
  detail::Topology topology = config.builder == Builder::morton
                                  ? detail::morton_topology(boxes, config)
                                  : detail::binned_sah_topology(boxes, config);
  Bvh<BV> tree;
  tree.prim_ids = std::move(topology.prim_ids);
  tree.prim_volumes.resize(n);
  for (std::size_t i = 0; i < n; ++i) tree.prim_volumes[i] = volumes[static_cast<std::size_t>(tree.prim_ids[i])];
  tree.nodes.resize(topology.nodes.size());
  for (std::size_t k = 0; k < topology.nodes.size(); ++k)
    tree.nodes[k] = {BV{}, topology.nodes[k].index, topology.nodes[k].prim_count};
  detail::fit_node_volumes(tree, geometry);
  return tree;
}

}  // namespace fecontact
