// SPDX-License-Identifier: BSD-3-Clause
/* Every allocation through operator new in the process, in any thread, counted by
 * allocation_count.cpp, which replaces the global operator new (link it into the test program).
 * The library allocates with it (its vectors; inside libfecontact_capi too, whose calls resolve
 * to the program's replacement); libgomp's thread pool uses malloc and is not counted. */
#ifndef FECONTACT_TEST_ALLOCATION_COUNT_H
#define FECONTACT_TEST_ALLOCATION_COUNT_H

#ifdef __cplusplus
extern "C" {
#endif

long allocation_count(void);

#ifdef __cplusplus
}
#endif

#endif
