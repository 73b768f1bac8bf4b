#include "text_tokens.hpp"

#include <cmath>
#include <system_error>

#include "fecontact/io/read_error.hpp"
#include "number_field.hpp"

namespace fecontact::detail {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

// Quoted for a message, shortened so that a binary blob read as text stays readable.
std::string quoted(std::string_view text) {
  constexpr std::size_t max_length = 40;
  if (text.size() > max_length) return "'" + std::string(text.substr(0, max_length)) + "...'";
  return "'" + std::string(text) + "'";
}

}  // namespace

bool LineSplitter::next(std::vector<Token>& tokens) {
  tokens.clear();
  if (rest_.empty()) return false;
  const std::size_t end = rest_.find('\n');
  line_ = rest_.substr(0, end);
  rest_ = end == std::string_view::npos ? std::string_view() : rest_.substr(end + 1);
  ++line_number_;
  std::size_t i = 0;
  while (i < line_.size()) {
    if (is_space(line_[i])) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < line_.size() && !is_space(line_[i])) ++i;
    tokens.push_back(Token{line_.substr(start, i - start), line_number_, start + 1});
  }
  return true;
}

double parse_double(const Token& token, const std::string& file) {
  double value = 0;
  const std::errc error = parse_field(token.text, value);
  if (error == std::errc::result_out_of_range) {
    throw ReadError(file, token.line, token.column,
                    "number " + quoted(token.text) + " is out of the range of a double");
  }
  if (error != std::errc()) {
    throw ReadError(file, token.line, token.column,
                    "expected a number, found " + quoted(token.text));
  }
  if (!std::isfinite(value)) {
    throw ReadError(file, token.line, token.column,
                    "expected a finite number, found " + quoted(token.text));
  }
  return value;
}

std::int64_t parse_integer(std::string_view text, const Token& token, const std::string& file) {
  std::int64_t value = 0;
  if (parse_field(text, value) != std::errc()) {
    throw ReadError(file, token.line, token.column,
                    "expected an integer, found " + quoted(text) + " in " + quoted(token.text));
  }
  return value;
}

}  // namespace fecontact::detail
