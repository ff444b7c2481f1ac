/*
 * engine_reference.c - the reference rules (rules/) behind the text
 * interface of engine.h.
 */
#include "engine.h"

#include <stdio.h>
#include <string.h>

#include "hexref.h"

static hx_position *open_position(const char *variant, const char *profile, const char *fen,
                                  char *err, size_t errcap)
{
    hx_error e;
    const hx_rules *rules = hx_rules_find(variant, profile, &e);
    hx_position *pos = rules ? hx_position_new(rules) : NULL;
    if (rules && !pos)
        snprintf(e.message, sizeof e.message, "out of memory");
    if (pos && hx_position_set_fen(pos, fen, &e) != 0) {
        hx_position_free(pos);
        pos = NULL;
    }
    if (!pos && err)
        snprintf(err, errcap, "%s", e.message);
    return pos;
}

static int too_small(char *err, size_t errcap)
{
    if (err)
        snprintf(err, errcap, "output buffer too small");
    return -1;
}

static int ref_moves(void *ctx, const char *variant, const char *profile, const char *fen,
                     char *out, size_t cap, char *err, size_t errcap)
{
    (void)ctx;
    hx_error e;
    if (hx_text_moves(variant, profile, fen, out, cap, &e) != 0) {
        if (err)
            snprintf(err, errcap, "%s", e.message);
        return -1;
    }
    return 0;
}

static int ref_status(void *ctx, const char *variant, const char *profile, const char *fen,
                      char *out, size_t cap, char *err, size_t errcap)
{
    (void)ctx;
    hx_position *pos = open_position(variant, profile, fen, err, errcap);
    if (!pos)
        return -1;
    const char *name = hx_status_name(hx_position_status(pos));
    hx_position_free(pos);
    if (strlen(name) >= cap)
        return too_small(err, errcap);
    strcpy(out, name);
    return 0;
}

static int ref_play(void *ctx, const char *variant, const char *profile, const char *fen,
                    const char *move, char *out, size_t cap, char *err, size_t errcap)
{
    (void)ctx;
    hx_position *pos = open_position(variant, profile, fen, err, errcap);
    if (!pos)
        return -1;
    hx_move m;
    hx_error e;
    int rc = hx_move_parse(pos, move, 0, &m, &e);
    if (rc != 0) {
        if (err)
            snprintf(err, errcap, "%s", e.message);
    } else {
        char buf[HX_FEN_MAX];
        hx_make(pos, m);
        hx_position_fen(pos, buf);
        rc = strlen(buf) < cap ? (strcpy(out, buf), 0) : too_small(err, errcap);
    }
    hx_position_free(pos);
    return rc;
}

static int ref_perft(void *ctx, const char *variant, const char *profile, const char *fen,
                     int depth, uint64_t *nodes, char *err, size_t errcap)
{
    (void)ctx;
    hx_position *pos = open_position(variant, profile, fen, err, errcap);
    if (!pos)
        return -1;
    *nodes = hx_perft(pos, depth);
    hx_position_free(pos);
    if (*nodes == UINT64_MAX) {
        snprintf(err, errcap, "depth %d refused (the limit is %d) or a count beyond 64 bits",
                 depth, HX_PERFT_MAX_DEPTH);
        return -1;
    }
    return 0;
}

static int ref_start_fen(void *ctx, const char *variant, const char *profile, char *out,
                         size_t cap, char *err, size_t errcap)
{
    (void)ctx;
    hx_position *pos = open_position(variant, profile, NULL, err, errcap);
    if (!pos)
        return -1;
    char buf[HX_FEN_MAX];
    hx_position_fen(pos, buf);
    hx_position_free(pos);
    if (strlen(buf) >= cap)
        return too_small(err, errcap);
    strcpy(out, buf);
    return 0;
}

hx_engine hx_engine_reference(void)
{
    hx_engine e = {"reference", NULL, ref_moves, ref_status, ref_play, ref_perft, ref_start_fen};
    return e;
}

int hx_engine_by_name(const char *name, hx_engine *out)
{
    if (strcmp(name, "reference") == 0)
        *out = hx_engine_reference();
    else if (strcmp(name, "oracle") == 0)
        *out = hx_engine_oracle();
    else
        return -1;
    return 0;
}
