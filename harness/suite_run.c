/*
 * suite_run.c - hexref suite's runner (suite_run.h).
 */
#include "suite_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bisect.h"
#include "clock.h"
#include "divide.h"
#include "strutil.h"

/* Down to the minimal position where the two engines' move lists differ
 * (bisect.c), with a command that shows it: c->minimal, or left NULL. */
static void minimal_position(const hx_suite_run_config *cfg, const hx_suite_line *l, int k,
                             hx_check_result *c)
{
    hx_reproduction *m = calloc(1, sizeof *m);
    hx_error err;
    if (!m || hx_bisect(cfg->other, cfg->engine, l->fen, "", l->depth[k], m, &err) != 1) {
        free(m);
        return;
    }
    m->command = hx_strfmt("hexref divide -v %s -p %s -g %s --fen '%s' %d", cfg->variant,
                           cfg->profile, cfg->engine_name, m->fen, m->depth);
    c->minimal = m;
}

/* A session's divide of line l at its depth k (the moves sorted); -1 with
 * no session. */
static int divide_of(hx_session *s, const hx_suite_line *l, int k, hx_divide *out, hx_error *err)
{
    hx_session_answer a;
    if (!s) {
        hx_divide_init(out);
        return -1;
    }
    int rc = hx_session_divide(s, l->fen, "", l->depth[k], &a);
    *out = a.divide;
    hx_divide_init(&a.divide);
    if (rc) {
        *err = a.error.error;
        hx_divide_free(out);
    }
    hx_session_answer_free(&a);
    return rc;
}

/* The failing depth's divides: the engine's (got) and the other engine's
 * (the expected moves; its total is replaced by the suite's count). The
 * other engine may be slow (the oracle): it is asked only within
 * max_nodes, or 10^7 nodes by default. */
static void divide_difference(const hx_suite_run_config *cfg, const hx_suite_line *l, int k,
                              hx_check_result *c, hx_suite_line_result *lr)
{
    uint64_t limit = cfg->max_nodes ? cfg->max_nodes : 10000000u;
    if (divide_of(cfg->engine, l, k, &c->got, &lr->why) != 0) {
        lr->divide = HX_SUITE_DIVIDE_FAILED;
        return;
    }
    hx_divide theirs;
    hx_error err;
    if (l->count[k] > limit || divide_of(cfg->other, l, k, &theirs, &err) != 0) {
        lr->divide = HX_SUITE_DIVIDE_NOT_RUN;
        lr->limit = limit;
        return;
    }
    hx_divide_diff_free(&c->diff);
    hx_divide_diff_of(&theirs, &c->got, &c->diff);
    c->expected = theirs;
    c->expected.total = c->diff.expected_total = l->count[k];
    if (c->diff.nmissing + c->diff.nextra + c->diff.ndiffer > 0) {
        lr->divide = HX_SUITE_DIVIDE_DIFFERS;
        minimal_position(cfg, l, k, c);
        return;
    }
    lr->divide = HX_SUITE_DIVIDE_AGREES;
}

static void begin_check(const hx_suite_run_config *cfg, const hx_suite_line *l, const char *where,
                        int k, hx_check_result *c)
{
    hx_check_result_init(c, HX_CHECK_SUITE);
    c->id = hx_strfmt("%s D%d", l->id[0] ? l->id : "(no id)", l->depth[k]);
    c->source = hx_strdup(where);
    c->variant = hx_strdup(cfg->variant);
    c->profile = hx_strdup(cfg->profile);
    c->fen = hx_strdup(l->fen);
    c->depth = l->depth[k];
    c->expected.total = c->diff.expected_total = l->count[k];
}

/* Counts depth k of l into c: 0 passed, else failed or errored. */
static int run_depth(const hx_suite_run_config *cfg, const hx_suite_line *l, int k,
                     hx_check_result *c, hx_suite_line_result *lr, uint64_t *got)
{
    hx_session_error err;
    double t = hx_now();
    *got = 0;
    /* Past its expected count the line has failed: the count may stop. */
    int bad = hx_session_count(cfg->engine, l->fen, "", l->depth[k], l->count[k], got, &err) != 0;
    c->got.total = c->diff.got_total = *got;
    if (bad) {
        c->outcome = HX_ERROR;
        c->message = hx_strdup(err.error.message);
    } else if (*got > l->count[k] && (hx_session_caps(cfg->engine) & HX_SESSION_COUNT_BOUND)) {
        /* stopped once past the expected count: no total to show, and
         * no divide, which would count the whole tree */
        c->outcome = HX_FAIL;
        c->got_passed = 1;
        c->got.total = c->diff.got_total = 0;
        c->message = hx_strfmt("D%d expected %llu, got more than %llu", l->depth[k],
                               (unsigned long long)l->count[k], (unsigned long long)l->count[k]);
    } else if (*got != l->count[k]) {
        c->outcome = HX_FAIL;
        c->message = hx_strfmt("D%d expected %llu, got %llu", l->depth[k],
                               (unsigned long long)l->count[k], (unsigned long long)*got);
        divide_difference(cfg, l, k, c, lr);
    }
    c->seconds = hx_now() - t;
    return c->outcome != HX_PASS;
}

/* Runs one line into results and lr; a failing depth's check is left in
 * *failed (lr->check), for the caller to add once the observer saw it. */
static void run_line(const hx_suite_run_config *cfg, const hx_suite_line *l,
                     hx_suite_line_result *lr, hx_check_result *failed, hx_results *results)
{
    double start = hx_now();
    lr->outcome = HX_SUITE_LINE_SKIPPED;
    for (int k = 0; k < l->ndepths; k++) {
        if (cfg->max_nodes && l->count[k] > cfg->max_nodes)
            break; /* depths increase, and so do counts that matter */
        uint64_t got;
        begin_check(cfg, l, lr->where, k, failed);
        if (run_depth(cfg, l, k, failed, lr, &got)) {
            lr->outcome = HX_SUITE_LINE_FAILED;
            lr->check = failed;
            break;
        }
        hx_results_add(results, failed);
        lr->outcome = HX_SUITE_LINE_PASSED;
        lr->nodes += got;
        lr->last_depth = l->depth[k];
    }
    lr->seconds = hx_now() - start;
}

void hx_suite_run(const hx_suite_run_config *cfg, const hx_suite *s,
                  const hx_suite_observer *obs, hx_suite_totals *totals, hx_results *results)
{
    for (int i = 0; i < s->n; i++) {
        const hx_suite_line *l = &s->lines[i];
        if (cfg->quick_only && !l->quick)
            continue;
        hx_suite_line_result lr;
        hx_check_result failed;
        memset(&lr, 0, sizeof lr);
        lr.line = l;
        snprintf(lr.where, sizeof lr.where, "%s:%ld", cfg->path, l->lineno);
        totals->selected++;
        run_line(cfg, l, &lr, &failed, results);
        totals->passed += lr.outcome == HX_SUITE_LINE_PASSED;
        totals->failed += lr.outcome == HX_SUITE_LINE_FAILED;
        totals->skipped += lr.outcome == HX_SUITE_LINE_SKIPPED;
        if (obs && obs->line_done)
            obs->line_done(obs->ctx, &lr, cfg);
        if (lr.check)
            hx_results_add(results, &failed);
    }
}
