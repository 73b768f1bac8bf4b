// SPDX-License-Identifier: BSD-3-Clause
/* A minimal test harness for the C test programs: CHECK counts, prints what failed, and
 * finish() prints "N passed, N failed" (which ctest's log and CI read) and gives the exit code. */
#ifndef FECONTACT_TEST_CHECK_H
#define FECONTACT_TEST_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <fecontact/fecontact.h>

static int checks_passed = 0;
static int checks_failed = 0;

#define CHECK(condition)                                                       \
  do {                                                                         \
    if (condition) {                                                           \
      ++checks_passed;                                                         \
    } else {                                                                   \
      ++checks_failed;                                                         \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
    }                                                                          \
  } while (0)

/* |a - b| <= tolerance * max(1, |b|) */
static inline int close_to(double a, double b, double tolerance) { return fabs(a - b) <= tolerance * (fabs(b) > 1 ? fabs(b) : 1); }
#define CHECK_CLOSE(a, b, tolerance) CHECK(close_to((a), (b), (tolerance)))

/* The call returned -1 and its message names the function and contains `expected`. */
#define CHECK_REJECTED(call, function, expected)                                           \
  do {                                                                                     \
    const long long status_ = (long long)(call);                                           \
    const char* message_ = fecontact_last_error();                                         \
    const int named_ = strstr(message_, function) == message_ && strstr(message_, expected) != NULL; \
    if (status_ == -1 && named_) {                                                         \
      ++checks_passed;                                                                     \
    } else {                                                                               \
      ++checks_failed;                                                                     \
      fprintf(stderr, "%s:%d: %s returned %lld with message \"%s\"; expected -1 and \"%s: ...%s...\"\n", \
              __FILE__, __LINE__, #call, status_, message_, function, expected);           \
    }                                                                                      \
  } while (0)

static int finish(void) {
  printf("%d passed, %d failed\n", checks_passed, checks_failed);
  return checks_failed == 0 && checks_passed > 0 ? 0 : 1;
}

#endif
