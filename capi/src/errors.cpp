// SPDX-License-Identifier: BSD-3-Clause
// The last error of each thread (fecontact_last_error).
#include <string>

#include "call.hpp"
#include "fecontact/fecontact.h"

namespace {
thread_local std::string last_error;
}

namespace fecontact::capi {

void record_error(const char* function, const char* what) noexcept {
  try {
    last_error.assign(function).append(": ").append(what);
  } catch (...) {  // no memory for the message: an empty one rather than a stale one
    last_error.clear();
  }
}

}  // namespace fecontact::capi

extern "C" const char* fecontact_last_error(void) { return last_error.c_str(); }

extern "C" int fecontact_report_error(const char* message) {
  try {
    last_error = message ? message : "fecontact_report_error: message is NULL";
  } catch (...) {
    last_error.clear();
  }
  return -1;
}
