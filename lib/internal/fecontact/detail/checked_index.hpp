// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Sizes that become Index values (offsets into arrays of points, triangles, candidates) are
// computed in 64 bits and checked once, where they are stored, so that a model past the 2^31 - 1
// items an Index addresses is refused with a clear error instead of wrapping around.

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

#include "fecontact/types.hpp"

namespace fecontact::detail {

/// `count` as an Index. Throws std::invalid_argument naming `what` when it is negative or above
/// the largest Index.
inline Index checked_index(std::int64_t count, const char* what) {
  if (count < 0 || count > std::numeric_limits<Index>::max())
    throw std::invalid_argument(std::string(what) + ": " + std::to_string(count) + " entries, more than the " +
                            std::to_string(std::numeric_limits<Index>::max()) + " an Index addresses");
  return static_cast<Index>(count);
}

}  // namespace fecontact::detail
