// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/contact/face_adjacency.hpp"

#include <algorithm>
#include <tuple>
#include <utility>

namespace fecontact {

CompressedRows face_adjacency(const Surface& surface) {
  // Every corner edge as (smaller node, larger node, face); equal node pairs end up together.
  std::vector<std::tuple<Index, Index, Index>> edges;
  for (Index f = 0; f < surface.size(); ++f) {
    const SurfaceFace& face = surface.faces[static_cast<std::size_t>(f)];
    const int corners = corner_count(face.type);
    for (int k = 0; k < corners; ++k) {
      const Index a = face.node_storage[static_cast<std::size_t>(k)];
      const Index b = face.node_storage[static_cast<std::size_t>((k + 1) % corners)];
      if (a != b) edges.emplace_back(std::min(a, b), std::max(a, b), f);
    }
  }
  std::sort(edges.begin(), edges.end());
  std::vector<std::pair<Index, Index>> links;  // (face, neighbour), both directions
  for (std::size_t begin = 0; begin < edges.size();) {
    std::size_t end = begin + 1;
    while (end < edges.size() && std::get<0>(edges[end]) == std::get<0>(edges[begin]) &&
           std::get<1>(edges[end]) == std::get<1>(edges[begin]))
      ++end;
    for (std::size_t i = begin; i < end; ++i)
      for (std::size_t j = begin; j < end; ++j)
        if (std::get<2>(edges[i]) != std::get<2>(edges[j]))
          links.emplace_back(std::get<2>(edges[i]), std::get<2>(edges[j]));
    begin = end;
  }
  std::sort(links.begin(), links.end());
  links.erase(std::unique(links.begin(), links.end()), links.end());

  CompressedRows adjacency;
  adjacency.offsets.assign(static_cast<std::size_t>(surface.size()) + 1, 0);
  for (const auto& [face, neighbour] : links) ++adjacency.offsets[static_cast<std::size_t>(face) + 1];
  for (std::size_t f = 0; f + 1 < adjacency.offsets.size(); ++f)
    adjacency.offsets[f + 1] += adjacency.offsets[f];
  adjacency.values.reserve(links.size());
  for (const auto& link : links) adjacency.values.push_back(link.second);
  return adjacency;
}

}  // namespace fecontact
