#pragma once
// The data lines of a card and the comma-separated fields of one line, with numbers parsed by
// std::from_chars and every error located by file, line and column.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "deck.hpp"
#include "fecontact/types.hpp"

namespace fecontact::detail::abaqus {

struct DataLine {
  std::string_view text;  ///< without its line terminator
  const SourceFile* file = nullptr;
  std::size_t line = 0;

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
  std::optional<PageReleaser> releaser_;  // of the current segment
  std::size_t segment_ = 0;
  std::size_t position_ = 0;
  std::size_t line_ = 0;
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
  const DataLine& line_;
  std::size_t position_ = 0;
  std::size_t column_ = 0;
};

/// Parses a whole field as a positive integer; false when it is not one.
bool parse_label(std::string_view field, FileId& value);
/// Parses a whole field as a number (Fortran D exponents accepted); false when it is not one.
/// NaN and infinities parse: the caller rejects them.
bool parse_number(std::string_view field, double& value);

}  // namespace fecontact::detail::abaqus
