/*
 * random.h - the harness's one random stream: SplitMix64, fixed and
 * portable, so a seed names the same games on every machine. (rules/
 * zobrist.c keeps its own copy: the rules library depends on nothing here.)
 */
#ifndef HEXREF_HARNESS_RANDOM_H
#define HEXREF_HARNESS_RANDOM_H

#include <stdint.h>

static inline uint64_t hx_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

#endif
