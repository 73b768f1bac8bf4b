#pragma once
// Sorting patches by Morton code: the first step of the linear builder, and its hot spot when
// done by comparisons.

#include <cstdint>
#include <vector>

#include "fecontact/types.hpp"

namespace fecontact::detail {

/// A patch and its sort key.
struct Coded {
  std::uint64_t code;
  Index id;
};

/// Sorts `items` by code, stably (equal codes keep their order): least-significant-digit radix
/// sort, 11 bits per pass (6 passes for 63-bit codes), passes over digits in which no two codes
/// differ skipped. Each pass counts per fixed chunk in parallel and scatters per chunk in
/// parallel; the chunks depend on the item count only, and a stable sort has one result anyway.
/// O(n) per pass.
void radix_sort(std::vector<Coded>& items);

}  // namespace fecontact::detail
