// SPDX-License-Identifier: BSD-3-Clause
#include "topology.hpp"

#include <algorithm>
#include <numeric>
#include <utility>

#include "fecontact/detail/parallel.hpp"

namespace fecontact::detail {
namespace {

constexpr TopologyNode unused_slot{-1, -1};
constexpr std::size_t slots_per_chunk = 16384;

bool is_used(const TopologyNode& slot) { return slot.prim_count >= 0; }

}  // namespace

SlotTree::SlotTree(std::size_t prim_count) : slots(prim_count == 0 ? 0 : 2 * prim_count - 1) {}

void SlotTree::leaf(Index slot, Index free, Index begin, Index end) {
  slots[static_cast<std::size_t>(slot)] = {begin, end - begin};
  std::fill_n(slots.begin() + free, 2 * (end - begin) - 2, unused_slot);
}

void SlotTree::inner(Index slot, Index first_child) {
  slots[static_cast<std::size_t>(slot)] = {first_child, 0};
}

Topology compact(const SlotTree& tree, std::vector<Index> prim_ids) {
  Topology topology;
  topology.prim_ids = std::move(prim_ids);
  const std::size_t n = tree.slots.size();
  // A used slot's node goes to the number of used slots before it: those before it in its
  // chunk (local) plus those of the chunks before (chunk_begin).
  std::vector<Index> chunk_begin(detail::chunk_count(n, slots_per_chunk) + 1, 0);
  UninitializedVector<Index> local(n);
  detail::parallel_chunks(n, slots_per_chunk, [&](std::size_t chunk, std::size_t begin, std::size_t end) {
    Index used = 0;
    for (std::size_t s = begin; s < end; ++s) {
      local[s] = used;
      used += is_used(tree.slots[s]);
    }
    chunk_begin[chunk + 1] = used;
  });
  std::partial_sum(chunk_begin.begin(), chunk_begin.end(), chunk_begin.begin());
  const auto position = [&](std::size_t s) { return local[s] + chunk_begin[s / slots_per_chunk]; };
  topology.nodes.resize(static_cast<std::size_t>(chunk_begin.back()));
  detail::parallel_for(n, slots_per_chunk, [&](std::size_t s) {
    TopologyNode node = tree.slots[s];
    if (!is_used(node)) return;
    if (node.prim_count == 0) node.index = position(static_cast<std::size_t>(node.index));
    topology.nodes[static_cast<std::size_t>(position(s))] = node;
  });
  return topology;
}

}  // namespace fecontact::detail
