#define _POSIX_C_SOURCE 200809L /* strtok_r */
/*
 * test_oracle_fen.c - HexFEN round trips and rejections
 * (docs/conventions.md "What a valid HexFEN is"), the API's error
 * behaviour, and the step vectors against the spec's n-test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "oracle.h"
#include "oracle_int.h"
#include "oracle_test_util.h"

static const struct { const char *v, *fen; } STARTS[] = {
    {"shafran", "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK w AIai - 0 1"},
    {"brusky", "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w AIdl - 0 1"},
    {"glinski", "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1"},
    {"mccooey", "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1"},
};

/* parse + print gives the same text (conventions.md, canonical input). */
static void round_trip_one(const char *v, const char *fen)
{
    struct game g;
    struct position p;
    char err[256] = "", out[FEN_MAX];

    assert_int_equal(orc_game_init(&g, v, "std", err, sizeof err), 0);
    if (orc_fen_parse(&g, fen, &p, err, sizeof err) != 0)
        fail_msg("%s: %s", fen, err);
    assert_int_equal(orc_fen_print(&g, &p, out, sizeof out), 0);
    assert_string_equal(out, fen);
}

static void round_trip(void **s)
{
    char fen[512], child[512];
    (void)s;
    for (int i = 0; i < 4; i++)
        round_trip_one(STARTS[i].v, STARTS[i].fen);
    /* e.p. fields, partial castling, clocks */
    tplay("shafran", "std", STARTS[0].fen, "b1c4 h10g7 a1b1 i10h10", child);
    assert_non_null(strstr(child, " w Ia - 4 3"));
    round_trip_one("shafran", child);
    tplay("shafran", "std", STARTS[0].fen, "e2e5", child);
    assert_non_null(strstr(child, " b AIai e3,e4 0 1"));
    round_trip_one("shafran", child);
    tplay("brusky", "std", STARTS[1].fen, "c2e4", child);
    round_trip_one("brusky", child);
    assert_non_null(strstr(child, " b AIdl d3:e4 0 1"));
    tplay("glinski", "std", STARTS[2].fen, "e4e6 c7c5", child);
    round_trip_one("glinski", child);
    round_trip_one("mccooey", tfen(fen, "mccooey", "Kg1", "Kg10", "b - - 99 1234"));
    /* a victim given where it is the default is accepted, and dropped */
    {
        struct game g;
        struct position p;
        char err[256], out[FEN_MAX];
        orc_game_init(&g, "glinski", "std", err, sizeof err);
        tplay("glinski", "std", STARTS[2].fen, "g4g6", child);
        strcpy(fen, child);
        *strstr(fen, " g5 ") = '\0';
        strcat(fen, " g5:g6 0 1");
        assert_int_equal(orc_fen_parse(&g, fen, &p, err, sizeof err), 0);
        assert_int_equal(orc_fen_print(&g, &p, out, sizeof out), 0);
        assert_string_equal(out, child);
    }
    /* fields 5 and 6 may be omitted */
    {
        char out[1024];
        char err[256];
        assert_int_equal(oracle_moves("glinski", NULL,
                         "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - -",
                         out, sizeof out, err, sizeof err), 0);
        assert_int_equal(oracle_moves("glinski", NULL,
                         "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0",
                         out, sizeof out, err, sizeof err), 0);
    }
}

/* Every child of every start position prints and re-parses identically. */
static void children_round_trip(void **s)
{
    (void)s;
    for (int i = 0; i < 4; i++) {
        char *list = malloc(BIG), *line, *save = NULL, child[512], grand[512];
        assert_non_null(list);
        tmoves(STARTS[i].v, "std", STARTS[i].fen, list);
        for (line = strtok_r(list, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
            tplay(STARTS[i].v, "std", STARTS[i].fen, line, child);
            round_trip_one(STARTS[i].v, child);
            {
                char *l2 = malloc(BIG), *m, *sv = NULL;
                assert_non_null(l2);
                tmoves(STARTS[i].v, "std", child, l2);
                for (m = strtok_r(l2, "\n", &sv); m; m = strtok_r(NULL, "\n", &sv)) {
                    tplay(STARTS[i].v, "std", child, m, grand);
                    round_trip_one(STARTS[i].v, grand);
                }
                free(l2);
            }
        }
        free(list);
    }
}

static void expect_reject(const char *v, const char *p, const char *fen,
                          const char *msg_part)
{
    char out[4096] = "x", err[256] = "";
    if (oracle_moves(v, p, fen, out, sizeof out, err, sizeof err) == 0)
        fail_msg("accepted: %s", fen);
    assert_string_equal(out, "");
    if (strstr(err, msg_part) == NULL)
        fail_msg("%s: message \"%s\" lacks \"%s\"", fen, err, msg_part);
}

#define GL_PLACE "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1"
#define SH_PLACE "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK"

static void rejections(void **s)
{
    char fen[512];
    (void)s;
    expect_reject("glinski", NULL, "b/qbk/n1b1n/r5r/ppppxppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1", "unknown piece letter 'x'");
    expect_reject("glinski", NULL, "b/qbk/n1b1n/r5r/pppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1", "rank 7 has too few");
    expect_reject("glinski", NULL, "b/qbk/n1b1n/r5r/pppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1", "rank 7 has too many");
    expect_reject("glinski", NULL, "b/qbk/n1b1n/r5r/ppppppppp/12/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1", "rank 6 has too many");
    expect_reject("glinski", NULL, "qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1", "ranks");
    expect_reject("glinski", NULL, "b/b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1", "ranks");
    expect_reject("glinski", NULL, "b/qbk/n1b1n/r5r/ppppppppp/11/056/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1", "start with 0");
    expect_reject("glinski", NULL, "b/qb1/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1", "Black has no king");
    expect_reject("glinski", NULL, "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKKRP1 w - - 0 1", "White has more than one king");
    expect_reject("glinski", NULL, GL_PLACE " w - - 0 1 x", "trailing");
    expect_reject("glinski", NULL, GL_PLACE " w - - 0 1 ", "empty field");
    expect_reject("glinski", NULL, GL_PLACE "  w - - 0 1", "empty field");
    expect_reject("glinski", NULL, GL_PLACE " w - - 0 1\n", "fullmove");  /* "1\n" is not a number */
    expect_reject("glinski", NULL, GL_PLACE " w -", "field");
    expect_reject("glinski", NULL, GL_PLACE " x - - 0 1", "side");
    expect_reject("glinski", NULL, GL_PLACE " w - - -1 1", "halfmove");
    expect_reject("glinski", NULL, GL_PLACE " w - - 01 1", "halfmove");
    expect_reject("glinski", NULL, GL_PLACE " w - - 0 0", "fullmove");
    expect_reject("glinski", NULL, GL_PLACE " w - - 0 1a", "fullmove");
    expect_reject("glinski", NULL, GL_PLACE " w - - 1234567890 1", "halfmove");
    expect_reject("glinski", NULL, GL_PLACE " w K - 0 1", "castling");
    expect_reject("glinski", NULL, "", "field");
    expect_reject("glinski", NULL, NULL, "no HexFEN");
    /* castling letters */
    expect_reject("shafran", NULL, SH_PLACE " w AIaj - 0 1", "castling letter 'j'");
    expect_reject("shafran", NULL, SH_PLACE " w AAIai - 0 1", "twice");
    expect_reject("shafran", NULL, tfen(fen, "shafran", "Ke1 Ri5", "Ke10", "w A - 0 1"), "no White rook");
    expect_reject("shafran", NULL, tfen(fen, "shafran", "Kd1 Ra1", "Ke10", "w A - 0 1"), "no White king");
    expect_reject("brusky", "ludii", tfen(fen, "brusky", "Kf1", "Kg8 Rd8", "b d - 0 1"), "no Black king");
    expect_reject("brusky", NULL, tfen(fen, "brusky", "Kf1", "Ki8 Rd8", "b d - 0 1"), "no Black king");
    /* e.p. fields */
    expect_reject("shafran", NULL, tfen(fen, "shafran", "Ke1 Pe4", "Ke10", "b - e3,e4 0 1"), "not empty");
    expect_reject("shafran", NULL, tfen(fen, "shafran", "Ke1 Pe5", "Ke10", "b - e4,e3 0 1"), "consecutive");
    expect_reject("shafran", NULL, tfen(fen, "shafran", "Ke1 Pe6", "Ke10", "b - e3,e5 0 1"), "consecutive");
    expect_reject("shafran", NULL, tfen(fen, "shafran", "Ke1 Pe5", "Ke10", "b - e3,e4,e5 0 1"), "at most 2");
    expect_reject("shafran", NULL, tfen(fen, "shafran", "Ke1 Ne4", "Ke10", "b - e3 0 1"), "no White pawn");
    expect_reject("shafran", NULL, tfen(fen, "shafran", "Ke1 Pe4", "Ke10", "w - e3 0 1"), "no Black pawn");
    expect_reject("shafran", NULL, tfen(fen, "shafran", "Ke1 Pe4", "Ke10", "b - z3 0 1"), "not a cell");
    expect_reject("shafran", NULL, tfen(fen, "shafran", "Ke1 Pe4", "Ke10", "b - f1 0 1"), "not a cell");
    expect_reject("shafran", NULL, tfen(fen, "shafran", "Ke1 Pe4", "Ke10", "b - e3:e5 0 1"), "victim");
    expect_reject("glinski", NULL, tfen(fen, "glinski", "Kg1 Pe5", "Kg10", "b - e3,e4 0 1"), "at most 1");
    expect_reject("brusky", NULL, tfen(fen, "brusky", "Ka1 Pe4", "Kl8", "b - e3 0 1"), "needs the victim");
    expect_reject("brusky", NULL, tfen(fen, "brusky", "Ka1 Pe4", "Kl8", "b - e3:d4 0 1"), "victim");
    expect_reject("brusky", NULL, tfen(fen, "brusky", "Ka1 Pe4", "Kl8", "b - e3:e4:e5 0 1"), "':'");
    /* pawns on their own promotion cells */
    expect_reject("shafran", NULL, tfen(fen, "shafran", "Ke1 Pa6", "Ke10", "w - - 0 1"), "White pawn on its promotion cell a6");
    expect_reject("glinski", NULL, tfen(fen, "glinski", "Kg1", "Kg10 Pa1", "w - - 0 1"), "Black pawn on its promotion cell a1");
    expect_reject("brusky", NULL, tfen(fen, "brusky", "Ka1 Pg8", "Kl8", "w - - 0 1"), "promotion cell g8");
    /* the side not to move in check */
    expect_reject("mccooey", NULL, tfen(fen, "mccooey", "Kf9 Qf10", "Kf11", "w - - 0 1"), "not to move (Black) is in check");
    /* unsupported names */
    expect_reject("hexagonal", NULL, STARTS[0].fen, "unknown variant");
    expect_reject("shafran", "nope", STARTS[0].fen, "unknown profile");
    expect_reject("shafran", "neg-glinski-capture", STARTS[0].fen, "negative control");
}

/* Valid e.p. fields, next to the rejections above. */
static void ep_accepted(void **s)
{
    char fen[512];
    (void)s;
    /* the last crossed cell is e4, so the victim is e5 */
    assert_true(tcount("shafran", NULL, tfen(fen, "shafran", "Ke1 Pe5", "Ke10 Pd5", "b - e3,e4 0 1")) > 0);
    assert_true(thas("shafran", NULL, fen, "d5e4"));  /* Black captures e.p. on e4 */
    {   /* a single crossed cell e4 means a start on e3, which is no start cell */
        char out[4096], err[256];
        tfen(fen, "shafran", "Ke1 Pe5", "Ke10", "b - e4:e5 0 1");
        assert_int_not_equal(oracle_moves("shafran", NULL, fen, out, sizeof out, err, sizeof err), 0);
        assert_non_null(strstr(err, "start cell"));
    }
    assert_true(tcount("brusky", NULL, tfen(fen, "brusky", "Ka1 Pf4", "Kl8", "b - e3:f4 0 1")) > 0);
    assert_true(tcount("brusky", NULL, tfen(fen, "brusky", "Ka1", "Kl8 Pf5", "w - f6:f5 0 1")) > 0);
}

static void accepted_oddities(void **s)
{
    char fen[512];
    (void)s;
    /* a White pawn on a1 (Glinski) is legal: a1 is Black's promotion cell */
    assert_int_equal(tcount("glinski", NULL, tfen(fen, "glinski", "Kg1 Pa1", "Kg10", "w - - 0 1")) > 0, 1);
    /* castling letters in any order are read (printed canonically) */
    {
        struct game g;
        struct position p;
        char err[256], out[FEN_MAX];
        orc_game_init(&g, "shafran", NULL, err, sizeof err);
        assert_int_equal(orc_fen_parse(&g, SH_PLACE " w aiIA - 0 1", &p, err, sizeof err), 0);
        assert_int_equal(orc_fen_print(&g, &p, out, sizeof out), 0);
        assert_string_equal(out, STARTS[0].fen);
    }
}

static void api_errors(void **s)
{
    char out[4096], err[256], tiny[8];
    uint64_t n = 7;
    (void)s;
    assert_true(oracle_supports("shafran", NULL));
    assert_true(oracle_supports("brusky", "greenchess"));
    assert_true(oracle_supports("glinski", "jackson5"));
    assert_true(oracle_supports("mccooey", "ludii"));
    assert_false(oracle_supports("glinski", "diag-firstmove"));
    assert_false(oracle_supports("brusky", "neg-vcap-ep"));
    assert_false(oracle_supports("mccooey", "jocly"));
    assert_false(oracle_supports(NULL, NULL));
    /* too small buffers: error, output NUL-terminated and empty */
    assert_int_not_equal(oracle_start_fen("shafran", NULL, tiny, sizeof tiny, err, sizeof err), 0);
    assert_string_equal(tiny, "");
    assert_non_null(strstr(err, "too small"));
    assert_int_not_equal(oracle_moves("glinski", NULL, STARTS[2].fen, tiny, sizeof tiny, err, sizeof err), 0);
    assert_string_equal(tiny, "");
    assert_int_not_equal(oracle_status("glinski", NULL, STARTS[2].fen, tiny, 5, err, sizeof err), 0);
    assert_string_equal(tiny, "");
    assert_int_not_equal(oracle_play("glinski", NULL, STARTS[2].fen, "g4g6", tiny, sizeof tiny, err, sizeof err), 0);
    assert_string_equal(tiny, "");
    assert_int_not_equal(oracle_moves("glinski", NULL, STARTS[2].fen, NULL, 0, err, sizeof err), 0);
    /* a move list fits exactly in strlen + 1 bytes, not in strlen */
    {
        size_t len;
        char *exact;
        tmoves("glinski", NULL, STARTS[2].fen, out);
        len = strlen(out);
        exact = malloc(len + 1);
        assert_non_null(exact);
        assert_int_equal(oracle_moves("glinski", NULL, STARTS[2].fen, exact, len + 1, err, sizeof err), 0);
        assert_string_equal(exact, out);
        assert_int_not_equal(oracle_moves("glinski", NULL, STARTS[2].fen, exact, len, err, sizeof err), 0);
        assert_string_equal(exact, "");
        free(exact);
    }
    /* illegal or malformed move */
    assert_int_not_equal(oracle_play("glinski", NULL, STARTS[2].fen, "g4g7", out, sizeof out, err, sizeof err), 0);
    assert_non_null(strstr(err, "not a legal move"));
    assert_int_not_equal(oracle_play("glinski", NULL, STARTS[2].fen, "", out, sizeof out, err, sizeof err), 0);
    assert_int_not_equal(oracle_play("glinski", NULL, STARTS[2].fen, NULL, out, sizeof out, err, sizeof err), 0);
    /* counters at their maximum: a move that would overflow them fails */
    {
        char fen[512];
        tfen(fen, "glinski", "Kg1 Pe4", "Kg10", "b - - 999999999 999999999");
        assert_int_not_equal(oracle_play("glinski", NULL, fen, "g10g9", out, sizeof out, err, sizeof err), 0);
        assert_string_equal(out, "");
        tfen(fen, "glinski", "Kg1 Pe4", "Kg10", "w - - 999999999 999999999");
        assert_int_equal(oracle_play("glinski", NULL, fen, "e4e5", out, sizeof out, err, sizeof err), 0);
        assert_non_null(strstr(out, " b - - 0 999999999"));
        assert_int_not_equal(oracle_play("glinski", NULL, fen, "g1g2", out, sizeof out, err, sizeof err), 0);
    }
    /* perft depth bounds; NULL err is allowed */
    assert_int_equal(oracle_perft("glinski", NULL, STARTS[2].fen, 0, &n, NULL, 0), 0);
    assert_int_equal(n, 1);
    assert_int_not_equal(oracle_perft("glinski", NULL, STARTS[2].fen, -1, &n, err, sizeof err), 0);
    assert_int_not_equal(oracle_perft("glinski", NULL, STARTS[2].fen, 1, NULL, err, sizeof err), 0);
    /* an error message is truncated to errcap */
    assert_int_not_equal(oracle_moves("nonexistent-variant", NULL, STARTS[2].fen, out, sizeof out, tiny, sizeof tiny), 0);
    assert_int_equal((int)strlen(tiny), 7);
}

/* README.md "Lattice": n = dx²-dx·dy+dy² is 1, 3, 7 exactly for the
 * orthogonal, diagonal and knight vectors. */
static int in(const cell *v, int n, int dx, int dy)
{
    for (int i = 0; i < n; i++)
        if (v[i].x == dx && v[i].y == dy)
            return 1;
    return 0;
}

static void step_vectors(void **s)
{
    int counts[3] = {0, 0, 0};
    (void)s;
    for (int dx = -4; dx <= 4; dx++) {
        for (int dy = -4; dy <= 4; dy++) {
            int n = dx * dx - dx * dy + dy * dy;
            assert_int_equal(in(orc_ortho, 6, dx, dy), n == 1);
            assert_int_equal(in(orc_diag, 6, dx, dy), n == 3);
            assert_int_equal(in(orc_knight, 12, dx, dy), n == 7);
            counts[0] += n == 1;
            counts[1] += n == 3;
            counts[2] += n == 7;
        }
    }
    assert_int_equal(counts[0], 6);
    assert_int_equal(counts[1], 6);
    assert_int_equal(counts[2], 12);
}

/* Board sizes from the spec: 70, 84, 91 cells; ranks as listed. */
static void board_sizes(void **s)
{
    static const struct { const char *v; int cells; } T[] = {
        {"shafran", 70}, {"brusky", 84}, {"glinski", 91}, {"mccooey", 91}};
    (void)s;
    for (int i = 0; i < 4; i++) {
        struct game g;
        int n = 0;
        char err[128];
        assert_int_equal(orc_game_init(&g, T[i].v, NULL, err, sizeof err), 0);
        for (int x = 0; x < NX; x++)
            for (int y = 0; y < NY; y++) {
                cell c = {(signed char)x, (signed char)y};
                n += on_board(&g, c);
            }
        assert_int_equal(n, T[i].cells);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip),
        cmocka_unit_test(children_round_trip),
        cmocka_unit_test(rejections),
        cmocka_unit_test(ep_accepted),
        cmocka_unit_test(accepted_oddities),
        cmocka_unit_test(api_errors),
        cmocka_unit_test(step_vectors),
        cmocka_unit_test(board_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
