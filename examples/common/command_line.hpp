// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What the example programs share on their command lines and in their reports.

#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>

namespace solver {

/// `text`, the value of `option`, as a finite number > 0 (≥ 0 when `zero_allowed`); throws
/// std::invalid_argument naming the option otherwise.
inline double positive_number(const std::string& option, const std::string& text, bool zero_allowed = false) {
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {  // not a number, or out of range
  }
  if (used != text.size() || !(value > 0 || (zero_allowed && value == 0)) || !std::isfinite(value))
    throw std::invalid_argument(option + " needs a " + (zero_allowed ? "non-negative" : "positive") +
                                " number, not '" + text + "'");
  return value;
}

/// One option of an example's command line: its name and, for an option that takes one, its value
/// (the next argument) as text, as a number > 0 (≥ 0 when `zero_allowed`) or as a whole count.
class Option {
 public:
  Option(int& index, int argc, char** argv) : name_(argv[index]), index_(index), argc_(argc), argv_(argv) {}
  const std::string& name() const { return name_; }
  std::string text() {
    if (index_ + 1 >= argc_) throw std::invalid_argument(name_ + " needs a value");
    return argv_[++index_];
  }
  double number(bool zero_allowed = false) { return positive_number(name_, text(), zero_allowed); }
  int count(int largest) {
    const double value = number();
    if (value != std::floor(value) || value > largest)
      throw std::invalid_argument(name_ + " needs a whole number up to " + std::to_string(largest));
    return static_cast<int>(value);
  }

 private:
  std::string name_;
  int& index_;
  int argc_;
  char** argv_;
};

/// The main of an example program: `parse(option)` takes each option and returns false for one it
/// does not know; --help prints `usage`. Then `run()`. A bad command line exits with 2 and the
/// usage, a failed run with 1, each with `program`'s name and the reason on stderr.
template <class Parse, class Run>
int run_program(const char* program, const char* usage, int argc, char** argv, Parse&& parse, Run&& run) {
  try {
    for (int i = 1; i < argc; ++i) {
      Option option(i, argc, argv);
      if (option.name() == "--help") return std::printf("%s", usage), 0;
      if (!parse(option)) throw std::invalid_argument("unknown option " + option.name());
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n%s", program, e.what(), usage);
    return 2;
  }
  try {
    return run();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", program, e.what());
    return 1;
  }
}

/// Wall-clock seconds since it was made.
class Stopwatch {
 public:
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

 private:
  using Clock = std::chrono::steady_clock;
  Clock::time_point start_ = Clock::now();
};

}  // namespace solver
