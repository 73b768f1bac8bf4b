// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/bvh/dual_search.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>

#include "fecontact/bvh/detail/dual_search_storage.hpp"
#include "fecontact/bvh/detail/normal_slab.hpp"
#include "find_pairs_impl.hpp"

namespace fecontact {
namespace {

// The patches' normal slabs, fitted in blocks of consecutive patches when a search first asks
// for one of a block's: a scene whose AABBs cull well fits a few blocks, and a scene that needs
// them all fits them in order, a block per atomic state (fitted one by one, two threads fitting
// neighbouring patches would share cache lines). Whichever task asks first fits the block and
// the others wait; the fit depends on the patch alone, so the slabs do not depend on the thread
// count. The storage is the caller's (kept between searches); slabs are written only where a
// block is fitted.
class LazyNormalSlabs {
 public:
  LazyNormalSlabs(const PatchGeometry& geometry, detail::SlabStorage& storage)
      : geometry_(geometry), storage_(storage) {
    const auto patches = static_cast<std::size_t>(geometry.size());
    const std::size_t blocks = (patches + block_size - 1) / block_size;
    if (storage.slabs.size() < patches) storage.slabs.resize(patches);
    if (storage.state_capacity < blocks) {
      storage.states = std::make_unique<std::atomic<std::uint8_t>[]>(blocks);
      storage.state_capacity = blocks;
    }
    for (std::size_t k = 0; k < blocks; ++k) storage.states[k].store(unfitted, std::memory_order_relaxed);
  }

  const detail::NormalSlab& operator[](Index patch) {
    const auto p = static_cast<std::size_t>(patch);
    std::atomic<std::uint8_t>& state = storage_.states[p / block_size];
    std::uint8_t seen = state.load(std::memory_order_acquire);
    if (seen == unfitted && state.compare_exchange_strong(seen, fitting, std::memory_order_acquire)) {
      fit_block(p / block_size);
      state.store(fitted, std::memory_order_release);
    }
    while (state.load(std::memory_order_acquire) != fitted)  // another task is fitting the block
      std::this_thread::yield();
    return storage_.slabs[p];
  }

 private:
  static constexpr std::size_t block_size = 64;  // 64 slabs: 48 cache lines, a few µs to fit
  static constexpr std::uint8_t unfitted = 0, fitting = 1, fitted = 2;

  void fit_block(std::size_t block) {
    const std::size_t end = std::min((block + 1) * block_size, static_cast<std::size_t>(geometry_.size()));
    for (std::size_t p = block * block_size; p < end; ++p)
      storage_.slabs[p] = detail::normal_slab(geometry_, static_cast<Index>(p));
  }

  const PatchGeometry& geometry_;
  detail::SlabStorage& storage_;
};

// The slab test of a pair whose AABBs overlap (one BV test), at distance `gap`. a's slab first:
// where facets face each other across a gap it culls alone, and b's slab is not fitted (on
// coaxial shells, half the fits).
bool slabs_overlap(const PatchGeometry& a, LazyNormalSlabs& a_slabs, Index p, const PatchGeometry& b,
                   LazyNormalSlabs& b_slabs, Index q, double gap, TraversalCounters& counters) {
  ++counters.bv_tests;
  const auto a_points = a.points_of(p), b_points = b.points_of(q);
  return !detail::beyond_slab(a_slabs[p], a_points.front(), b_points, gap) &&
         !detail::beyond_slab(b_slabs[q], b_points.front(), a_points, gap);
}

}  // namespace

void find_pairs_dual(const Bvh<Aabb>& a, const PatchGeometry& a_geometry, const Bvh<Aabb>& b,
                     const PatchGeometry& b_geometry, PairSearch& result, DualSearchBuffers& buffers) {
  FECONTACT_ASSERT(a_geometry.size() == a.size() && b_geometry.size() == b.size(),
                   "find_pairs_dual: the geometry of each tree's patches expected");
  detail::DualSearchStorage& storage = buffers.storage();
  LazyNormalSlabs a_slabs(a_geometry, storage.a), b_slabs(b_geometry, storage.b);
  const double gap = a.tolerance + b.tolerance;
  const auto dual_test = [&](Index p, Index q, TraversalCounters& counters) {
    return slabs_overlap(a_geometry, a_slabs, p, b_geometry, b_slabs, q, gap, counters);
  };
  detail::PairSearchStorage& pairs = storage.pairs.storage();
  detail::merge_parts(pairs, detail::search_parts<false>(a, b, pairs, dual_test), a.size(), result);
}

void find_self_pairs_dual(const Bvh<Aabb>& tree, const PatchGeometry& geometry, PairSearch& result,
                          DualSearchBuffers& buffers) {
  FECONTACT_ASSERT(geometry.size() == tree.size(), "find_self_pairs_dual: the geometry of the tree's patches expected");
  detail::DualSearchStorage& storage = buffers.storage();
  LazyNormalSlabs slabs(geometry, storage.a);
  const double gap = 2 * tree.tolerance;
  const auto dual_test = [&](Index p, Index q, TraversalCounters& counters) {
    return slabs_overlap(geometry, slabs, p, geometry, slabs, q, gap, counters);
  };
  detail::PairSearchStorage& pairs = storage.pairs.storage();
  detail::merge_parts(pairs, detail::search_parts<true>(tree, tree, pairs, dual_test), tree.size(), result);
}

PairSearch find_pairs_dual(const Bvh<Aabb>& a, const PatchGeometry& a_geometry, const Bvh<Aabb>& b,
                           const PatchGeometry& b_geometry) {
  PairSearch result;
  DualSearchBuffers buffers;
  find_pairs_dual(a, a_geometry, b, b_geometry, result, buffers);
  return result;
}

PairSearch find_self_pairs_dual(const Bvh<Aabb>& tree, const PatchGeometry& geometry) {
  PairSearch result;
  DualSearchBuffers buffers;
  find_self_pairs_dual(tree, geometry, result, buffers);
  return result;
}

bool beyond_normal_slab(const PatchGeometry& geometry, Index patch, const Eigen::Vector3d& point, double distance) {
  const auto points = geometry.points_of(patch);
  return detail::beyond_slab(detail::normal_slab(geometry, patch), points.front(), std::span(&point, 1), distance);
}

}  // namespace fecontact
