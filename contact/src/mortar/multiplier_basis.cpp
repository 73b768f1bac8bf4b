// SPDX-License-Identifier: BSD-3-Clause
#include "multiplier_basis.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace fecontact::detail {

std::array<int, 2> edge_corners(ElementType face_type, int node) {
  const int corners = corner_count(face_type);
  if (!is_quadratic(face_type) || node < corners || node >= 2 * corners) return {-1, -1};
  const int edge = node - corners;  // mid-edge nodes in edge order: c0c1, c1c2, ...
  return {edge, (edge + 1) % corners};
}

void slave_transformation(const Surface& slave, std::span<const Index> slave_row, Index rows,
                          std::vector<std::array<Index, 2>>& edge_of_row, SparseRows& out) {
  constexpr std::array<Index, 2> unseen{-2, -2}, not_mid_edge{-1, -1};
  edge_of_row.assign(static_cast<std::size_t>(rows), unseen);
  for (std::size_t f = 0; f < slave.faces.size(); ++f) {
    const SurfaceFace& face = slave.faces[f];
    const std::span<const Index> nodes = face.nodes();
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      const std::array<int, 2> corners = edge_corners(face.type, static_cast<int>(i));
      std::array<Index, 2> edge = not_mid_edge;
      if (corners[0] >= 0) {
        edge = {slave_row[static_cast<std::size_t>(nodes[static_cast<std::size_t>(corners[0])])],
                slave_row[static_cast<std::size_t>(nodes[static_cast<std::size_t>(corners[1])])]};
        std::sort(edge.begin(), edge.end());
      }
      std::array<Index, 2>& seen = edge_of_row[static_cast<std::size_t>(slave_row[static_cast<std::size_t>(nodes[i])])];
      if (seen != unseen && seen != edge)
        throw std::invalid_argument("mortar integration: the dual basis of quadratic faces needs a conforming slave "
                                    "surface; node " + std::to_string(nodes[i]) + " of slave face " + std::to_string(f) +
                                    (edge == not_mid_edge || seen == not_mid_edge ? " is a mid-edge node of one face and not of another"
                                                                                  : " is the mid-edge node of two different edges"));
      seen = edge;
    }
  }
  const double diagonal = 1 / (1 - 2 * edge_share), corner = -edge_share / (1 - 2 * edge_share);
  out.row_offsets.assign(1, 0);
  out.columns.clear();
  out.values.clear();
  for (Index r = 0; r < rows; ++r) {
    const std::array<Index, 2>& edge = edge_of_row[static_cast<std::size_t>(r)];
    if (edge[0] < 0) {
      out.columns.push_back(r);
      out.values.push_back(1);
    } else {
      std::array<std::pair<Index, double>, 3> entries{{{r, diagonal}, {edge[0], corner}, {edge[1], corner}}};
      std::sort(entries.begin(), entries.end());
      for (const auto& [column, value] : entries) {
        out.columns.push_back(column);
        out.values.push_back(value);
      }
    }
    out.row_offsets.push_back(static_cast<Index>(out.columns.size()));
  }
}

}  // namespace fecontact::detail
