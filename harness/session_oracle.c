/*
 * session_oracle.c - the oracle (oracle/oracle.h) as a session backend,
 * through its text interface only: the moves are played by the oracle
 * itself (it implements no profile whose state HexFEN cannot carry), and a
 * divide is its move list with a count below each child.
 */
#include "session_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "divide.h"
#include "oracle.h"
#include "strutil.h"

enum { ORACLE_FEN_MAX = 512, ORACLE_TEXT_MAX = 65536 };

typedef struct oracle {
    char *variant, *profile;
} oracle;

static int fail(hx_session_error *e, const char *message)
{
    return hx_session_fail(e, HX_SESSION_ENGINE_ERROR, "%s", message);
}

/* The HexFEN after moves (fen NULL: the initial position), played one by
 * one by the oracle. */
static int after_moves(const oracle *o, const char *fen, const char *moves, char *at,
                       hx_session_error *e)
{
    char move[64], next[ORACLE_FEN_MAX], err[256];
    if (!fen && oracle_start_fen(o->variant, o->profile, at, ORACLE_FEN_MAX, err, sizeof err))
        return fail(e, err);
    if (fen && strlen(fen) >= ORACLE_FEN_MAX)
        return fail(e, "oracle: position text too long");
    if (fen)
        snprintf(at, ORACLE_FEN_MAX, "%s", fen);
    for (const char *m = moves + strspn(moves, " ,"); *m; m += strspn(m, " ,")) {
        size_t n = strcspn(m, " ,");
        if (n >= sizeof move)
            return hx_session_fail(e, HX_SESSION_ENGINE_ERROR, "oracle: move '%.20s...' too long", m);
        memcpy(move, m, n);
        move[n] = '\0';
        m += n;
        if (oracle_play(o->variant, o->profile, at, move, next, sizeof next, err, sizeof err) != 0)
            return fail(e, err);
        snprintf(at, ORACLE_FEN_MAX, "%s", next);
    }
    return 0;
}

static int oracle_divide(void *self, const char *fen, const char *moves, int depth,
                         hx_session_answer *a)
{
    const oracle *o = self;
    char at[ORACLE_FEN_MAX], child[ORACLE_FEN_MAX], err[256];
    char *text = malloc(ORACLE_TEXT_MAX);
    if (!text)
        return hx_session_fail(&a->error, HX_SESSION_START, "out of memory");
    int rc = after_moves(o, fen, moves, at, &a->error);
    if (rc == 0 && oracle_moves(o->variant, o->profile, at, text, ORACLE_TEXT_MAX, err, sizeof err))
        rc = fail(&a->error, err);
    a->divide.has_moves = 1;
    char *save = NULL;
    for (char *m = rc ? NULL : strtok_r(text, "\n", &save); m; m = strtok_r(NULL, "\n", &save)) {
        uint64_t count = 1;
        if (depth > 1 && (oracle_play(o->variant, o->profile, at, m, child, sizeof child, err,
                                      sizeof err) ||
                          oracle_perft(o->variant, o->profile, child, depth - 1, &count, err,
                                       sizeof err))) {
            rc = fail(&a->error, err);
            break;
        }
        if (hx_divide_add(&a->divide, m, count) != 0) {
            rc = hx_session_fail(&a->error, HX_SESSION_START, "out of memory");
            break;
        }
    }
    free(text);
    return rc;
}

static int oracle_status_of(void *self, const char *fen, const char *moves, char *word,
                            hx_session_error *e)
{
    const oracle *o = self;
    char at[ORACLE_FEN_MAX], err[256];
    if (after_moves(o, fen, moves, at, e) != 0)
        return -1;
    if (oracle_status(o->variant, o->profile, at, word, HX_SESSION_WORD_MAX, err, sizeof err))
        return fail(e, err);
    return 0;
}

static int oracle_count(void *self, const char *fen, const char *moves, int depth,
                        uint64_t limit, uint64_t *nodes, hx_session_error *e)
{
    const oracle *o = self;
    char at[ORACLE_FEN_MAX], err[256];
    (void)limit; /* the oracle counts in full */
    if (after_moves(o, fen, moves, at, e) != 0)
        return -1;
    if (oracle_perft(o->variant, o->profile, at, depth, nodes, err, sizeof err))
        return fail(e, err);
    return 0;
}

static int oracle_fen(void *self, const char *fen, const char *moves, char *out, hx_error *err)
{
    hx_session_error e;
    char at[ORACLE_FEN_MAX];
    if (after_moves(self, fen, moves, at, &e) != 0) {
        *err = e.error;
        return -1;
    }
    size_t n = strlen(at);
    if (n >= HX_FEN_MAX) {
        snprintf(err->message, sizeof err->message, "oracle: position text too long");
        return -1;
    }
    memcpy(out, at, n + 1);
    return 0;
}

static void oracle_close(void *self)
{
    oracle *o = self;
    free(o->variant);
    free(o->profile);
    free(o);
}

static const hx_session_backend oracle_backend = {
    .name = "oracle",
    .caps = HX_SESSION_STATUS,
    .divide = oracle_divide,
    .status = oracle_status_of,
    .close = oracle_close,
    .count = oracle_count,
    .fen = oracle_fen,
};

hx_session *hx_session_open_oracle(const char *variant, const char *profile, hx_error *err)
{
    if (!oracle_supports(variant, profile)) {
        snprintf(err->message, sizeof err->message,
                 "oracle: variant '%s' profile '%s' not supported", variant, profile);
        return NULL;
    }
    oracle *o = calloc(1, sizeof *o);
    if (o && (!(o->variant = hx_strdup(variant)) || !(o->profile = hx_strdup(profile)))) {
        oracle_close(o);
        o = NULL;
    }
    return hx_session_open_backend(&oracle_backend, o, NULL, variant, profile, err);
}
