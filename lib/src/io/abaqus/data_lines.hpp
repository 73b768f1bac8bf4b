// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The data lines of a card and the comma-separated fields of one line, numbers read by
// fecontact::field and every error located by file, line and column.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "../text_cursor.hpp"
#include "deck.hpp"
#include "fecontact/types.hpp"

namespace fecontact::detail::abaqus {

struct DataLine {
  std::string_view text;  ///< without its line terminator
  const DataSegment* segment = nullptr;

  /// The file and line of this line, at `column` (worked out when asked: for an error).
  TextPlace place(std::size_t column) const;
  [[noreturn]] void fail(std::size_t column, const std::string& message) const;
  /// True when the line's last non-blank character is a comma (the record continues).
  bool continues() const;
};

/// The data lines of a card in file order, comment and blank lines skipped.
class DataLines {
 public:
  explicit DataLines(const Card& card) : card_(card) {}
  bool next(DataLine& line);

 private:
  const Card& card_;
  std::size_t segment_ = 0;
  std::optional<TextCursor> in_;  // over card_.data[segment_]
};

/// Reads one data line's fields left to right. A trailing comma ends the line without an extra
/// empty field; an empty field between commas is returned as "".
class Fields {
 public:
  explicit Fields(const DataLine& line) : line_(line) {}

  bool at_end();
  /// The next field, blanks trimmed; column() is then its 1-based column.
  std::string_view next();
  std::size_t column() const { return column_; }

  /// The next field as a positive integer (a node or element number); `what` names it.
  FileId next_label(std::string_view what);
  /// The next field as a finite number.
  double next_number(std::string_view what);

  const DataLine& line() const { return line_; }
  [[noreturn]] void fail(const std::string& message) const { line_.fail(column_, message); }

 private:
  /// Moves to the next field, failing with "expected WHAT" at the end of the line.
  std::string_view next_expected(std::string_view what);

  const DataLine& line_;
  std::size_t position_ = 0;
  std::size_t column_ = 0;
};

/// Parses a whole field as a positive integer; false when it is not one.
bool parse_label(std::string_view field, FileId& value);

}  // namespace fecontact::detail::abaqus
