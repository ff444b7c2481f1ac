/*
 * divide.c - the perft divide (hexref.h, hx_perft_divide): each root move
 * and the leaves below it. Kept apart from perft.c so that the counting
 * recursion compiles exactly as before.
 */
#include "position.h"

#include <stdlib.h>
#include <string.h>

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
