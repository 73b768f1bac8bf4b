// How far an interface's nodes have moved since the last search of the trees (the skin's test),
// how large their coordinates are (the search's rounding slack), and whether they are finite.
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

}  // namespace

NodeScan scan_nodes(MovingNodes& side, Coordinates coordinates) {
  const std::size_t count = side.nodes.size();
  const std::size_t grain = motion_grain(count);
  const bool has_reference = side.reference.size() == count;
  side.chunk_scans.resize(chunk_count(count, grain));
  // NaN compares false: a chunk with a coordinate that is not finite reports NaN.
  parallel_chunks(count, grain, [&](std::size_t chunk, std::size_t begin, std::size_t end) {
    NodeScan found;
    for (std::size_t k = begin; k < end; ++k) {
      const Eigen::Vector3d& x = coordinates[static_cast<std::size_t>(side.nodes[k])];
      if (!x.allFinite()) {
        found.largest_motion = std::numeric_limits<double>::quiet_NaN();
        break;
      }
      found.magnitude = std::max(found.magnitude, x.cwiseAbs().maxCoeff());
      if (has_reference) found.largest_motion = std::max(found.largest_motion, (x - side.reference[k]).squaredNorm());
    }
    side.chunk_scans[chunk] = found;
  });
  NodeScan result;
  for (std::size_t chunk = 0; chunk < side.chunk_scans.size(); ++chunk) {
    const NodeScan& found = side.chunk_scans[chunk];
    if (std::isnan(found.largest_motion))
      for (std::size_t k = chunk * grain; k < count; ++k)
        if (!coordinates[static_cast<std::size_t>(side.nodes[k])].allFinite()) throw_not_finite(side.nodes[k]);
    result.largest_motion = std::max(result.largest_motion, found.largest_motion);
    result.magnitude = std::max(result.magnitude, found.magnitude);
  }
  result.largest_motion = std::sqrt(result.largest_motion);
  return result;
}

void take_reference(MovingNodes& side, Coordinates coordinates) {
  side.reference.resize(side.nodes.size());
  parallel_for(side.nodes.size(), 16384, [&](std::size_t k) {
    side.reference[k] = coordinates[static_cast<std::size_t>(side.nodes[k])];
  });
}

}  // namespace fecontact::detail
