// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Sorting patches by Morton code: the first step of the linear builder, and its hot spot when
// done by comparisons.

#include <cstdint>

#include "fecontact/types.hpp"
#include "fecontact/bvh/detail/uninitialized_storage.hpp"

namespace fecontact::detail {

/// A patch and its sort key.
struct Coded {
  std::uint64_t code;
  Index id;
};

/// Sorts `items` by code, equal codes by id (ids distinct: one result). A first counting pass on
/// the highest varying bits cuts the items into about n / 4096 buckets (at most 2048), counting
/// and scattering per fixed chunk in parallel; then each bucket is sorted on one thread by a
/// least-significant-digit radix sort of the next 33 bits, in passes of at most 11 bits, passes
/// over digits in which no two of its codes differ skipped, and runs of codes equal in all those
/// bits (rare) by a comparison sort; a bucket, or an input, of fewer than 256 items is sorted by
/// comparisons alone. The buckets run in parallel, each in its own cache (a global
/// pass scatters every item across both cores' caches: the previous all-LSD sort took as long on
/// 2 threads as on 1). The chunks and buckets depend on the items only. O(n) per pass.
void radix_sort(UninitializedVector<Coded>& items);

}  // namespace fecontact::detail
