// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The pair search of each benchmarked tree mode, so that every benchmark runs the same code.

#include <array>
#include <type_traits>

#include "fecontact/bvh/dual_search.hpp"
#include "fecontact/bvh/find_pairs.hpp"

namespace fecontact::bench {

/// find_pairs for AABB and OBB trees; with `dual` (AABB trees only) find_pairs_dual, which also
/// fits the normal slabs of the patches in `geometry` (the trees' geometry) and tests them at the
/// trees' tolerances.
template <class BV>
PairSearch search_trees(const std::array<Bvh<BV>, 2>& trees, const std::array<PatchGeometry, 2>& geometry, bool dual) {
  if constexpr (std::is_same_v<BV, Aabb>)
    if (dual) return find_pairs_dual(trees[0], geometry[0], trees[1], geometry[1]);
  return find_pairs(trees[0], trees[1]);
}

}  // namespace fecontact::bench
