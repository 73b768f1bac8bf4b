#pragma once
// Names in FE input files compare ignoring ASCII case (Abaqus keywords and names are
// case-insensitive; the library matches surface and block names the same way for every format).

#include <algorithm>
#include <string_view>

namespace fecontact::detail {

/// True when `a` and `b` are equal ignoring ASCII case.
inline bool equals_ignoring_case(std::string_view a, std::string_view b) {
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [&](char x, char y) { return lower(x) == lower(y); });
}

}  // namespace fecontact::detail
