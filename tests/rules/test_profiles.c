/*
 * test_profiles.c - every profile of the specification exists under its
 * exact name, and each differs from std exactly where the spec says.
 */
#include "helpers.h"

static void profile_names_match_the_spec(void **state)
{
    (void)state;
    static const char *const expected[4][9] = {
        {"shafran", "std", "jocly", "ludii", "cvp", "seed", "neg-glinski-capture", "neg-gloss-capture", NULL},
        {"brusky", "std", "seed", "jocly", "ludii", "greenchess", "neg-vcap-ep", "neg-ep-victim-by-target", "neg-vcap-moved"},
        {"glinski", "std", "draw", "ludii", "jackson3", "jackson5", "diag-firstmove", "neg-mccooey-capture", "neg-promote-rank1"},
        {"mccooey", "std", "ludii", "neg-centre-double", "neg-glinski-capture", "neg-capture-ep", NULL, NULL, NULL},
    };
    assert_int_equal(hx_variant_count(), 4);
    for (int v = 0; v < 4; v++) {
        assert_string_equal(hx_variant_name(v), expected[v][0]);
        int n = 0;
        while (n < 8 && expected[v][n + 1])
            n++;
        assert_int_equal(hx_profile_count(expected[v][0]), n);
        for (int i = 0; i < n; i++) {
            assert_string_equal(hx_profile_name(expected[v][0], i), expected[v][i + 1]);
            hx_error err;
            const hx_rules *r = hx_rules_find(expected[v][0], expected[v][i + 1], &err);
            assert_non_null(r);
            assert_int_equal(hx_rules_is_control(r), strncmp(expected[v][i + 1], "neg-", 4) == 0 ||
                                                          strncmp(expected[v][i + 1], "diag-", 5) == 0);
        }
    }
    hx_error err;
    assert_null(hx_rules_find("shafran", "nonesuch", &err));
    assert_non_null(strstr(err.message, "unknown profile 'nonesuch'"));
    assert_null(hx_rules_find("chess", NULL, &err));
    assert_non_null(strstr(err.message, "unknown variant 'chess'"));
}

/* One rule point: the moves of the piece on `cell` in a position (piece
 * list, then moves played), under std and under `profile`. */
typedef struct difference {
    const char *variant, *profile, *pieces, *moves, *cell, *under_std, *under_profile;
} difference;

static const difference differences[] = {
    /* shafran.md 7.7: after 1...d5 both crossed cells may be taken, Jocly only d6. */
    {"shafran", "jocly", "W Ka1 Pc4 Pe6, B Ki10 Pd8, Black to move", "d8d5", "c4", "c4c5 c4d6", "c4c5 c4d6"},
    {"shafran", "jocly", "W Ka1 Pc4 Pe6, B Ki10 Pd8, Black to move", "d8d5", "e6", "e6d7 e6e7", "e6e7"},
    /* shafran.md 7.6: the seed tracks no e.p. */
    {"shafran", "seed", "W Ke1 Pd5 Pf7, B Ke10 Pe9 Pg9, Black to move", "e9e6", "d5", "d5d6 d5e7", "d5d6"},
    /* shafran.md 6: cvp has only the long castlings. */
    {"shafran", "cvp", "k4/6/7/8/9/8R/8/7/6/R3K w AI - 0 1", "", "e1", "e1b1 e1c1 e1d1 e1d2 e1e2 e1f2 e1f3 e1g3 e1h4", "e1b1 e1d1 e1d2 e1e2 e1f2 e1f3 e1h4"},
    /* bug models of the pawn capture */
    {"shafran", "neg-glinski-capture", "W Ka1 Pe6, B Ki10 Rd6 Rd7 Re7 Rf7 Rf8", "", "e6", "e6d7 e6f8", "e6d6 e6f7"},
    {"shafran", "neg-gloss-capture", "W Ka1 Pe6, B Ki10 Rd6 Rd7 Re7 Rf7 Rf8", "", "e6", "e6d7 e6f8", "e6d7 e6f7"},
    /* brusky.md 7.5 (CVP's pawn diagram) */
    {"brusky", "seed", "W Kb1 Pc4 Pf2 Pi2, B Kd6 Bb5 Re5 Ng4 Qi4 Pg3 Pk7", "", "f2", "f2g4", ""},
    {"brusky", "jocly", "W Kb1 Pc4 Pf2 Pi2, B Kd6 Bb5 Re5 Ng4 Qi4 Pg3 Pk7", "", "f2", "f2g4", "f2f3 f2f4 f2g4"},
    {"brusky", "greenchess", "W Kb1 Pc4 Pf2 Pi2, B Kd6 Bb5 Re5 Ng4 Qi4 Pg3 Pk7", "", "f2", "f2g4", "f2f3 f2f4"},
    /* brusky.md 7.6: a friend cross-blocks only under ludii */
    {"brusky", "ludii", "W Kb1 Pe2 Nf3, B Kl8", "", "e2", "e2e3 e2e4", ""},
    /* brusky.md 7.12: Jocly's O-O-O moves the king only 2 */
    {"brusky", "jocly", "8k/10/11/12/12/11/10/R4K2R w AI - 0 1", "", "f1", "f1c1 f1e1 f1e2 f1f2 f1g1 f1g2 f1g3 f1h1 f1h2", "f1d1 f1e1 f1e2 f1f2 f1g1 f1g2 f1g3 f1h1 f1h2"},
    /* neg-ep-victim-by-target: after a2c4 (crossing b3), a4xb3 e.p. takes
     * the cell in front of b3, the pawn b4, and leaves the victim c4 */
    {"brusky", "neg-ep-victim-by-target", "7k1/10/11/12/pP1p8/11/P9/8K w - - 0 1", "a2c4 a4b3", "b4", "b4b5 b4c5", ""},
    /* neg-vcap-moved: a moved pawn captures vertically */
    {"brusky", "neg-vcap-moved", "W Ka1 Pe3, B Kl8 Rf5", "", "e3", "e3e4 e3f4", "e3e4 e3f4 e3f5"},
    /* glinski.md 6: the Jackson arrays */
    {"glinski", "jackson3", "", "", "e3", "", "e3e4 e3e5"},
    {"glinski", "jackson5", "", "", "d2", "", "d2d3 d2d4"},
    /* glinski.md 7.2: re-entry double step; diag-firstmove denies it */
    {"glinski", "diag-firstmove", "W Kg1 Pe4, B Kg10 Pf5 Pa5", "e4f5 a5a4", "f5", "f5f6 f5f7", "f5f6"},
    /* glinski.md 7.8 and ESB issue 6 */
    {"glinski", "neg-promote-rank1", "W Kl1 Pb1, B Kg10 Ra1", "", "b1", "b1a1 b1b2 b1b3", "b1a1b b1a1n b1a1q b1a1r b1b2 b1b3"},
    {"glinski", "neg-mccooey-capture", "W Kg1 Pe4, B Kg10 Rf5 Nd4 Be5 Rf6 Nd5", "", "e4", "e4d4 e4f5", "e4d5 e4f6"},
    /* mccooey.md 6 */
    {"mccooey", "neg-centre-double", "", "", "f4", "f4f5", "f4f5 f4f6"},
    {"mccooey", "neg-glinski-capture", "W Kg1 Pe4, B Kg10 Rf6 Nd5 Rf5 Nd4 Be5", "", "e4", "e4d5 e4f6", "e4d4 e4f5"},
    /* neg-capture-ep: mccooey.md's example, 1.e3-e5 Ne9-f7 2.e5xf7 */
    {"mccooey", "neg-capture-ep", "", "e3e5 e9f7 e5f7", "f8", "", "f8e6"},
    /* ... and Black's, along (-1,-2): e8xd6 lets d5 take e.p. on e7 */
    {"mccooey", "neg-capture-ep", "W Kg1 Nd6 Pd5, B Kg10 Pe8, Black to move", "e8d6", "d5", "", "d5e7"},
    /* ... a pawn's capture only: the bishop's e3xf5, along (1,2) too, gives d5 no e.p. on e4 */
    {"mccooey", "neg-capture-ep", "W Kg1 Be3, B Kg10 Nf5 Pd5", "e3f5", "d5", "d5d4", "d5d4"},
};

static void check_difference(const difference *d, const char *profile, const char *expected)
{
    /* pieces: a piece list, a HexFEN (it has a '/'), or "" for the start */
    hx_position *pos = strchr(d->pieces, '/') ? open_fen(d->variant, profile, d->pieces)
                       : *d->pieces         ? open_pieces(d->variant, profile, d->pieces)
                                            : open_fen(d->variant, profile, NULL);
    hx_error err;
    if (hx_play_moves(pos, d->moves, 0, &err) != 0)
        fail_msg("%s/%s: %s", d->variant, profile, err.message);
    char got[4096];
    moves_from(pos, d->cell, got, sizeof got);
    if (strcmp(got, expected) != 0)
        fail_msg("%s/%s, %s after '%s', moves of %s:\n  expected '%s'\n  got      '%s'", d->variant,
                 profile, d->pieces, d->moves, d->cell, expected, got);
    hx_position_free(pos);
}

static void profiles_differ_where_the_spec_says(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof differences / sizeof differences[0]; i++) {
        check_difference(&differences[i], "std", differences[i].under_std);
        check_difference(&differences[i], differences[i].profile, differences[i].under_profile);
    }
}

static void setups_and_end_rules_differ(void **state)
{
    (void)state;
    char fen[HX_FEN_MAX];
    hx_position *pos = open_fen("brusky", "ludii", NULL);
    hx_position_fen(pos, fen);
    assert_string_equal(fen, "rnbqbkbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w AIdl - 0 1");
    hx_position_free(pos);
    hx_error err;
    assert_string_equal(hx_stalemate_score(hx_rules_find("glinski", "std", &err)), "3/4");
    assert_string_equal(hx_stalemate_score(hx_rules_find("glinski", "draw", &err)), "1/2");
    assert_string_equal(hx_stalemate_score(hx_rules_find("glinski", "ludii", &err)), "1/2");
    assert_string_equal(hx_stalemate_score(hx_rules_find("mccooey", "std", &err)), "1/2");
    /* The 100-ply rule: a claim under std, automatic under ludii. */
    char draws[128];
    pos = open_fen("shafran", "std", "4k/6/7/8/9/9/8/7/6/RNBQK w - - 100 80");
    hx_draw_conditions(pos, draws, sizeof draws);
    assert_string_equal(draws, "50-move rule");
    hx_position_free(pos);
    pos = open_fen("shafran", "ludii", "4k/6/7/8/9/9/8/7/6/RNBQK w - - 100 80");
    hx_draw_conditions(pos, draws, sizeof draws);
    assert_string_equal(draws, "50-move rule (automatic)");
    hx_position_free(pos);
    /* Jocly: only a capture resets the clock, and a castling does not count. */
    pos = open_fen("shafran", "jocly", "4k/6/7/8/9/9/8/7/PPPPPP/R3K w A - 7 20");
    assert_int_equal(hx_play_moves(pos, "a2a3", 0, &err), 0);
    hx_position_fen(pos, fen);
    assert_non_null(strstr(fen, " 8 20"));
    hx_position_free(pos);
    pos = open_fen("shafran", "std", "4k/6/7/8/9/9/8/7/PPPPPP/R3K w A - 7 20");
    assert_int_equal(hx_play_moves(pos, "a2a3", 0, &err), 0);
    hx_position_fen(pos, fen);
    assert_non_null(strstr(fen, " 0 20"));
    hx_position_free(pos);
}

static void repetition_and_material(void **state)
{
    (void)state;
    char draws[128];
    hx_error err;
    hx_position *pos = open_fen("glinski", "std", NULL);
    assert_int_equal(hx_play_moves(pos, "d1c3 d9c6 c3d1 c6d9 d1c3 d9c6 c3d1 c6d9", 0, &err), 0);
    hx_draw_conditions(pos, draws, sizeof draws);
    assert_string_equal(draws, "repetition");
    hx_position_free(pos);
    pos = open_fen("glinski", "ludii", NULL);
    assert_int_equal(hx_play_moves(pos, "d1c3 d9c6 c3d1 c6d9 d1c3 d9c6 c3d1 c6d9", 0, &err), 0);
    hx_draw_conditions(pos, draws, sizeof draws);
    assert_string_equal(draws, ""); /* Ludii has no repetition rule */
    hx_position_free(pos);
    pos = open_pieces("brusky", "std", "W Kc5, B Ka1");
    hx_draw_conditions(pos, draws, sizeof draws);
    assert_string_equal(draws, "insufficient material");
    hx_position_free(pos);
    pos = open_pieces("brusky", "std", "W Kc5 Nb3, B Ka1");
    hx_draw_conditions(pos, draws, sizeof draws);
    assert_string_equal(draws, ""); /* K+N can mate in a corner (7.15) */
    hx_position_free(pos);
    pos = open_pieces("brusky", "jocly", "W Kc5 Nb3, B Ka1");
    hx_draw_conditions(pos, draws, sizeof draws);
    assert_string_equal(draws, "insufficient material");
    hx_position_free(pos);
}

/* diag-firstmove: a pawn that re-entered a start cell by capture has no
 * double step there; under std the same pawn has one. The same holds when
 * the pawn is pinned along its file (king d1, rook d9): a pinned pawn moves
 * along the pin line by the same rules as a free one. */
static void reentered_pawn_has_no_double_step(void **state)
{
    (void)state;
    const char *fens[] = {
        "1/2k/5/7/9/11/11/11/3n7/1nP8/6K4 w - - 0 1", /* W Kg1 Pc2, B Kg10 Nd3 Nb2 */
        "1/2k/r4/7/9/11/11/11/3n7/2P8/3K7 w - - 0 1", /* W Kd1 Pc2, B Kg10 Nd3 Rd9 */
    };
    const char *expect[][2] = {{"diag-firstmove", "d3d4"}, {"std", "d3d4 d3d5"}};
    for (int f = 0; f < 2; f++)
        for (int i = 0; i < 2; i++) {
            hx_position *pos = open_fen("glinski", expect[i][0], fens[f]);
            hx_error err;
            char out[4096];
            assert_int_equal(hx_play_moves(pos, "c2d3 g10g9", 0, &err), 0);
            assert_string_equal(moves_from(pos, "d3", out, sizeof out), expect[i][1]);
            hx_position_free(pos);
        }
}

/* diag-firstmove denies the double step to a pawn that re-entered a start
 * cell by capture, and only to it: the mark goes with the pawn (here the
 * rook takes it on d3 and leaves), a pawn stepping onto a start cell (d2d3)
 * keeps its double step, and so does a pawn that never moved (e4). Making
 * and taking back a move leaves the mark as it was. */
static void reentry_mark_follows_the_pawn(void **state)
{
    (void)state;
    hx_error err;
    char out[4096];
    hx_position *pos = open_pieces("glinski", "diag-firstmove", "W Kg1 Pc2 Pd2 Pe4, B Kg10 Nd3 Rd9");
    assert_int_equal(hx_play_moves(pos, "c2d3 d9d3 g1f1 d3a3 d2d3 g10g9", 0, &err), 0);
    assert_string_equal(moves_from(pos, "d3", out, sizeof out), "d3d4 d3d5");
    assert_string_equal(moves_from(pos, "e4", out, sizeof out), "e4e5 e4e6");
    hx_position_free(pos);
    pos = open_fen("glinski", "diag-firstmove", "1/2k/5/7/9/11/11/11/3n7/1nP8/6K4 w - - 0 1");
    assert_int_equal(hx_play_moves(pos, "c2d3 g10g9", 0, &err), 0);
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        assert_int_equal(hx_make(pos, moves[i]), 0);
        hx_unmake(pos);
        assert_string_equal(moves_from(pos, "d3", out, sizeof out), "d3d4");
    }
    hx_position_free(pos);
}

/* Brusky's cross-block looks ahead of the pawn only, pinned or not: the
 * white pawn e4, pinned on the line b1-h7 (king b1, rook h7), keeps its
 * step along that line (e4f5) with an enemy piece right behind it (e3), in
 * every profile. */
static void pinned_pawn_ignores_what_is_behind(void **state)
{
    (void)state;
    for (int i = 0; i < hx_profile_count("brusky"); i++) {
        hx_position *pos = open_fen("brusky", hx_profile_name("brusky", i),
                                    "8k/5r4/11/12/4P7/4p6/10/1K7 w - - 0 1");
        char out[4096];
        assert_string_equal(moves_from(pos, "e4", out, sizeof out), "e4f5");
        hx_position_free(pos);
    }
}

/* ---- mutderive (issue 17): rules_derive.c's pawn tables, stated by the rules ---- */

/* shafran.md, multi-step table: from each start cell a pawn reaches its
 * file's STEPS (1 on the a- and i-files), also when pinned along the file
 * (its own king on the cell behind, an enemy rook at the file's far end),
 * where the moves are made one pawn at a time. Both colours. */
static void shafran_pinned_start_pawns_keep_their_reach(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"W Ka1 Pa2, B Ra6 Ki10", "a2a3"},
        {"W Kb1 Pb2, B Rb7 Ki10", "b2b3 b2b4"},
        {"W Kc1 Pc2, B Rc8 Ki10", "c2c3 c2c4"},
        {"W Kd1 Pd2, B Rd9 Ki10", "d2d3 d2d4 d2d5"},
        {"W Ke1 Pe2, B Re10 Ka6", "e2e3 e2e4 e2e5"},
        {"W Kf2 Pf3, B Rf10 Ka6", "f3f4 f3f5 f3f6"},
        {"W Kg3 Pg4, B Rg10 Ka6", "g4g5 g4g6"},
        {"W Kh4 Ph5, B Rh10 Ka6", "h5h6 h5h7"},
        {"W Ki5 Pi6, B Ri10 Ka6", "i6i7"},
        {"W Ra1 Ki5, B Ka6 Pa5, Black to move", "a5a4"},
        {"W Rb1 Ki5, B Kb7 Pb6, Black to move", "b6b4 b6b5"},
        {"W Rc1 Ki5, B Kc8 Pc7, Black to move", "c7c5 c7c6"},
        {"W Rd1 Ki5, B Kd9 Pd8, Black to move", "d8d5 d8d6 d8d7"},
        {"W Re1 Ka6, B Ke10 Pe9, Black to move", "e9e6 e9e7 e9e8"},
        {"W Rf2 Ka6, B Kf10 Pf9, Black to move", "f9f6 f9f7 f9f8"},
        {"W Rg3 Ka6, B Kg10 Pg9, Black to move", "g9g7 g9g8"},
        {"W Rh4 Ka6, B Kh10 Ph9, Black to move", "h9h7 h9h8"},
        {"W Ri5 Ka6, B Ki10 Pi9, Black to move", "i9i8"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hx_position *pos = open_pieces("shafran", "std", cases[i][0]);
        char out[4096], from[4];
        const char *pawn = strstr(cases[i][0], " P") + 2;
        snprintf(from, sizeof from, "%.*s", (int)strcspn(pawn, " ,"), pawn);
        moves_from(pos, from, out, sizeof out);
        if (strcmp(out, cases[i][1]) != 0)
            fail_msg("%s: moves of %s are '%s', expected '%s'", cases[i][0], from, out,
                     cases[i][1]);
        hx_position_free(pos);
    }
}

/* a1, a corner of every board, is no pawn start cell in any variant: a
 * White pawn there (below its start cells) steps one cell only, and it
 * attacks the cell its capture vector gives (shafran.md, mccooey.md:
 * (1,2) -> b3; glinski.md: (1,1) -> b2; brusky.md: (2,1) -> c2), so a
 * Black king there is in check. Every profile but the bug models. */
static void pawn_on_a1_steps_once_and_attacks(void **state)
{
    (void)state;
    /* variant, White king, the pawn's capture target, a far Black king,
     * the pawn's moves */
    static const char *const cases[][5] = {
        {"shafran", "Ke1", "b3", "e10", "a1a2"},
        {"brusky", "Kf1", "c2", "g8", "a1a2 a1b2"},
        {"glinski", "Kg1", "b2", "g10", "a1a2"},
        {"mccooey", "Kg1", "b3", "g10", "a1a2"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *variant = cases[i][0];
        for (int p = 0; p < hx_profile_count(variant); p++) {
            const char *profile = hx_profile_name(variant, p);
            char pieces[128], out[4096];
            hx_error err;
            /* the bug models move the capture targets or the promotion cells */
            if (hx_rules_is_control(hx_rules_find(variant, profile, &err)))
                continue;
            snprintf(pieces, sizeof pieces, "W %s Pa1, B K%s, Black to move", cases[i][1],
                     cases[i][2]);
            hx_position *pos = open_pieces(variant, profile, pieces);
            if (!hx_in_check(pos))
                fail_msg("%s/%s: %s: Black is not in check", variant, profile, pieces);
            hx_position_free(pos);
            snprintf(pieces, sizeof pieces, "W %s Pa1, B K%s", cases[i][1], cases[i][3]);
            pos = open_pieces(variant, profile, pieces);
            moves_from(pos, "a1", out, sizeof out);
            if (strcmp(out, cases[i][4]) != 0)
                fail_msg("%s/%s: moves of a1 are '%s', expected '%s'", variant, profile, out,
                         cases[i][4]);
            hx_position_free(pos);
        }
    }
}

/* --- mutderive2 (issue 17) --- */

/* A king move gives up the castling rights of its own colour only
 * (shafran.md: rights A, I are White's, a, i Black's): from a position with
 * all four rights, a White king move leaves "ai"; a White rook move from
 * a1 (right A) and a Black king move leave "I". */
static void king_move_drops_only_its_own_rights(void **state)
{
    (void)state;
    static const char *const fen = "k3r/6/7/8/r8/8R/8/7/6/R3K w AIai - 0 1";
    static const char *const cases[][2] = {
        {"e1e2", "ai"},
        {"a1a2 e10e9", "I"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hx_position *pos = open_fen("shafran", "std", fen);
        hx_error err;
        char out[HX_FEN_MAX], rights[16];
        if (hx_play_moves(pos, cases[i][0], 0, &err) != 0)
            fail_msg("%s: %s", cases[i][0], err.message);
        hx_position_fen(pos, out); /* pieces, side, castling rights, ... */
        if (sscanf(out, "%*s %*s %15s", rights) != 1 || strcmp(rights, cases[i][1]) != 0)
            fail_msg("after %s: %s, expected castling rights %s", cases[i][0], out, cases[i][1]);
        hx_position_free(pos);
    }
}

/* Brusky's vertical capture (brusky.md: (1,2), a1 -> b3) is made from a
 * home-rank cell only, or never: a1 is no home cell, so a White pawn there
 * never captures the knight on b3, in every profile but the bug models
 * (neg-vcap-moved lists a1b3). */
static void brusky_pawn_on_a1_has_no_vertical_capture(void **state)
{
    (void)state;
    for (int p = 0; p < hx_profile_count("brusky"); p++) {
        const char *profile = hx_profile_name("brusky", p);
        char out[4096];
        hx_error err;
        if (hx_rules_is_control(hx_rules_find("brusky", profile, &err)))
            continue;
        hx_position *pos = open_pieces("brusky", profile, "W Kf1 Pa1, B Kg8 Nb3");
        moves_from(pos, "a1", out, sizeof out);
        if (strcmp(out, "a1a2 a1b2") != 0)
            fail_msg("brusky/%s: moves of a1 are '%s', expected 'a1a2 a1b2'", profile, out);
        hx_position_free(pos);
    }
}

/* mutvariants2 (issue 17): Brusky's ludii profile follows Ludii's draw
 * rules (docs/rules: no material rule, automatic 100-ply draw), and the
 * name lookups return NULL past the last variant or profile; brusky/jocly's
 * repetition counts the pieces and the side only (docs/rules). */
static void brusky_ludii_draws_and_name_bounds(void **state)
{
    (void)state;
    char draws[128], fen[256];
    hx_position *pos = open_pieces("brusky", "ludii", "W Kc5, B Ka1");
    hx_draw_conditions(pos, draws, sizeof draws);
    assert_string_equal(draws, ""); /* std calls this insufficient material */
    hx_position_fen(pos, fen);
    hx_position_free(pos);
    char *clocks = strstr(fen, " 0 1");
    assert_non_null(clocks);
    strcpy(clocks, " 100 80");
    pos = open_fen("brusky", "ludii", fen);
    hx_draw_conditions(pos, draws, sizeof draws);
    assert_string_equal(draws, "50-move rule (automatic)");
    hx_position_free(pos);
    pos = open_fen("brusky", "std", fen);
    hx_draw_conditions(pos, draws, sizeof draws);
    assert_non_null(strstr(draws, "50-move rule"));
    assert_null(strstr(draws, "automatic"));
    hx_position_free(pos);
    /* Jocly counts a repetition by the pieces and the side alone: the
     * start, where White may still castle, is the first of three. */
    static const char *const expect_draws[2][2] = {{"jocly", "repetition"}, {"std", ""}};
    for (int k = 0; k < 2; k++) {
        hx_error err;
        pos = open_fen("brusky", expect_draws[k][0], "3k5/10/11/12/12/11/10/R4K2R w AI - 0 1");
        assert_int_equal(hx_play_moves(pos, "f1f2 g8f8 f2f1 f8g8 f1f2 g8f8 f2f1 f8g8", 0, &err), 0);
        hx_draw_conditions(pos, draws, sizeof draws);
        assert_string_equal(draws, expect_draws[k][1]);
        hx_position_free(pos);
    }
    assert_null(hx_variant_name(hx_variant_count()));
    assert_null(hx_variant_name(-1));
    for (int v = 0; v < hx_variant_count(); v++) {
        const char *variant = hx_variant_name(v);
        assert_null(hx_profile_name(variant, hx_profile_count(variant)));
        assert_null(hx_profile_name(variant, -1));
    }
}

/* The pawn facts of the API, as docs/rules states them: a Brusky pawn has
 * two forward steps (brusky.md §2), the others one; a Shafran pawn's first
 * move crosses up to two cells (reach 1/2/3, shafran.md), the others' one
 * (a double step). Every profile of a variant keeps them. */
static void pawn_facts_are_the_variants(void **state)
{
    (void)state;
    const struct { const char *variant; int forward, crossed; } facts[] = {
        {"shafran", 1, 2}, {"brusky", 2, 1}, {"glinski", 1, 1}, {"mccooey", 1, 1}};
    for (size_t v = 0; v < sizeof facts / sizeof facts[0]; v++)
        for (int i = 0; i < hx_profile_count(facts[v].variant); i++) {
            hx_error err;
            const hx_rules *r =
                hx_rules_find(facts[v].variant, hx_profile_name(facts[v].variant, i), &err);
            assert_non_null(r);
            assert_int_equal(hx_rules_pawn_forward_count(r), facts[v].forward);
            assert_int_equal(hx_rules_pawn_max_crossed(r), facts[v].crossed);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(profile_names_match_the_spec),
        cmocka_unit_test(profiles_differ_where_the_spec_says),
        cmocka_unit_test(setups_and_end_rules_differ),
        cmocka_unit_test(repetition_and_material),
        cmocka_unit_test(reentered_pawn_has_no_double_step),
        cmocka_unit_test(reentry_mark_follows_the_pawn),
        cmocka_unit_test(pinned_pawn_ignores_what_is_behind),
        cmocka_unit_test(shafran_pinned_start_pawns_keep_their_reach),
        cmocka_unit_test(pawn_on_a1_steps_once_and_attacks),
        cmocka_unit_test(king_move_drops_only_its_own_rights),
        cmocka_unit_test(brusky_pawn_on_a1_has_no_vertical_capture),
        cmocka_unit_test(brusky_ludii_draws_and_name_bounds),
        cmocka_unit_test(pawn_facts_are_the_variants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
