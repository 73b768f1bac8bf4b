// SPDX-License-Identifier: BSD-3-Clause
// Names that contact detection gives: components made distinct ignoring case, and surface names a
// solver deck accepts (Abaqus and CalculiX: letters, digits, '_' and '-', at most 80 characters).
#include <algorithm>
#include <map>

#include "detection_parts.hpp"
#include "fecontact/detail/ascii.hpp"

namespace fecontact::detail {

void make_distinct(std::vector<std::string>& names) {
  std::set<std::string> shared;
  std::set<std::string> seen;
  for (const auto& name : names)
    if (!seen.insert(detail::lower_case_ascii(name)).second) shared.insert(detail::lower_case_ascii(name));
  std::set<std::string> taken;
  for (const auto& name : names)
    if (shared.count(detail::lower_case_ascii(name)) == 0) taken.insert(detail::lower_case_ascii(name));
  std::map<std::string, int> counter;
  for (auto& name : names) {
    if (shared.count(detail::lower_case_ascii(name)) == 0) continue;
    std::string candidate;
    do candidate = name + "-" + std::to_string(++counter[detail::lower_case_ascii(name)]);
    while (!taken.insert(detail::lower_case_ascii(candidate)).second);
    name = candidate;
  }
}

std::string deck_name(std::string_view text, const std::string& suffix, std::set<std::string>& taken) {
  std::string base;
  if (text.empty() || !detail::is_alpha_ascii(text.front())) base.push_back('S');
  for (const char c : text)
    base.push_back(detail::is_alnum_ascii(c) || c == '_' || c == '-' ? c : '_');
  for (int n = 0;; ++n) {
    std::string tail = suffix;
    if (n > 0) tail.append("_").append(std::to_string(n));
    std::string name = base.substr(0, 80 - std::min<std::size_t>(tail.size(), 80));
    name.append(tail);
    if (taken.insert(detail::lower_case_ascii(name)).second) return name;
  }
}

}  // namespace fecontact::detail
