// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// ASCII character classes and case folding for FE input files and option names. Abaqus keywords
// and names are case-insensitive, and the library matches surface and block names the same way
// for every format. These never consult the C locale: std::tolower and friends follow a host
// program's setlocale (under tr_TR, 'i' does not fold to 'I'), so a solver that sets its own
// locale would read decks differently.

#include <algorithm>
#include <string>
#include <string_view>

namespace fecontact::detail {

constexpr bool is_upper_ascii(char c) { return c >= 'A' && c <= 'Z'; }
constexpr bool is_lower_ascii(char c) { return c >= 'a' && c <= 'z'; }
constexpr bool is_alpha_ascii(char c) { return is_upper_ascii(c) || is_lower_ascii(c); }
constexpr bool is_digit_ascii(char c) { return c >= '0' && c <= '9'; }
constexpr bool is_alnum_ascii(char c) { return is_alpha_ascii(c) || is_digit_ascii(c); }
constexpr char to_lower_ascii(char c) { return is_upper_ascii(c) ? char(c - 'A' + 'a') : c; }
constexpr char to_upper_ascii(char c) { return is_lower_ascii(c) ? char(c - 'a' + 'A') : c; }

/// `text` with its ASCII letters in lower case (other bytes as they are).
inline std::string lower_case_ascii(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), to_lower_ascii);
  return out;
}

/// True when `a` and `b` are equal ignoring ASCII case.
inline bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](char x, char y) { return to_lower_ascii(x) == to_lower_ascii(y); });
}

}  // namespace fecontact::detail
