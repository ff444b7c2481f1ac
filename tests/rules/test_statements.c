/*
 * test_statements.c - source statements of the specification (§7 of each
 * variant file) that concern one position's legal moves, under std. The
 * full conformance suite is tests/fixtures; these guard the library itself.
 */
#include "helpers.h"

typedef struct statement {
    const char *variant, *item, *pieces, *moves, *cell, *expected;
} statement;

static const statement statements[] = {
    {"shafran", "7.2", "", "", "e2", "e2e3 e2e4 e2e5"},
    {"shafran", "7.3", "W Ke1 Pe2, B Ke10 Ne4", "", "e2", "e2e3"},
    {"shafran", "7.3", "W Ke1 Pe2, B Ke10 Ne3", "", "e2", ""},
    {"shafran", "7.4", "W Ke1 Pe3, B Ke10", "", "e3", "e3e4"},
    {"shafran", "7.4", "W Ke1 Pe9, B Ka1", "", "e9", "e9e10b e9e10n e9e10q e9e10r"},
    {"shafran", "7.5", "W Ka1 Pc4, B Ki10 Rb4 Rb5 Rc5 Rd5 Rd6", "", "c4", "c4b5 c4d6"},
    {"shafran", "7.6", "W Ke1 Pd5 Pf7, B Ke10 Pe9 Pg9, Black to move", "e9e6", "f7", "f7e8 f7f8 f7g9"},
    {"shafran", "7.7", "W Ka1 Pc4 Pe6, B Ki10 Pd8, Black to move", "", "d8", "d8d5 d8d6 d8d7"},
    {"shafran", "7.7", "W Ka1 Pc4 Pe6, B Ki10 Pd8, Black to move", "d8d7", "", "a1a2 a1b1 a1b2 a1b3 a1c2 c4c5 e6d7 e6e7"},
    {"shafran", "7.8", "W Ke1 Pa5, B Ki10 Rb7", "", "a5", "a5a6b a5a6n a5a6q a5a6r a5b7b a5b7n a5b7q a5b7r"},
    {"shafran", "7.10", "k3r/6/7/8/r8/9/8/7/6/4K b ai - 0 1", "", "e10", "e10b7 e10c8 e10d8 e10d9 e10e9 e10f10 e10f9 e10g10 e10h10"},
    {"shafran", "7.12", "k4/r5/7/8/9/8R/8/7/6/R3K w AI - 0 1", "", "e1", "e1e2 e1f2 e1f3 e1g3 e1h4"},
    {"shafran", "7.13", "W Ka4 Qa5, B Ka1", "a5d2", "", ""},
    {"brusky", "7.5", "W Kb1 Pc4 Pf2 Pi2, B Kd6 Bb5 Re5 Ng4 Qi4 Pg3 Pk7", "", "c4", "c4b5 c4c5 c4d5 c4e5"},
    {"brusky", "7.5", "W Kb1 Pc4 Pf2 Pi2, B Kd6 Bb5 Re5 Ng4 Qi4 Pg3 Pk7", "", "i2", "i2i3 i2j3 i2k4"},
    {"brusky", "7.5", "W Kb1 Pc4 Pf2 Pi2, B Kd6 Bb5 Re5 Ng4 Qi4 Pg3 Pk7, Black to move", "", "k7", "k7i5 k7j6 k7k5 k7k6"},
    {"brusky", "7.5", "W Kb1 Pc4 Pf2 Pi2, B Kd6 Bb5 Re5 Ng4 Qi4 Pg3 Pk7, Black to move", "", "g3", ""},
    {"brusky", "7.6", "W Kb1 Pe2, B Kl8 Nf3", "", "e2", ""},
    {"brusky", "7.7", "W Kb1 Pe2, B Kl8 Nf3 Bf4", "", "e2", "e2f4"},
    {"brusky", "7.8", "W Ka1 Pj2, B Kl8 Pj4", "", "j2", "j2j3 j2k3 j2l4"},
    {"brusky", "7.8", "W Ka1 Pj2, B Kl8 Pj4", "j2l4", "j4", "j4i3 j4j3 j4k3"},
    {"brusky", "7.10", "W Ka1 Pg5, B Kl8 Pg7 Pf5, Black to move", "g7e5", "g5", "g5f6 g5g6 g5h6"},
    {"brusky", "7.11", "W Kb1 Pe2, B Kl8 Nf4 Pd4", "e2f4", "d4", "d4c3 d4d3"},
    {"brusky", "7.13", "r2k4r/10/11/12/12/11/10/K8 b dl - 0 1", "", "g8", "g8e7 g8e8 g8f6 g8f7 g8f8 g8g7 g8h7 g8h8 g8j8"},
    {"brusky", "7.15", "W Kc5 Nb3, B Ka5, Black to move", "", "", ""},
    {"brusky", "7.15", "W Kc5 Bb4, B Ka5, Black to move", "", "", ""},
    {"brusky", "7.16", "", "", "f1", "f1g3"},
    {"glinski", "7.2", "W Kg1 Pe4, B Kg10 Pf5 Pa5", "e4f5 a5a4", "f5", "f5f6 f5f7"},
    {"glinski", "7.4", "", "", "f5", "f5f6"},
    {"glinski", "7.5", "W Kg1 Pb5, B Kg10 Pc7, Black to move", "c7c5", "b5", "b5b6 b5c6"},
    {"glinski", "7.6", "W Kg1 Pe4, B Kg10 Rf5 Nd4 Be5", "", "e4", "e4d4 e4f5"},
    {"glinski", "7.8", "W Kl1 Pb1, B Kg10 Ra1", "", "b1", "b1a1 b1b2 b1b3"},
    {"glinski", "7.10", "B Kf11, W Kf9, Black to move", "", "", ""},
    {"mccooey", "7.2", "", "", "f4", "f4f5"},
    {"mccooey", "7.2", "", "", "c1", "c1c2 c1c3"},
    {"mccooey", "7.3", "W Kg1 Pe4, B Kg10 Rf6 Nd5", "", "e4", "e4d5 e4e5 e4f6"},
    {"mccooey", "7.3", "W Kg1 Pe4, B Kg10 Rf5 Nd4", "", "e4", "e4e5"},
    {"mccooey", "7.3", "W Kg1 Pe4, B Kg10 Re5", "", "e4", ""},
    {"mccooey", "7.4", "W Kg1 Rd5 Nf6, B Kg10 Pe7, Black to move", "", "e7", "e7d5 e7e6 e7f6"},
    {"mccooey", "7.5", "W Kg1 Pe5, B Kg10", "", "e5", "e5e6"},
    {"mccooey", "7.6", "W Kg1 Pd5, B Kg10 Pe8, Black to move", "e8e6", "d5", "d5d6 d5e7"},
    {"mccooey", "7.7", "W Kg1 Pb6, B Kg10 Rc8", "", "b6", "b6b7b b6b7n b6b7q b6b7r b6c8b b6c8n b6c8q b6c8r"},
    {"mccooey", "7.9", "W Kg1 Pg4 Pf6 Pe7, B Kg10 Pg5 Pf7 Pe8", "", "e7", ""},
    {"mccooey", "7.9", "W Kg1 Pg4 Pf6 Pe7, B Kg10 Pg5 Pf7 Pe8", "", "f6", ""},
    {"mccooey", "7.9", "W Kg1 Pg4 Pf6 Pe7, B Kg10 Pg5 Pf7 Pe8", "", "g4", ""},
    {"mccooey", "7.10", "W Kf9 Qf10, B Kf11, Black to move", "", "", ""},
    {"mccooey", "7.11", "W Kf9, B Kf11, Black to move", "", "", ""},
};

static void statement_moves(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof statements / sizeof statements[0]; i++) {
        const statement *s = &statements[i];
        hx_position *pos = strchr(s->pieces, '/') ? open_fen(s->variant, "std", s->pieces)
                           : *s->pieces         ? open_pieces(s->variant, "std", s->pieces)
                                                : open_fen(s->variant, "std", NULL);
        hx_error err;
        if (hx_play_moves(pos, s->moves, 0, &err) != 0)
            fail_msg("%s %s: %s", s->variant, s->item, err.message);
        char got[4096];
        moves_from(pos, *s->cell ? s->cell : NULL, got, sizeof got);
        if (strcmp(got, s->expected) != 0)
            fail_msg("%s %s (%s, after '%s'), moves of %s:\n  expected '%s'\n  got      '%s'",
                     s->variant, s->item, s->pieces, s->moves, *s->cell ? s->cell : "all",
                     s->expected, got);
        hx_position_free(pos);
    }
}

static void expect_status(const char *variant, const char *pieces, const char *moves,
                          hx_status expected)
{
    hx_position *pos = open_pieces(variant, "std", pieces);
    hx_error err;
    assert_int_equal(hx_play_moves(pos, moves, 0, &err), 0);
    assert_string_equal(hx_status_name(hx_position_status(pos)), hx_status_name(expected));
    hx_position_free(pos);
}

static void statement_statuses(void **state)
{
    (void)state;
    expect_status("shafran", "W Ka4 Qa5, B Ka1", "a5d2", HX_STALEMATE);                 /* 7.13 */
    expect_status("brusky", "W Kc5 Nb3, B Ka5, Black to move", "", HX_CHECKMATE);        /* 7.15 */
    expect_status("brusky", "W Kc5 Bb4, B Ka5, Black to move", "", HX_CHECKMATE);        /* 7.15 */
    expect_status("glinski", "B Kf11, W Kf9, Black to move", "", HX_STALEMATE);          /* 7.10 */
    expect_status("mccooey", "W Kf9 Qf10, B Kf11, Black to move", "", HX_CHECKMATE);     /* 7.10 */
    expect_status("mccooey", "W Kf9, B Kf11, Black to move", "", HX_STALEMATE);          /* 7.11 */
    /* shafran 7.16, E. A. Baum's mates */
    expect_status("shafran", "W Ka4 Qb2, B Ke10", "b2e8", HX_CHECKMATE);
    expect_status("shafran", "W Kf8 Rg3, B Kf10", "g3g9 f10e10 g9e9", HX_CHECKMATE);
    expect_status("shafran", "W Kd7 Na5 Ni10, B Ke10", "a5c8 e10d9 i10f8", HX_CHECKMATE);
    expect_status("shafran", "W Kd7 Bb2 Bd2, B Kd9", "b2e8 d9e10 d2g8", HX_CHECKMATE);
}

static void shafran_kindermatt_and_game_4(void **state)
{
    (void)state;
    hx_error err;
    hx_position *pos = open_fen("shafran", "std", NULL);
    /* 7.14: 1.Nb1-c4 Nc8-d6 2.Qd1-e3 b6-b5 3.Nc4-d7# */
    assert_int_equal(hx_play_moves(pos, "b1c4 c8d6 d1e3 b6b5 c4d7", 0, &err), 0);
    assert_int_equal(hx_position_status(pos), HX_CHECKMATE);
    hx_position_free(pos);
    /* 7.15: sample game #4; Q-0-0-0 gives Kb1 Rc1. */
    pos = open_fen("shafran", "std", NULL);
    if (hx_play_moves(pos,
                      "e2e4 e9e7 c1e2 f10e9 e2i10 e9i5 b1e3 d9h5 d1e2 b6b5 Q-0-0-0 h10g7 g3h6 "
                      "h5f7 h6f7 g9f7 i10c7 a6c6 c7f4 d8d5 e4d5 g7d5 h4f6 d5f4 e2f4 i5f2 f6h4 "
                      "g10c2 e3c4 b5c4 c1c2 f2h4 f4i10 e10e9 i10e2 c4b2 c2b2 c6g6 b1a1 h4g4 "
                      "a1b3 c8d6 b3a3 g4a4",
                      0, &err) != 0)
        fail_msg("%s", err.message);
    assert_int_equal(hx_position_status(pos), HX_CHECKMATE);
    hx_position_free(pos);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(statement_moves),
        cmocka_unit_test(statement_statuses),
        cmocka_unit_test(shafran_kindermatt_and_game_4),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
