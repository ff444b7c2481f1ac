/*
 * bisect.c - the descent to a minimal position (bisect.h).
 */
#include "bisect.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "divide.h"
#include "strutil.h"

enum { FEN_CAP = HX_ENGINE_FEN_MAX };

/* The position after moves, played one by one through the engine. */
static int play_path(const hx_divide_source *s, const char *root, const char *moves, char *fen,
                     char *err, size_t errcap)
{
    const hx_engine *e = s->engine;
    snprintf(fen, FEN_CAP, "%s", root);
    char *copy = hx_strdup(moves ? moves : ""), *save = NULL;
    int rc = copy ? 0 : -1;
    for (char *m = copy ? strtok_r(copy, " ", &save) : NULL; m && rc == 0;
         m = strtok_r(NULL, " ", &save)) {
        char next[FEN_CAP];
        rc = e->play(e->ctx, s->variant, s->profile, fen, m, next, sizeof next, err, errcap);
        if (rc == 0)
            snprintf(fen, FEN_CAP, "%s", next);
    }
    free(copy);
    return rc ? -1 : 0;
}

static int engine_divide(const hx_divide_source *s, const char *root, const char *moves,
                         int depth, hx_divide *out, char *err, size_t errcap)
{
    char fen[FEN_CAP];
    if (play_path(s, root, moves, fen, err, errcap) != 0)
        return -1;
    return hx_divide_of_engine(s->engine, s->variant, s->profile, fen, depth, out, err, errcap);
}

hx_divide_source hx_engine_source(const hx_engine *e, const char *variant, const char *profile)
{
    hx_divide_source s = {e->name, engine_divide, e, variant, profile};
    return s;
}

/* The first move whose counts differ, or NULL. */
static const char *first_differing(const hx_divide_diff *d)
{
    return d->ndiffer ? d->differ[0].move : NULL;
}

static int fill(hx_reproduction *out, const hx_divide_source *s, const char *root,
                const char *path, int depth, hx_divide_diff *diff, char *err, size_t errcap)
{
    char fen[FEN_CAP];
    memset(out, 0, sizeof *out);
    if (s->engine && play_path(s, root, path, fen, err, errcap) != 0)
        return -1;
    out->fen = hx_strdup(s->engine ? fen : root);
    out->path = hx_strdup(path);
    out->depth = depth;
    out->diff = *diff;
    memset(diff, 0, sizeof *diff);
    return out->fen && out->path ? 1 : -1;
}

int hx_bisect(const hx_divide_source *expected, const hx_divide_source *got, const char *root,
              const char *moves, int depth, hx_reproduction *out, char *err, size_t errcap)
{
    char *path = hx_strdup(moves ? moves : "");
    int rc = path ? 0 : -1;
    hx_divide_diff last = {0};
    int have_last = 0, found = 0;
    while (rc == 0 && depth >= 1) {
        hx_divide e, g;
        hx_divide_diff d;
        rc = expected->divide(expected, root, path, depth, &e, err, errcap);
        if (rc == 0 && (rc = got->divide(got, root, path, depth, &g, err, errcap)) != 0)
            hx_divide_free(&e);
        if (rc != 0)
            break;
        rc = hx_divide_diff_of(&e, &g, &d);
        hx_divide_free(&e);
        hx_divide_free(&g);
        if (rc != 0)
            break;
        const char *move = first_differing(&d);
        if (hx_divide_diff_empty(&d) || d.nmissing || d.nextra || depth == 1 || !move) {
            /* Agreeing here after a differing parent: the parent is minimal. */
            int agree = hx_divide_diff_empty(&d);
            if (!agree || !have_last) {
                hx_divide_diff_free(&last);
                last = d, have_last = !agree;
                found = !agree;
            } else {
                hx_divide_diff_free(&d);
                char *cut = strrchr(path, ' ');
                *(cut ? cut : path) = '\0';
                depth++;
                found = 1;
            }
            break;
        }
        hx_divide_diff_free(&last);
        last = d, have_last = 1;
        char *longer = hx_strfmt("%s%s%s", path, path[0] ? " " : "", move);
        free(path);
        path = longer;
        rc = path ? 0 : -1;
        depth--;
    }
    if (rc == 0 && found)
        rc = fill(out, expected, root, path, depth, &last, err, errcap);
    hx_divide_diff_free(&last);
    free(path);
    return rc;
}
