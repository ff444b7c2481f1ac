/*
 * bitboard.h - 128-bit cell sets. Every board has at most 91 cells, so one
 * unsigned __int128 holds a set of cells; the compiler turns the operations
 * into pairs of 64-bit instructions.
 */
#ifndef HEXREF_BITBOARD_H
#define HEXREF_BITBOARD_H

#include <stdint.h>

__extension__ typedef unsigned __int128 hx_bb;

static inline uint64_t hx_bb_lo(hx_bb b) { return (uint64_t)b; }
static inline uint64_t hx_bb_hi(hx_bb b) { return (uint64_t)(b >> 64); }

#if defined(__wasm__)
/* WebAssembly has no 128-bit shift: clang calls compiler-rt's __ashlti3
 * and __lshrti3 for a shift by a variable count, dozens of calls in the
 * generator. A cell's bit and a cell's test, by one 64-bit shift and a
 * select, instead (docs/performance.md). */
static inline hx_bb hx_bb_bit(int i)
{
    uint64_t b = (uint64_t)1 << (i & 63);
    return i < 64 ? (hx_bb)b : (hx_bb)b << 64;
}
#define HX_BB_BIT(i) hx_bb_bit(i)
static inline int hx_bb_has(hx_bb b, int i)
{
    return (int)(((i < 64 ? hx_bb_lo(b) : hx_bb_hi(b)) >> (i & 63)) & 1);
}
#else
#define HX_BB_BIT(i) ((hx_bb)1 << (i))
static inline int hx_bb_has(hx_bb b, int i) { return (int)((b >> i) & 1); }
#endif

/* Index of the lowest set cell; b must not be empty. */
static inline int hx_bb_lsb(hx_bb b)
{
    uint64_t lo = hx_bb_lo(b);
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(hx_bb_hi(b));
}

/* Index of the highest set cell; b must not be empty. */
static inline int hx_bb_msb(hx_bb b)
{
    uint64_t hi = hx_bb_hi(b);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(hx_bb_lo(b));
}

static inline int hx_bb_count(hx_bb b)
{
    return __builtin_popcountll(hx_bb_lo(b)) + __builtin_popcountll(hx_bb_hi(b));
}

/* Removes and returns the lowest set cell; b must not be empty. Works on
 * the one 64-bit half that holds it, instead of a 128-bit b & (b - 1). */
static inline int hx_bb_pop(hx_bb *b)
{
    uint64_t lo = hx_bb_lo(*b), hi = hx_bb_hi(*b);
    if (lo) {
        *b = ((hx_bb)hi << 64) | (lo & (lo - 1));
        return __builtin_ctzll(lo);
    }
    *b = (hx_bb)(hi & (hi - 1)) << 64;
    return 64 + __builtin_ctzll(hi);
}

/* b shifted by n cells (n > 0 toward higher indices), 0 < |n| < 64: two
 * 64-bit shifts, without the branch a general 128-bit shift needs. */
static inline hx_bb hx_bb_shift(hx_bb b, int n)
{
    uint64_t lo = hx_bb_lo(b), hi = hx_bb_hi(b);
    if (n > 0) {
        hi = (hi << n) | (lo >> (64 - n));
        lo <<= n;
    } else {
        n = -n;
        lo = (lo >> n) | (hi << (64 - n));
        hi >>= n;
    }
    return ((hx_bb)hi << 64) | lo;
}

#endif
