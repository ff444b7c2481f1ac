/*
 * hexfen_parse.c - arbitrary text through the reference's HexFEN parser.
 *
 * Input: byte 0 picks a profile (every profile, controls included); the
 * rest is the text. The text is either
 *   - rejected: with a non-empty message, and the position left exactly as
 *     it was (the API promises this), or
 *   - accepted: the position passes the invariant checker, its legal moves
 *     and status can be computed, and its printed HexFEN parses back to the
 *     same printed HexFEN and the same key.
 * Where the oracle implements the profile, its parser must agree
 * (docs/conventions.md lists what a valid HexFEN is, for both): it accepts
 * the printed HexFEN, it rejects what the reference rejects, and where
 * both accept the input they count the same legal moves. HEXREF_FUZZ_LENIENT=1
 * drops the last two, should the parsers ever differ on purpose.
 * ASan and UBSan watch for overreads and overflow in between.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "oracle.h"

static fz_game game_of(const hx_rules *r, hx_position *pos, const char *text)
{
    fz_game g;
    memset(&g, 0, sizeof g);
    g.rules = r;
    g.pos = pos;
    snprintf(g.root, sizeof g.root, "%s", text);
    return g;
}

/* Does the oracle accept text (and how many legal moves does it see)? */
static int oracle_reads(const fz_game *g, const char *text, uint64_t *moves, char *err,
                        size_t cap)
{
    const char *v = hx_rules_variant(g->rules), *p = hx_rules_profile(g->rules);
    return oracle_supports(v, p) && oracle_perft(v, p, text, 1, moves, err, cap) == 0;
}

static void check_rejected(fz_game *g, const char *text, const hx_error *err,
                           const char *before, uint64_t key)
{
    char now[HX_FEN_MAX], theirs[256];
    uint64_t moves;
    if (!memchr(err->message, '\0', sizeof err->message) || err->message[0] == '\0')
        fz_fail("hexfen_parse", g, "rejected without a message");
    hx_position_fen(g->pos, now);
    if (strcmp(now, before) != 0 || hx_position_key(g->pos) != key)
        fz_fail("hexfen_parse", g, "a rejected HexFEN changed the position to %s (%s)", now,
                err->message);
    if (fz_opts()->strict && oracle_reads(g, text, &moves, theirs, sizeof theirs))
        fz_fail("hexfen_parse", g, "the oracle accepts what the reference rejects: %s",
                err->message);
}

static void check_oracle_accepts(fz_game *g, const char *printed)
{
    const char *v = hx_rules_variant(g->rules), *p = hx_rules_profile(g->rules);
    char err[256];
    uint64_t nodes;
    if (oracle_supports(v, p) && oracle_perft(v, p, printed, 0, &nodes, err, sizeof err) != 0)
        fz_fail("hexfen_parse", g, "the reference accepts %s but the oracle rejects it: %s",
                printed, err);
}

/* Strict mode: the oracle reads the input text as the same position, as
 * far as the number of legal moves tells. */
static void check_same_reading(fz_game *g, const char *text)
{
    char err[256];
    uint64_t theirs = 0, mine = hx_perft(g->pos, 1);
    const char *v = hx_rules_variant(g->rules), *p = hx_rules_profile(g->rules);
    if (!oracle_supports(v, p))
        return;
    if (!oracle_reads(g, text, &theirs, err, sizeof err))
        fz_fail("hexfen_parse", g, "the reference accepts what the oracle rejects: %s", err);
    if (theirs != mine)
        fz_fail("hexfen_parse", g, "read as different positions: %llu legal moves (reference), "
                "%llu (oracle)", (unsigned long long)mine, (unsigned long long)theirs);
}

static void check_accepted(fz_game *g, const char *text)
{
    char printed[HX_FEN_MAX], again[HX_FEN_MAX];
    hx_move moves[HX_MAX_MOVES];
    hx_error err;
    if (hx_position_check(g->pos, &err) != 0)
        fz_fail("hexfen_parse", g, "accepted, but %s", err.message);
    hx_position_fen(g->pos, printed);
    hx_legal_moves(g->pos, moves);
    hx_position_status(g->pos);
    hx_position *other = fz_scratch(g->rules);
    if (hx_position_set_fen(other, printed, &err) != 0)
        fz_fail("hexfen_parse", g, "printed as %s, which does not parse: %s", printed,
                err.message);
    hx_position_fen(other, again);
    if (strcmp(again, printed) != 0 || hx_position_key(other) != hx_position_key(g->pos))
        fz_fail("hexfen_parse", g, "printed as %s, which parses back as %s (key %s)", printed,
                again, hx_position_key(other) == hx_position_key(g->pos) ? "same" : "differs");
    check_oracle_accepts(g, printed);
    if (fz_opts()->strict)
        check_same_reading(g, text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in = fz_input_of(data, size);
    const hx_rules *r = fz_profile(FZ_ALL, fz_choose(&in, fz_profile_count(FZ_ALL)));
    size_t n = fz_left(&in);
    char *text = malloc(n + 1); /* exactly sized, so ASan sees any overread */
    if (!text)
        return 0;
    memcpy(text, data + in.pos, n);
    text[n] = '\0';
    hx_position *pos = fz_position(r);
    hx_error err;
    char before[HX_FEN_MAX];
    hx_position_set_fen(pos, NULL, &err);
    hx_position_fen(pos, before);
    uint64_t key = hx_position_key(pos);
    fz_game g = game_of(r, pos, text);
    if (hx_position_set_fen(pos, text, &err) != 0)
        check_rejected(&g, text, &err, before, key);
    else
        check_accepted(&g, text);
    free(text);
    return 0;
}
