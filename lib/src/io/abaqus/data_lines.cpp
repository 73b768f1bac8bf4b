// SPDX-License-Identifier: BSD-3-Clause
#include "data_lines.hpp"

#include <algorithm>

#include "fecontact/io/field.hpp"
#include "fecontact/io/read_error.hpp"

namespace fecontact::detail::abaqus {
namespace {
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }
}  // namespace

TextPlace DataLine::place(std::size_t column) const {
  // Counted from the start of the segment: only for an error, so never on the reading path.
  const TextCursor from_segment_start(*segment->file, segment->text, segment->first_line);
  TextPlace where = from_segment_start.place(text.data());
  where.column = column;
  return where;
}

void DataLine::fail(std::size_t column, const std::string& message) const {
  const TextPlace where = place(column);
  throw ReadError(std::string(where.file), where.line, where.column, message);
}

bool DataLine::continues() const {
  std::size_t end = text.size();
  while (end > 0 && is_blank(text[end - 1])) --end;
  return end > 0 && text[end - 1] == ',';
}

bool DataLines::next(DataLine& line) {
  for (;;) {
    while (in_ && !in_->at_end()) {
      const std::string_view content = in_->line();
      std::size_t first = 0;
      while (first < content.size() && is_blank(content[first])) ++first;
      if (first == content.size() || content.substr(first).starts_with("**")) continue;
      line = DataLine{content, &card_.data[segment_ - 1]};
      return true;
    }
    if (segment_ == card_.data.size()) return false;
    const DataSegment& segment = card_.data[segment_++];
    in_.emplace(*segment.file, segment.text, segment.first_line);
  }
}

bool Fields::at_end() {
  const std::string_view text = line_.text;
  while (position_ < text.size() && is_blank(text[position_])) ++position_;
  return position_ >= text.size();
}

std::string_view Fields::next() {
  const std::string_view text = line_.text;
  std::size_t begin = std::min(position_, text.size());
  const std::size_t comma = std::min(text.find(',', begin), text.size());
  position_ = comma + 1;
  std::size_t end = comma;
  while (begin < end && is_blank(text[begin])) ++begin;
  while (end > begin && is_blank(text[end - 1])) --end;
  column_ = begin + 1;
  return text.substr(begin, end - begin);
}

std::string_view Fields::next_expected(std::string_view what) {
  if (at_end()) {
    column_ = line_.text.size() + 1;
    fail("expected " + std::string(what) + ", found the end of the line");
  }
  return next();
}

FileId Fields::next_label(std::string_view what) {
  const std::string_view field = next_expected(what);
  const auto value = fecontact::field<FileId>(field, what, [&] { return line_.place(column_); });
  if (value <= 0)
    fail("expected " + std::string(what) + " (a positive integer), found '" + std::string(field) +
         "'");
  return value;
}

double Fields::next_number(std::string_view what) {
  const std::string_view field = next_expected(what);
  return fecontact::field<double>(field, what, [&] { return line_.place(column_); });
}

bool parse_label(std::string_view field, FileId& value) {
  return parse_field(field, value) == FieldStatus::ok && value > 0;
}

}  // namespace fecontact::detail::abaqus
