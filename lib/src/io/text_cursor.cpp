// SPDX-License-Identifier: BSD-3-Clause
#include "text_cursor.hpp"

#include <algorithm>
#include <cstring>

#include "fecontact/io/read_error.hpp"

namespace fecontact::detail {
namespace {

// The newlines in [begin, end): a block at a time, summed in a narrow counter, which compilers
// turn into wider vector compares than they make of std::count.
std::size_t count_newlines(const char* begin, const char* end) {
  constexpr std::ptrdiff_t block = 64;
  std::size_t lines = 0;
  for (; end - begin >= block; begin += block) {
    unsigned in_block = 0;
    for (std::ptrdiff_t i = 0; i < block; ++i) in_block += begin[i] == '\n';
    lines += in_block;
  }
  for (; begin != end; ++begin) lines += *begin == '\n';
  return lines;
}

}  // namespace

TextCursor::TextCursor(const MappedFile& file, std::string_view part, std::size_t first_line)
    : file_(file),
      begin_(part.data()),
      end_(part.data() + part.size()),
      pos_(begin_),
      token_(begin_),
      released_(begin_),
      counted_(begin_),
      line_start_(begin_),
      line_(first_line) {}

const char* TextCursor::line_end() const {
  if (pos_ == end_) return end_;
  const void* newline = std::memchr(pos_, '\n', static_cast<std::size_t>(end_ - pos_));
  return newline != nullptr ? static_cast<const char*>(newline) : end_;
}

bool TextCursor::next_line() {
  if (pos_ == end_) return false;
  const char* stop = line_end();
  pos_ = stop == end_ ? end_ : stop + 1;
  return true;
}

std::string_view TextCursor::line() {
  const char* start = pos_;
  const char* stop = line_end();
  passed(start);
  token_ = start;
  if (stop != end_) {
    // The next line's place follows from this one's: a walk line by line (Abaqus, OBJ)
    // counts no byte twice.
    place(start);
    ++line_;
    counted_ = line_start_ = pos_ = stop + 1;
  } else {
    pos_ = end_;
  }
  if (stop != start && stop[-1] == '\r') --stop;
  return {start, static_cast<std::size_t>(stop - start)};
}

std::string_view TextCursor::peek_line() const {
  const char* stop = line_end();
  if (stop != pos_ && stop[-1] == '\r') --stop;
  return {pos_, static_cast<std::size_t>(stop - pos_)};
}

std::string TextCursor::quoted() {
  while (pos_ != end_ && (*pos_ == ' ' || *pos_ == '\t')) ++pos_;
  token_ = pos_;
  if (pos_ == end_ || *pos_ != '"') fail("expected a double-quoted name");
  const char* start = ++pos_;
  while (pos_ != end_ && *pos_ != '"' && *pos_ != '\n') ++pos_;
  if (pos_ == end_ || *pos_ != '"') fail("unterminated quoted name");
  return std::string(start, pos_++);
}

void TextCursor::skip_line_end() {
  while (pos_ != end_ && is_line_blank(*pos_)) ++pos_;
  if (pos_ == end_) return;
  if (*pos_ != '\n') fail_at(pos_, "expected the end of the line");
  ++pos_;
}

bool TextCursor::skip_past(std::string_view marker) {
  // Searched a window at a time, so that a long skipped section is released as it is passed.
  for (;;) {
    const std::size_t window = std::min(static_cast<std::size_t>(end_ - pos_), release_step);
    const std::string_view text(pos_, window);
    if (const std::size_t hit = text.find(marker); hit != std::string_view::npos) {
      pos_ += hit + marker.size();
      return true;
    }
    if (pos_ + window == end_) {
      pos_ = end_;
      return false;
    }
    pos_ += window - std::min(window, marker.size() - 1);  // a marker may straddle two windows
    passed(pos_);
  }
}

const char* TextCursor::bytes(std::size_t n) {
  if (static_cast<std::size_t>(end_ - pos_) < n) return nullptr;
  const char* start = pos_;
  pos_ += n;
  passed(start);
  return start;
}

TextPlace TextCursor::place(const char* at) const {
  const auto rfind_newline = [](const char* from, const char* to) -> const char* {
    const std::string_view text(from, static_cast<std::size_t>(to - from));
    const std::size_t found = text.rfind('\n');
    return found == std::string_view::npos ? nullptr : from + found;
  };
  if (at >= counted_) {
    const std::size_t lines = count_newlines(counted_, at);
    if (lines > 0) {
      line_ += lines;
      line_start_ = rfind_newline(counted_, at) + 1;
    }
  } else {
    const std::size_t lines = count_newlines(at, counted_);
    if (lines > 0) {
      line_ -= lines;
      const char* newline = rfind_newline(begin_, at);
      line_start_ = newline != nullptr ? newline + 1 : begin_;
    }
  }
  counted_ = at;
  return {file(), line_, static_cast<std::size_t>(at - line_start_) + 1};
}

void TextCursor::fail_at(const char* at, const std::string& message) const {
  const TextPlace where = place(at);
  throw ReadError(file(), where.line, where.column, message);
}

void TextCursor::fail_on_line(std::size_t line, const std::string& message) const {
  throw ReadError(file(), line, 0, message);
}

void TextCursor::release(const char* at) {
  place(at);  // lines counted while the pages are still mapped, never re-read for a place
  const char* base = file_.text().data();
  file_.release(static_cast<std::size_t>(released_ - base), static_cast<std::size_t>(at - base));
  released_ = at;
}

}  // namespace fecontact::detail
