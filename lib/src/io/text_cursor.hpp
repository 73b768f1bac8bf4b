// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Private to the readers: a read position in a mapped file (or in one part of it), the one way
// every reader walks its input. It hands out whitespace-separated tokens, lines and the raw
// bytes of binary data, and works out the line and column of a byte only when asked (for an
// error, a warning, a section's line), so that reading pays for no line counting. As it moves on
// it hands the pages behind it back to the file every few megabytes: a reader's memory holds the
// mesh it builds, not the file.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fecontact/io/field.hpp"
#include "mapped_file.hpp"

namespace fecontact::detail {

/// ' ', '\t', '\n', '\v', '\f', '\r': what std::isspace calls white space in the C locale.
inline bool is_blank(char c) {
  return c == ' ' || static_cast<unsigned char>(c - '\t') <= '\r' - '\t';
}
/// A blank other than the line end.
inline bool is_line_blank(char c) { return c != '\n' && is_blank(c); }

class TextCursor {
 public:
  /// A cursor over the whole file, at its start.
  explicit TextCursor(const MappedFile& file) : TextCursor(file, file.text(), 1) {}
  /// A cursor over `part`, which lies in file.text() and starts at the start of line `first_line`.
  TextCursor(const MappedFile& file, std::string_view part, std::size_t first_line);

  const std::string& file() const { return file_.name(); }
  bool at_end() const { return pos_ == end_; }
  /// The read position, in bytes from the start of the file.
  std::uint64_t offset() const { return static_cast<std::uint64_t>(pos_ - file_.text().data()); }
  /// The read position, as a pointer into the mapping (for fail_at).
  const char* position() const { return pos_; }
  /// Bytes from the read position to the end of the part.
  std::uint64_t remaining() const { return static_cast<std::uint64_t>(end_ - pos_); }

  // ---- text ----

  /// The next whitespace-separated token, across lines; empty at the end of the text.
  std::string_view token() { return next_token(is_blank); }
  /// The next token of the current line; empty at its end (the line end is left unread).
  std::string_view token_in_line() { return next_token(is_line_blank); }
  /// Moves past the end of the current line; false when the text had already ended.
  bool next_line();
  /// The rest of the current line without its line end ("\n" or "\r\n"), which is passed.
  std::string_view line();
  /// The next line as line() would hand it out, left unread.
  std::string_view peek_line() const;
  /// A double-quoted string on the current line (the quotes dropped), after optional blanks.
  std::string quoted();
  /// Passes blanks up to and including the end of the current line (the text before binary
  /// data); throws ReadError at anything else.
  void skip_line_end();
  /// Moves past the next occurrence of `marker`; false (at the end) when there is none.
  bool skip_past(std::string_view marker);

  // ---- binary data ----

  /// The next n raw bytes (in the mapping), or nullptr when fewer are left.
  const char* bytes(std::size_t n);

  // ---- numbers and places ----

  /// `text`, a piece of this cursor's text, as a T (fecontact::field): a ReadError at its place
  /// when it is not one.
  template <class T>
  T field(std::string_view text, std::string_view what) const {
    return fecontact::field<T>(text, what, [&] { return place(text.data()); });
  }

  /// File, line and column of a byte of the part (or of its end). Cheap for a byte at or after
  /// the last one asked for; a byte far before it is counted back to.
  TextPlace place(const char* at) const;
  /// The start of the last token, line or quoted string handed out (the end of the text once
  /// token() has found none): where an error about it is reported.
  const char* last_token() const { return token_; }

  /// Throws ReadError at the last token.
  [[noreturn]] void fail(const std::string& message) const { fail_at(token_, message); }
  /// Throws ReadError at the byte `at`.
  [[noreturn]] void fail_at(const char* at, const std::string& message) const;
  /// Throws ReadError on `line`, column unknown (a binary section, a whole section).
  [[noreturn]] void fail_on_line(std::size_t line, const std::string& message) const;

 private:
  /// The reader is past every byte before `at`: counts the lines up to it and releases its pages.
  void passed(const char* at) {
    if (static_cast<std::size_t>(at - released_) >= release_step) release(at);
  }
  void release(const char* at);
  /// Passes the characters `skipped` accepts, then hands out the token that follows. Inline:
  /// it is the inner loop of every text format.
  std::string_view next_token(bool (*skipped)(char)) {
    const char* p = pos_;
    while (p != end_ && skipped(*p)) ++p;
    const char* start = p;
    while (p != end_ && !is_blank(*p)) ++p;
    passed(start);
    token_ = start;
    pos_ = p;
    return {start, static_cast<std::size_t>(p - start)};
  }
  /// The '\n' that ends the current line, or the end of the text.
  const char* line_end() const;

  static constexpr std::size_t release_step = std::size_t{1} << 20;

  const MappedFile& file_;
  const char* begin_;
  const char* end_;
  const char* pos_;
  const char* token_;
  const char* released_;  // pages before this were handed back
  // place(): the line of `counted_` and the start of that line, kept from the last call.
  mutable const char* counted_;
  mutable const char* line_start_;
  mutable std::size_t line_;
};

}  // namespace fecontact::detail
