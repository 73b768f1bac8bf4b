// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Numbers in messages: the shortest text that reads back as the same double, whatever the host
// program's locale (std::to_chars; std::to_string(double) prints 1e-9 as "0.000000" and follows
// LC_NUMERIC).

#include <charconv>
#include <string>

namespace fecontact::detail {

inline std::string number_text(double value) {
  char buffer[32];  // the longest shortest form, "-2.2250738585072014e-308", has 24 characters
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  return std::string(buffer, end);
}

}  // namespace fecontact::detail
