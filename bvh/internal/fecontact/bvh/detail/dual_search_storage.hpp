// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What DualSearchBuffers holds (dual_search.hpp): the pair search's scratch and room for the
// slabs of both trees' patches.

#include <atomic>
#include <cstdint>
#include <memory>

#include "fecontact/bvh/detail/normal_slab.hpp"
#include "fecontact/bvh/detail/uninitialized_storage.hpp"
#include "fecontact/bvh/dual_search.hpp"
#include "fecontact/bvh/find_pairs.hpp"

namespace fecontact::detail {

/// Room for the slabs of one tree's patches, fitted lazily during one search (dual_search.cpp).
struct SlabStorage {
  UninitializedVector<NormalSlab> slabs;                ///< written only where fitted
  std::unique_ptr<std::atomic<std::uint8_t>[]> states;  ///< one per block of slabs
  std::size_t state_capacity = 0;
};

struct DualSearchStorage {
  PairSearchBuffers pairs;
  SlabStorage a, b;
};

}  // namespace fecontact::detail
