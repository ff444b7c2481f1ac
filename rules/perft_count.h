/*
 * perft_count.h - adding leaf counts without wrapping (perft.c,
 * perft_deep.c): a sum past 64 bits is UINT64_MAX, which the callers report.
 */
#ifndef HEXREF_PERFT_COUNT_H
#define HEXREF_PERFT_COUNT_H

#include <stdint.h>

/* a + b, or UINT64_MAX if the sum does not fit (perft's counts). */
static inline uint64_t count_add(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

#endif
