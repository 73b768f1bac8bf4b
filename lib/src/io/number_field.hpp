#pragma once
// Private to the readers: one field of a file as a number, the same way in every format.

#include <charconv>
#include <string_view>
#include <system_error>

namespace fecontact::detail {

/// `text`, all of it, as a T by std::from_chars, and also with the single leading '+' that C's
/// strtod and scanf accept (and so many writers emit) but from_chars rejects ("+-1" stays an
/// error). Returns std::errc{} on success, result_out_of_range when the value does not fit, and
/// invalid_argument when the text is not a whole number.
template <class T>
std::errc parse_field(std::string_view text, T& value) {
  if (text.size() > 1 && text[0] == '+' && text[1] != '-' && text[1] != '+') text.remove_prefix(1);
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc()) return error;
  return end == text.data() + text.size() ? std::errc() : std::errc::invalid_argument;
}

}  // namespace fecontact::detail
