// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// How fecontact reads a number written as text, in every reader and on the command line: one
// grammar and one error. The grammar is std::from_chars's, plus the single leading '+' that C's
// strtod accepts (and so many writers emit) and the Fortran exponent letter D (1.5D+03, as
// Abaqus decks are written); a field is a number only if all of it is. The error is a ReadError
// naming the place and what was expected: "FILE:LINE:COLUMN: expected a coordinate, found 'x'".

#include <charconv>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <string_view>
#include <system_error>
#include <type_traits>

namespace fecontact {

/// Where a field lies: its file (or what stands for one, such as a command-line option) and its
/// 1-based line and column (0: unknown).
struct TextPlace {
  std::string_view file;
  std::size_t line = 0;
  std::size_t column = 0;
};

enum class FieldStatus {
  ok,
  not_a_number,  ///< not all of the text is a T
  out_of_range,  ///< a T, too large for its type (or a double below the smallest denormal)
  not_finite,    ///< NaN or an infinity (floating-point T only)
};

namespace detail {
/// The Fortran exponent's path: `text` with D or d read as E.
FieldStatus parse_fortran_double(std::string_view text, double& value);
/// Throws the ReadError of a field that is not what was expected; the type is described by its
/// size in bytes and kind, for the out-of-range message.
[[noreturn]] void throw_field_error(FieldStatus status, std::string_view text,
                                    std::string_view what, const TextPlace& place,
                                    std::size_t type_bytes, bool is_signed, bool is_floating);
}  // namespace detail

/// The grammar alone: `text`, all of it, as a T (an integer type or double) in `value`.
/// "+-1" and "++1" are not numbers; a double must be finite.
template <class T>
  requires std::integral<T> || std::same_as<T, double>
FieldStatus parse_field(std::string_view text, T& value) {
  if (text.size() > 1 && text[0] == '+' && text[1] != '-' && text[1] != '+') text.remove_prefix(1);
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error == std::errc() && end == text.data() + text.size()) {
    if constexpr (std::is_floating_point_v<T>) {
      if (!std::isfinite(value)) return FieldStatus::not_finite;
    }
    return FieldStatus::ok;
  }
  if (error == std::errc::result_out_of_range) return FieldStatus::out_of_range;
  if constexpr (std::is_floating_point_v<T>) {
    if (text.find_first_of("dD") != std::string_view::npos)
      return detail::parse_fortran_double(text, value);
  }
  return FieldStatus::not_a_number;
}

/// `text` as a T, or a ReadError at `place()`: "expected WHAT, found 'TEXT'" (WHAT with its
/// article: "a coordinate"). `place` is called only on error, so that a reader works out a line
/// and column only when it reports one.
template <class T, class Place>
  requires std::invocable<Place> && std::convertible_to<std::invoke_result_t<Place>, TextPlace>
T field(std::string_view text, std::string_view what, Place&& place) {
  T value{};
  const FieldStatus status = parse_field(text, value);
  if (status != FieldStatus::ok) [[unlikely]]
    detail::throw_field_error(status, text, what, place(), sizeof(T), std::is_signed_v<T>,
                              std::is_floating_point_v<T>);
  return value;
}

/// The same at a known place.
template <class T>
T field(std::string_view text, std::string_view what, const TextPlace& place) {
  return field<T>(text, what, [&] { return place; });
}

}  // namespace fecontact
