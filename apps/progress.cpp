// SPDX-License-Identifier: BSD-3-Clause
#include "progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace fecontact::cli {

Progress::Progress(bool quiet) : enabled_(!quiet && isatty(STDERR_FILENO) == 1) {}

Progress::~Progress() {
  if (enabled_ && last_length_ > 0) std::fprintf(stderr, "\r%*s\r", static_cast<int>(last_length_), "");
}

void Progress::update(const std::string& text) {
  if (!enabled_) return;
  const int pad = last_length_ > text.size() ? static_cast<int>(last_length_ - text.size()) : 0;
  std::fprintf(stderr, "\r%s%*s", text.c_str(), pad, "");
  std::fflush(stderr);
  last_length_ = text.size();
}

}  // namespace fecontact::cli
