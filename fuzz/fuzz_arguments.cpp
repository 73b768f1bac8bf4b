// SPDX-License-Identifier: BSD-3-Clause
// libFuzzer target of the command line's parser (apps/arguments, apps/command_line): the input
// is a list of words separated by NUL bytes, parsed against an option table that holds every
// kind of option the subcommands declare (flags, values, repeatable values). The contract: a
// parse succeeds or throws UsageError; every value can then be taken as a number, as a bounded
// integer and as X,Y,Z (each succeeding or throwing UsageError); the parsed options agree with
// the table.

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "arguments.hpp"
#include "command_line.hpp"
#include "invariant.hpp"

namespace {

using namespace fecontact::cli;
using fecontact::fuzz::require;

constexpr OptionSpec options[] = {
    {"json"}, {"quiet"}, {"density", true, true}, {"pair", true, true}, {"about", true},
    {"tolerance", true}, {"time", true}, {"mesh", true}};

template <class Parse>
void number_or_usage_error(Parse&& parse) {
  try {
    parse();
  } catch (const UsageError&) {
  }
}

void check(const Arguments& arguments) {
  number_or_usage_error([&] { mesh_argument(arguments); });
  for (const OptionSpec& spec : options) {
    const std::vector<std::string> values = arguments.values(spec.name);
    require(arguments.has(spec.name) == !values.empty(), "has() agrees with values()");
    require(spec.repeatable || values.size() <= 1, "a non-repeatable option at most once");
    if (values.empty()) continue;
    require(arguments.value(spec.name) == values.back(), "value() is the last of values()");
    for (const std::string& value : values) {
      require(spec.takes_value || value.empty(), "a flag has no value");
      number_or_usage_error([&] { parse_double(value, spec.name); });
      number_or_usage_error([&] {
        const int n = parse_integer(value, spec.name, -5, 5);
        require(n >= -5 && n <= 5, "an integer within its bounds");
      });
      number_or_usage_error([&] {
        require(parse_triple(value, spec.name).size() == 3, "a triple has three numbers");
      });
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fecontact::fuzz::as_text(data, size);
  std::vector<std::string_view> words;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find('\0', start), text.size());
    words.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  try {
    if (const auto arguments = parse_command_line(words, options, "")) check(*arguments);
  } catch (const UsageError&) {
  }
  return 0;
}
