// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The subcommands of the fecontact program. Each takes the words after its name and returns
// the exit status: 0 success, 1 failure (unreadable input, unknown surface, ...); usage
// mistakes throw UsageError (status 2).

#include <span>
#include <string_view>

namespace fecontact::cli {

using Words = std::span<const std::string_view>;

int run_demo(Words words);
int run_info(Words words);
int run_mass(Words words);
int run_search(Words words);
int run_pairs(Words words);
int run_spin(Words words);

}  // namespace fecontact::cli
