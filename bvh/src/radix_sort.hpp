#pragma once
// Least-significant-digit radix sort on unsigned 64-bit keys: the Morton codes of the linear
// builder and the patch pairs of a search, both hot spots when sorted by comparisons.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "fecontact/parallel.hpp"

namespace fecontact::detail {

/// Sorts `items` by key(item) (a std::uint64_t), stably (equal keys keep their order): 11 bits
/// per pass, passes over digits in which no two keys differ skipped. Each pass counts per fixed
/// chunk in parallel and scatters per chunk in parallel; the chunks depend on the item count
/// only, and a stable sort has one result anyway. O(n) per pass.
template <class Item, class Key>
void radix_sort(std::vector<Item>& items, Key key) {
  constexpr int digit_bits = 11;
  constexpr std::size_t bucket_count = std::size_t{1} << digit_bits;
  constexpr std::size_t chunk_size = std::size_t{1} << 14;
  const std::size_t n = items.size();
  if (n < 2) return;
  const std::uint64_t first = key(items[0]);
  const std::uint64_t varying = ordered_reduce(  // bits in which some key differs from the first
      n, chunk_size, std::uint64_t{0},
      [&](std::size_t begin, std::size_t end) {
        std::uint64_t bits = 0;
        for (std::size_t i = begin; i < end; ++i) bits |= key(items[i]) ^ first;
        return bits;
      },
      [](std::uint64_t a, std::uint64_t b) { return a | b; });
  std::vector<Item> scratch(n);
  const std::size_t chunks = chunk_count(n, chunk_size);
  std::vector<std::size_t> offsets(chunks * bucket_count);
  for (int shift = 0; shift < 64; shift += digit_bits) {
    if (((varying >> shift) & (bucket_count - 1)) == 0) continue;
    const auto digit = [&](const Item& item) { return (key(item) >> shift) & (bucket_count - 1); };
    parallel_chunks(n, chunk_size, [&](std::size_t chunk, std::size_t begin, std::size_t end) {
      std::size_t* count = &offsets[chunk * bucket_count];
      std::fill(count, count + bucket_count, std::size_t{0});
      for (std::size_t i = begin; i < end; ++i) ++count[digit(items[i])];
    });
    // Exclusive prefix sum in (digit, chunk) order: earlier chunks first, hence stable.
    std::size_t sum = 0;
    for (std::size_t d = 0; d < bucket_count; ++d)
      for (std::size_t c = 0; c < chunks; ++c) {
        const std::size_t count = offsets[c * bucket_count + d];
        offsets[c * bucket_count + d] = sum;
        sum += count;
      }
    parallel_chunks(n, chunk_size, [&](std::size_t chunk, std::size_t begin, std::size_t end) {
      std::size_t* next = &offsets[chunk * bucket_count];
      for (std::size_t i = begin; i < end; ++i) scratch[next[digit(items[i])]++] = items[i];
    });
    items.swap(scratch);
  }
}

}  // namespace fecontact::detail
