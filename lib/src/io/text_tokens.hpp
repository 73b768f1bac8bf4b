#pragma once
// Private to the text readers (ASCII STL, OBJ): lines split into whitespace-separated tokens that
// know their place (1-based line and column), and number parsing that names the place on failure.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fecontact::detail {

struct Token {
  std::string_view text;
  std::size_t line = 0;
  std::size_t column = 0;
};

/// Walks a text line by line (LF or CRLF line ends; '\r' counts as white space).
class LineSplitter {
 public:
  explicit LineSplitter(std::string_view text) : rest_(text) {}

  /// Fills `tokens` with the next line's tokens (possibly none); false at the end of the text.
  bool next(std::vector<Token>& tokens);

  std::size_t line_number() const { return line_number_; }  ///< of the last line returned
  std::string_view line() const { return line_; }            ///< the last line returned

 private:
  std::string_view rest_;
  std::string_view line_;
  std::size_t line_number_ = 0;
};

/// The token as a finite double (a leading '+' is accepted). Throws ReadError naming `file`
/// and the token's place when it is not a number, is out of range, or is NaN or infinite.
double parse_double(const Token& token, const std::string& file);

/// `text` (a part of `token`, or all of it) as a decimal integer. Throws ReadError naming
/// `file` and the token's place when it is not one.
std::int64_t parse_integer(std::string_view text, const Token& token, const std::string& file);

}  // namespace fecontact::detail
