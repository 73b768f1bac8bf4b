// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The one door to OpenMP. Work is cut into fixed chunks whose boundaries depend only on the
// item count and the grain, never on the thread count, so that a reduction combined chunk by
// chunk in index order gives bit-identical results with 1 or N threads.

#include <cstddef>
#include <memory>
#include <type_traits>
#include <vector>

namespace fecontact::detail {

/// A reference to a callable body(chunk, begin, end), valid while the callable lives. Unlike
/// std::function it never allocates, so a loop of a search step stays allocation-free.
class ChunkBody {
 public:
  template <class F>
    requires(!std::is_same_v<std::remove_cvref_t<F>, ChunkBody>)
  ChunkBody(F&& body)  // NOLINT(google-explicit-constructor): lambdas convert at the call
      : object_(const_cast<void*>(static_cast<const void*>(std::addressof(body)))),
        call_([](void* object, std::size_t chunk, std::size_t begin, std::size_t end) {
          (*static_cast<std::remove_reference_t<F>*>(object))(chunk, begin, end);
        }) {}
  void operator()(std::size_t chunk, std::size_t begin, std::size_t end) const { call_(object_, chunk, begin, end); }

 private:
  void* object_;
  void (*call_)(void*, std::size_t, std::size_t, std::size_t);
};

/// Calls body(chunk, begin, end) for every chunk [begin, end) of at most `grain` items of
/// [0, count). Runs serially when there is a single chunk or when already inside a parallel
/// region; otherwise chunks run concurrently in an unspecified order.
void parallel_chunks(std::size_t count, std::size_t grain, ChunkBody body);

/// Number of chunks parallel_chunks makes for `count` items.
constexpr std::size_t chunk_count(std::size_t count, std::size_t grain) {
  return grain == 0 ? 0 : (count + grain - 1) / grain;
}

/// Calls body(i) for every i in [0, count), `grain` items per task.
template <class Body>
void parallel_for(std::size_t count, std::size_t grain, Body&& body) {
  parallel_chunks(count, grain, [&](std::size_t, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) body(i);
  });
}

/// Deterministic reduction: map_chunk(begin, end) -> T per chunk, then combine(acc, chunk_value)
/// left to right in chunk order. The result does not depend on the thread count.
template <class T, class MapChunk, class Combine>
T ordered_reduce(std::size_t count, std::size_t grain, T init, MapChunk&& map_chunk,
                 Combine&& combine) {
  std::vector<T> partial(chunk_count(count, grain), init);
  parallel_chunks(count, grain, [&](std::size_t chunk, std::size_t begin, std::size_t end) {
    partial[chunk] = map_chunk(begin, end);
  });
  T result = init;
  for (const T& value : partial) result = combine(result, value);
  return result;
}

/// Number of threads a parallel region started now would use (1 without OpenMP).
int max_threads();

}  // namespace fecontact::detail
