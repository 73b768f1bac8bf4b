// SPDX-License-Identifier: BSD-3-Clause
#include "arguments.hpp"

#include <algorithm>

#include "fecontact/detail/ascii.hpp"
#include "fecontact/io/field.hpp"
#include "fecontact/io/read_error.hpp"

namespace fecontact::cli {

namespace {

const OptionSpec* find_option(std::span<const OptionSpec> options, std::string_view name) {
  const auto it = std::find_if(options.begin(), options.end(),
                               [&](const OptionSpec& o) { return o.name == name; });
  return it == options.end() ? nullptr : &*it;
}

}  // namespace

Arguments::Arguments(std::span<const std::string_view> words, std::span<const OptionSpec> options) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string_view word = words[i];
    if (word.size() < 3 || !word.starts_with("--")) {
      if (word.size() > 1 && word.starts_with("-") && !detail::is_digit_ascii(word[1]))
        throw UsageError("unknown option '" + std::string(word) + "'");
      positional_.emplace_back(word);
      continue;
    }
    std::string_view name = word.substr(2);
    std::optional<std::string> inline_value;
    if (const auto eq = name.find('='); eq != std::string_view::npos) {
      inline_value = std::string(name.substr(eq + 1));
      name = name.substr(0, eq);
    }
    const OptionSpec* spec = find_option(options, name);
    if (spec == nullptr) throw UsageError("unknown option '--" + std::string(name) + "'");
    auto& slot = values_[std::string(name)];
    if (!slot.empty() && !spec->repeatable)
      throw UsageError("option '--" + std::string(name) + "' given twice");
    if (!spec->takes_value) {
      if (inline_value) throw UsageError("option '--" + std::string(name) + "' takes no value");
      slot.emplace_back();
    } else if (inline_value) {
      slot.push_back(*inline_value);
    } else if (i + 1 < words.size()) {
      slot.emplace_back(words[++i]);
    } else {
      throw UsageError("option '--" + std::string(name) + "' needs a value");
    }
  }
}

std::optional<std::string> Arguments::value(std::string_view name) const {
  const auto it = values_.find(std::string(name));
  if (it == values_.end()) return std::nullopt;
  return it->second.back();
}

std::vector<std::string> Arguments::values(std::string_view name) const {
  const auto it = values_.find(std::string(name));
  return it == values_.end() ? std::vector<std::string>{} : it->second;
}

namespace {

// The readers' field, its place the option: "--density: expected a number, found 'x'".
template <class T>
T option_field(std::string_view text, std::string_view what, std::string_view expected) {
  try {
    return field<T>(text, expected, TextPlace{what});
  } catch (const ReadError& error) {
    throw UsageError(error.what());
  }
}

}  // namespace

double parse_double(std::string_view text, std::string_view what) {
  return option_field<double>(text, what, "a number");
}

int parse_integer(std::string_view text, std::string_view what, int lo, int hi) {
  const int value = option_field<int>(text, what, "an integer");
  if (value < lo || value > hi)
    throw UsageError(std::string(what) + ": expected an integer in " + std::to_string(lo) + ".." +
                     std::to_string(hi) + ", found " + std::to_string(value));
  return value;
}

std::vector<double> parse_triple(std::string_view text, std::string_view what) {
  std::vector<double> numbers;
  std::size_t start = 0;
  while (true) {
    const auto comma = text.find(',', start);
    numbers.push_back(parse_double(text.substr(start, comma - start), what));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (numbers.size() != 3)
    throw UsageError(std::string(what) + ": expected X,Y,Z, got '" + std::string(text) + "'");
  return numbers;
}

}  // namespace fecontact::cli
