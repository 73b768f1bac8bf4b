// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Rows of indices stored one after another (compressed sparse rows): the faces of each patch of
// a tree, the neighbours of each face of a surface.

#include <span>
#include <vector>

#include "fecontact/types.hpp"

namespace fecontact {

/// Row r is values[offsets[r] .. offsets[r + 1]); offsets has one entry more than there are rows.
struct CompressedRows {
  std::vector<Index> offsets{0};
  std::vector<Index> values;

  Index size() const { return static_cast<Index>(offsets.size()) - 1; }  ///< number of rows
  std::span<const Index> row(Index r) const {
    const auto begin = static_cast<std::size_t>(offsets[static_cast<std::size_t>(r)]);
    const auto end = static_cast<std::size_t>(offsets[static_cast<std::size_t>(r) + 1]);
    return std::span<const Index>(values).subspan(begin, end - begin);
  }
  /// Appends a row. Throws std::invalid_argument when the values would outgrow an Index.
  void push_row(std::span<const Index> row);
};

}  // namespace fecontact
