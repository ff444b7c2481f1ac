/*
 * zobrist.c - position keys. The keys come from a fixed-seed SplitMix64
 * stream, so a key is the same in every run and on every machine (perft
 * hash files and split jobs may be compared across hosts).
 */
#include "position.h"

enum { PIECE_CODES = 16 };

static uint64_t piece_keys[PIECE_CODES][HX_MAX_CELLS];
static uint64_t ep_keys[HX_MAX_CELLS];
static uint64_t castling_keys[16];
static uint64_t side_key;

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void zobrist_init(void)
{
    uint64_t state = 0x6865787265660001ULL; /* "hexref" */
    for (int p = 0; p < PIECE_CODES; p++)
        for (int c = 0; c < HX_MAX_CELLS; c++)
            piece_keys[p][c] = splitmix64(&state);
    for (int c = 0; c < HX_MAX_CELLS; c++)
        ep_keys[c] = splitmix64(&state);
    castling_keys[0] = 0;
    for (int i = 1; i < 16; i++)
        castling_keys[i] = splitmix64(&state);
    side_key = splitmix64(&state);
}

uint64_t zobrist_piece(int piece, int cell) { return piece_keys[piece][cell]; }
uint64_t zobrist_side(void) { return side_key; }
uint64_t zobrist_castling(int rights) { return castling_keys[rights & 15]; }
uint64_t zobrist_ep(int cell) { return ep_keys[cell]; }

uint64_t position_compute_key(const hx_position *pos)
{
    uint64_t key = 0;
    for (int c = 0; c < pos->g->nslots; c++)
        if (pos->board[c])
            key ^= zobrist_piece(pos->board[c], c);
    if (pos->side == HX_BLACK)
        key ^= zobrist_side();
    key ^= zobrist_castling(pos->castling);
    for (int i = 0; i < pos->ep.count; i++)
        key ^= zobrist_ep(pos->ep.cells[i]);
    return key;
}
