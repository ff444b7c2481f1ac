/*
 * engine_reference.c - the reference rules (rules/) behind the text
 * interface of engine.h.
 */
#include "engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hexref.h"

int hx_position_text_split(const char *text, char *fen, size_t cap, const char **moves)
{
    const char *at = strstr(text, " moves");
    size_t n = at ? (size_t)(at - text) : strlen(text);
    *moves = at ? at + strlen(" moves") : "";
    if (n >= cap)
        return -1;
    memcpy(fen, text, n);
    fen[n] = '\0';
    return 0;
}

char *hx_position_text_then(const char *text, const char *move)
{
    const char *sep = strstr(text, " moves") ? " " : " moves ";
    size_t n = strlen(text) + strlen(sep) + strlen(move) + 1;
    char *out = malloc(n);
    if (out)
        snprintf(out, n, "%s%s%s", text, sep, move);
    return out;
}

/* The position of "HEXFEN[ moves ...]" (NULL: the initial one), the moves
 * played on the position itself so that their marks are kept. */
static hx_position *open_position(const char *variant, const char *profile, const char *text,
                                  char *err, size_t errcap)
{
    hx_error e;
    char fen[2 * HX_FEN_MAX];
    const char *moves = "";
    const hx_rules *rules = hx_rules_find(variant, profile, &e);
    hx_position *pos = rules ? hx_position_new(rules) : NULL;
    if (rules && !pos)
        snprintf(e.message, sizeof e.message, "out of memory");
    if (pos && text && hx_position_text_split(text, fen, sizeof fen, &moves) != 0)
        snprintf(fen, sizeof fen, "%s", text); /* too long: refused by set_fen below */
    if (pos && (hx_position_set_fen(pos, text ? fen : NULL, &e) != 0 ||
                hx_play_moves(pos, moves, 0, &e) != 0)) {
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

static int compare_texts(const void *a, const void *b) { return strcmp(a, b); }

static int ref_moves(void *ctx, const char *variant, const char *profile, const char *fen,
                     char *out, size_t cap, char *err, size_t errcap)
{
    (void)ctx;
    char texts[HX_MAX_MOVES][HX_MOVE_TEXT_MAX]; /* 8 KB */
    hx_move moves[HX_MAX_MOVES];
    hx_position *pos = open_position(variant, profile, fen, err, errcap);
    if (!pos)
        return -1;
    int n = hx_legal_moves(pos, moves);
    for (int i = 0; i < n; i++)
        hx_move_text(pos, moves[i], 0, texts[i]);
    hx_position_free(pos);
    qsort(texts, (size_t)n, HX_MOVE_TEXT_MAX, compare_texts);
    size_t used = 0;
    for (int i = 0; i < n; i++) {
        size_t len = strlen(texts[i]);
        if (used + len + 2 > cap)
            return too_small(err, errcap);
        memcpy(out + used, texts[i], len);
        out[used + len] = '\n';
        used += len + 1;
    }
    if (cap == 0)
        return too_small(err, errcap);
    out[used] = '\0';
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

/* Leaves below pos to depth, stopping once the count passes limit. */
static uint64_t count_upto(hx_position *pos, int depth, uint64_t limit)
{
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    if (depth <= 1)
        return depth == 0 ? 1 : (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n && total <= limit; i++) {
        hx_make(pos, moves[i]);
        total += count_upto(pos, depth - 1, limit - total);
        hx_unmake(pos);
    }
    return total;
}

static int ref_perft_bound(void *ctx, const char *variant, const char *profile, const char *fen,
                           int depth, uint64_t limit, uint64_t *nodes, char *err, size_t errcap)
{
    (void)ctx;
    if (limit == UINT64_MAX)
        return ref_perft(ctx, variant, profile, fen, depth, nodes, err, errcap);
    hx_position *pos = open_position(variant, profile, fen, err, errcap);
    if (!pos)
        return -1;
    int max = hx_perft_max_depth(pos);
    if (depth > max) {
        hx_position_free(pos);
        snprintf(err, errcap, "depth %d refused (the limit is %d)", depth, max);
        return -1;
    }
    uint64_t n = count_upto(pos, depth, limit);
    hx_position_free(pos);
    *nodes = n > limit ? limit + 1 : n;
    return 0;
}

int hx_engine_perft_upto(const hx_engine *e, const char *variant, const char *profile,
                         const char *fen, int depth, uint64_t limit, uint64_t *nodes, char *err,
                         size_t errcap)
{
    if (e->perft_bound)
        return e->perft_bound(e->ctx, variant, profile, fen, depth, limit, nodes, err, errcap);
    return e->perft(e->ctx, variant, profile, fen, depth, nodes, err, errcap);
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
    hx_engine e = {"reference", NULL, ref_moves, ref_status, ref_play, ref_perft, ref_start_fen, 1,
                   ref_perft_bound};
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
