// SPDX-License-Identifier: BSD-3-Clause
#include "command_line.hpp"

#include <iostream>
#include <vector>

namespace fecontact::cli {

std::optional<Arguments> parse_command_line(Words words, std::span<const OptionSpec> options,
                                            const char* help) {
  std::vector<OptionSpec> all(options.begin(), options.end());
  all.push_back({"help", false, false});
  Arguments arguments(words, all);
  if (arguments.has("help")) {
    std::cout << help;
    return std::nullopt;
  }
  return arguments;
}

std::string mesh_argument(const Arguments& arguments) {
  if (arguments.positional().size() != 1)
    throw UsageError(arguments.positional().empty() ? "missing MESH argument"
                                                    : "expected one MESH argument, got " +
                                                          std::to_string(arguments.positional().size()));
  return arguments.positional().front();
}

}  // namespace fecontact::cli
