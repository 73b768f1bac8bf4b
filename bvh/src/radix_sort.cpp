#include "radix_sort.hpp"

#include <algorithm>

#include "fecontact/parallel.hpp"

namespace fecontact::detail {
namespace {

constexpr int digit_bits = 11;
constexpr std::size_t bucket_count = std::size_t{1} << digit_bits;
constexpr std::size_t chunk_size = std::size_t{1} << 14;

}  // namespace

void radix_sort(std::vector<Coded>& items) {
  const std::size_t n = items.size();
  if (n < 2) return;
  // Bits in which some code differs from the first.
  const std::uint64_t varying = ordered_reduce(
      n, chunk_size, std::uint64_t{0},
      [&](std::size_t begin, std::size_t end) {
        std::uint64_t bits = 0;
        for (std::size_t i = begin; i < end; ++i) bits |= items[i].code ^ items[0].code;
        return bits;
      },
      [](std::uint64_t a, std::uint64_t b) { return a | b; });
  std::vector<Coded> scratch(n);
  const std::size_t chunks = chunk_count(n, chunk_size);
  std::vector<std::size_t> offsets(chunks * bucket_count);
  for (int shift = 0; shift < 64; shift += digit_bits) {
    if (((varying >> shift) & (bucket_count - 1)) == 0) continue;
    const auto digit = [shift](const Coded& c) { return (c.code >> shift) & (bucket_count - 1); };
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
