/*
 * test_oracle_perft.c - published move counts (README.md, §8 of each
 * variant file), the start positions of every profile, and the depth-1
 * derivations the spec gives (exact move lists for Glinski and McCooey).
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
#include "oracle_test_util.h"

/* docs/conventions.md "Initial positions". */
#define SHAFRAN_START "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK w AIai - 0 1"
#define BRUSKY_START "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w AIdl - 0 1"
#define GLINSKI_START "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1"
#define MCCOOEY_START "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1"

/* ---- Published perft, default profiles -------------------------------- */

static void check_published(const char *v, const char *start, uint64_t d1,
                            uint64_t d2, uint64_t d3)
{
    assert_int_equal(tperft(v, "std", start, 0), 1);
    assert_int_equal(tperft(v, "std", start, 1), d1);
    assert_int_equal(tperft(v, "std", start, 2), d2);
    assert_int_equal(tperft(v, "std", start, 3), d3);
}

static void published_shafran(void **s)
{
    (void)s;
    check_published("shafran", SHAFRAN_START, 42, 1706, 75494);
}

static void published_brusky(void **s)
{
    (void)s;
    check_published("brusky", BRUSKY_START, 61, 3583, 217683);
}

static void published_glinski(void **s)
{
    (void)s;
    check_published("glinski", GLINSKI_START, 51, 2586, 137858);
}

static void published_mccooey(void **s)
{
    (void)s;
    check_published("mccooey", MCCOOEY_START, 31, 947, 33307);
}

/* ---- Deep counts: threads and the table give the plain count ------------ */

static void check_deep(const char *v, const char *p, const char *fen, int depth)
{
    uint64_t plain = 0, deep = 0;
    char err[256];
    assert_int_equal(oracle_perft(v, p, fen, depth, &plain, err, sizeof err), 0);
    /* 1 MB: a few thousand slots, so entries are replaced all the time. */
    assert_int_equal(oracle_perft_deep(v, p, fen, depth, 3, 1, &deep, err, sizeof err), 0);
    assert_int_equal(deep, plain);
    assert_int_equal(oracle_perft_deep(v, p, fen, depth, 1, 1, &deep, err, sizeof err), 0);
    assert_int_equal(deep, plain);
    assert_int_equal(oracle_perft_deep(v, p, fen, depth, 2, 0, &deep, err, sizeof err), 0);
    assert_int_equal(deep, plain);
}

static void deep_equals_plain(void **s)
{
    char err[256];
    uint64_t n = 0;
    (void)s;
    check_deep("shafran", "std", SHAFRAN_START, 3);
    check_deep("brusky", "std", BRUSKY_START, 3);
    check_deep("glinski", "std", GLINSKI_START, 3);
    check_deep("mccooey", "std", MCCOOEY_START, 4);
    /* Brusky after a double step (f2h4: the crossed cell g3 alone does not
     * name the victim), castling rights in play. */
    check_deep("brusky", "std", "rnbkbqbnr/1ppppppppp/1p9/12/4P2P4/11/PPPP2PPPP/RNBQBKBNR b AIdl g3:h4 0 2", 3);
    assert_int_not_equal(oracle_perft_deep("glinski", "std", GLINSKI_START, 2, 0, 0, &n, err, sizeof err), 0);
    assert_non_null(strstr(err, "threads"));
}

/* The deep count refuses what it cannot do, naming it, and never counts. */
static void deep_refusals(void **s)
{
    char err[256];
    uint64_t n = 7;
    (void)s;
    assert_int_not_equal(oracle_perft_deep("glinski", "std", GLINSKI_START, 2, 1, 0, NULL, err, sizeof err), 0);
    assert_non_null(strstr(err, "no output"));
    assert_int_not_equal(oracle_perft_deep("glinski", "std", GLINSKI_START, -1, 1, 0, &n, err, sizeof err), 0);
    assert_non_null(strstr(err, "depth -1"));
    assert_int_equal(n, 0);
    assert_int_not_equal(oracle_perft_deep("glinski", "std", GLINSKI_START, 99, 1, 0, &n, err, sizeof err), 0);
    assert_non_null(strstr(err, "depth 99"));
    assert_int_not_equal(oracle_perft_deep("glinski", "std", GLINSKI_START, 2, 100000, 0, &n, err, sizeof err), 0);
    assert_non_null(strstr(err, "threads 100000"));
    assert_int_not_equal(oracle_perft_deep("glinski", "nosuch", GLINSKI_START, 2, 2, 1, &n, err, sizeof err), 0);
    assert_int_not_equal(oracle_perft_deep("glinski", "std", "not a fen", 2, 2, 1, &n, err, sizeof err), 0);
    assert_int_equal(n, 0);
    /* Below depth 2 there is nothing to share among threads: counted alone. */
    assert_int_equal(oracle_perft_deep("glinski", "std", GLINSKI_START, 1, 2, 0, &n, err, sizeof err), 0);
    assert_int_equal(n, 51);
}

/* ---- Start positions of every profile ---------------------------------- */

static void start_strings(void **s)
{
    static const struct { const char *v, *p, *fen; } T[] = {
        {"shafran", NULL, SHAFRAN_START},
        {"shafran", "", SHAFRAN_START},
        {"shafran", "std", SHAFRAN_START},
        {"shafran", "jocly", SHAFRAN_START},
        {"shafran", "ludii", SHAFRAN_START},
        {"shafran", "cvp", SHAFRAN_START},
        {"shafran", "seed", SHAFRAN_START},
        {"brusky", "std", BRUSKY_START},
        {"brusky", "seed", BRUSKY_START},
        {"brusky", "jocly", BRUSKY_START},
        {"brusky", "greenchess", BRUSKY_START},
        /* brusky.md §6: Black mirrored, K i8 Q g8 R d8 l8 N e8 k8 B f8 h8 j8 */
        {"brusky", "ludii", "rnbqbkbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w AIdl - 0 1"},
        {"glinski", "std", GLINSKI_START},
        {"glinski", "draw", GLINSKI_START},
        {"glinski", "ludii", GLINSKI_START},
        /* glinski.md §6, hand-written: W b1 c2 d3 e3 f4 g3 h3 i2 k1,
         * B b7 c7 d7 e8 f8 g8 h7 i7 k7 */
        {"glinski", "jackson3", "b/qbk/n1b1n/r1ppp1r/ppp3ppp/11/11/5P5/3PPBPP3/2P2B2P2/1PRNQBKNRP1 w - - 0 1"},
        /* W b1 c2 d2 e3 f4 g3 h2 i2 k1, B b7 c7 d8 e8 f8 g8 h8 i7 k7 */
        {"glinski", "jackson5", "b/qbk/n1b1n/rpppppr/pp5pp/11/11/5P5/4PBP4/2PP1B1PP2/1PRNQBKNRP1 w - - 0 1"},
        {"mccooey", "std", MCCOOEY_START},
        {"mccooey", "ludii", MCCOOEY_START},
    };
    char out[512];
    (void)s;
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        tstart(T[i].v, T[i].p, out);
        assert_string_equal(out, T[i].fen);
    }
}

/* The start arrays agree with the spec's piece tables, built independently. */
static void start_arrays_from_tables(void **s)
{
    char a[512], b[512];
    (void)s;
    tfen(a, "shafran", "Ke1 Qd1 Ra1 Ri5 Bc1 Bf2 Bh4 Nb1 Ng3 Pa2 Pb2 Pc2 Pd2 Pe2 Pf3 Pg4 Ph5 Pi6",
         "Ke10 Qf10 Ra6 Ri10 Bb7 Bd9 Bg10 Nc8 Nh10 Pa5 Pb6 Pc7 Pd8 Pe9 Pf9 Pg9 Ph9 Pi9", "w AIai - 0 1");
    tstart("shafran", "std", b);
    assert_string_equal(a, b);
    tfen(a, "brusky", "Kf1 Qd1 Ra1 Ri1 Bc1 Be1 Bg1 Nb1 Nh1 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2 Pi2 Pj2",
         "Kg8 Qi8 Rd8 Rl8 Bf8 Bh8 Bj8 Ne8 Nk8 Pc7 Pd7 Pe7 Pf7 Pg7 Ph7 Pi7 Pj7 Pk7 Pl7", "w AIdl - 0 1");
    tstart("brusky", "std", b);
    assert_string_equal(a, b);
    tfen(a, "glinski", "Kg1 Qe1 Rc1 Ri1 Bf1 Bf2 Bf3 Nd1 Nh1 Pb1 Pc2 Pd3 Pe4 Pf5 Pg4 Ph3 Pi2 Pk1",
         "Kg10 Qe10 Rc8 Ri8 Bf9 Bf10 Bf11 Nd9 Nh9 Pb7 Pc7 Pd7 Pe7 Pf7 Pg7 Ph7 Pi7 Pk7", "w - - 0 1");
    tstart("glinski", "std", b);
    assert_string_equal(a, b);
    tfen(a, "mccooey", "Kg1 Qe1 Rd1 Rh1 Bf1 Bf2 Bf3 Ne2 Ng2 Pc1 Pd2 Pe3 Pf4 Pg3 Ph2 Pi1",
         "Kg10 Qe10 Rd9 Rh9 Bf9 Bf10 Bf11 Ne9 Ng9 Pc8 Pd8 Pe8 Pf8 Pg8 Ph8 Pi8", "w - - 0 1");
    tstart("mccooey", "std", b);
    assert_string_equal(a, b);
}

/* ---- Depth-1 derivations ------------------------------------------------ */

/* glinski.md §8: HCC's list of all 51 moves. */
static void glinski_51_moves(void **s)
{
    const char *expect[] = {
        "b1b2", "b1b3", "c2c3", "c2c4", "d3d4", "d3d5", "e4e5", "e4e6", "f5f6",
        "g4g5", "g4g6", "h3h4", "h3h5", "i2i3", "i2i4", "k1k2", "k1k3",
        "c1d2", "c1e3", "c1f4", "i1h2", "i1g3", "i1f4",
        "d1b2", "d1c3", "d1f4", "d1g2", "h1e2", "h1f4", "h1i3", "h1k2",
        "e1e2", "e1e3", "e1d2", "e1c3", "e1b4", "e1a5",
        "f1e2", "f1g2", "f2b6", "f2c5", "f2d4", "f2e3", "f2g3", "f2h4", "f2i5",
        "f2k6", "f3d2", "f3h2",
        "g1g2", "g1h2"};
    char *list = malloc(BIG);
    (void)s;
    assert_non_null(list);
    tmoves("glinski", "std", GLINSKI_START, list);
    for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++) {
        char line[16];
        snprintf(line, sizeof line, "%s\n", expect[i]);
        if (strstr(list, line) == NULL)
            fail_msg("missing %s", expect[i]);
    }
    assert_int_equal(tcount("glinski", "std", GLINSKI_START), 51);
    /* draw and ludii: same moves (glinski.md §6) */
    assert_int_equal(tcount("glinski", "draw", GLINSKI_START), 51);
    assert_int_equal(tcount("glinski", "ludii", GLINSKI_START), 51);
    free(list);
}

/* mccooey.md §8: TALV's list of the 31 moves, sorted byte-wise. */
static void mccooey_31_moves(void **s)
{
    const char *expect =
        "c1c2\nc1c3\nd2d3\nd2d4\ne2b1\ne2c3\ne2d4\ne2f5\ne2g4\ne3e4\ne3e5\n"
        "f3b7\nf3c6\nf3d5\nf3e4\nf3g4\nf3h5\nf3i6\nf3k7\nf4f5\n"
        "g2e4\ng2f5\ng2h4\ng2i3\ng2k1\ng3g4\ng3g5\nh2h3\nh2h4\ni1i2\ni1i3\n";
    char *list = malloc(BIG);
    (void)s;
    assert_non_null(list);
    tmoves("mccooey", "std", MCCOOEY_START, list);
    assert_string_equal(list, expect);
    tmoves("mccooey", "ludii", MCCOOEY_START, list);
    assert_string_equal(list, expect);
    free(list);
}

/* shafran.md §8: 19 pawn (1+2+2+3+3+3+2+2+1), 7 knight, 12 bishop (4 each),
 * 4 queen, no rook or king moves. No profile changes the first move. */
static void shafran_42_breakdown(void **s)
{
    static const char *profiles[] = {"std", "jocly", "ludii", "cvp", "seed"};
    char out[1024];
    (void)s;
    for (size_t i = 0; i < 5; i++) {
        const char *p = profiles[i];
        tmoves_from("shafran", p, SHAFRAN_START, "a2", out);
        assert_string_equal(out, "a2a3");
        tmoves_from("shafran", p, SHAFRAN_START, "b2", out);
        assert_string_equal(out, "b2b3 b2b4");
        tmoves_from("shafran", p, SHAFRAN_START, "c2", out);
        assert_string_equal(out, "c2c3 c2c4");
        tmoves_from("shafran", p, SHAFRAN_START, "d2", out);
        assert_string_equal(out, "d2d3 d2d4 d2d5");
        tmoves_from("shafran", p, SHAFRAN_START, "e2", out);
        assert_string_equal(out, "e2e3 e2e4 e2e5");
        tmoves_from("shafran", p, SHAFRAN_START, "f3", out);
        assert_string_equal(out, "f3f4 f3f5 f3f6");
        tmoves_from("shafran", p, SHAFRAN_START, "g4", out);
        assert_string_equal(out, "g4g5 g4g6");
        tmoves_from("shafran", p, SHAFRAN_START, "h5", out);
        assert_string_equal(out, "h5h6 h5h7");
        tmoves_from("shafran", p, SHAFRAN_START, "i6", out);
        assert_string_equal(out, "i6i7");
        tmoves_from("shafran", p, SHAFRAN_START, "b1", out);
        assert_string_equal(out, "b1a3 b1c4 b1d4 b1e3");
        tmoves_from("shafran", p, SHAFRAN_START, "g3", out);
        assert_string_equal(out, "g3e4 g3f5 g3h6");
        tmoves_from("shafran", p, SHAFRAN_START, "d1", out);
        assert_string_equal(out, "d1e3 d1f5 d1g7 d1h9");
        tmoves_from("shafran", p, SHAFRAN_START, "e1", out);
        assert_string_equal(out, "");
        tmoves_from("shafran", p, SHAFRAN_START, "a1", out);
        assert_string_equal(out, "");
        tmoves_from("shafran", p, SHAFRAN_START, "i5", out);
        assert_string_equal(out, "");
        assert_int_equal(tcount("shafran", p, SHAFRAN_START), 42);
    }
}

/* brusky.md §8: 40 pawn (each pawn one and two cells NW and NE), 8 knight,
 * 9 bishop, 3 queen, 1 king (f1-g3). The first move is the same in every
 * profile: no enemy is adjacent (cross-block), no vertical capture is
 * possible, and under ludii every forward cell of rank 2 exists (a3-k3). */
static void brusky_61_breakdown(void **s)
{
    static const char *profiles[] = {"std", "seed", "jocly", "ludii", "greenchess"};
    static const char *files = "abcdefghij";
    char out[1024], from[4], expect[64];
    (void)s;
    for (size_t i = 0; i < 5; i++) {
        const char *p = profiles[i];
        int knights = 0, bishops = 0;
        char start[512];
        tstart("brusky", p, start);
        for (int f = 0; f < 10; f++) {  /* pawn on x: (x,2) (x,3) (x+1,2) (x+2,3) */
            snprintf(from, sizeof from, "%c2", files[f]);
            snprintf(expect, sizeof expect, "%s%c3 %s%c4 %s%c3 %s%c4", from,
                     files[f], from, files[f], from, files[f] + 1, from,
                     files[f] + 2);
            tmoves_from("brusky", p, start, from, out);
            assert_string_equal(out, expect);
        }
        tmoves_from("brusky", p, start, "f1", out);
        assert_string_equal(out, "f1g3");
        tmoves_from("brusky", p, start, "d1", out);
        assert_int_equal((int)strlen(out), 3 * 4 + 2);
        tmoves_from("brusky", p, start, "b1", out);
        knights += out[0] ? (int)(strlen(out) + 1) / 5 : 0;
        tmoves_from("brusky", p, start, "h1", out);
        knights += out[0] ? (int)(strlen(out) + 1) / 5 : 0;
        assert_int_equal(knights, 8);
        for (const char *b = "ceg"; *b; b++) {
            snprintf(from, sizeof from, "%c1", *b);
            tmoves_from("brusky", p, start, from, out);
            bishops += out[0] ? (int)(strlen(out) + 1) / 5 : 0;
        }
        assert_int_equal(bishops, 9);
        assert_int_equal(tcount("brusky", p, start), 61);
    }
}

/* Profiles whose spec says "same moves" as std give the published counts. */
static void same_move_profiles(void **s)
{
    (void)s;
    assert_int_equal(tperft("shafran", "ludii", SHAFRAN_START, 3), 75494);
    assert_int_equal(tperft("glinski", "draw", GLINSKI_START, 3), 137858);
    assert_int_equal(tperft("glinski", "ludii", GLINSKI_START, 3), 137858);
    assert_int_equal(tperft("mccooey", "ludii", MCCOOEY_START, 3), 33307);
    /* cvp differs only in castling, impossible before ply 5 */
    assert_int_equal(tperft("shafran", "cvp", SHAFRAN_START, 3), 75494);
}

/* Jackson arrays (glinski.md §6): every pawn has its step and double step
 * (start cells = that profile's pawn cells); f4's double step reaches f6. */
static void jackson_pawns(void **s)
{
    char fen[512], out[256];
    (void)s;
    tstart("glinski", "jackson3", fen);
    tmoves_from("glinski", "jackson3", fen, "e3", out);
    assert_string_equal(out, "e3e4 e3e5");
    tmoves_from("glinski", "jackson3", fen, "f4", out);
    assert_string_equal(out, "f4f5 f4f6");
    tmoves_from("glinski", "jackson3", fen, "g3", out);
    assert_string_equal(out, "g3g4 g3g5");
    tstart("glinski", "jackson5", fen);
    tmoves_from("glinski", "jackson5", fen, "d2", out);
    assert_string_equal(out, "d2d3 d2d4");
    tmoves_from("glinski", "jackson5", fen, "h2", out);
    assert_string_equal(out, "h2h3 h2h4");
    /* Black's mirrored f8 double-steps too */
    tplay("glinski", "jackson5", fen, "f4f5", out);
    assert_true(thas("glinski", "jackson5", out, "f8f6"));
    /* std start cells are not start cells under jackson3: a pawn on e4 */
    tstart("glinski", "jackson3", fen);
    tplay("glinski", "jackson3", fen, "e3e4 b7b6", out);
    tmoves_from("glinski", "jackson3", out, "e4", fen);
    assert_string_equal(fen, "e4e5");
    /* ... while the std array would let e4 double-step */
    tstart("glinski", "std", fen);
    tmoves_from("glinski", "std", fen, "e4", out);
    assert_string_equal(out, "e4e5 e4e6");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(published_shafran),
        cmocka_unit_test(published_brusky),
        cmocka_unit_test(published_glinski),
        cmocka_unit_test(published_mccooey),
        cmocka_unit_test(deep_equals_plain),
        cmocka_unit_test(deep_refusals),
        cmocka_unit_test(start_strings),
        cmocka_unit_test(start_arrays_from_tables),
        cmocka_unit_test(glinski_51_moves),
        cmocka_unit_test(mccooey_31_moves),
        cmocka_unit_test(shafran_42_breakdown),
        cmocka_unit_test(brusky_61_breakdown),
        cmocka_unit_test(same_move_profiles),
        cmocka_unit_test(jackson_pawns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
