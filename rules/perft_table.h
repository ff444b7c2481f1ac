/*
 * perft_table.h - the deep count's transposition table (perft_deep.c,
 * docs/perft.md), made the way chess perft(15) and perft_cpu_2026's deep
 * runs were: lossless, with keys long enough that another position's count
 * is never returned.
 *
 * - The key is 128 bits: two 64-bit Zobrist sets of the table's own, drawn
 *   from a seed (hx_perft_options.key_seed), so two runs with different
 *   seeds share no key (the position's own key, hx_position_key, is not
 *   used). Every probe compares all 128 bits and the depth.
 * - Lossless while it fits: an entry is never overwritten while an empty
 *   slot is left in its probe window; only when the window is full does
 *   the table replace the shallowest entry (lossy, still exact: a lost
 *   entry costs time, never a wrong count). The tally says which happened.
 * - Safe with threads, without a lock: each slot has a sequence word that
 *   a writer claims by compare-and-swap (odd while it writes); a reader
 *   that sees it change, or odd, takes the slot as a miss.
 */
#ifndef HEXREF_PERFT_TABLE_H
#define HEXREF_PERFT_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "position.h"

typedef struct perft_table perft_table;
typedef struct perft_key {
    uint64_t lo, hi;
} perft_key;

/* What one thread's probes and stores did (summed into hx_perft_table_stats). */
typedef struct perft_tally {
    uint64_t hits, stored, replaced, dropped;
} perft_tally;

/* A table of at most bytes (rounded down to a power of two of slots), its
 * keys drawn from seed. NULL if bytes holds no slot or memory is short. */
perft_table *perft_table_open(size_t bytes, uint64_t seed);
void perft_table_close(perft_table *t);
uint64_t perft_table_slots(const perft_table *t);

/* The 128-bit key of pos; 0 if pos cannot be cached (diag-firstmove's
 * re-entered pawns change the moves and are not in the key). */
int perft_table_key(const perft_table *t, const hx_position *pos, perft_key *key);
int perft_table_probe(perft_table *t, const perft_key *key, int depth, uint64_t *count,
                      perft_tally *tally);
void perft_table_store(perft_table *t, const perft_key *key, int depth, uint64_t count,
                       perft_tally *tally);

#endif
