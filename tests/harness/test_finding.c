/*
 * test_finding.c - a verify finding as a value (harness/finding.c): its
 * one-line headline with the moves, the place and the verdict; the kinds'
 * names and tokens; when two findings are the same; the groups of a run.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "divide.h"
#include "result.h"
#include "strutil.h"

/* A move-set finding at position after path: the reference lists ref
 * (space-separated), the engine got. */
static hx_finding *moves_finding(const char *position, const char *path, const char *ref,
                                 const char *got, hx_fen_alone alone)
{
    hx_finding *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->kind = HX_FINDING_MOVES;
    f->position = hx_strdup(position);
    f->path = hx_strdup(path);
    f->fen_alone = alone;
    const char *lists[2] = {ref, got};
    hx_divide *divides[2] = {&f->expected, &f->got};
    for (int k = 0; k < 2; k++) {
        char *text = hx_strdup(lists[k]), *save = NULL;
        for (char *m = strtok_r(text, " ", &save); m; m = strtok_r(NULL, " ", &save))
            assert_int_equal(hx_divide_add(divides[k], m, 1), 0);
        free(text);
    }
    return f;
}

static void expect_headline(const hx_finding *f, const char *want)
{
    char *got = hx_finding_headline(f);
    assert_non_null(got);
    assert_string_equal(got, want);
    free(got);
}

/* The issue's own example, and the other verdicts. */
static void headline_names_moves_place_and_verdict(void **state)
{
    (void)state;
    hx_finding *f = moves_finding("P", "i5f2 d7a1", "a1a2", "a1a2 e1b1 e1c1", HX_FEN_ALONE_AGREES);
    expect_headline(f, "extra moves e1b1 e1c1 after i5f2 d7a1: generation is right, "
                       "make/unmake is not");
    assert_string_equal(hx_finding_kind_token(f), "extra_move");
    assert_string_equal(hx_finding_verdict_token(f), "make_unmake");
    hx_finding_free(f);

    f = moves_finding("P", "", "a1a2 b1b2", "a1a2 c1c3", HX_FEN_ALONE_NOT_ASKED);
    expect_headline(f, "missing move b1b2, extra move c1c3 at the root: generation is wrong");
    assert_string_equal(hx_finding_name(f), "missing and extra moves");
    assert_string_equal(hx_finding_kind_token(f), "missing_and_extra_moves");
    hx_finding_free(f);

    f = moves_finding("P", "e2e4", "a1a2 b1b2", "a1a2", HX_FEN_ALONE_DIFFERS);
    expect_headline(f, "missing move b1b2 after e2e4: generation is wrong");
    assert_string_equal(hx_finding_kind_token(f), "missing_move");
    hx_finding_free(f);
}

/* Failures have no move lists to compare: the engine's words instead. */
static void headline_of_a_failure_says_what(void **state)
{
    (void)state;
    hx_finding f;
    memset(&f, 0, sizeof f);
    f.kind = HX_FINDING_FAILURE;
    f.path = "e2e4";
    f.what = "no complete answer within 1.0 s (--timeout)";
    f.timed_out = 1;
    assert_int_equal(hx_divide_add(&f.expected, "a1a2", 1), 0); /* the reference's, unused */
    expect_headline(&f, "timeout after e2e4: no complete answer within 1.0 s (--timeout)");
    assert_string_equal(hx_finding_kind_token(&f), "timeout");
    char *missing = hx_finding_moves(&f, 0);
    assert_string_equal(missing, "");
    free(missing);
    f.timed_out = 0;
    assert_string_equal(hx_finding_name(&f), "engine failure");
    hx_divide_free(&f.expected);
}

/* Same position and moves: the same finding, whatever the path; another
 * position or other moves: not. */
static void same_finding_is_position_and_moves(void **state)
{
    (void)state;
    hx_finding *a = moves_finding("P", "", "a1a2 b1b2", "a1a2", HX_FEN_ALONE_NOT_ASKED);
    hx_finding *b = moves_finding("P", "e2e4", "a1a2 b1b2", "a1a2", HX_FEN_ALONE_DIFFERS);
    hx_finding *c = moves_finding("Q", "", "a1a2 b1b2", "a1a2", HX_FEN_ALONE_NOT_ASKED);
    hx_finding *d = moves_finding("P", "", "a1a2 b1b2", "b1b2", HX_FEN_ALONE_NOT_ASKED);
    assert_true(hx_finding_same(a, b));
    assert_false(hx_finding_same(a, c));
    assert_false(hx_finding_same(a, d));
    hx_finding_free(a), hx_finding_free(b), hx_finding_free(c), hx_finding_free(d);
}

/* A run's groups: the first check heads it, the others point to it; the
 * distinct findings count a group once. */
static void groups_of_a_run(void **state)
{
    (void)state;
    hx_results r;
    hx_results_init(&r, "verify", "engine");
    const char *positions[] = {"P", "Q", "P", "P"};
    for (int i = 0; i < 4; i++) {
        hx_check_result c;
        hx_check_result_init(&c, HX_CHECK_VERIFY);
        c.outcome = HX_FAIL;
        c.id = hx_strfmt("random #%d", i + 1);
        c.finding = moves_finding(positions[i], "", "a1a2 b1b2", "a1a2", HX_FEN_ALONE_NOT_ASKED);
        int same = hx_results_same_finding(&r, &c);
        c.group = (same >= 0 ? same : r.n) + 1;
        assert_int_equal(hx_results_add(&r, &c), 0);
    }
    assert_int_equal(r.checks[2].group, 1);
    assert_int_equal(r.checks[3].group, 1);
    assert_int_equal(r.checks[1].group, 2);
    assert_int_equal(hx_results_group_size(&r, 0), 3);
    assert_int_equal(hx_results_findings(&r), 2);
    char *head = hx_results_finding_line(&r, 0), *other = hx_results_finding_line(&r, 3);
    assert_string_equal(head, "missing move b1b2 at the root: generation is wrong "
                              "(3 roots lead here)");
    assert_string_equal(other, "the same finding as random #1: missing move b1b2 at the root: "
                               "generation is wrong");
    free(head);
    free(other);
    hx_results_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(headline_names_moves_place_and_verdict),
        cmocka_unit_test(headline_of_a_failure_says_what),
        cmocka_unit_test(same_finding_is_position_and_moves),
        cmocka_unit_test(groups_of_a_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
