/*
 * perft.c - counting the leaves of the legal move tree. At the last ply the
 * moves are counted, not played (bulk counting).
 */
#include "position.h"

#include <stdlib.h>
#include <string.h>

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

static int compare_entries(const void *a, const void *b)
{
    return strcmp(((const hx_divide_entry *)a)->move, ((const hx_divide_entry *)b)->move);
}

int hx_perft_divide(hx_position *pos, int depth, int naming, hx_divide_entry *out)
{
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        hx_move_text(pos, moves[i], naming, out[i].move);
        hx_make(pos, moves[i]);
        out[i].count = hx_perft(pos, depth - 1);
        hx_unmake(pos);
    }
    qsort(out, (size_t)n, sizeof *out, compare_entries);
    return n;
}
