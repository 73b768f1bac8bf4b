// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Plain-text tables for the terminal: a header row, a rule, then rows; text columns left
// aligned, numeric ones right aligned.

#include <ostream>
#include <string>
#include <vector>

namespace fecontact::cli {

class Table {
 public:
  explicit Table(std::vector<std::string> headers);
  /// Appends a row of already formatted cells (as many as headers).
  void add_row(std::vector<std::string> cells);
  void print(std::ostream& out, int indent = 2) const;

 private:
  std::vector<std::string> headers_;
  std::vector<std::vector<std::string>> rows_;
};

/// `value` with `digits` significant digits (%.*g).
std::string format_number(double value, int digits = 6);
/// `value` with `decimals` digits after the point (%.*f).
std::string format_fixed(double value, int decimals);
/// "(x, y, z)" with `digits` significant digits each.
std::string format_vector(double x, double y, double z, int digits = 4);

}  // namespace fecontact::cli
