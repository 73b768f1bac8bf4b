// How far an interface's nodes have moved since the last search of the trees: the skin's test.
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "fecontact/parallel.hpp"
#include "search_state.hpp"

namespace fecontact::detail {
namespace {

// Nodes per task: at least 4096, and at most 64 tasks, whose maxima the caller keeps.
std::size_t motion_grain(std::size_t nodes) { return std::max<std::size_t>(4096, (nodes + 63) / 64); }

[[noreturn]] void throw_not_finite(Index node) {
  throw std::invalid_argument("contact search: the coordinates of node " + std::to_string(node) +
                              " are not finite");
}

// The largest motion since the reference (with `measure`; else 0), or a throw for the first
// node whose coordinate is not finite.
double scan(MovingNodes& side, Coordinates coordinates, bool measure) {
  const std::size_t count = side.nodes.size();
  const std::size_t grain = motion_grain(count);
  const bool has_reference = measure && side.reference.size() == count;
  side.chunk_largest.resize(chunk_count(count, grain));
  // NaN compares false: a chunk with a coordinate that is not finite reports NaN.
  parallel_chunks(count, grain, [&](std::size_t chunk, std::size_t begin, std::size_t end) {
    double largest = 0;
    for (std::size_t k = begin; k < end; ++k) {
      const Eigen::Vector3d& x = coordinates[static_cast<std::size_t>(side.nodes[k])];
      if (!x.allFinite()) {
        largest = std::numeric_limits<double>::quiet_NaN();
        break;
      }
      if (has_reference) largest = std::max(largest, (x - side.reference[k]).squaredNorm());
    }
    side.chunk_largest[chunk] = largest;
  });
  double largest = 0;
  for (std::size_t chunk = 0; chunk < side.chunk_largest.size(); ++chunk) {
    if (std::isnan(side.chunk_largest[chunk])) {
      for (std::size_t k = chunk * grain; k < count; ++k)
        if (!coordinates[static_cast<std::size_t>(side.nodes[k])].allFinite()) throw_not_finite(side.nodes[k]);
    }
    largest = std::max(largest, side.chunk_largest[chunk]);
  }
  return std::sqrt(largest);
}

}  // namespace

double largest_motion(MovingNodes& side, Coordinates coordinates) { return scan(side, coordinates, true); }

void check_finite(MovingNodes& side, Coordinates coordinates) { scan(side, coordinates, false); }

void take_reference(MovingNodes& side, Coordinates coordinates) {
  side.reference.resize(side.nodes.size());
  parallel_for(side.nodes.size(), 16384, [&](std::size_t k) {
    side.reference[k] = coordinates[static_cast<std::size_t>(side.nodes[k])];
  });
}

}  // namespace fecontact::detail
