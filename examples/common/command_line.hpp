#pragma once
// What the example programs share on their command lines and in their reports.

#include <chrono>
#include <cmath>
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

/// Wall-clock seconds since it was made.
class Stopwatch {
 public:
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

 private:
  using Clock = std::chrono::steady_clock;
  Clock::time_point start_ = Clock::now();
};

}  // namespace solver
