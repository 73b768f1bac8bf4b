// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// One-line progress on the terminal for long runs: shown only when stderr is a terminal and
// the user did not ask for --quiet, so scripts and logs stay clean.

#include <string>

namespace fecontact::cli {

class Progress {
 public:
  /// Enabled when `quiet` is false and stderr is a terminal (isatty).
  explicit Progress(bool quiet);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  /// Replaces the current progress line with `text`.
  void update(const std::string& text);

 private:
  bool enabled_;
  std::size_t last_length_ = 0;
};

}  // namespace fecontact::cli
