/*
 * test_oracle_api.c - the oracle's API on bad arguments: every entry point
 * reports the problem instead of crashing, and never writes past `cap`.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "oracle.h"

static const char *start = "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1";

static void expect_error(int rc, const char *err, const char *part)
{
    assert_int_not_equal(rc, 0);
    if (!strstr(err, part))
        fail_msg("expected '%s' in '%s'", part, err);
}

static void buffers_too_small_or_missing(void **state)
{
    (void)state;
    char out[8], err[256];
    expect_error(oracle_start_fen("mccooey", "std", out, sizeof out, err, sizeof err), err, "too small");
    expect_error(oracle_start_fen("mccooey", "std", NULL, 0, err, sizeof err), err, "no output buffer");
    expect_error(oracle_moves("mccooey", "std", start, out, sizeof out, err, sizeof err), err, "too small");
    expect_error(oracle_moves("mccooey", "std", start, NULL, 0, err, sizeof err), err, "no output buffer");
    expect_error(oracle_children("mccooey", "std", start, out, sizeof out, err, sizeof err), err, "too small");
    expect_error(oracle_children("mccooey", "std", start, NULL, 0, err, sizeof err), err, "no output buffer");
    expect_error(oracle_status("mccooey", "std", start, out, 3, err, sizeof err), err, "too small");
    expect_error(oracle_play("mccooey", "std", start, "f4f5", out, sizeof out, err, sizeof err), err, "too small");
    uint64_t nodes;
    expect_error(oracle_perft("mccooey", "std", start, 1, NULL, err, sizeof err), err, "no output");
    expect_error(oracle_perft("mccooey", "std", start, -1, &nodes, err, sizeof err), err, "depth");
    expect_error(oracle_perft("mccooey", "std", start, 99, &nodes, err, sizeof err), err, "depth");
    assert_int_equal(oracle_perft("mccooey", "std", start, 0, &nodes, err, sizeof err), 0);
    assert_int_equal(nodes, 1);
}

static void bad_names_and_positions(void **state)
{
    (void)state;
    char out[4096], err[256];
    uint64_t nodes;
    assert_int_equal(oracle_supports("chess", "std"), 0);
    assert_int_equal(oracle_supports("brusky", "neg-vcap-ep"), 0);
    assert_int_equal(oracle_supports("brusky", NULL), 1);
    expect_error(oracle_start_fen("chess", "std", out, sizeof out, err, sizeof err), err, "chess");
    expect_error(oracle_moves("mccooey", "nonesuch", start, out, sizeof out, err, sizeof err), err, "nonesuch");
    expect_error(oracle_moves("mccooey", "std", "garbage", out, sizeof out, err, sizeof err), err, "");
    expect_error(oracle_status("mccooey", "std", "garbage", out, sizeof out, err, sizeof err), err, "");
    expect_error(oracle_children("mccooey", "std", "garbage", out, sizeof out, err, sizeof err), err, "");
    expect_error(oracle_play("mccooey", "std", "garbage", "f4f5", out, sizeof out, err, sizeof err), err, "");
    expect_error(oracle_perft("mccooey", "std", "garbage", 1, &nodes, err, sizeof err), err, "");
    expect_error(oracle_play("mccooey", "std", start, NULL, out, sizeof out, err, sizeof err), err, "no move");
    expect_error(oracle_play("mccooey", "std", start, "f4f6", out, sizeof out, err, sizeof err), err, "not a legal move");
    /* A NULL err is allowed. */
    assert_int_not_equal(oracle_moves("mccooey", "std", "garbage", out, sizeof out, NULL, 0), 0);
}

static void children_match_play(void **state)
{
    (void)state;
    static char children[65536];
    char err[256], fen[512];
    assert_int_equal(oracle_children("mccooey", "std", start, children, sizeof children, err, sizeof err), 0);
    int n = 0;
    for (char *line = strtok(children, "\n"); line; line = strtok(NULL, "\n"), n++) {
        char *space = strchr(line, ' ');
        assert_non_null(space);
        *space = '\0';
        assert_int_equal(oracle_play("mccooey", "std", start, line, fen, sizeof fen, err, sizeof err), 0);
        assert_string_equal(fen, space + 1);
    }
    assert_int_equal(n, 31);
}

/* oracle_examine gives what oracle_moves, oracle_status and oracle_play
 * give, from one parse: in the initial position, in check and in mate. */
static void examine_matches_moves_status_play(void **state)
{
    (void)state;
    static const char *const fens[] = {
        "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1",
        "k/1Q1/5/7/9/11/11/11/11/11/6K4 b - - 0 1",    /* check: the queen is unprotected */
        "k/1Q1/2K2/7/9/11/11/11/11/11/11 b - - 0 1",   /* checkmate (source-statements) */
    };
    static const char *const statuses[] = {"ongoing", "check", "checkmate"};
    static struct oracle_view view;
    static char moves[65536];
    char err[256], status[16], child[512];
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        const char *move = i ? NULL : "f4f5";
        assert_int_equal(oracle_examine("mccooey", "std", fens[i], move, &view, err, sizeof err), 0);
        assert_int_equal(oracle_moves("mccooey", "std", fens[i], moves, sizeof moves, err, sizeof err), 0);
        assert_string_equal(view.moves, moves);
        assert_int_equal(oracle_status("mccooey", "std", fens[i], status, sizeof status, err, sizeof err), 0);
        assert_string_equal(view.status, status);
        assert_string_equal(view.status, statuses[i]);
        if (move) {
            assert_int_equal(oracle_play("mccooey", "std", fens[i], move, child, sizeof child, err, sizeof err), 0);
            assert_string_equal(view.child, child);
            assert_string_equal(view.child_error, "");
        } else {
            assert_string_equal(view.child, "");
        }
    }
    assert_int_equal(oracle_examine("mccooey", "std", start, "f4f6", &view, err, sizeof err), 0);
    assert_string_equal(view.child, "");
    assert_non_null(strstr(view.child_error, "not a legal move"));
    expect_error(oracle_examine("mccooey", "std", "garbage", "f4f5", &view, err, sizeof err), err, "");
    expect_error(oracle_examine("mccooey", "std", start, "f4f5", NULL, err, sizeof err), err, "no output");
}

/* Rules of the API's outputs: an empty buffer (cap 0) is no buffer, the same
 * error as NULL, and the functions that clear their output first clear
 * nothing they were not given. */
static void an_empty_buffer_is_no_buffer(void **state)
{
    (void)state;
    char out[64] = "untouched", err[256];
    expect_error(oracle_start_fen("mccooey", "std", out, 0, err, sizeof err), err, "no output buffer");
    expect_error(oracle_moves("mccooey", "std", start, out, 0, err, sizeof err), err, "no output buffer");
    expect_error(oracle_children("mccooey", "std", start, out, 0, err, sizeof err), err, "no output buffer");
    expect_error(oracle_status("mccooey", "std", start, out, 0, err, sizeof err), err, "no output buffer");
    expect_error(oracle_status("mccooey", "std", start, NULL, 0, err, sizeof err), err, "no output buffer");
    expect_error(oracle_play("mccooey", "std", start, "f4f5", out, 0, err, sizeof err), err, "no output buffer");
    expect_error(oracle_play("mccooey", "std", start, "f4f5", NULL, 0, err, sizeof err), err, "no output buffer");
    assert_string_equal(out, "untouched");
}

/* A cell name is a file letter of the board, then its rank in decimal,
 * 1 to the board's ranks, without a leading 0 (docs/rules, HexFEN's
 * e.p. field); anything else is not a cell. The e.p. field names cells. */
static void ep_cells_are_file_then_rank(void **state)
{
    (void)state;
    char out[4096], err[256];
    /* Glinski, White's f5-f7 ... here Black's last double step crossed e8 */
    static const char *const not_cells[] = {
        "e0",    /* rank 0 */
        "e;",    /* a rank that is not a digit (';' follows '9') */
        "e1/",   /* a second rank character below '0' */
        "e1;",   /* and above '9' */
        "e1000", /* four characters */
        "e",     /* no rank */
        "z5",    /* not a file of the board */
    };
    for (size_t i = 0; i < sizeof not_cells / sizeof not_cells[0]; i++) {
        char fen[256];
        snprintf(fen, sizeof fen, "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b - %s 0 1",
                 not_cells[i]);
        expect_error(oracle_moves("glinski", "std", fen, out, sizeof out, err, sizeof err), err, "is not a cell");
    }
}

/* The placement field holds piece letters, digits and '/': a control
 * character or a byte above 127 is named by its code, not printed. */
static void placement_bytes_are_named_by_code(void **state)
{
    (void)state;
    char out[4096], err[256];
    expect_error(oracle_moves("mccooey", "std", "b/qbk/rnbnr/ppp\tpppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1",
                              out, sizeof out, err, sizeof err), err, "unknown character 0x09");
    expect_error(oracle_moves("mccooey", "std", "b/qbk/rnbnr/ppp\xc3\xa9pppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1",
                              out, sizeof out, err, sizeof err), err, "unknown character 0xc3");
    expect_error(oracle_moves("mccooey", "std", "b/qbk/rnbnr/pppXpppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1",
                              out, sizeof out, err, sizeof err), err, "unknown piece letter 'X'");
}

static void agreed_parser_rules(void **state)
{
    (void)state;
    char out[4096], err[256];
    /* HexChess.club's five fields, for a variant without castling only */
    assert_int_equal(oracle_moves("glinski", "std", "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1",
                                  out, sizeof out, err, sizeof err), 0);
    expect_error(oracle_moves("shafran", "std", "k4/6/7/8/9/9/8/7/6/4K w - 0 1", out, sizeof out, err, sizeof err), err, "");
    /* at most 24 men a side */
    expect_error(oracle_moves("mccooey", "std", "Q/QQk/QQQQQ/QQQQQQQ/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1",
                              out, sizeof out, err, sizeof err), err, "at most 24");
    /* an e.p. record needs an empty start cell behind it */
    expect_error(oracle_moves("shafran", "std", "kqbnr/bppppp/np5/bp6/rp6P/p3P2PR/6PB/5PN/PPPPPB/RNBQK b AIai e3,e4 0 1",
                              out, sizeof out, err, sizeof err), err, "start cell");
    assert_int_equal(oracle_moves("shafran", "std", "kqbnr/bppppp/np5/bp6/rp6P/p3P2PR/6PB/5PN/PPPP1B/RNBQK b AIai e3,e4 0 1",
                                  out, sizeof out, err, sizeof err), 0);
    expect_error(oracle_moves("brusky", "std", "rnbkbqbnr/pppppppppp/11/12/4P7/11/PPPPPPPPPP/RNBQBKBNR b AIdl e3:e4 0 1",
                              out, sizeof out, err, sizeof err), err, "start cell");
    expect_error(oracle_moves("brusky", "std", "9/10/11/12/12/P10/10/K7k b - a2:a3 0 1",
                              out, sizeof out, err, sizeof err), err, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(buffers_too_small_or_missing),
        cmocka_unit_test(bad_names_and_positions),
        cmocka_unit_test(children_match_play),
        cmocka_unit_test(examine_matches_moves_status_play),
        cmocka_unit_test(agreed_parser_rules),
        cmocka_unit_test(an_empty_buffer_is_no_buffer),
        cmocka_unit_test(ep_cells_are_file_then_rank),
        cmocka_unit_test(placement_bytes_are_named_by_code),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
