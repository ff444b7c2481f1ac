/*
 * test_differential.c - the reference against the oracle as values
 * (harness/differential.h): agreement on a position, a disagreement's
 * text for each kind (print_differential.h), and a run of games.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "differential.h"
#include "divide.h"
#include "print_differential.h"

static void the_engines_agree_on_the_start(void **state)
{
    (void)state;
    hx_error err;
    const hx_rules *r = hx_rules_find("glinski", "std", &err);
    assert_non_null(r);
    hx_position *pos = hx_position_new(r);
    assert_non_null(pos);
    assert_int_equal(hx_position_set_fen(pos, NULL, &err), 0);
    hx_diff_finding f;
    int flags[HX_MAX_MOVES];
    assert_int_equal(hx_diff_position(pos, NULL, &f, flags), 0);
    assert_null(f.root_fen);
    assert_int_equal(f.reference.n, 0);
    hx_diff_finding_free(&f);
    hx_position_free(pos);
}

static char *text_of(hx_diff_finding *f, hx_diff_kind kind)
{
    f->kind = kind;
    return hx_diff_finding_text(f);
}

static void each_kind_has_its_text(void **state)
{
    (void)state;
    hx_diff_finding f;
    memset(&f, 0, sizeof f);
    f.variant = "mccooey";
    f.profile = "std";
    snprintf(f.fen, sizeof f.fen, "FEN");
    snprintf(f.message, sizeof f.message, "no");
    char *t = text_of(&f, HX_DIFF_ORACLE_ERROR);
    assert_string_equal(t, "DISAGREEMENT (oracle error) in mccooey/std\n  position: FEN\n"
                           "  oracle: no\n");
    free(t);
    f.root_fen = strdup("ROOT");
    f.path = strdup("");
    snprintf(f.move, sizeof f.move, "e4e5");
    snprintf(f.reference_text, sizeof f.reference_text, "A");
    snprintf(f.oracle_text, sizeof f.oracle_text, "B");
    t = text_of(&f, HX_DIFF_CHILD);
    assert_string_equal(t, "DISAGREEMENT (child position) in mccooey/std\n  position: FEN\n"
                           "  reached from: ROOT\n  by moves: (none)\n"
                           "  after e4e5\n    reference: A\n    oracle:    B\n");
    free(t);
    t = text_of(&f, HX_DIFF_STATUS);
    assert_non_null(strstr(t, "\n  reference: A, oracle: B\n"));
    free(t);
    t = text_of(&f, HX_DIFF_MAKE_UNMAKE);
    assert_non_null(strstr(t, "DISAGREEMENT (make/unmake)"));
    assert_non_null(strstr(t, "\n  move e4e5: no\n"));
    free(t);
    free(f.path);
    f.path = strdup("e2e4 d7d5");
    hx_divide_init(&f.reference);
    hx_divide_init(&f.oracle);
    f.reference.has_moves = f.oracle.has_moves = 1;
    hx_divide_add(&f.reference, "a1a2", 1);
    hx_divide_add(&f.reference, "b1b2", 1);
    hx_divide_add(&f.oracle, "b1b2", 1);
    hx_divide_add(&f.oracle, "c1c2", 1);
    hx_divide_add(&f.oracle, "c1c3", 1);
    assert_int_equal(hx_divide_diff_of(&f.reference, &f.oracle, &f.diff), 0);
    t = text_of(&f, HX_DIFF_LEGAL_MOVES);
    assert_non_null(strstr(t, "  by moves: e2e4 d7d5\n"
                              "  missing from the reference (oracle only): c1c2 c1c3\n"
                              "  extra in the reference (reference only): a1a2\n"));
    free(t);
    hx_diff_finding_free(&f);
    assert_null(f.path);
}

static void games_that_agree_add_no_check(void **state)
{
    (void)state;
    hx_results r;
    hx_diff_stats st = {0};
    hx_error err;
    hx_results_init(&r, "selfcheck", "reference vs oracle");
    assert_int_equal(hx_diff_games("shafran", "std", 7, 2, 6, &hx_diff_default_bias, 0, NULL, &r,
                                   &st, &err), 0);
    assert_int_equal(st.games, 2);
    assert_true(st.positions >= 2);
    assert_int_equal(st.failed, 0);
    assert_int_equal(r.n, 0);
    assert_int_equal(hx_diff_games("shafran", "nope", 7, 2, 6, &hx_diff_default_bias, 0, NULL, &r,
                                   &st, &err), -1);
    assert_non_null(strstr(err.message, "cannot start shafran/nope: "));
    hx_results_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_engines_agree_on_the_start),
        cmocka_unit_test(each_kind_has_its_text),
        cmocka_unit_test(games_that_agree_add_no_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
