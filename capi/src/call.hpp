// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What every function of the C interface shares: the thread's last error, the guard that turns
// any exception into a status and a message, and the checks of plain C arguments, whose messages
// name the function and the argument.

#include <cmath>
#include <cstdint>
#include <exception>
#include <new>
#include <span>
#include <stdexcept>
#include <string>

#include <Eigen/Core>

#include "fecontact/types.hpp"

namespace fecontact::capi {

/// Records "function: what" as this thread's last error.
void record_error(const char* function, const char* what) noexcept;

/// An argument the caller got wrong: its message is already "argument: what is wrong".
struct ArgumentError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// Runs `body` (which returns the function's result); on any exception records its message and
/// returns `failure`. Nothing escapes: this is the boundary of the C interface.
template <class Result, class Body>
Result guarded(const char* function, Result failure, Body&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    record_error(function, "out of memory");
  } catch (const std::exception& e) {
    record_error(function, e.what());
  } catch (...) {
    record_error(function, "unknown error");
  }
  return failure;
}

/// Throws unless `pointer` is non-null.
inline void require(const void* pointer, const char* name) {
  if (!pointer) throw ArgumentError(std::string(name) + " is NULL");
}

/// Throws unless 0 <= count <= limit.
inline void require_count(std::int64_t count, const char* name, std::int64_t limit = INT32_MAX) {
  if (count < 0 || count > limit)
    throw ArgumentError(std::string(name) + " = " + std::to_string(count) + " is not a count from 0 to " +
                        std::to_string(limit));
}

/// Throws unless an output array of `capacity` entries holds the `count` entries (`what`) that
/// a getter is to write: the C interface never writes past what its caller said it has.
inline void require_capacity(std::int64_t capacity, std::size_t count, const char* name, const char* what) {
  if (capacity < 0) throw ArgumentError(std::string(name) + " = " + std::to_string(capacity) + " is negative");
  if (static_cast<std::uint64_t>(capacity) < count)
    throw ArgumentError(std::string(name) + " = " + std::to_string(capacity) + " is less than the " +
                        std::to_string(count) + " " + what);
}

/// values[k] as an Index, or a throw naming the array and k when it is negative or exceeds
/// Index (32 bits).
inline Index to_index(const std::int64_t* values, std::int64_t k, const char* name) {
  const std::int64_t v = values[k];
  if (v < 0 || v > INT32_MAX)
    throw ArgumentError(std::string(name) + "[" + std::to_string(k) + "] = " + std::to_string(v) +
                        " is not an index from 0 to 2147483647");
  return static_cast<Index>(v);
}

// The points xyz[3n] as Eigen::Vector3d, viewed without a copy (as Eigen::Map does): three
// contiguous doubles, no padding, a double's alignment.
static_assert(sizeof(Eigen::Vector3d) == 3 * sizeof(double) && alignof(Eigen::Vector3d) == alignof(double));
inline std::span<const Eigen::Vector3d> points_view(const double* xyz, std::int64_t n) {
  return {reinterpret_cast<const Eigen::Vector3d*>(xyz), static_cast<std::size_t>(n)};
}

/// Throws unless the n points xyz[3n] are finite, naming the first that is not.
inline void require_finite_points(const double* xyz, std::int64_t n, const char* name) {
  for (std::int64_t k = 0; k < 3 * n; ++k)
    if (!std::isfinite(xyz[k]))
      throw ArgumentError(std::string(name) + "[" + std::to_string(k) + "] (point " + std::to_string(k / 3) +
                          ") is not finite");
}

}  // namespace fecontact::capi
