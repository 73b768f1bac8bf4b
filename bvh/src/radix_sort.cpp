// SPDX-License-Identifier: BSD-3-Clause
#include "radix_sort.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <span>
#include <utility>

#include "fecontact/detail/parallel.hpp"

namespace fecontact::detail {
namespace {

constexpr int digit_bits = 11;
constexpr std::size_t max_digits = std::size_t{1} << digit_bits;  // digit values of a pass
constexpr std::size_t chunk_size = std::size_t{1} << 14;
/// Items per bucket of the first pass, about: enough to pay for a bucket's count arrays.
constexpr std::size_t bucket_size = std::size_t{1} << 12;

/// Bits in which some code of `items` differs from `reference`.
std::uint64_t bits_differing(std::span<const Coded> items, std::uint64_t reference) {
  std::uint64_t bits = 0;
  for (const Coded& c : items) bits |= c.code ^ reference;
  return bits;
}

/// Inputs and buckets of fewer items are sorted by comparisons: clearing and summing a pass's
/// 2048 counts took half the build of a CalculiX deck's 18 and 64 faces.
constexpr std::size_t comparison_sort_items = 256;

bool by_code_then_id(const Coded& a, const Coded& b) { return a.code < b.code || (a.code == b.code && a.id < b.id); }

/// Bits of a bucket sorted by its LSD passes: three passes. Below them codes differ only
/// between patches in the same cell of a grid of 2^11 cells per axis or finer, which few share.
constexpr int radix_bits = 3 * digit_bits;
constexpr int max_passes = 3;

/// Sorts by (code, id) each run of `items` that agree in all bits from `low` up (the bits the
/// radix passes sorted).
void sort_equal_runs(std::span<Coded> items, int low) {
  std::size_t begin = 0;
  for (std::size_t i = 1; i <= items.size(); ++i) {
    if (i < items.size() && (items[i].code >> low) == (items[begin].code >> low)) continue;
    if (i - begin > 1) std::sort(items.begin() + static_cast<std::ptrdiff_t>(begin),
                                 items.begin() + static_cast<std::ptrdiff_t>(i), by_code_then_id);
    begin = i;
  }
}

/// Sorts the items of `from` by (code, id), looking at their codes' bits below `bits` only, into
/// `to` (as long; `from` is overwritten): least-significant-digit radix passes over the highest
/// radix_bits of them, then sort_equal_runs for the bits below and the ids. The counts of all
/// passes' digits come from one read of the items (a pass moves items, not their digits), and a
/// pass whose digit is the same for every item is skipped. Serial: one thread sorts a bucket in
/// its own cache. A bucket of fewer than comparison_sort_items is sorted by comparisons (the
/// bits above `bits` are the same for all its codes, so whole codes compare alike).
void lsd_sort(std::span<Coded> from, std::span<Coded> to, int bits) {
  if (from.size() < comparison_sort_items) {
    std::copy(from.begin(), from.end(), to.begin());
    std::sort(to.begin(), to.end(), by_code_then_id);
    return;
  }
  const std::span<Coded> result = to;
  const int low = std::max(0, bits - radix_bits);
  const int passes = (bits - low + digit_bits - 1) / digit_bits;
  const int width = passes == 0 ? 0 : (bits - low + passes - 1) / passes;
  const std::size_t digits = std::size_t{1} << width;
  const auto digit = [=](const Coded& c, int pass) { return (c.code >> (low + pass * width)) & (digits - 1); };
  std::array<std::array<std::uint32_t, max_digits>, max_passes> next;  // counts, then next positions
  for (int pass = 0; pass < passes; ++pass) std::fill_n(next[pass].begin(), digits, 0u);
  for (const Coded& c : from)
    for (int pass = 0; pass < passes; ++pass) ++next[pass][digit(c, pass)];
  for (int pass = 0; pass < passes; ++pass) {
    std::uint32_t* position = next[pass].data();
    if (position[digit(from[0], pass)] == from.size()) continue;  // one digit value: nothing to move
    std::uint32_t sum = 0;
    for (std::size_t d = 0; d < digits; ++d) sum += std::exchange(position[d], sum);
    for (const Coded& c : from) to[position[digit(c, pass)]++] = c;
    std::swap(from, to);
  }
  if (from.data() != result.data()) std::copy(from.begin(), from.end(), result.begin());
  sort_equal_runs(result, low);
}

}  // namespace

void radix_sort(UninitializedVector<Coded>& items) {
  const std::size_t n = items.size();
  if (n < comparison_sort_items) {
    std::sort(items.begin(), items.end(), by_code_then_id);
    return;
  }
  const std::uint64_t varying = detail::ordered_reduce(
      n, chunk_size, std::uint64_t{0},
      [&](std::size_t begin, std::size_t end) {
        return bits_differing(std::span(items).subspan(begin, end - begin), items[0].code);
      },
      [](std::uint64_t a, std::uint64_t b) { return a | b; });
  if (varying == 0) {  // all codes equal: the order is the ids'
    sort_equal_runs(std::span(items), 0);
    return;
  }
  // First pass: the highest varying bits, about n / bucket_size buckets.
  const auto top = static_cast<int>(std::bit_width(varying));
  const int first_bits = std::clamp(static_cast<int>(std::bit_width(n / bucket_size)), 1, digit_bits);
  const int shift = std::max(0, top - first_bits);
  const std::size_t buckets = std::size_t{1} << (top - shift);
  const auto digit = [shift, buckets](const Coded& c) { return (c.code >> shift) & (buckets - 1); };
  const std::size_t chunks = detail::chunk_count(n, chunk_size);
  std::vector<std::size_t> offsets(chunks * buckets);
  detail::parallel_chunks(n, chunk_size, [&](std::size_t chunk, std::size_t begin, std::size_t end) {
    std::size_t* count = &offsets[chunk * buckets];
    for (std::size_t i = begin; i < end; ++i) ++count[digit(items[i])];
  });
  // Exclusive prefix sum in (digit, chunk) order: earlier chunks first, hence stable.
  std::vector<std::size_t> bucket_begin(buckets + 1);
  std::size_t sum = 0;
  for (std::size_t d = 0; d < buckets; ++d) {
    bucket_begin[d] = sum;
    for (std::size_t c = 0; c < chunks; ++c) sum += std::exchange(offsets[c * buckets + d], sum);
  }
  bucket_begin[buckets] = n;
  UninitializedVector<Coded> scratch(n);  // every item written by the scatter below
  detail::parallel_chunks(n, chunk_size, [&](std::size_t chunk, std::size_t begin, std::size_t end) {
    std::size_t* next = &offsets[chunk * buckets];
    for (std::size_t i = begin; i < end; ++i) scratch[next[digit(items[i])]++] = items[i];
  });
  // Then each bucket on its own, by the bits below: all its passes on one thread.
  detail::parallel_for(buckets, 1, [&](std::size_t d) {
    const std::size_t begin = bucket_begin[d];
    const std::size_t count = bucket_begin[d + 1] - begin;
    if (count == 0) return;
    lsd_sort(std::span(scratch).subspan(begin, count), std::span(items).subspan(begin, count), shift);
  });
}

}  // namespace fecontact::detail
