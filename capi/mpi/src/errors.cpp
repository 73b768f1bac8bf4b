// SPDX-License-Identifier: BSD-3-Clause
// The messages of the MPI search's functions go to fecontact_capi's last error of the thread
// (fecontact_last_error), through its public fecontact_report_error: one last error for both
// libraries, whichever function failed.
#include <string>

#include "call.hpp"
#include "fecontact/fecontact.h"

namespace fecontact::capi {

void record_error(const char* function, const char* what) noexcept {
  try {
    fecontact_report_error(std::string(function).append(": ").append(what).c_str());
  } catch (...) {  // no memory for the message: an empty one rather than a stale one
    fecontact_report_error("");
  }
}

}  // namespace fecontact::capi
