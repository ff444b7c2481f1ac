/*
 * session_reference.c - the reference rules (rules/) as a session backend,
 * in process. The moves are played on the position itself (hx_play_moves),
 * never through a HexFEN round trip, so what HexFEN cannot carry (the
 * history, diag-firstmove's pawn marks) is kept.
 */
#include "session_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "divide.h"

typedef struct reference {
    const hx_rules *rules;
} reference;

/* The position of fen + moves, or NULL with e (HX_SESSION_REJECTED when the
 * rules reject it). */
static hx_position *open_position(const reference *r, const char *fen, const char *moves,
                                  hx_session_error *e)
{
    hx_error why;
    hx_position *pos = hx_position_new(r->rules);
    if (pos && hx_position_set_fen(pos, fen, &why) == 0 && hx_play_moves(pos, moves, 0, &why) == 0)
        return pos;
    hx_session_fail(e, pos ? HX_SESSION_REJECTED : HX_SESSION_START, "%s",
                    pos ? why.message : "out of memory");
    hx_position_free(pos);
    return NULL;
}

static int reference_divide(void *self, const char *fen, const char *moves, int depth,
                            hx_session_answer *a)
{
    hx_position *pos = open_position(self, fen, moves, &a->error);
    if (!pos)
        return -1;
    int limit = hx_perft_max_depth(pos), rc;
    if (depth > limit)
        rc = hx_session_fail(&a->error, HX_SESSION_ENGINE_ERROR,
                             "depth beyond the limit of %d here (the history's room)", limit);
    else if (hx_divide_of_position(pos, depth, 0, &a->divide) != 0)
        rc = hx_session_fail(&a->error, HX_SESSION_START, "out of memory");
    else
        rc = 0;
    hx_position_free(pos);
    return rc;
}

static int reference_status(void *self, const char *fen, const char *moves, char *word,
                            hx_session_error *e)
{
    hx_position *pos = open_position(self, fen, moves, e);
    if (!pos)
        return -1;
    snprintf(word, HX_SESSION_WORD_MAX, "%s", hx_status_name(hx_position_status(pos)));
    hx_position_free(pos);
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

static int reference_count(void *self, const char *fen, const char *moves, int depth,
                           uint64_t limit, uint64_t *nodes, hx_session_error *e)
{
    hx_position *pos = open_position(self, fen, moves, e);
    if (!pos)
        return -1;
    int rc = 0;
    if (limit == UINT64_MAX) {
        *nodes = hx_perft(pos, depth);
        if (*nodes == UINT64_MAX)
            rc = hx_session_fail(e, HX_SESSION_ENGINE_ERROR,
                                 "depth %d refused (the limit is %d) or a count beyond 64 bits",
                                 depth, HX_PERFT_MAX_DEPTH);
    } else if (depth > hx_perft_max_depth(pos)) {
        rc = hx_session_fail(e, HX_SESSION_ENGINE_ERROR, "depth %d refused (the limit is %d)",
                             depth, hx_perft_max_depth(pos));
    } else {
        uint64_t n = count_upto(pos, depth, limit);
        *nodes = n > limit ? limit + 1 : n;
    }
    hx_position_free(pos);
    return rc;
}

static int reference_fen(void *self, const char *fen, const char *moves, char *out, hx_error *err)
{
    hx_session_error e;
    hx_position *pos = open_position(self, fen, moves, &e);
    if (!pos) {
        *err = e.error;
        return -1;
    }
    hx_position_fen(pos, out);
    hx_position_free(pos);
    return 0;
}

static void reference_close(void *self)
{
    free(self);
}

static const hx_session_backend reference_backend = {
    .name = "reference",
    .caps = HX_SESSION_STATUS | HX_SESSION_COUNT_BOUND,
    .divide = reference_divide,
    .status = reference_status,
    .close = reference_close,
    .count = reference_count,
    .fen = reference_fen,
};

hx_session *hx_session_open_reference(const char *variant, const char *profile, hx_error *err)
{
    const hx_rules *rules = hx_rules_find(variant, profile, err);
    if (!rules)
        return NULL;
    reference *r = malloc(sizeof *r);
    if (r)
        r->rules = rules;
    return hx_session_open_backend(&reference_backend, r, NULL, variant, profile, err);
}
