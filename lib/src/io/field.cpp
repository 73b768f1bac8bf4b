// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/io/field.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "fecontact/io/read_error.hpp"

namespace fecontact::detail {
namespace {

// Quoted for a message, shortened so that a binary blob read as text stays readable.
std::string quoted(std::string_view text) {
  constexpr std::size_t max_length = 40;
  std::string out = "'";
  out.append(text.substr(0, max_length)).append(text.size() > max_length ? "...'" : "'");
  return out;
}

// "a coordinate" -> "a finite coordinate", "an entity tag" -> "a finite entity tag".
std::string finite(std::string_view what) {
  for (const std::string_view article : {"a ", "an ", "the "}) {
    if (what.starts_with(article)) {
      std::string out(article == "an " ? "a " : article);
      return out.append("finite ").append(what.substr(article.size()));
    }
  }
  return std::string("a finite ").append(what);
}

}  // namespace

FieldStatus parse_fortran_double(std::string_view text, double& value) {
  std::array<char, 64> copy{};  // a field longer than any double written out is not one
  if (text.size() >= copy.size()) return FieldStatus::not_a_number;
  std::transform(text.begin(), text.end(), copy.begin(),
                 [](char c) { return c == 'd' || c == 'D' ? 'e' : c; });
  return parse_field(std::string_view(copy.data(), text.size()), value);
}

void throw_field_error(FieldStatus status, std::string_view text, std::string_view what,
                       const TextPlace& place, std::size_t type_bytes, bool is_signed,
                       bool is_floating) {
  std::string message = "expected ";
  if (status == FieldStatus::not_finite) {
    message.append(finite(what));
  } else {
    message.append(what);
  }
  message.append(", found ").append(quoted(text));
  if (status == FieldStatus::out_of_range) {
    message.append(", out of the range of ");
    if (is_floating) {
      message.append("a double");
    } else {
      message.append("a ").append(std::to_string(8 * type_bytes)).append("-bit ");
      message.append(is_signed ? "integer" : "unsigned integer");
    }
  }
  throw ReadError(std::string(place.file), place.line, place.column, message);
}

}  // namespace fecontact::detail
