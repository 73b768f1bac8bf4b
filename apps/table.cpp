// SPDX-License-Identifier: BSD-3-Clause
#include "table.hpp"

#include <algorithm>
#include <cstdio>

#include "fecontact/detail/assert.hpp"

namespace fecontact::cli {

namespace {

// A cell is numeric when it starts like a number: then it is right aligned.
bool looks_numeric(const std::string& cell) {
  if (cell.empty()) return false;
  const char c = cell[0] == '-' || cell[0] == '+' ? (cell.size() > 1 ? cell[1] : ' ') : cell[0];
  return (c >= '0' && c <= '9') || cell == "-";
}

}  // namespace

Table::Table(std::vector<std::string> headers) : headers_(std::move(headers)) {}

void Table::add_row(std::vector<std::string> cells) {
  FECONTACT_ASSERT(cells.size() == headers_.size(), "a table row needs one cell per column");
  rows_.push_back(std::move(cells));
}

void Table::print(std::ostream& out, int indent) const {
  std::vector<std::size_t> width(headers_.size());
  for (std::size_t c = 0; c < headers_.size(); ++c) {
    width[c] = headers_[c].size();
    for (const auto& row : rows_) width[c] = std::max(width[c], row[c].size());
  }
  const auto line = [&](const std::vector<std::string>& cells, bool header) {
    out << std::string(static_cast<std::size_t>(indent), ' ');
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const std::string pad(width[c] - cells[c].size(), ' ');
      const bool right = !header && looks_numeric(cells[c]);
      // Streamed piece by piece: g++ 12 warns falsely (-Wrestrict) on `pad + cell`.
      out << (c == 0 ? "" : "  ");
      if (right) out << pad << cells[c];
      else out << cells[c] << (c + 1 == cells.size() ? "" : pad);
    }
    out << '\n';
  };
  line(headers_, true);
  std::size_t total = 0;
  for (const auto w : width) total += w;
  out << std::string(static_cast<std::size_t>(indent), ' ')
      << std::string(total + 2 * (width.size() - 1), '-') << '\n';
  for (const auto& row : rows_) line(row, false);
}

std::string format_number(double value, int digits) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
  return buffer;
}

std::string format_fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

std::string format_vector(double x, double y, double z, int digits) {
  // Appended piece by piece: g++ 12 warns falsely (-Wrestrict) on `"(" + std::string`.
  std::string text = "(";
  text.append(format_number(x, digits)).append(", ").append(format_number(y, digits));
  return text.append(", ").append(format_number(z, digits)).append(")");
}

}  // namespace fecontact::cli
