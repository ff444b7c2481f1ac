/*
 * test_suite_run.c - hexref suite's runner (harness/suite_run.h) and its
 * text printer (print_suite.h), on sessions opened here: the reference
 * under a bug model against the reference (a divide difference, bisected
 * to the minimal position), a wrong expected count (the engines agree),
 * depths above max_nodes (the line is skipped) and the counts of a run.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "print_suite.h"
#include "suite_run.h"

#define START "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1"

static void add_line(hx_suite *s, long lineno, const char *id, int ndepths, const int *depth,
                     const uint64_t *count)
{
    s->lines = realloc(s->lines, (size_t)(s->n + 1) * sizeof *s->lines);
    assert_non_null(s->lines);
    hx_suite_line *l = &s->lines[s->n++];
    memset(l, 0, sizeof *l);
    l->lineno = lineno;
    snprintf(l->fen, sizeof l->fen, "%s", START);
    snprintf(l->id, sizeof l->id, "%s", id);
    l->ndepths = ndepths;
    for (int k = 0; k < ndepths; k++) {
        l->depth[k] = depth[k];
        l->count[k] = count[k];
    }
}

/* A run of a suite: its lines, counts, checks and text report. */
typedef struct run_of {
    hx_suite s;
    hx_suite_totals t;
    hx_results r;
    char *text;
} run_of;

/* Runs u->s with the engine under profile (the reference) against the
 * reference's std; the text report in u->text (malloc'd). */
static void run(const char *profile, uint64_t max_nodes, run_of *u)
{
    hx_error err;
    hx_suite_run_config cfg = {hx_session_open_reference("mccooey", profile, &err),
                               hx_session_open_reference("mccooey", "std", &err),
                               "reference", "oracle", "mccooey", profile, "m.epd", 0, max_nodes};
    assert_non_null(cfg.engine);
    assert_non_null(cfg.other);
    size_t size;
    FILE *out = open_memstream(&u->text, &size);
    assert_non_null(out);
    hx_suite_text tx = {out, 1};
    hx_suite_observer obs = {hx_suite_print_line_done, &tx};
    memset(&u->t, 0, sizeof u->t);
    hx_results_init(&u->r, "suite", "reference");
    hx_suite_run(&cfg, &u->s, &obs, &u->t, &u->r);
    hx_suite_print_summary(out, &u->t);
    fclose(out);
    hx_session_close(cfg.engine);
    hx_session_close(cfg.other);
}

static void done(run_of *u)
{
    free(u->text);
    hx_results_free(&u->r);
    hx_suite_free(&u->s);
}

static void a_bug_is_bisected_to_its_position(void **state)
{
    (void)state;
    run_of u = {0};
    add_line(&u.s, 12, "initial", 3, (int[]){1, 2, 3}, (uint64_t[]){31, 947, 33307});
    run("neg-glinski-capture", 0, &u);
    assert_int_equal(u.t.failed, 1);
    assert_int_equal(u.t.passed, 0);
    assert_int_equal(u.r.n, 3); /* D1 and D2 pass, D3 fails */
    const hx_check_result *c = &u.r.checks[2];
    assert_int_equal(c->outcome, HX_FAIL);
    assert_string_equal(c->id, "initial D3");
    assert_string_equal(c->source, "m.epd:12");
    assert_int_equal(c->expected.total, 33307);
    assert_true(c->diff.nmissing + c->diff.nextra + c->diff.ndiffer > 0);
    assert_non_null(c->minimal);
    assert_true(c->minimal->path[0] != '\0'); /* captures start below the root */
    assert_non_null(strstr(u.text, "FAIL  m.epd:12 initial: D3 expected 33307, got 33292\n"
                                 "    divide at D3 against oracle, moves that differ:\n"));
    assert_non_null(strstr(u.text, "    minimal: after '"));
    assert_non_null(strstr(u.text, "    reproduce: hexref divide -v mccooey -p neg-glinski-capture "
                                 "-g reference --fen '"));
    assert_non_null(strstr(u.text, "0 passed, 1 failed\n"));
    done(&u);
}

static void a_wrong_count_the_engines_agree_on(void **state)
{
    (void)state;
    run_of u = {0};
    add_line(&u.s, 3, "", 2, (int[]){1, 2}, (uint64_t[]){31, 948});
    add_line(&u.s, 4, "right", 2, (int[]){1, 2}, (uint64_t[]){31, 947});
    run("std", 0, &u);
    assert_int_equal(u.t.passed, 1);
    assert_int_equal(u.t.failed, 1);
    assert_int_equal(u.t.selected, 2);
    assert_int_equal(u.r.n, 4);
    assert_int_equal(u.r.checks[1].outcome, HX_FAIL);
    assert_int_equal(u.r.checks[1].diff.nmissing + u.r.checks[1].diff.nextra +
                         u.r.checks[1].diff.ndiffer, 0);
    assert_null(u.r.checks[1].minimal);
    assert_non_null(strstr(u.text, "FAIL  m.epd:3 (no id): D2 expected 948, got 947\n    (none: "
                                 "reference and oracle agree, so the expected count is suspect)\n"
                                 "    reference's divide at D2:\n"));
    assert_non_null(strstr(u.text, "pass  m.epd:4 right: D1..D2, 978 nodes\n1 passed, 1 failed\n"));
    done(&u);
}

static void depths_above_max_nodes_are_skipped(void **state)
{
    (void)state;
    run_of u = {0};
    add_line(&u.s, 1, "a", 2, (int[]){1, 2}, (uint64_t[]){31, 947});
    add_line(&u.s, 2, "b", 1, (int[]){3}, (uint64_t[]){33307});
    run("std", 100, &u);
    assert_int_equal(u.t.passed, 1);
    assert_int_equal(u.t.skipped, 1);
    assert_int_equal(u.r.n, 1); /* only line a's D1 */
    assert_string_equal(u.text, "pass  m.epd:1 a: D1..D1, 31 nodes\n1 passed, 0 failed\n");
    done(&u);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_bug_is_bisected_to_its_position),
        cmocka_unit_test(a_wrong_count_the_engines_agree_on),
        cmocka_unit_test(depths_above_max_nodes_are_skipped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
