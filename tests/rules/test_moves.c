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

/* ---- issue 17 (movetext/movegen survivors): what the parser refuses, the
 * move list's separators, the flags of every move, the cross-block on every
 * cell. */

/* Texts that are no legal move, each refused with its whole message: a
 * promotion letter where nothing promotes, no letter where one is needed,
 * trailing characters, cells that do not exist (in the naming used), upper
 * case, piece letters (SAN) and dashes that are no castling name. */
static void move_texts_refused_with_their_reason(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *pieces, *text;
        int naming;
        const char *message;
    } cases[] = {
        {"shafran", "", "e2e4q", 0, "illegal move 'e2e4q' in this position"},
        {"shafran", "", "e2e6", 0, "illegal move 'e2e6' in this position"},
        {"shafran", "", "e2e4x", 0, "malformed move 'e2e4x': expected <from><to>[q|r|b|n] with cells of shafran"},
        {"shafran", "", "e2e4qq", 0, "malformed move 'e2e4qq': expected <from><to>[q|r|b|n] with cells of shafran"},
        {"shafran", "", "E2E4", 0, "malformed move 'E2E4': expected <from><to>[q|r|b|n] with cells of shafran"},
        {"shafran", "", "Qe4", 0, "malformed move 'Qe4': expected <from><to>[q|r|b|n] with cells of shafran"},
        {"shafran", "", "Bb2", 0, "malformed move 'Bb2': expected <from><to>[q|r|b|n] with cells of shafran"},
        {"shafran", "", "O", 0, "malformed move 'O': expected <from><to>[q|r|b|n] with cells of shafran"},
        {"shafran", "", "0", 0, "malformed move '0': expected <from><to>[q|r|b|n] with cells of shafran"},
        {"shafran", "", "e-e4", 0, "malformed move 'e-e4': expected <from><to>[q|r|b|n] with cells of shafran"},
        {"shafran", "", "O-O", 0, "castling 'O-O' is not legal here"},
        {"shafran", "W Ke1 Pa5, B Ki10", "a5a6", 0, "move 'a5a6' promotes: add q, r, b or n"},
        {"shafran", "W Ke1 Pa5, B Ki10", "a5a6qn", 0, "malformed move 'a5a6qn': expected <from><to>[q|r|b|n] with cells of shafran"},
        {"shafran", "W Ke1 Pa5, B Ki10", "a5a6k", 0, "malformed move 'a5a6k': expected <from><to>[q|r|b|n] with cells of shafran"},
        {"glinski", "", "j1j2", 0, "malformed move 'j1j2': expected <from><to>[q|r|b|n] with cells of glinski"},
        {"glinski", "", "O-O", 0, "castling 'O-O' is not legal here"},
        /* Brusky's notation B has files a-m, notation A a-l */
        {"brusky", "", "m2m3", 0, "malformed move 'm2m3': expected <from><to>[q|r|b|n] with cells of brusky"},
        {"brusky", "", "n2n3", 1, "malformed move 'n2n3': expected <from><to>[q|r|b|n] with cells of brusky"},
        {"brusky", "", "e2e5", 1, "illegal move 'e2e5' in this position"}, /* B-e2e4 is A-b2d4 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hx_position *pos = *cases[i].pieces ? open_pieces(cases[i].variant, "std", cases[i].pieces)
                                            : open_fen(cases[i].variant, "std", NULL);
        hx_move m = 0;
        hx_error err;
        if (hx_move_parse(pos, cases[i].text, cases[i].naming, &m, &err) != -1)
            fail_msg("%s: '%s' accepted", cases[i].variant, cases[i].text);
        if (strcmp(err.message, cases[i].message) != 0)
            fail_msg("%s: '%s' refused with\n  '%s', expected\n  '%s'", cases[i].variant,
                     cases[i].text, err.message, cases[i].message);
        hx_position_free(pos);
    }
}

/* A castling-like text of any length ("O-" and then more O's) is refused as
 * no legal castling, without reading or writing past anything: the longest
 * castling name has 7 characters. */
static void long_castling_like_texts_are_refused(void **state)
{
    (void)state;
    static char text[20001];
    hx_position *pos = open_fen("shafran", "std", "k3r/6/7/8/r8/9/8/7/6/4K b ai - 0 1");
    static const size_t lengths[] = {8, 15, 16, 17, 32, 300, sizeof text - 1};
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        memset(text, 'O', lengths[i]);
        text[1] = '-';
        text[lengths[i]] = '\0';
        hx_move m = 0;
        hx_error err;
        assert_int_equal(hx_move_parse(pos, text, 0, &m, &err), -1);
        if (strncmp(err.message, "castling 'O-OOOOOO", 18) != 0)
            fail_msg("a castling-like text of %zu characters: '%s'", lengths[i], err.message);
    }
    hx_position_free(pos);
}

/* hx_play_moves: any run of spaces, tabs, newlines and commas separates two
 * moves, also before the first and after the last; a word of 32 characters
 * or more is refused as too long (hexref.h), a shorter one is parsed. */
static void play_moves_separators_and_word_limit(void **state)
{
    (void)state;
    static const char *const lists[] = {
        "g4g6 f7f6 e4e5",   "\tg4g6\tf7f6\te4e5\t", "\ng4g6\nf7f6\ne4e5\n",
        ",g4g6,f7f6,e4e5,", " \t\n, g4g6 ,\t\nf7f6,,\n\ne4e5 , \n\t",
    };
    char expected[HX_FEN_MAX], got[HX_FEN_MAX];
    hx_error err;
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        hx_position *pos = open_fen("glinski", "std", NULL);
        if (hx_play_moves(pos, lists[i], 0, &err) != 0)
            fail_msg("list %zu: %s", i, err.message);
        hx_position_fen(pos, i == 0 ? expected : got);
        if (i > 0)
            assert_string_equal(got, expected);
        hx_position_free(pos);
    }
    assert_non_null(strstr(expected, " b - - 0 2")); /* three moves played */
    hx_position *pos = open_fen("glinski", "std", NULL);
    char word[40];
    memset(word, 'x', sizeof word);
    memcpy(word, "g4g6", 4);
    word[31] = '\0';
    assert_int_equal(hx_play_moves(pos, word, 0, &err), -1);
    assert_string_equal(err.message, "move 1: malformed move 'g4g6xxxxxxxxxxxx': expected "
                                     "<from><to>[q|r|b|n] with cells of glinski");
    word[31] = 'x';
    word[32] = '\0';
    assert_int_equal(hx_play_moves(pos, word, 0, &err), -1);
    assert_string_equal(err.message, "move 1 is too long");
    hx_position_free(pos);
}

/* hx_legal_move_texts writes the texts of the legal moves and nothing
 * after them (hexref.h). */
static void legal_move_texts_write_only_the_count(void **state)
{
    (void)state;
    static char texts[HX_MAX_MOVES][HX_MOVE_TEXT_MAX];
    for (int v = 0; v < hx_variant_count(); v++) {
        hx_position *pos = open_fen(hx_variant_name(v), "std", NULL);
        uint64_t random = 7;
        for (int ply = 0; ply < 30; ply++) {
            memset(texts, 'X', sizeof texts);
            int n = hx_legal_move_texts(pos, texts);
            for (int i = n; i < HX_MAX_MOVES; i++)
                for (int j = 0; j < HX_MOVE_TEXT_MAX; j++)
                    if (texts[i][j] != 'X')
                        fail_msg("%s ply %d: %d moves, entry %d written", hx_variant_name(v), ply,
                                 n, i);
            if (!play_random_move(pos, &random))
                break;
        }
        hx_position_free(pos);
    }
}

/* The field of a HexFEN numbered `n` (0: placement), into out. */
static const char *fen_field(const char *fen, int n, char *out, size_t cap)
{
    for (int i = 0; i < n && fen; i++)
        fen = strchr(fen, ' ') ? strchr(fen, ' ') + 1 : NULL;
    size_t len = fen ? strcspn(fen, " ") : 0;
    snprintf(out, cap, "%.*s", (int)len, fen ? fen : "");
    return out;
}

static int count_men(const char *fen)
{
    int men = 0;
    for (const char *c = fen; *c && *c != ' '; c++)
        men += (*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z');
    return men;
}

/* The piece letter on a cell given by its name ('.' empty). */
static char piece_on(const hx_position *pos, const char *name)
{
    const hx_rules *r = hx_position_rules(pos);
    int width, height, horizontal;
    hx_board_size(r, &width, &height, &horizontal);
    for (int x = 0; x < width; x++)
        for (int y = 0; y < height; y++) {
            char cell[4];
            if (hx_cell_name(r, x, y, 0, cell) == 0 && strcmp(cell, name) == 0)
                return hx_position_piece(pos, x, y);
        }
    fail_msg("no cell %s", name);
    return 0;
}

/* Every flag of every legal move of pos says what playing it does
 * (hexref.h, docs/conventions.md): CAPTURE exactly when a man leaves the
 * board, EP exactly for a capture onto an empty cell, PROMOTION exactly
 * when the text ends with a piece letter, and, for a move that captures
 * nothing, MULTI_STEP exactly when the e.p. field is written after it (it
 * is written after every pawn multi-step and cleared after any other move). */
static void check_flags_of_every_move(hx_position *pos, const char *where)
{
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    char before[HX_FEN_MAX], after[HX_FEN_MAX], ep[64];
    hx_position_fen(pos, before);
    for (int i = 0; i < n; i++) {
        char text[HX_MOVE_TEXT_MAX], to[4];
        hx_move_text(pos, moves[i], 0, text);
        int flags = hx_move_flags(pos, moves[i]);
        size_t len = strlen(text);
        int promotes = text[len - 1] >= 'a' && text[len - 1] <= 'z';
        /* the destination: the second name, after the first letter+digits */
        size_t from_len = 1 + strspn(text + 1, "0123456789");
        snprintf(to, sizeof to, "%.*s", (int)(len - from_len - (size_t)promotes), text + from_len);
        int onto_empty = piece_on(pos, to) == '.';
        assert_int_equal(hx_make(pos, moves[i]), 0);
        hx_position_fen(pos, after);
        hx_unmake(pos);
        int captures = count_men(after) == count_men(before) - 1;
        int multi_written = strcmp(fen_field(after, 3, ep, sizeof ep), "-") != 0;
        if (!!(flags & HX_MOVE_CAPTURE) != captures || !!(flags & HX_MOVE_PROMOTION) != promotes ||
            !!(flags & HX_MOVE_EP) != (captures && onto_empty) ||
            (!captures && !!(flags & HX_MOVE_MULTI_STEP) != multi_written))
            fail_msg("%s: %s %s has flags %d (after it: %s)", where, before, text, flags, after);
    }
}

/* Pawns pinned along their own file or forward line, on a start cell: they
 * step and multi-step along the pin line (the generator's one-pawn path). */
static const struct {
    const char *variant, *pieces, *pawn, *moves;
} pinned_pawns[] = {
    {"glinski", "W Kf1 Pf5, B Rf10 Kb7", "f5", "f5f6 f5f7"},
    {"mccooey", "W Ke1 Pe3, B Re10 Kb7", "e3", "e3e4 e3e5"},
    {"shafran", "W Ke1 Pe2, B Re10 Ka6", "e2", "e2e3 e2e4 e2e5"},
    {"brusky", "W Kf1 Pf2, B Rf8 Kl8", "f2", "f2f3 f2f4"},
    {"brusky", "W Ke1 Pf2, B Rk7 Kl8", "f2", "f2g3 f2h4"},
    {"glinski", "W Kb1 Rf2, B Kf11 Pf7, Black to move", "f7", "f7f5 f7f6"},
};

static void move_flags_say_what_the_move_does(void **state)
{
    (void)state;
    char where[128], got[4096];
    for (size_t i = 0; i < sizeof pinned_pawns / sizeof pinned_pawns[0]; i++) {
        hx_position *pos = open_pieces(pinned_pawns[i].variant, "std", pinned_pawns[i].pieces);
        assert_string_equal(moves_from(pos, pinned_pawns[i].pawn, got, sizeof got),
                            pinned_pawns[i].moves);
        snprintf(where, sizeof where, "%s/std %s", pinned_pawns[i].variant, pinned_pawns[i].pieces);
        check_flags_of_every_move(pos, where);
        hx_position_free(pos);
    }
    for (int v = 0; v < hx_variant_count(); v++)
        for (int p = 0; p < hx_profile_count(hx_variant_name(v)); p++) {
            const char *variant = hx_variant_name(v), *profile = hx_profile_name(variant, p);
            hx_position *pos = open_fen(variant, profile, NULL);
            uint64_t random = 99;
            for (int ply = 0; ply < 40; ply++) {
                snprintf(where, sizeof where, "%s/%s ply %d", variant, profile, ply);
                check_flags_of_every_move(pos, where);
                if (!play_random_move(pos, &random))
                    break;
            }
            hx_position_free(pos);
        }
}

/* Brusky's pawns step forward along (0,1) and (1,1) (White; Black along
 * the negated vectors). On an otherwise empty board nothing cross-blocks
 * under std (enemy men ahead block) and under the profiles without a
 * cross-block; under ludii a cell ahead that does not exist blocks too.
 * So a lone pawn on any cell steps to each cell ahead that exists, or
 * under ludii to both or, at the board's edge, to none. Every cell, both
 * colours, every profile. */
static void lone_brusky_pawn_steps_from_every_cell(void **state)
{
    (void)state;
    static const char *const kings[][2] = {{"f1", "l8"}, {"a1", "h8"}, {"l1", "d8"}};
    for (int p = 0; p < hx_profile_count("brusky"); p++) {
        const char *profile = hx_profile_name("brusky", p);
        int missing_blocks = strcmp(profile, "ludii") == 0;
        hx_error err;
        const hx_rules *r = hx_rules_find("brusky", profile, &err);
        int width, height, horizontal, checked = 0;
        hx_board_size(r, &width, &height, &horizontal);
        for (int colour = 0; colour < 2; colour++)
            for (int x = 0; x < width; x++)
                for (int y = 0; y < height; y++) {
                    int dir = colour == 0 ? 1 : -1;
                    char cell[4], ahead[2][4], list[128], fen[HX_FEN_MAX];
                    int exists[2] = {hx_cell_name(r, x, y + dir, 0, ahead[0]) == 0,
                                     hx_cell_name(r, x + dir, y + dir, 0, ahead[1]) == 0};
                    if (hx_cell_name(r, x, y, 0, cell) != 0)
                        continue;
                    int placed = 0;
                    for (size_t k = 0; k < 3 && !placed; k++) {
                        int clash = !strcmp(kings[k][0], cell) || !strcmp(kings[k][1], cell);
                        for (int a = 0; a < 2; a++)
                            clash |= exists[a] && (!strcmp(kings[k][0], ahead[a]) ||
                                                   !strcmp(kings[k][1], ahead[a]));
                        snprintf(list, sizeof list, "W K%s%s%s, B K%s%s%s%s", kings[k][0],
                                 colour == 0 ? " P" : "", colour == 0 ? cell : "", kings[k][1],
                                 colour == 1 ? " P" : "", colour == 1 ? cell : "",
                                 colour == 1 ? ", Black to move" : "");
                        placed = !clash && hx_fen_from_pieces(r, list, fen, &err) == 0;
                    }
                    if (!placed)
                        continue; /* a pawn on its promotion cell, or giving check */
                    char expected[64] = "", steps[64] = "", got[4096];
                    for (int a = 0; a < 2; a++)
                        if (exists[a] && (!missing_blocks || (exists[0] && exists[1])))
                            snprintf(expected + strlen(expected), sizeof expected - strlen(expected),
                                     "%s%s", *expected ? " " : "", ahead[a]);
                    hx_position *pos = open_fen("brusky", profile, fen);
                    moves_from(pos, cell, got, sizeof got);
                    /* the destinations one cell ahead, each once (a promotion is four moves) */
                    for (int a = 0; a < 2; a++) {
                        if (!exists[a])
                            continue;
                        char prefix[16];
                        snprintf(prefix, sizeof prefix, "%s%s", cell, ahead[a]);
                        for (char *m = strstr(got, prefix); m; m = strstr(m + 1, prefix)) {
                            char next = m[strlen(prefix)];
                            if ((m == got || m[-1] == ' ') && !(next >= '0' && next <= '9')) {
                                snprintf(steps + strlen(steps), sizeof steps - strlen(steps), "%s%s",
                                         *steps ? " " : "", ahead[a]);
                                break;
                            }
                        }
                    }
                    if (strcmp(steps, expected) != 0)
                        fail_msg("brusky/%s: %s: a lone pawn on %s steps to '%s', expected '%s' (%s)",
                                 profile, list, cell, steps, expected, got);
                    checked++;
                    hx_position_free(pos);
                }
        assert_true(checked > 120);
    }
}

/* A castling name is read against the legal moves: the same placement
 * without the rights refuses every name that it accepted with them. Each
 * name is tried in both positions one right after the other. */
static void castling_names_need_the_right(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *with, *without, *names[8];
    } cases[] = {
        {"shafran", "k3r/6/7/8/r8/9/8/7/6/4K b ai - 0 1", "k3r/6/7/8/r8/9/8/7/6/4K b - - 0 1",
         {"O-O", "B-0-0", "O-O-O", "B-0-0-0", "O-O-Q", "Q-0-0", "O-O-O-Q", "Q-0-0-0"}},
        {"brusky", "8k/10/11/12/12/11/10/R4K2R w AI - 0 1", "8k/10/11/12/12/11/10/R4K2R w - - 0 1",
         {"O-O", "0-0", "O-O-O", "0-0-0"}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hx_position *with = open_fen(cases[i].variant, "std", cases[i].with);
        hx_position *without = open_fen(cases[i].variant, "std", cases[i].without);
        for (int j = 0; j < 8 && cases[i].names[j]; j++) {
            const char *name = cases[i].names[j];
            hx_move m = 0;
            hx_error err;
            char expected[128];
            if (hx_move_parse(with, name, 0, &m, &err) != 0)
                fail_msg("%s: '%s' refused with the rights: %s", cases[i].variant, name, err.message);
            assert_int_equal(hx_move_flags(with, m), HX_MOVE_CASTLE);
            if (hx_move_parse(without, name, 0, &m, &err) != -1)
                fail_msg("%s: '%s' accepted without the rights", cases[i].variant, name);
            snprintf(expected, sizeof expected, "castling '%s' is not legal here", name);
            assert_string_equal(err.message, expected);
        }
        hx_position_free(with);
        hx_position_free(without);
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
        cmocka_unit_test(move_texts_refused_with_their_reason),
        cmocka_unit_test(long_castling_like_texts_are_refused),
        cmocka_unit_test(play_moves_separators_and_word_limit),
        cmocka_unit_test(legal_move_texts_write_only_the_count),
        cmocka_unit_test(move_flags_say_what_the_move_does),
        cmocka_unit_test(lone_brusky_pawn_steps_from_every_cell),
        cmocka_unit_test(castling_names_need_the_right),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
