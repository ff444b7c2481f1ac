/*
 * engine_oracle.c - the oracle (oracle/oracle.h) seen as an hx_engine.
 *
 * Trivial adapters: the oracle keeps no state, so ctx is unused. A profile
 * the oracle does not implement (neg-..., diag-...) is rejected by every
 * operation with a message, which the fixture runner takes as "unsupported".
 */
#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "../oracle/oracle.h"

static int unsupported(const char *variant, const char *profile, char *err,
                       size_t errcap)
{
    if (oracle_supports(variant, profile))
        return 0;
    if (err && errcap > 0)
        snprintf(err, errcap, "oracle: variant '%s' profile '%s' not supported",
                 variant ? variant : "(null)", profile ? profile : "std");
    return 1;
}

/* The HexFEN of "HEXFEN[ moves ...]" after its moves, played by the oracle
 * itself (it implements no profile whose state HexFEN cannot carry). */
static int after_moves(const char *variant, const char *profile, const char *text, char *fen,
                       size_t cap, char *err, size_t errcap)
{
    const char *moves;
    if (hx_position_text_split(text, fen, cap, &moves) != 0) {
        snprintf(err, errcap, "oracle: position text too long");
        return 1;
    }
    char move[64], next[HX_ENGINE_FEN_MAX];
    for (const char *m = moves + strspn(moves, " ,"); *m; m += strspn(m, " ,")) {
        size_t n = strcspn(m, " ,");
        if (n >= sizeof move) {
            snprintf(err, errcap, "oracle: move '%.20s...' too long", m);
            return 1;
        }
        memcpy(move, m, n);
        move[n] = '\0';
        m += n;
        if (oracle_play(variant, profile, fen, move, next, sizeof next, err, errcap) != 0)
            return 1;
        snprintf(fen, cap, "%s", next);
    }
    return 0;
}

static int ora_moves(void *ctx, const char *variant, const char *profile,
                     const char *fen, char *out, size_t cap, char *err,
                     size_t errcap)
{
    (void)ctx;
    char at[HX_ENGINE_FEN_MAX];
    if (unsupported(variant, profile, err, errcap) ||
        after_moves(variant, profile, fen, at, sizeof at, err, errcap))
        return 1;
    return oracle_moves(variant, profile, at, out, cap, err, errcap);
}

static int ora_status(void *ctx, const char *variant, const char *profile,
                      const char *fen, char *out, size_t cap, char *err,
                      size_t errcap)
{
    (void)ctx;
    char at[HX_ENGINE_FEN_MAX];
    if (unsupported(variant, profile, err, errcap) ||
        after_moves(variant, profile, fen, at, sizeof at, err, errcap))
        return 1;
    return oracle_status(variant, profile, at, out, cap, err, errcap);
}

static int ora_play(void *ctx, const char *variant, const char *profile,
                    const char *fen, const char *move, char *out, size_t cap,
                    char *err, size_t errcap)
{
    (void)ctx;
    char at[HX_ENGINE_FEN_MAX];
    if (unsupported(variant, profile, err, errcap) ||
        after_moves(variant, profile, fen, at, sizeof at, err, errcap))
        return 1;
    return oracle_play(variant, profile, at, move, out, cap, err, errcap);
}

static int ora_perft(void *ctx, const char *variant, const char *profile,
                     const char *fen, int depth, uint64_t *nodes, char *err,
                     size_t errcap)
{
    (void)ctx;
    char at[HX_ENGINE_FEN_MAX];
    if (unsupported(variant, profile, err, errcap) ||
        after_moves(variant, profile, fen, at, sizeof at, err, errcap))
        return 1;
    return oracle_perft(variant, profile, at, depth, nodes, err, errcap);
}

static int ora_start_fen(void *ctx, const char *variant, const char *profile,
                         char *out, size_t cap, char *err, size_t errcap)
{
    (void)ctx;
    if (unsupported(variant, profile, err, errcap))
        return 1;
    return oracle_start_fen(variant, profile, out, cap, err, errcap);
}

hx_engine hx_engine_oracle(void)
{
    hx_engine e;
    e.name = "oracle";
    e.ctx = NULL;
    e.moves = ora_moves;
    e.status = ora_status;
    e.play = ora_play;
    e.perft = ora_perft;
    e.start_fen = ora_start_fen;
    e.takes_moves = 1;
    e.perft_bound = NULL; /* the oracle counts in full */
    return e;
}
