// SPDX-License-Identifier: BSD-3-Clause
// Linear BVH topology (Lauterbach et al. 2009; Karras 2012): sort the patches by the Morton code
// of their box centres, then split each range where its highest differing code bit flips.
#include <algorithm>
#include <bit>
#include <cstdint>

#include "fecontact/bvh/detail/morton.hpp"
#include "fecontact/detail/parallel.hpp"
#include "radix_sort.hpp"
#include "topology.hpp"

namespace fecontact::detail {
namespace {

class MortonBuilder {
 public:
  MortonBuilder(const PatchGeometry& geometry, const BuildConfig& config)
      : config_(config), coded_(static_cast<std::size_t>(geometry.size())), tree_(coded_.size()) {
    // The grid spans the points, which hold every patch's box centre. Min and max are exact, so
    // any grouping gives the same bounds.
    const Aabb bounds = detail::ordered_reduce(
        geometry.points.size(), 16384, Aabb{},
        [&](std::size_t begin, std::size_t end) {
          Aabb chunk;
          for (std::size_t i = begin; i < end; ++i) chunk = expand(chunk, geometry.points[i]);
          return chunk;
        },
        [](const Aabb& a, const Aabb& b) { return merge(a, b); });
    const detail::MortonGrid grid(bounds);
    detail::parallel_for(coded_.size(), 4096, [&](std::size_t i) {
      const auto p = static_cast<Index>(i);
      coded_[i] = {grid.code(center(fit_aabb(geometry.points_of(p)))), p};
    });
    // Ties are ordered by id, so the tree is unique.
    radix_sort(coded_);
  }

  Topology run() {
    split_from_root(static_cast<Index>(coded_.size()), config_.task_grain,
                    [this](Index b, Index e, Index s, Index f) { split(b, e, s, f); });
    std::vector<Index> ids(coded_.size());
    detail::parallel_for(ids.size(), 16384, [&](std::size_t i) { ids[i] = coded_[i].id; });
    return compact(tree_, std::move(ids));
  }

 private:
  // First position of [begin, end) whose code has the highest differing bit of the range set;
  // the middle when all codes are equal.
  Index split_position(Index begin, Index end) const {
    const std::uint64_t first = coded_[static_cast<std::size_t>(begin)].code;
    const std::uint64_t last = coded_[static_cast<std::size_t>(end - 1)].code;
    if (first == last) return begin + (end - begin) / 2;
    const std::uint64_t bit = std::uint64_t{1} << (63 - std::countl_zero(first ^ last));
    const auto it = std::partition_point(coded_.begin() + begin, coded_.begin() + end,
                                         [&](const Coded& c) { return (c.code & bit) == 0; });
    return static_cast<Index>(it - coded_.begin());
  }

  void split(Index begin, Index end, Index slot, Index free) {
    const Index count = end - begin;
    if (count <= config_.max_leaf_size) {
      tree_.leaf(slot, free, begin, end);
      return;
    }
    const Index middle = split_position(begin, end);
    split_children(tree_, begin, middle, end, slot, free, config_.task_grain,
                   [this](Index b, Index e, Index s, Index f) { split(b, e, s, f); });
  }

  const BuildConfig& config_;
  UninitializedVector<Coded> coded_;  // written by the constructor's parallel loop
  SlotTree tree_;
};

}  // namespace

Topology morton_topology(const PatchGeometry& geometry, const BuildConfig& config) {
  return MortonBuilder(geometry, config).run();
}

}  // namespace fecontact::detail
