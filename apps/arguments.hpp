// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Command-line arguments of one subcommand: positional words and --options, checked against
// the options the subcommand declares.

#include <map>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace fecontact::cli {

/// A mistake in the command line (unknown option, missing value, bad number): the program
/// prints it with the subcommand's usage hint and exits with status 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// One declared option: "--name" alone (a flag) or "--name VALUE" (also "--name=VALUE").
struct OptionSpec {
  std::string_view name;  ///< without the leading dashes
  bool takes_value = false;
  bool repeatable = false;
};

class Arguments {
 public:
  /// Parses `words` (the arguments after the subcommand). Throws UsageError for an option not in
  /// `options`, a missing value, a repeated non-repeatable option.
  Arguments(std::span<const std::string_view> words, std::span<const OptionSpec> options);

  const std::vector<std::string>& positional() const { return positional_; }
  bool has(std::string_view name) const { return values_.count(std::string(name)) > 0; }
  /// The value of a non-repeatable option, if given.
  std::optional<std::string> value(std::string_view name) const;
  /// Every value of a repeatable option, in command-line order.
  std::vector<std::string> values(std::string_view name) const;

 private:
  std::vector<std::string> positional_;
  std::map<std::string, std::vector<std::string>> values_;
};

/// Parses a finite double as the readers parse one (fecontact::field); throws UsageError naming
/// `what` otherwise.
double parse_double(std::string_view text, std::string_view what);

/// Parses an integer in lo..hi the same way; throws UsageError naming `what` otherwise.
int parse_integer(std::string_view text, std::string_view what, int lo, int hi);

/// Parses "X,Y,Z" into three finite doubles; throws UsageError naming `what` otherwise.
std::vector<double> parse_triple(std::string_view text, std::string_view what);

}  // namespace fecontact::cli
