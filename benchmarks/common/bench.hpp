// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Shared helpers of the benchmark programs: wall-clock timing, medians, result checksums.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

namespace fecontact::bench {

/// Seconds taken by one call of fn.
template <class Fn>
double seconds(Fn&& fn) {
  const auto start = std::chrono::steady_clock::now();
  fn();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// Median of `runs` timings of fn, in seconds (the machines are shared: medians, not means).
template <class Fn>
double median_seconds(int runs, Fn&& fn) {
  std::vector<double> times;
  for (int i = 0; i < runs; ++i) times.push_back(seconds(fn));
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

/// FNV-1a hash of the bytes of the results: a speed-up that changes results changes the hash.
class Checksum {
 public:
  void add(const void* data, std::size_t size) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) hash_ = (hash_ ^ bytes[i]) * 0x100000001b3ULL;
  }
  void add(double value) { add(&value, sizeof value); }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

/// True when `name` (e.g. "--aabb-only") is on the command line.
inline bool has_flag(int argc, char** argv, std::string_view name) {
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]) == name) return true;
  return false;
}

/// The integer after `name` on the command line ("--runs 5"), else `fallback`.
inline long int_option(int argc, char** argv, std::string_view name, long fallback) {
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string_view(argv[i]) == name) return std::atol(argv[i + 1]);
  return fallback;
}

/// True when the program was asked for the small smoke-test instance ("--smoke").
inline bool smoke_run(int argc, char** argv) { return has_flag(argc, argv, "--smoke"); }

/// The levels a scene program runs: `--min-level l` and `--max-level L` on its command line,
/// 3..7 by default and 2..2 for a smoke run.
struct LevelRange {
  int min;
  int max;
};
inline LevelRange level_range(int argc, char** argv, bool smoke) {
  return {int(int_option(argc, argv, "--min-level", smoke ? 2 : 3)),
          int(int_option(argc, argv, "--max-level", smoke ? 2 : 7))};
}

}  // namespace fecontact::bench
