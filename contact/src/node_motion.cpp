// SPDX-License-Identifier: BSD-3-Clause
// How far an interface's nodes have moved since the last search of the trees (the skin's test),
// how large their coordinates are (the search's rounding slack), and whether they are finite.
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "fecontact/detail/parallel.hpp"
#include "search_state.hpp"

namespace fecontact::detail {
namespace {

// Nodes per task: at least 4096, and at most 64 tasks, whose maxima the caller keeps.
std::size_t motion_grain(std::size_t nodes) { return std::max<std::size_t>(4096, (nodes + 63) / 64); }

[[noreturn]] void throw_not_finite(Index node) {
  throw std::invalid_argument("contact search: the coordinates of node " + std::to_string(node) +
                              " are not finite");
}

// The largest squared norm of `vector`(x, k) over the side's nodes (k: the node's position in
// side.nodes), in parallel over at most 64 chunks whose maxima the side keeps. A coordinate that
// is not finite makes its square not finite, so one test of the sum per node checks the input
// too (the coordinates are then searched for the culprit, named in the throw).
template <class Vector>
double largest_squared_norm(MovingNodes& side, Coordinates coordinates, Vector&& vector) {
  const std::size_t count = side.nodes.size();
  const std::size_t grain = motion_grain(count);
  side.chunk_largest.resize(detail::chunk_count(count, grain));
  detail::parallel_chunks(count, grain, [&](std::size_t chunk, std::size_t begin, std::size_t end) {
    double found = 0;
    bool finite = true;
    for (std::size_t k = begin; k < end; ++k) {
      const double squared = vector(coordinates[static_cast<std::size_t>(side.nodes[k])], k).squaredNorm();
      finite = finite && std::isfinite(squared);
      found = std::max(found, squared);
    }
    side.chunk_largest[chunk] = finite ? found : std::numeric_limits<double>::infinity();
  });
  double result = 0;
  for (std::size_t chunk = 0; chunk < side.chunk_largest.size(); ++chunk) {
    if (std::isinf(side.chunk_largest[chunk]))
      for (std::size_t k = chunk * grain; k < std::min(count, (chunk + 1) * grain); ++k)
        if (!coordinates[static_cast<std::size_t>(side.nodes[k])].allFinite()) throw_not_finite(side.nodes[k]);
    result = std::max(result, side.chunk_largest[chunk]);  // finite coordinates too large to square: +inf
  }
  return result;
}

}  // namespace

double largest_motion(MovingNodes& side, Coordinates coordinates) {
  if (side.reference.size() != side.nodes.size()) {  // no reference: only the finiteness check
    largest_coordinate(side, coordinates);
    return std::numeric_limits<double>::infinity();
  }
  return std::sqrt(largest_squared_norm(side, coordinates, [&](const Eigen::Vector3d& x, std::size_t k) {
    return x - side.reference[k];
  }));
}

double largest_coordinate(MovingNodes& side, Coordinates coordinates) {
  return std::sqrt(largest_squared_norm(side, coordinates, [](const Eigen::Vector3d& x, std::size_t) { return x; }));
}

void take_reference(MovingNodes& side, Coordinates coordinates) {
  side.reference.resize(side.nodes.size());
  detail::parallel_for(side.nodes.size(), 16384, [&](std::size_t k) {
    side.reference[k] = coordinates[static_cast<std::size_t>(side.nodes[k])];
  });
}

}  // namespace fecontact::detail
