/*
 * divide_diff.c - the difference of two divides as a value: the moves only
 * the reference has, those only the engine has, and those whose counts
 * differ. The one merge of two move lists that every runner uses.
 */
#include "divide.h"

#include <stdlib.h>
#include <string.h>

static void push_move(hx_move_count *list, int *n, const hx_move_count *m)
{
    list[(*n)++] = *m;
}

static void push_differ(hx_divide_diff *d, const hx_move_count *e, const hx_move_count *g)
{
    hx_count_diff *c = &d->differ[d->ndiffer++];
    memcpy(c->move, e->move, sizeof c->move);
    c->expected = e->count;
    c->got = g->count;
}

/* Room for the worst case, allocated once: every expected move missing,
 * every engine move extra. A misbehaving engine may send 150,000 lines, and
 * growing the lists one entry at a time made the merge quadratic. */
static int reserve(const hx_divide *e, const hx_divide *g, hx_divide_diff *out)
{
    size_t ne = (size_t)e->n + 1, ng = (size_t)g->n + 1;
    out->missing = malloc(ne * sizeof *out->missing);
    out->extra = malloc(ng * sizeof *out->extra);
    out->differ = malloc((ne < ng ? ne : ng) * sizeof *out->differ);
    return out->missing && out->extra && out->differ ? 0 : -1;
}

/* Both divides sorted: one merge pass. */
static int merge(const hx_divide *e, const hx_divide *g, hx_divide_diff *out)
{
    if (reserve(e, g, out))
        return -1;
    int i = 0, j = 0;
    while (i < e->n || j < g->n) {
        int c = i >= e->n ? 1 : j >= g->n ? -1 : strcmp(e->moves[i].move, g->moves[j].move);
        if (c < 0)
            push_move(out->missing, &out->nmissing, &e->moves[i++]);
        else if (c > 0)
            push_move(out->extra, &out->nextra, &g->moves[j++]);
        else {
            if (e->moves[i].count != g->moves[j].count)
                push_differ(out, &e->moves[i], &g->moves[j]);
            i++, j++;
        }
    }
    return 0;
}

static int is_sorted(const hx_divide *d)
{
    for (int i = 1; i < d->n; i++)
        if (strcmp(d->moves[i - 1].move, d->moves[i].move) > 0)
            return 0;
    return 1;
}

int hx_divide_diff_of(const hx_divide *expected, const hx_divide *got, hx_divide_diff *out)
{
    memset(out, 0, sizeof *out);
    out->expected_total = expected->total;
    out->got_total = got->total;
    if (!expected->has_moves || !got->has_moves)
        return 0;
    hx_divide e, g;
    if (hx_divide_copy(&e, expected) || hx_divide_copy(&g, got)) {
        hx_divide_free(&e);
        return -1;
    }
    if (!is_sorted(&e))
        hx_divide_sort(&e);
    if (!is_sorted(&g))
        hx_divide_sort(&g);
    int rc = merge(&e, &g, out);
    hx_divide_free(&e);
    hx_divide_free(&g);
    if (rc)
        hx_divide_diff_free(out);
    return rc;
}

void hx_divide_diff_free(hx_divide_diff *d)
{
    free(d->missing);
    free(d->extra);
    free(d->differ);
    memset(d, 0, sizeof *d);
}

int hx_divide_diff_empty(const hx_divide_diff *d)
{
    return d->nmissing == 0 && d->nextra == 0 && d->ndiffer == 0 &&
           d->expected_total == d->got_total;
}

static int copy_array(void **dst, const void *src, int n, size_t size)
{
    *dst = NULL;
    if (n == 0)
        return 0;
    *dst = malloc((size_t)n * size);
    if (!*dst)
        return -1;
    memcpy(*dst, src, (size_t)n * size);
    return 0;
}

int hx_divide_diff_copy(hx_divide_diff *dst, const hx_divide_diff *src)
{
    *dst = *src;
    void *m, *x, *d;
    int rc = copy_array(&m, src->missing, src->nmissing, sizeof *src->missing);
    rc |= copy_array(&x, src->extra, src->nextra, sizeof *src->extra);
    rc |= copy_array(&d, src->differ, src->ndiffer, sizeof *src->differ);
    dst->missing = m, dst->extra = x, dst->differ = d;
    if (rc)
        hx_divide_diff_free(dst);
    return rc;
}
