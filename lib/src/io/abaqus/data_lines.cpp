#include "data_lines.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "../number_field.hpp"
#include "fecontact/io/read_error.hpp"

namespace fecontact::detail::abaqus {
namespace {
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }
}  // namespace

void DataLine::fail(std::size_t column, const std::string& message) const {
  throw ReadError(file->name, line, column, message);
}

bool DataLine::continues() const {
  std::size_t end = text.size();
  while (end > 0 && is_blank(text[end - 1])) --end;
  return end > 0 && text[end - 1] == ',';
}

bool DataLines::next(DataLine& line) {
  while (segment_ < card_.data.size()) {
    const DataSegment& segment = card_.data[segment_];
    const std::string_view text = segment.text;
    if (!releaser_) releaser_.emplace(text);
    while (position_ < text.size()) {
      releaser_->passed(position_);
      const std::size_t begin = position_;
      const std::size_t end = std::min(text.find('\n', begin), text.size());
      position_ = end < text.size() ? end + 1 : end;
      const std::size_t number = segment.first_line + line_++;
      std::string_view content = text.substr(begin, end - begin);
      if (!content.empty() && content.back() == '\r') content.remove_suffix(1);
      std::size_t first = 0;
      while (first < content.size() && is_blank(content[first])) ++first;
      if (first == content.size() || content.substr(first).starts_with("**")) continue;
      line = DataLine{content, segment.file, number};
      return true;
    }
    ++segment_;
    position_ = 0;
    line_ = 0;
    releaser_.reset();
  }
  return false;
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

FileId Fields::next_label(std::string_view what) {
  if (at_end()) {
    column_ = line_.text.size() + 1;
    fail("expected " + std::string(what) + ", found the end of the line");
  }
  const std::string_view field = next();
  FileId value = 0;
  if (!parse_label(field, value))
    fail("expected " + std::string(what) + " (a positive integer), found '" + std::string(field) +
         "'");
  return value;
}

double Fields::next_number(std::string_view what) {
  if (at_end()) {
    column_ = line_.text.size() + 1;
    fail("expected " + std::string(what) + ", found the end of the line");
  }
  const std::string_view field = next();
  double value = 0;
  if (!parse_number(field, value))
    fail("expected " + std::string(what) + " (a number), found '" + std::string(field) + "'");
  if (!std::isfinite(value))
    fail("expected a finite " + std::string(what) + ", found '" + std::string(field) + "'");
  return value;
}

bool parse_label(std::string_view field, FileId& value) {
  return parse_field(field, value) == std::errc() && value > 0;
}

bool parse_number(std::string_view field, double& value) {
  if (parse_field(field, value) == std::errc()) return true;
  // Fortran writes 1.5D+03; from_chars knows only E. Fields longer than any double are not numbers.
  std::array<char, 64> copy{};
  if (field.size() >= copy.size() || field.find_first_of("dD") == std::string_view::npos)
    return false;
  std::transform(field.begin(), field.end(), copy.begin(),
                 [](char c) { return c == 'd' || c == 'D' ? 'e' : c; });
  return parse_field(std::string_view(copy.data(), field.size()), value) == std::errc();
}

}  // namespace fecontact::detail::abaqus
