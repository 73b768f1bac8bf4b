// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/detail/assert.hpp"

#include <cstdio>
#include <cstdlib>

namespace fecontact::detail {

// The one place the library writes to stderr: a programmer error, just before aborting.
void assertion_failed(const char* expression, const char* message, const char* file,
                      int line) noexcept {
  std::fprintf(stderr, "%s:%d: fecontact assertion `%s` failed: %s\n", file, line, expression,
               message);
  std::abort();
}

}  // namespace fecontact::detail
