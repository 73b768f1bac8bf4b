// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The project's assertion for programmer errors (a broken precondition, never bad input).
// Bad input is reported through exceptions (readers) or returned status (numerics) instead.
// Active unless NDEBUG is defined, like <cassert>, but with a message that says what was expected.

namespace fecontact::detail {
[[noreturn]] void assertion_failed(const char* expression, const char* message, const char* file,
                                   int line) noexcept;
}  // namespace fecontact::detail

#ifdef NDEBUG
#define FECONTACT_ASSERT(condition, message) static_cast<void>(0)
#else
#define FECONTACT_ASSERT(condition, message)                                                \
  ((condition) ? static_cast<void>(0)                                                      \
               : ::fecontact::detail::assertion_failed(#condition, message, __FILE__, __LINE__))
#endif
