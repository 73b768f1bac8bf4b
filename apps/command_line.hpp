// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What every subcommand does first: parse its options, answer --help, take its mesh argument.

#include <optional>
#include <span>
#include <string>

#include "arguments.hpp"
#include "commands.hpp"

namespace fecontact::cli {

/// Parses `words` against `options` (to which --help is added). Prints `help` and returns
/// nothing when --help is given. Throws UsageError.
std::optional<Arguments> parse_command_line(Words words, std::span<const OptionSpec> options,
                                            const char* help);

/// The one positional argument (the mesh file). Throws UsageError when there is not exactly one.
std::string mesh_argument(const Arguments& arguments);

}  // namespace fecontact::cli
