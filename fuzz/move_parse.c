/*
 * move_parse.c - arbitrary text through hx_move_parse against a decoded
 * position.
 *
 * Input: the position prefix of fuzz_common.h (every profile, controls
 * included), then one byte: bit 0 the naming (1 = Brusky's seed notation
 * B, as --cells seed), bits 1-3 how many moves to play; those moves, one
 * byte each; the rest is the move text (moves, castling names such as
 * O-O-Q or Q-0-0, promotions e9e10q or e9e10=Q).
 *
 * The text is either rejected with a message, leaving the position as it
 * was, or it names a legal move whose text, in the same naming and in the
 * canonical one, parses back to the very same move. Where the oracle
 * implements the profile it must accept that move in the position too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "oracle.h"

static const fz_limits limits = {
    .profiles = FZ_ALL, .max_plies = 0, .max_edits = 48, .allow_game = 1, .reserve = 0};

static int is_legal(hx_position *pos, hx_move m)
{
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return 1;
    return 0;
}

static void check_round_trip(fz_game *g, const char *input, hx_move m, int naming)
{
    char text[HX_MOVE_TEXT_MAX];
    hx_move again = 0;
    hx_error err;
    hx_move_text(g->pos, m, naming, text);
    if (hx_move_parse(g->pos, text, naming, &again, &err) != 0)
        fz_fail("move_parse", g, "'%s' parsed as a move written '%s' (naming %d), which does "
                "not parse: %s", input, text, naming, err.message);
    if (again != m)
        fz_fail("move_parse", g, "'%s' parsed as a move written '%s' (naming %d), which parses "
                "as another move", input, text, naming);
}

static void check_oracle_agrees(fz_game *g, const char *input, hx_move m)
{
    const char *v = hx_rules_variant(g->rules), *p = hx_rules_profile(g->rules);
    char fen[HX_FEN_MAX], text[HX_MOVE_TEXT_MAX], child[512], err[256];
    if (!oracle_supports(v, p))
        return;
    fz_fen(g, fen);
    hx_move_text(g->pos, m, 0, text);
    if (oracle_play(v, p, fen, text, child, sizeof child, err, sizeof err) != 0)
        fz_fail("move_parse", g, "'%s' parsed as %s, which the oracle rejects: %s", input, text,
                err);
}

static void check_text(fz_game *g, const char *text, int naming)
{
    char before[HX_FEN_MAX], after[HX_FEN_MAX];
    uint64_t key = hx_position_key(g->pos);
    hx_move m = 0;
    hx_error err;
    fz_fen(g, before);
    int rc = hx_move_parse(g->pos, text, naming, &m, &err);
    fz_fen(g, after);
    if (strcmp(before, after) != 0 || hx_position_key(g->pos) != key)
        fz_fail("move_parse", g, "parsing '%s' changed the position", text);
    if (rc != 0) {
        if (!memchr(err.message, '\0', sizeof err.message) || !err.message[0])
            fz_fail("move_parse", g, "'%s' rejected without a message", text);
        return;
    }
    if (!is_legal(g->pos, m))
        fz_fail("move_parse", g, "'%s' parsed as a move that is not legal", text);
    check_round_trip(g, text, m, naming);
    check_round_trip(g, text, m, 0);
    check_oracle_agrees(g, text, m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in = fz_input_of(data, size);
    fz_game g;
    fz_decode(&in, &limits, &g);
    int control = fz_byte(&in), naming = control & 1, plies = (control >> 1) & 7;
    for (int i = 0; i < plies; i++) {
        hx_move m;
        if (fz_pick_move(g.pos, fz_byte(&in), &m) == 0)
            break;
        fz_play(&g, m);
    }
    size_t n = fz_left(&in);
    char *text = malloc(n + 1); /* exactly sized, so ASan sees any overread */
    if (!text)
        return 0;
    memcpy(text, data + in.pos, n);
    text[n] = '\0';
    check_text(&g, text, naming);
    free(text);
    return 0;
}
