/*
 * zobrist.c - position keys. The keys come from a fixed-seed SplitMix64
 * stream, so a key is the same in every run and on every machine (perft
 * hash files and split jobs may be compared across hosts).
 */
#include "position.h"
#include "zobrist.h"

hx_zobrist_keys hx_zobrist;

void zobrist_init(void)
{
    uint64_t state = 0x6865787265660001ULL; /* "hexref" */
    hx_zobrist_keys *z = &hx_zobrist;
    for (int p = 0; p < HX_PIECE_CODES; p++)
        for (int c = 0; c < HX_MAX_CELLS; c++)
            z->piece[p][c] = splitmix64(&state);
    for (int c = 0; c < HX_MAX_CELLS; c++)
        z->ep[c] = splitmix64(&state);
    z->castling[0] = 0;
    for (int i = 1; i < 16; i++)
        z->castling[i] = splitmix64(&state);
    z->side = splitmix64(&state);
}

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
