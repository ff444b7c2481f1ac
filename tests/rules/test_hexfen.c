/*
 * test_hexfen.c - HexFEN round trips and every rejection the format lists.
 */
#include "helpers.h"

#include <ctype.h>

/* fen is accepted and printed as `printed`. */
static void reads_as(const char *variant, const char *profile, const char *fen, const char *printed)
{
    hx_position *pos = open_fen(variant, profile, fen);
    char out[HX_FEN_MAX];
    hx_position_fen(pos, out);
    assert_string_equal(out, printed);
    hx_position_free(pos);
}

static void round_trip(const char *variant, const char *profile, const char *fen)
{
    reads_as(variant, profile, fen, fen);
}

static void initial_positions_are_the_specified_strings(void **state)
{
    (void)state;
    static const char *const expected[][2] = {
        {"shafran", "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK w AIai - 0 1"},
        {"brusky", "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w AIdl - 0 1"},
        {"glinski", "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1"},
        {"mccooey", "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1"},
    };
    for (size_t i = 0; i < 4; i++) {
        hx_position *pos = open_fen(expected[i][0], "std", NULL);
        char out[HX_FEN_MAX];
        hx_position_fen(pos, out);
        assert_string_equal(out, expected[i][1]);
        hx_position_free(pos);
        round_trip(expected[i][0], "std", expected[i][1]);
    }
}

static void every_profile_start_round_trips(void **state)
{
    (void)state;
    for (int v = 0; v < hx_variant_count(); v++) {
        const char *variant = hx_variant_name(v);
        for (int i = 0; i < hx_profile_count(variant); i++) {
            hx_position *pos = open_fen(variant, hx_profile_name(variant, i), NULL);
            char out[HX_FEN_MAX];
            hx_position_fen(pos, out);
            round_trip(variant, hx_profile_name(variant, i), out);
            hx_position_free(pos);
        }
    }
}

static void special_fields_round_trip(void **state)
{
    (void)state;
    round_trip("shafran", "std", "kqbnr/bppppp/np5/bp6/rp6P/p3P2PR/6PB/5PN/PPPP1B/RNBQK b AIai e3,e4 0 1");
    round_trip("shafran", "std", "4k/6/7/8/9/9/8/7/6/4K w - - 57 130");
    round_trip("brusky", "std", "rnbkbqbnr/pppppppppp/11/12/4P7/11/PPPP1PPPPP/RNBQBKBNR b AIdl e3:e4 0 1");
    round_trip("brusky", "std", "rnbkbqbnr/pppppppppp/11/12/6P5/11/PPPP1PPPPP/RNBQBKBNR b Al f3:g4 0 1");
    round_trip("glinski", "std", "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 12 40");
}

static void hexchess_club_fen_is_read(void **state)
{
    (void)state;
    /* glinski.md §2: the position string without a castling field. */
    hx_position *pos = open_fen("glinski", "std", "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1");
    char out[HX_FEN_MAX];
    hx_position_fen(pos, out);
    assert_string_equal(out, "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1");
    hx_position_free(pos);
    pos = open_fen("glinski", "std", "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 3");
    hx_position_fen(pos, out); /* five fields with an e.p. field: the clock is 3 */
    assert_string_equal(out, "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 3 1");
    hx_position_free(pos);
}

static void clocks_default_when_missing(void **state)
{
    (void)state;
    hx_position *pos = open_fen("mccooey", "std", "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - -");
    char out[HX_FEN_MAX];
    hx_position_fen(pos, out);
    assert_string_equal(out, "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1");
    hx_position_free(pos);
}

typedef struct rejection {
    const char *variant, *fen, *message_part;
} rejection;

static const rejection rejections[] = {
    {"glinski", "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRX1 w - - 0 1", "unknown piece letter 'X'"},
    {"glinski", "b/qbk/n1b1n/r5r/ppppppppp/10/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1", "rank 6 has 10 cells; expected 11"},
    {"glinski", "b/qbk/n1b1n/r5r/pppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1", "rank 7 has too many cells"},
    {"glinski", "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2 w - - 0 1", "placement has 10 ranks"},
    {"glinski", "b/qb1/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1", "Black has 0 kings"},
    {"glinski", "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKKRP1 w - - 0 1", "White has 2 kings"},
    {"glinski", "P/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNR2 w - - 0 1", "White pawn on its own promotion cell f11"},
    {"shafran", "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK w AIaib - 0 1", "'b' is not a castling rook's file"},
    {"shafran", "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/1NBQK w AIai - 0 1", "castling right 'A' but no rook on a1"},
    {"shafran", "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK w AAi - 0 1", "given twice"},
    {"shafran", "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK b AIai e2 0 1", "crossed cell e2 is not empty"},
    {"shafran", "kqbnr/bppppp/np5/bp6/rp6P/p3P2PR/6PB/5PN/PPPP1B/RNBQK b AIai e4,e3:e5 0 1", "not consecutive"},
    {"shafran", "kqbnr/bppppp/np5/bp6/rp6P/p3P2PR/6PB/5PN/PPPP1B/RNBQK b AIai e3,e4:e6 0 1", "no White pawn"},
    {"shafran", "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK b AIai e3 0 1", "no White pawn"},
    {"shafran", "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK b AIai z9 0 1", "not a cell of shafran"},
    {"brusky", "rnbkbqbnr/pppppppppp/11/12/4P7/11/PPPP1PPPPP/RNBQBKBNR b AIdl e3 0 1", "needs the victim"},
    {"brusky", "rnbkbqbnr/pppppppppp/11/12/4P7/11/PPPP1PPPPP/RNBQBKBNR b AIdl d3:e4 0 1", "not consecutive"},
    /* a1 is crossed by no multi-step: no cell lies behind it (the rank-1 edge) */
    {"glinski", "1/2k/5/7/9/11/11/11/11/P10/6K4 b - a1 0 1", "not consecutive"},
    {"shafran", "4k/6/7/8/9/9/8/7/6/3rK b - - 0 1", "side not to move (White) is in check"},
    {"shafran", "4k/6/7/8/9/9/8/7/6/4K w - - 0 1 extra", "trailing text"},
    {"shafran", "4k/6/7/8/9/9/8/7/6/4K x - - 0 1", "side to move must be"},
    {"shafran", "4k/6/7/8/9/9/8/7/6/4K w - - -3 1", "halfmove clock"},
    {"shafran", "4k/6/7/8/9/9/8/7/6/4K w - - 0 0", "fullmove number"},
    {"shafran", "4k/6/7/8/9/9/8/7/6/4K w -", "expected at least 4"},
    {"shafran", "4k/6/7/8/9/9/8/7/6/4K  w - - 0 1", "single spaces"},
    {"shafran", "", "empty HexFEN"},
    {"shafran", "4k/6/7/8/9/9/8/7/6/4K w - - 01 1", "without leading zeros"},
    {"mccooey", "Q/QQk/QQQQQ/QQQQQQQ/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1", "White has 31 men; at most 24"},
    {"shafran", "4k/6/7/8/9/9/8/7/6/04K w - - 0 1", "bad empty-cell count"},
    {"shafran", "4k/6/7/8/9/9/8/7/6/22K w - - 0 1", "rank 1 has too many cells (expected 5)"},
    {"shafran", "4k/6/7/8/9/9/8/7/6/4KQ w - - 0 1", "rank 1 has too many cells (expected 5)"},
    /* a count of more empty cells than any board has is still a count */
    {"shafran", "4k/6/7/8/9/9/8/7/6/1280 w - - 0 1", "rank 1 has too many cells (expected 5)"},
    {"shafran", "4k/6/7/8/9/9/8/7//4K w - - 0 1", "rank"},
    {"shafran", "4k/6/7/8/9/9/8/7/6/4K w - e3,e4,e5,e6 0 1", "more than 3 cells"},
    {"shafran", "4k/6/7/8/9/9/8/7/6/4K w - - 0 1234567890", "fullmove number"},
};

static void bad_hexfens_are_rejected_with_a_named_problem(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof rejections / sizeof rejections[0]; i++) {
        hx_error err = {{0}};
        const hx_rules *r = hx_rules_find(rejections[i].variant, "std", &err);
        hx_position *pos = hx_position_new(r);
        char before[HX_FEN_MAX], after[HX_FEN_MAX];
        hx_position_set_fen(pos, NULL, &err);
        hx_position_fen(pos, before);
        if (hx_position_set_fen(pos, rejections[i].fen, &err) == 0)
            fail_msg("accepted: %s", rejections[i].fen);
        if (!strstr(err.message, rejections[i].message_part))
            fail_msg("for %s\n  expected a message containing '%s'\n  got '%s'", rejections[i].fen,
                     rejections[i].message_part, err.message);
        hx_position_fen(pos, after);
        assert_string_equal(before, after); /* nothing half-set */
        hx_position_free(pos);
    }
}

/* The castling field names rooks by their files, upper case for White and
 * lower case for Black: a letter is accepted exactly when the initial
 * position's field holds it (every right there, every rook at home), and
 * any other letter is rejected as not naming a castling rook. */
static void castling_letters_are_the_rooks_files(void **state)
{
    (void)state;
    const char *variants[] = {"shafran", "brusky", "glinski", "mccooey"};
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        hx_position *pos = open_fen(variants[v], "std", NULL);
        char start[HX_FEN_MAX];
        hx_position_fen(pos, start);
        char *fields[6], *save = NULL, copy[HX_FEN_MAX];
        strcpy(copy, start);
        int n = 0;
        for (char *f = strtok_r(copy, " ", &save); f && n < 6; f = strtok_r(NULL, " ", &save))
            fields[n++] = f;
        assert_int_equal(n, 6);
        for (int ch = 'A'; ch <= 'z'; ch++) {
            if (!isalpha(ch))
                continue;
            char fen[HX_FEN_MAX];
            snprintf(fen, sizeof fen, "%s %s %c %s %s %s", fields[0], fields[1], ch, fields[3],
                     fields[4], fields[5]);
            hx_error err;
            int accepted = hx_position_set_fen(pos, fen, &err) == 0;
            if (accepted != (strchr(fields[2], ch) != NULL))
                fail_msg("%s: castling letter '%c' %s", variants[v], ch,
                         accepted ? "accepted" : "rejected");
            if (!accepted && !strstr(err.message, "is not a castling rook's file"))
                fail_msg("%s: castling letter '%c': %s", variants[v], ch, err.message);
            if (accepted) {
                char back[HX_FEN_MAX], field[2] = {(char)ch, 0};
                hx_position_fen(pos, back);
                assert_non_null(strstr(back, field));
            }
        }
        hx_position_free(pos);
    }
}

/* Each rejection below is one the format defines (docs/conventions.md, "What
 * a valid HexFEN is"), checked by its whole message: the problem and where
 * it is (the field, the rank, the cells) are output, and so is the return
 * value, -1, with the position left as it was. */
static void expect_rejection(const char *variant, const char *fen, const char *message)
{
    hx_error err = {{0}};
    hx_position *pos = open_fen(variant, "std", NULL);
    char before[HX_FEN_MAX], after[HX_FEN_MAX];
    hx_position_fen(pos, before);
    int rc = hx_position_set_fen(pos, fen, &err);
    if (rc != -1)
        fail_msg("%s %.60s...: returned %d, expected -1", variant, fen, rc);
    if (strcmp(err.message, message) != 0)
        fail_msg("%s %.60s...\n  expected '%s'\n  got      '%s'", variant, fen, message, err.message);
    hx_position_fen(pos, after);
    assert_string_equal(before, after);
    hx_position_free(pos);
}

#define SHAFRAN_E2E5 "kqbnr/bppppp/np5/bp6/rp6P/p3P2PR/6PB/5PN/PPPP1B/RNBQK b AIai "
#define BRUSKY_E2E4 "rnbkbqbnr/pppppppppp/11/12/4P7/11/PPPP1PPPPP/RNBQBKBNR b AIdl "

static void rejections_name_the_problem_and_where(void **state)
{
    (void)state;
    static const rejection cases[] = {
        /* the field count, in words that agree with the number */
        {"shafran", "4k/6/7/8/9/9/8/7/6/4K",
         "HexFEN has 1 field; expected at least 4 (placement, side, castling, e.p.)"},
        {"shafran", "4k/6/7/8/9/9/8/7/6/4K w",
         "HexFEN has 2 fields; expected at least 4 (placement, side, castling, e.p.)"},
        {"shafran", "4k/6/7/8/9/9/8/7/6/4K w -",
         "HexFEN has 3 fields; expected at least 4 (placement, side, castling, e.p.)"},
        /* the right number of '/' but a rank left empty, first or last: the
         * other ranks fit, so only the empty one is wrong */
        {"shafran", "4k/6/7/8/9/9/8/7/4K1/ w - - 0 1", "placement has an empty rank"},
        {"shafran", "/4k/6/7/8/9/9/8/7/4K1 w - - 0 1", "placement has an empty rank"},
        /* 24 men a side are allowed, 25 are not (docs/decisions.md) */
        {"glinski", "b/qbk/n1b1n/r5r/ppppppppp/NNNNNNN4/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b - - 0 1",
         "White has 25 men; at most 24 are allowed"},
        {"glinski", "b/qbk/n1b1n/r5r/ppppppppp/nnnnnnn4/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1",
         "Black has 25 men; at most 24 are allowed"},
        /* a castling letter, every rook at home, the king not */
        {"shafran", "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/K4PN/PPPPPB/RNBQ1 w AIai - 0 1",
         "castling right 'A' but no king on e1"},
        {"shafran", "1qbnr/bppppp/npk4/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK w ai - 0 1",
         "castling right 'a' but no king on e10"},
        /* e.p.: after e2-e5 the crossed cells are e3,e4 (victim e5) */
        {"shafran", SHAFRAN_E2E5 "e3:e5 0 1",
         "e.p. field: e3 and the pawn on e5 are not consecutive cells of a multi-step from an empty start cell"},
        {"shafran", SHAFRAN_E2E5 "e4,e3:e5 0 1",
         "e.p. field: e4,... and the pawn on e5 are not consecutive cells of a multi-step from an empty start cell"},
        {"shafran", SHAFRAN_E2E5 "e3,e4:z9 0 1", "e.p. field: 'z9' is not a cell of shafran"},
        {"shafran", SHAFRAN_E2E5 "e3,e4:e5x 0 1", "e.p. field: unexpected 'x'"},
        {"shafran", SHAFRAN_E2E5 "e3,e4x 0 1", "e.p. field: unexpected 'x'"},
        {"brusky", BRUSKY_E2E4 "e3 0 1", "e.p. field: brusky needs the victim's cell (e.g. 'e3:cell')"},
        {"brusky", BRUSKY_E2E4 "e3:e4x 0 1", "e.p. field: unexpected 'x'"},
        {"brusky", BRUSKY_E2E4 "e3:e9 0 1", "e.p. field: 'e9' is not a cell of brusky"},
        /* clocks: at most 9 digits */
        {"shafran", "4k/6/7/8/9/9/8/7/6/4K w - - 1234567890 1",
         "halfmove clock must be a number without leading zeros, not '1234567890'"},
        {"shafran", "4k/6/7/8/9/9/8/7/6/4K w - - 0 1000000000",
         "fullmove number must be a number without leading zeros, not '1000000000'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_rejection(cases[i].variant, cases[i].fen, cases[i].message_part);
}

/* Trailing text is named as such however long it is; only a text that
 * cannot be read at all (2 * HX_FEN_MAX characters or more) is refused as
 * too long, with its length. */
static void long_inputs_are_named(void **state)
{
    (void)state;
    static const char fen[] = "4k/6/7/8/9/9/8/7/6/4K w - - 0 1 ";
    static const size_t lengths[] = {HX_FEN_MAX - 1, HX_FEN_MAX, HX_FEN_MAX + 44, 2 * HX_FEN_MAX - 1,
                                     2 * HX_FEN_MAX, 2 * HX_FEN_MAX + 1, 3 * HX_FEN_MAX};
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        char text[3 * HX_FEN_MAX + 1], message[128];
        memset(text, 'x', lengths[i]);
        memcpy(text, fen, strlen(fen));
        text[lengths[i]] = '\0';
        if (lengths[i] < 2 * HX_FEN_MAX)
            snprintf(message, sizeof message,
                     "trailing text after the fullmove number: 'xxxxxxxxxxxxxxxxxxxx'");
        else
            snprintf(message, sizeof message, "HexFEN is too long (%zu characters)", lengths[i]);
        expect_rejection("shafran", text, message);
    }
    expect_rejection("shafran", "", "empty HexFEN");
}

/* The bounds of the format are inside it: 24 men a side, clocks of 9 digits,
 * and HexChess.club's five fields carry an e.p. cell and both clocks. */
static void limits_are_accepted(void **state)
{
    (void)state;
    round_trip("glinski", "std", "b/qbk/n1b1n/r5r/ppppppppp/NNNNNN5/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b - - 0 1");
    round_trip("glinski", "std", "b/qbk/n1b1n/r5r/ppppppppp/nnnnnn5/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1");
    round_trip("shafran", "std", "4k/6/7/8/9/9/8/7/6/4K w - - 123456789 999999999");
    round_trip("shafran", "std", "4k/6/7/8/9/9/8/7/6/4K b - - 999999999 100000000");
    /* after 1.e4-e6: the club's "b e5 7 12" is HexFEN's "b - e5 7 12" */
    reads_as("glinski", "std", "b/qbk/n1b1n/r5r/ppppppppp/4P6/5P5/6P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b e5 7 12",
             "b/qbk/n1b1n/r5r/ppppppppp/4P6/5P5/6P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b - e5 7 12");
}

static void piece_lists_give_hexfen(void **state)
{
    (void)state;
    hx_error err;
    char fen[HX_FEN_MAX];
    const hx_rules *r = hx_rules_find("shafran", NULL, &err);
    assert_int_equal(hx_fen_from_pieces(r, "W Ke1 Pd5 Pf7, B Ke10 Pe9 Pg9, Black to move", fen, &err), 0);
    assert_string_equal(fen, "k4/1p1p2/7/4P3/9/3P5/8/7/6/4K b - - 0 1");
    assert_int_equal(hx_fen_from_pieces(r, "W Ke1 Kd1, B Ke10", fen, &err), -1);
    assert_int_equal(hx_fen_from_pieces(r, "W Ke1 Zd1, B Ke10", fen, &err), -1);
    assert_non_null(strstr(err.message, "Zd1"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(initial_positions_are_the_specified_strings),
        cmocka_unit_test(every_profile_start_round_trips),
        cmocka_unit_test(special_fields_round_trip),
        cmocka_unit_test(clocks_default_when_missing),
        cmocka_unit_test(hexchess_club_fen_is_read),
        cmocka_unit_test(bad_hexfens_are_rejected_with_a_named_problem),
        cmocka_unit_test(castling_letters_are_the_rooks_files),
        cmocka_unit_test(piece_lists_give_hexfen),
        cmocka_unit_test(rejections_name_the_problem_and_where),
        cmocka_unit_test(long_inputs_are_named),
        cmocka_unit_test(limits_are_accepted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
