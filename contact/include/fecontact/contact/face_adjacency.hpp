#pragma once
// The face-adjacency graph of a surface: faces are adjacent when they share an edge (two corner
// nodes that are consecutive on both faces).

#include <span>
#include <vector>

#include "fecontact/mesh/surface.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// Compressed adjacency lists: the neighbours of face f are
/// neighbours[offsets[f] .. offsets[f + 1]), ascending, without f itself and without repeats.
/// A non-manifold edge (shared by three or more faces) makes all of them mutually adjacent.
struct FaceAdjacency {
  std::vector<Index> offsets;  ///< face count + 1 entries
  std::vector<Index> neighbours;

  std::span<const Index> of(Index face) const {
    const auto begin = static_cast<std::size_t>(offsets[static_cast<std::size_t>(face)]);
    const auto end = static_cast<std::size_t>(offsets[static_cast<std::size_t>(face) + 1]);
    return std::span<const Index>(neighbours).subspan(begin, end - begin);
  }
};

FaceAdjacency face_adjacency(const Surface& surface);

}  // namespace fecontact
