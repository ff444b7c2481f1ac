/*
 * engine_oracle.c - the oracle (oracle/oracle.h) seen as an hx_engine.
 *
 * Trivial adapters: the oracle keeps no state, so ctx is unused. A profile
 * the oracle does not implement (neg-..., diag-...) is rejected by every
 * operation with a message, which the fixture runner takes as "unsupported".
 */
#include <stdio.h>

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

static int ora_moves(void *ctx, const char *variant, const char *profile,
                     const char *fen, char *out, size_t cap, char *err,
                     size_t errcap)
{
    (void)ctx;
    if (unsupported(variant, profile, err, errcap))
        return 1;
    return oracle_moves(variant, profile, fen, out, cap, err, errcap);
}

static int ora_status(void *ctx, const char *variant, const char *profile,
                      const char *fen, char *out, size_t cap, char *err,
                      size_t errcap)
{
    (void)ctx;
    if (unsupported(variant, profile, err, errcap))
        return 1;
    return oracle_status(variant, profile, fen, out, cap, err, errcap);
}

static int ora_play(void *ctx, const char *variant, const char *profile,
                    const char *fen, const char *move, char *out, size_t cap,
                    char *err, size_t errcap)
{
    (void)ctx;
    if (unsupported(variant, profile, err, errcap))
        return 1;
    return oracle_play(variant, profile, fen, move, out, cap, err, errcap);
}

static int ora_perft(void *ctx, const char *variant, const char *profile,
                     const char *fen, int depth, uint64_t *nodes, char *err,
                     size_t errcap)
{
    (void)ctx;
    if (unsupported(variant, profile, err, errcap))
        return 1;
    return oracle_perft(variant, profile, fen, depth, nodes, err, errcap);
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
    return e;
}
