#include "text_tokens.hpp"

#include <charconv>
#include <cmath>
#include <system_error>

#include "fecontact/io/read_error.hpp"

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
  std::string_view text = token.text;
  // std::from_chars rejects a leading '+', which C's strtod (and so many writers) accept.
  if (text.size() > 1 && text[0] == '+' && text[1] != '-' && text[1] != '+') text.remove_prefix(1);
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error == std::errc::result_out_of_range) {
    throw ReadError(file, token.line, token.column,
                    "number " + quoted(token.text) + " is out of the range of a double");
  }
  if (error != std::errc() || end != text.data() + text.size()) {
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
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) {
    throw ReadError(file, token.line, token.column,
                    "expected an integer, found " + quoted(text) + " in " + quoted(token.text));
  }
  return value;
}

}  // namespace fecontact::detail
