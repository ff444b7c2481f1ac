/*
 * divide.c - hx_divide: construction from the reference, from an engine's
 * reply; sorting and lookup.
 */
#include "divide.h"

#include "strutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hx_divide_init(hx_divide *d)
{
    memset(d, 0, sizeof *d);
}

void hx_divide_free(hx_divide *d)
{
    free(d->moves);
    hx_divide_init(d);
}

int hx_divide_add(hx_divide *d, const char *move, uint64_t count)
{
    if (hx_grow(&d->moves, &d->cap, d->n, sizeof *d->moves, 64) != 0)
        return -1;
    hx_move_count *m = &d->moves[d->n++];
    size_t len = strnlen(move, HX_RESULT_MOVE_MAX - 1);
    memcpy(m->move, move, len);
    m->move[len] = '\0';
    m->count = count;
    d->has_moves = 1;
    d->total += count;
    return 0;
}

static int compare_moves(const void *a, const void *b)
{
    return strcmp(((const hx_move_count *)a)->move, ((const hx_move_count *)b)->move);
}

void hx_divide_sort(hx_divide *d)
{
    if (d->n > 1)
        qsort(d->moves, (size_t)d->n, sizeof *d->moves, compare_moves);
}

const hx_move_count *hx_divide_find(const hx_divide *d, const char *move)
{
    hx_move_count key;
    snprintf(key.move, sizeof key.move, "%s", move);
    if (d->n == 0)
        return NULL;
    return bsearch(&key, d->moves, (size_t)d->n, sizeof *d->moves, compare_moves);
}

int hx_divide_copy(hx_divide *dst, const hx_divide *src)
{
    hx_divide_init(dst);
    if (src->n) {
        dst->moves = malloc((size_t)src->n * sizeof *dst->moves);
        if (!dst->moves)
            return -1;
        memcpy(dst->moves, src->moves, (size_t)src->n * sizeof *dst->moves);
    }
    dst->n = dst->cap = src->n;
    dst->has_moves = src->has_moves;
    dst->total = src->total;
    return 0;
}

int hx_divide_of_position(hx_position *pos, int depth, int naming, hx_divide *out)
{
    hx_divide_entry list[HX_MAX_MOVES];
    int n = hx_perft_divide(pos, depth, naming, list);
    hx_divide_init(out);
    out->has_moves = 1;
    for (int i = 0; i < n; i++)
        if (hx_divide_add(out, list[i].move, list[i].count) != 0) {
            hx_divide_free(out);
            return -1;
        }
    return 0;
}

int hx_divide_of_reply(const hx_reply *r, hx_divide *out)
{
    hx_divide_init(out);
    out->has_moves = 1;
    for (int i = 0; i < r->n; i++)
        if (hx_divide_add(out, r->lines[i].move, r->lines[i].count) != 0) {
            hx_divide_free(out);
            return -1;
        }
    hx_divide_sort(out);
    out->total = r->total;
    return 0;
}
