// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/compressed_rows.hpp"

#include <cstdint>

#include "fecontact/detail/checked_index.hpp"

namespace fecontact {

void CompressedRows::push_row(std::span<const Index> row) {
  const Index end = detail::checked_index(static_cast<std::int64_t>(values.size()) + static_cast<std::int64_t>(row.size()),
                                          "compressed rows");
  values.insert(values.end(), row.begin(), row.end());
  offsets.push_back(end);
}

}  // namespace fecontact
