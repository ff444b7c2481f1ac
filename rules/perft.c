/*
 * perft.c - counting the leaves of the legal move tree. At the last ply the
 * moves are counted, not played (bulk counting).
 */
#include "kernel_names.h" /* first: this file is compiled once per kernel */

#include "position.h"

uint64_t hx_perft(hx_position *pos, int depth)
{
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return (uint64_t)hx_count_legal(pos);
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        hx_make(pos, moves[i]);
        nodes += hx_perft(pos, depth - 1);
        hx_unmake(pos);
    }
    return nodes;
}
