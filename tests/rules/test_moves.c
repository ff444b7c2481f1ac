/*
 * test_moves.c - move text: round trips, castling names, Brusky's seed
 * notation and the errors of the parser.
 */
#include "helpers.h"

/* Every legal move's text parses back to the same move, in both namings. */
static void texts_round_trip_in(hx_position *pos, int naming)
{
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        char text[HX_MOVE_TEXT_MAX];
        hx_move back;
        hx_error err;
        hx_move_text(pos, moves[i], naming, text);
        if (hx_move_parse(pos, text, naming, &back, &err) != 0)
            fail_msg("'%s' does not parse: %s", text, err.message);
        assert_int_equal(back, moves[i]);
    }
}

/* Walks a deterministic pseudo-random game and checks the round trip at
 * every ply. */
static void walk_and_check(const char *variant, const char *profile, int naming)
{
    hx_position *pos = open_fen(variant, profile, NULL);
    uint64_t state = 12345;
    for (int ply = 0; ply < 80; ply++) {
        texts_round_trip_in(pos, naming);
        if (!play_random_move(pos, &state))
            break;
    }
    hx_position_free(pos);
}

static void move_texts_round_trip(void **state)
{
    (void)state;
    for (int v = 0; v < hx_variant_count(); v++)
        for (int i = 0; i < hx_profile_count(hx_variant_name(v)); i++)
            walk_and_check(hx_variant_name(v), hx_profile_name(hx_variant_name(v), i), 0);
    walk_and_check("brusky", "std", 1);
}

static void expect_parse(hx_position *pos, const char *text, int naming, const char *canonical)
{
    hx_move m;
    hx_error err;
    char out[HX_MOVE_TEXT_MAX];
    if (hx_move_parse(pos, text, naming, &m, &err) != 0)
        fail_msg("'%s': %s", text, err.message);
    hx_move_text(pos, m, 0, out);
    assert_string_equal(out, canonical);
}

static void expect_error(hx_position *pos, const char *text, const char *part)
{
    hx_move m;
    hx_error err;
    assert_int_equal(hx_move_parse(pos, text, 0, &m, &err), -1);
    if (!strstr(err.message, part))
        fail_msg("'%s': expected '%s' in '%s'", text, part, err.message);
}

static void shafran_castling_names(void **state)
{
    (void)state;
    /* shafran.md 7.10: all four castlings, Black to move. */
    hx_position *pos = open_fen("shafran", "std", "k3r/6/7/8/r8/9/8/7/6/4K b ai - 0 1");
    expect_parse(pos, "O-O", 0, "e10c8");     /* B-0-0: king 2 toward a6 */
    expect_parse(pos, "B-0-0", 0, "e10c8");
    expect_parse(pos, "O-O-O", 0, "e10b7");   /* B-0-0-0 */
    expect_parse(pos, "B-0-0-0", 0, "e10b7");
    expect_parse(pos, "O-O-Q", 0, "e10g10");  /* Q-0-0 toward i10 */
    expect_parse(pos, "Q-0-0", 0, "e10g10");
    expect_parse(pos, "O-O-O-Q", 0, "e10h10"); /* Q-0-0-0: Kh10 Rg10 */
    expect_parse(pos, "Q-0-0-0", 0, "e10h10");
    expect_parse(pos, "0-0-0-Q", 0, "e10h10");
    hx_position_free(pos);
}

static void brusky_castling_names_and_seed_cells(void **state)
{
    (void)state;
    /* brusky.md 7.12: W Kf1 Ra1 Ri1, rights A and I. */
    hx_position *pos = open_fen("brusky", "std", "8k/10/11/12/12/11/10/R4K2R w AI - 0 1");
    expect_parse(pos, "O-O", 0, "f1h1");
    expect_parse(pos, "O-O-O", 0, "f1c1");
    hx_position_free(pos);
    pos = open_fen("brusky", "std", NULL);
    /* Notation B: file index x-y+4, so A-e2 = B-h2 and A-e4 = B-f4. */
    expect_parse(pos, "h2f4", 1, "e2e4");
    hx_move m;
    hx_error err;
    assert_int_equal(hx_move_parse(pos, "e2e4", 0, &m, &err), 0);
    char text[HX_MOVE_TEXT_MAX];
    hx_move_text(pos, m, 1, text);
    assert_string_equal(text, "h2f4");
    hx_position_free(pos);
}

static void parser_errors_name_the_problem(void **state)
{
    (void)state;
    hx_position *pos = open_fen("shafran", "std", NULL);
    expect_error(pos, "e2", "malformed move 'e2'");
    expect_error(pos, "e2e6", "illegal move 'e2e6'");
    expect_error(pos, "z1z2", "malformed");
    expect_error(pos, "e2e4x", "malformed");
    expect_error(pos, "O-O", "castling 'O-O' is not legal here");
    hx_position_free(pos);
    /* shafran.md 7.8: a5-a6 exists only with a promotion piece. */
    pos = open_pieces("shafran", "std", "W Ke1 Pa5, B Ki10");
    expect_error(pos, "a5a6", "promotes");
    expect_parse(pos, "a5a6q", 0, "a5a6q");
    expect_parse(pos, "a5a6=N", 0, "a5a6n");
    hx_position_free(pos);
    pos = open_fen("glinski", "std", NULL);
    expect_error(pos, "O-O", "not legal");
    hx_position_free(pos);
}

static void play_moves_reports_the_bad_move(void **state)
{
    (void)state;
    hx_position *pos = open_fen("glinski", "std", NULL);
    hx_error err;
    assert_int_equal(hx_play_moves(pos, "g4g6 f7f6 e4e9", 0, &err), -1);
    assert_non_null(strstr(err.message, "move 3"));
    assert_non_null(strstr(err.message, "e4e9"));
    char fen[HX_FEN_MAX];
    hx_position_fen(pos, fen); /* the two good moves stay played */
    assert_non_null(strstr(fen, " w - - 0 2"));
    hx_position_free(pos);
}

/* The moves of `pawn` that do not land on `except`, into out. */
static const char *pawn_moves_but(hx_position *pos, const char *pawn, const char *except,
                                  char *out, size_t cap)
{
    char all[4096];
    moves_from(pos, pawn, all, sizeof all);
    out[0] = '\0';
    size_t used = 0, plen = strlen(pawn);
    for (char *save = NULL, *m = strtok_r(all, " ", &save); m; m = strtok_r(NULL, " ", &save))
        if (strcmp(m + plen, except) != 0)
            used += (size_t)snprintf(out + used, cap - used, "%s%s", used ? " " : "", m);
    return out;
}

/* Brusky's cross-block looks at the cells in front of the pawn only: an
 * enemy knight anywhere else (behind, beside, far away) changes none of the
 * pawn's other moves, unless it gives check. Every profile, every cell. */
static void cross_block_looks_only_ahead(void **state)
{
    (void)state;
    for (int i = 0; i < hx_profile_count("brusky"); i++) {
        const char *profile = hx_profile_name("brusky", i);
        hx_error err;
        const hx_rules *r = hx_rules_find("brusky", profile, &err);
        assert_non_null(r);
        char fen[HX_FEN_MAX], alone[4096], with[4096], list[128];
        assert_int_equal(hx_fen_from_pieces(r, "W Ka1 Pe4, B Kl8", fen, &err), 0);
        hx_position *pos = open_fen("brusky", profile, fen);
        moves_from(pos, "e4", alone, sizeof alone);
        hx_position_free(pos);
        int width, height, horizontal, compared = 0;
        hx_board_size(r, &width, &height, &horizontal);
        for (int x = 0; x < width; x++)
            for (int y = 0; y < height; y++) {
                char cell[4];
                if (hx_cell_name(r, x, y, 0, cell) != 0 || strstr(alone, cell) ||
                    !strcmp(cell, "e4") || !strcmp(cell, "a1") || !strcmp(cell, "l8"))
                    continue; /* off the board, ahead of the pawn, or taken */
                snprintf(list, sizeof list, "W Ka1 Pe4, B Kl8 N%s", cell);
                if (hx_fen_from_pieces(r, list, fen, &err) != 0)
                    continue; /* a knight that would leave the side not to move in check */
                pos = open_fen("brusky", profile, fen);
                if (!hx_in_check(pos)) {
                    pawn_moves_but(pos, "e4", cell, with, sizeof with);
                    if (strcmp(with, alone) != 0)
                        fail_msg("brusky/%s: a knight on %s changes e4's moves: '%s', not '%s'",
                                 profile, cell, with, alone);
                    compared++;
                }
                hx_position_free(pos);
            }
        assert_true(compared > 50);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(move_texts_round_trip),
        cmocka_unit_test(shafran_castling_names),
        cmocka_unit_test(brusky_castling_names_and_seed_cells),
        cmocka_unit_test(parser_errors_name_the_problem),
        cmocka_unit_test(play_moves_reports_the_bad_move),
        cmocka_unit_test(cross_block_looks_only_ahead),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
