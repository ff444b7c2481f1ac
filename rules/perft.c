/*
 * perft.c - counting the leaves of the legal move tree. At the last ply the
 * moves are counted, not played (bulk counting).
 */
#include "kernel_names.h" /* first: this file is compiled once per kernel */

#include "perft_fused.h"
#include "makemove.h"
#include "movegen.h"
#include "perft_count.h"

int hx_perft_max_depth(const hx_position *pos)
{
    int room = HX_HISTORY - pos->ply;
    return room < HX_PERFT_MAX_DEPTH ? room : HX_PERFT_MAX_DEPTH;
}

/* The recursion, once the room for depth plies is known. */
static uint64_t perft(hx_position *pos, int depth)
{
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return (uint64_t)hx_count_legal(pos);
    if (depth == 2)
        return fused_perft2(pos);
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        position_make(pos, moves[i]);
        nodes = count_add(nodes, perft(pos, depth - 1));
        hx_unmake(pos);
    }
    return nodes;
}

uint64_t hx_perft(hx_position *pos, int depth)
{
    return depth > hx_perft_max_depth(pos) ? UINT64_MAX : perft(pos, depth);
}
