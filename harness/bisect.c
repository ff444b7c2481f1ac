/*
 * bisect.c - the descent to a minimal position (bisect.h).
 */
#include "bisect.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "divide.h"
#include "strutil.h"

int hx_bisect_walk(void *ctx, hx_bisect_step (*step)(void *ctx, int level, int depth),
                   int (*down)(void *ctx, int level), int depth, int *parent, int *levels)
{
    *parent = 0;
    for (int level = 0;; level++) {
        *levels = level + 1;
        hx_bisect_step s = step(ctx, level, depth - level);
        if (s == HX_STEP_ABORT)
            return -2;
        if (s == HX_STEP_AGREE) {
            *parent = level > 0;
            return level - 1; /* -1 at the start: they agree */
        }
        if (s == HX_STEP_STOP)
            return level;
        if (depth - level <= 1 || down(ctx, level) != 0)
            return -2;
    }
}

/* hx_bisect's walk over two divide sources. */
typedef struct divide_walk {
    hx_session *expected, *got;
    const char *root;
    char *path;           /* moves from root to the level being compared */
    char next[HX_RESULT_MOVE_MAX];
    hx_divide_diff diff[2]; /* this level's and its parent's difference */
    hx_error *err;
} divide_walk;

/* The divide of one session at the walk's level, or -1 with w->err. */
static int divide_at(divide_walk *w, hx_session *s, int depth, hx_divide *out)
{
    hx_session_answer a;
    int rc = hx_session_divide(s, w->root, w->path, depth, &a);
    *out = a.divide;
    hx_divide_init(&a.divide);
    if (rc)
        *w->err = a.error.error;
    hx_session_answer_free(&a);
    return rc;
}

static hx_bisect_step divide_step(void *ctx, int level, int depth)
{
    divide_walk *w = ctx;
    hx_divide e, g;
    hx_divide_diff d;
    (void)level;
    if (divide_at(w, w->expected, depth, &e) != 0) {
        hx_divide_free(&e);
        return HX_STEP_ABORT;
    }
    if (divide_at(w, w->got, depth, &g) != 0) {
        hx_divide_free(&g);
        hx_divide_free(&e);
        return HX_STEP_ABORT;
    }
    int rc = hx_divide_diff_of(&e, &g, &d);
    hx_divide_free(&e);
    hx_divide_free(&g);
    if (rc != 0)
        return HX_STEP_ABORT;
    if (hx_divide_diff_empty(&d)) {
        hx_divide_diff_free(&d);
        return HX_STEP_AGREE;
    }
    hx_divide_diff_free(&w->diff[1]);
    w->diff[1] = w->diff[0];
    w->diff[0] = d;
    if (d.nmissing || d.nextra || !d.ndiffer)
        return HX_STEP_STOP;
    snprintf(w->next, sizeof w->next, "%s", d.differ[0].move);
    return HX_STEP_DESCEND;
}

static int divide_down(void *ctx, int level)
{
    divide_walk *w = ctx;
    (void)level;
    char *longer = hx_strfmt("%s%s%s", w->path, w->path[0] ? " " : "", w->next);
    if (!longer)
        return -1;
    free(w->path);
    w->path = longer;
    return 0;
}

static int fill(hx_reproduction *out, hx_session *s, const char *root, const char *path,
                int depth, hx_divide_diff *diff, hx_error *err)
{
    char fen[HX_FEN_MAX];
    memset(out, 0, sizeof *out);
    if (hx_session_fen(s, root, path, fen, err) != 0)
        return -1;
    out->fen = hx_strdup(fen);
    out->path = hx_strdup(path);
    out->depth = depth;
    out->diff = *diff;
    memset(diff, 0, sizeof *diff);
    return out->fen && out->path ? 1 : -1;
}

int hx_bisect(hx_session *expected, hx_session *got, const char *root, const char *moves,
              int depth, hx_reproduction *out, hx_error *err)
{
    divide_walk w = {expected, got, root, hx_strdup(moves ? moves : ""), "", {{0}}, err};
    int parent = 0, levels = 0;
    int level = w.path ? hx_bisect_walk(&w, divide_step, divide_down, depth, &parent, &levels) : -2;
    int rc = level == -2 ? -1 : 0;
    if (level >= 0) {
        if (parent) { /* the child agreed: back to the parent's path and difference */
            char *cut = strrchr(w.path, ' ');
            *(cut ? cut : w.path) = '\0';
        }
        rc = fill(out, expected, root, w.path, depth - level, &w.diff[parent ? 1 : 0], err);
    }
    hx_divide_diff_free(&w.diff[0]);
    hx_divide_diff_free(&w.diff[1]);
    free(w.path);
    return rc;
}
