// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/detail/parallel.hpp"

#include <omp.h>

namespace fecontact::detail {

void parallel_chunks(std::size_t count, std::size_t grain, ChunkBody body) {
  const std::size_t chunks = chunk_count(count, grain);
  const auto run = [&](std::size_t chunk) {
    const std::size_t begin = chunk * grain;
    const std::size_t end = begin + grain < count ? begin + grain : count;
    body(chunk, begin, end);
  };
  // Nested parallelism on two cores only adds overhead: stay serial inside a parallel region.
  if (chunks <= 1 || omp_in_parallel()) {
    for (std::size_t chunk = 0; chunk < chunks; ++chunk) run(chunk);
    return;
  }
  const auto n = static_cast<long long>(chunks);
#pragma omp parallel for schedule(dynamic, 1)
  for (long long chunk = 0; chunk < n; ++chunk) run(static_cast<std::size_t>(chunk));
}

int max_threads() { return omp_get_max_threads(); }

}  // namespace fecontact::detail
