/*
 * zobrist.h - the position keys (zobrist.c): the Zobrist tables, read by
 * make and the set-up code, and the stream they are drawn from.
 */
#ifndef HEXREF_ZOBRIST_H
#define HEXREF_ZOBRIST_H

#include <stdint.h>

#include "position.h"

/* Zobrist keys (zobrist.c), filled once at start-up and read-only after:
 * inline lookups, because make reads several per move. */
enum { HX_PIECE_CODES = 16 };
typedef struct hx_zobrist_keys {
    uint64_t piece[HX_PIECE_CODES][HX_MAX_CELLS];
    uint64_t ep[HX_MAX_CELLS];
    uint64_t castling[16];
    uint64_t side;
} hx_zobrist_keys;
extern hx_zobrist_keys hx_zobrist;

static inline uint64_t zobrist_piece(int piece, int cell) { return hx_zobrist.piece[piece][cell]; }
static inline uint64_t zobrist_side(void) { return hx_zobrist.side; }
static inline uint64_t zobrist_castling(int rights) { return hx_zobrist.castling[rights & 15]; }
static inline uint64_t zobrist_ep(int cell) { return hx_zobrist.ep[cell]; }
uint64_t position_compute_key(const hx_position *pos);

/* SplitMix64: the stream the position keys and the deep count's table keys
 * are drawn from (zobrist.c, perft_table.c), each from a seed of its own. */
static inline uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

#endif
