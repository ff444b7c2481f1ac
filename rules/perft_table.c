/*
 * perft_table.c - the deep count's lossless transposition table
 * (perft_table.h says what it promises; docs/perft.md how to size it).
 */
#include "perft_table.h"
#include "zobrist.h"

#include <stdatomic.h>
#include <stdlib.h>

/* A slot: the sequence word (0 empty, odd while a writer fills it, even
 * and non-zero when it holds an entry), the 128-bit key, and the data:
 * count << 8 | depth. */
typedef struct slot {
    _Atomic uint64_t seq, lo, hi, data;
} slot;

/* The slots a key may live in, from its home slot on. Sixteen keep the
 * table lossless up to a high fill (linear probing rarely runs longer)
 * and span eight cache lines at most. */
enum { WINDOW = 16, COUNT_SHIFT = 8 };
#define COUNT_LIMIT ((uint64_t)1 << (64 - COUNT_SHIFT))

typedef struct key_pair {
    uint64_t lo, hi;
} key_pair;

struct perft_table {
    slot *slots;
    uint64_t mask; /* slot count - 1 (a power of two) */
    key_pair piece[HX_PIECE_CODES][HX_MAX_CELLS];
    key_pair ep[HX_MAX_CELLS], victim[HX_MAX_CELLS];
    key_pair castling[256];
    key_pair side;
};

/* The two halves come from two streams of the seed, so neither half is a
 * function of the other. */
static void draw_keys(perft_table *t, uint64_t seed)
{
    uint64_t lo_state = seed ^ 0x7065726674617431ULL; /* "perftat1" */
    uint64_t hi_state = splitmix64(&lo_state) ^ 0x7065726674617432ULL;
    key_pair *all = &t->piece[0][0];
    size_t n = (size_t)(&t->side + 1 - all);
    for (size_t i = 0; i < n; i++) {
        all[i].lo = splitmix64(&lo_state);
        all[i].hi = splitmix64(&hi_state);
    }
}

perft_table *perft_table_open(size_t bytes, uint64_t seed)
{
    if (bytes < WINDOW * sizeof(slot))
        return NULL;
    /* Divided, not multiplied, so that a huge bytes cannot wrap. */
    uint64_t slots = WINDOW;
    while (slots <= bytes / sizeof(slot) / 2)
        slots *= 2;
    perft_table *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    t->slots = calloc((size_t)slots, sizeof(slot));
    if (!t->slots) {
        free(t);
        return NULL;
    }
    t->mask = slots - 1;
    draw_keys(t, seed);
    return t;
}

void perft_table_close(perft_table *t)
{
    if (t)
        free(t->slots);
    free(t);
}

uint64_t perft_table_slots(const perft_table *t) { return t->mask + 1; }

static void mix(perft_key *k, key_pair p)
{
    k->lo ^= p.lo;
    k->hi ^= p.hi;
}

int perft_table_key(const perft_table *t, const hx_position *pos, perft_key *key)
{
    if (pos->reentered)
        return 0;
    perft_key k = {0, 0};
    for (int c = 0; c < pos->g->nslots; c++)
        if (pos->board[c])
            mix(&k, t->piece[pos->board[c] & (HX_PIECE_CODES - 1)][c]);
    if (pos->side == HX_BLACK)
        mix(&k, t->side);
    mix(&k, t->castling[pos->castling]);
    for (int i = 0; i < pos->ep.count; i++)
        mix(&k, t->ep[pos->ep.cells[i] & (HX_MAX_CELLS - 1)]);
    /* In Brusky one crossed cell does not say which pawn may be taken. */
    if (pos->ep.count)
        mix(&k, t->victim[pos->ep.victim & (HX_MAX_CELLS - 1)]);
    *key = k;
    return 1;
}

/* Reads a slot as one consistent entry: 0 if it is empty, being written,
 * or changed while read. */
static int read_slot(slot *s, uint64_t *seq, perft_key *key, uint64_t *data)
{
    uint64_t before = atomic_load_explicit(&s->seq, memory_order_acquire);
    *seq = before;
    if (before == 0 || (before & 1))
        return 0;
    key->lo = atomic_load_explicit(&s->lo, memory_order_relaxed);
    key->hi = atomic_load_explicit(&s->hi, memory_order_relaxed);
    *data = atomic_load_explicit(&s->data, memory_order_relaxed);
    atomic_thread_fence(memory_order_acquire);
    return atomic_load_explicit(&s->seq, memory_order_relaxed) == before;
}

int perft_table_probe(perft_table *t, const perft_key *key, int depth, uint64_t *count,
                      perft_tally *tally)
{
    for (uint64_t i = 0; i < WINDOW; i++) {
        slot *s = &t->slots[(key->lo + i) & t->mask];
        uint64_t seq, data;
        perft_key held;
        if (!read_slot(s, &seq, &held, &data)) {
            if (seq == 0)
                return 0; /* an empty slot: the key was never stored beyond it */
            continue;
        }
        if (held.lo == key->lo && held.hi == key->hi && (int)(data & 0xff) == depth) {
            *count = data >> COUNT_SHIFT;
            tally->hits++;
            return 1;
        }
    }
    return 0;
}

/* Claims the slot whose sequence word is seq, writes the entry, releases. */
static int write_slot(slot *s, uint64_t seq, const perft_key *key, uint64_t data)
{
    if (!atomic_compare_exchange_strong_explicit(&s->seq, &seq, seq + 1, memory_order_acquire,
                                                 memory_order_relaxed))
        return 0;
    atomic_store_explicit(&s->lo, key->lo, memory_order_relaxed);
    atomic_store_explicit(&s->hi, key->hi, memory_order_relaxed);
    atomic_store_explicit(&s->data, data, memory_order_relaxed);
    atomic_store_explicit(&s->seq, seq + 2, memory_order_release);
    return 1;
}

void perft_table_store(perft_table *t, const perft_key *key, int depth, uint64_t count,
                       perft_tally *tally)
{
    if (count >= COUNT_LIMIT)
        return; /* would not fit beside the depth: left uncached */
    uint64_t data = count << COUNT_SHIFT | (uint64_t)depth;
    slot *shallowest = NULL;
    uint64_t shallowest_seq = 0;
    int shallowest_depth = 256;
    for (uint64_t i = 0; i < WINDOW; i++) {
        slot *s = &t->slots[(key->lo + i) & t->mask];
        uint64_t seq, held_data;
        perft_key held;
        if (!read_slot(s, &seq, &held, &held_data)) {
            if (seq == 0 && write_slot(s, 0, key, data)) {
                tally->stored++;
                return;
            }
            continue; /* being written by another thread */
        }
        if (held.lo == key->lo && held.hi == key->hi && (int)(held_data & 0xff) == depth)
            return; /* another thread stored it first */
        if ((int)(held_data & 0xff) < shallowest_depth) {
            shallowest = s;
            shallowest_seq = seq;
            shallowest_depth = (int)(held_data & 0xff);
        }
    }
    /* The window is full: the table is no longer lossless here. */
    if (shallowest && shallowest_depth <= depth && write_slot(shallowest, shallowest_seq, key, data))
        tally->replaced++;
    else
        tally->dropped++;
}
