/*
 * identify.c - the identify runner (identify.h): the fixtures through the
 * engine and through the reference pinned to each profile, and the
 * comparison fixture by fixture. The rule points and the checks made of
 * the comparison are identify_result.c's.
 */
#include "identify_private.h"

#include <stdlib.h>
#include <string.h>

#include "fixtures.h"
#include "strutil.h"

static int fail(hx_error *err, int rc, const char *what)
{
    snprintf(err->message, sizeof err->message, "%s", what);
    return rc;
}

static int compare_rows(const void *a, const void *b)
{
    return strcmp(((const hx_identify_fixture *)a)->id, ((const hx_identify_fixture *)b)->id);
}

static hx_identify_fixture *find_row(hx_identify_result *r, const char *id)
{
    hx_identify_fixture key = {.id = id};
    return r->nfixtures ? bsearch(&key, r->fixtures, (size_t)r->nfixtures, sizeof *r->fixtures,
                                  compare_rows)
                        : NULL;
}

/* The rows come from the engine's log: every fixture of the variant, each
 * run under p (skipped or not) at at[p]. */
static int build_rows(hx_identify_result *r, hx_error *err)
{
    for (int p = 0; p < r->nprofiles; p++)
        for (int i = 0; i < r->engine_log[p].n; i++) {
            const hx_fixture_run *run = &r->engine_log[p].v[i];
            hx_identify_fixture *row = find_row(r, run->id);
            if (!row) {
                if (hx_grow(&r->fixtures, &r->capfixtures, r->nfixtures, sizeof *r->fixtures,
                            256) != 0)
                    return fail(err, HX_IDENTIFY_BAD_INPUT, "out of memory");
                row = &r->fixtures[r->nfixtures++];
                memset(row, 0, sizeof *row);
                row->id = run->id;
                row->skip = run->skip;
                for (int q = 0; q < HX_IDENTIFY_MAX_PROFILES; q++)
                    row->at[q] = -1;
                qsort(r->fixtures, (size_t)r->nfixtures, sizeof *r->fixtures, compare_rows);
                row = find_row(r, run->id);
            }
            row->at[p] = i;
            if (run->skip != HX_FIXTURE_RAN) {
                if (!row->ran)
                    row->skip = run->skip;
                continue;
            }
            row->ran |= 1u << p;
            row->engine |= (unsigned)(run->failed != 0) << p;
            row->errors |= (unsigned)(run->engine_failed || run->rejected) << p;
        }
    if (r->nfixtures)
        return 0;
    snprintf(err->message, sizeof err->message, "no %s fixtures found in the given files",
             r->variant);
    return HX_IDENTIFY_BAD_INPUT;
}

static void tell(const identify_run *u, int reference, int p)
{
    hx_identify_event e = {HX_IDENTIFY_RUN_BEGIN, reference, p, u->r->nprofiles,
                           u->r->profiles};
    if (u->obs && u->obs->event)
        u->obs->event(u->obs->ctx, &e);
}

static void tell_done(const identify_run *u)
{
    hx_identify_event e = {HX_IDENTIFY_RUNS_DONE, -1, 0, u->r->nprofiles, u->r->profiles};
    if (u->obs && u->obs->event)
        u->obs->event(u->obs->ctx, &e);
}

/* Runs the fixtures through e under every profile into runs[p] and log[p]. */
static int run_all(const identify_run *u, hx_fixture_engine *e, hx_results *runs,
                   hx_fixture_runs *log, int reference, hx_error *err)
{
    /* e's name goes with e: the runs name what outlives it */
    const char *name = reference < 0 ? hx_session_name(u->cfg->engine) : "reference";
    for (int p = 0; p < u->r->nprofiles; p++) {
        hx_fixture_stats st;
        tell(u, reference, p);
        hx_results_init(&runs[p], "identify", name);
        if (hx_fixtures_run_logged(e, u->r->variant, u->r->profiles[p], u->cfg->fixture_paths,
                                   u->cfg->nfixture_paths, u->cfg->fixture_notes, &runs[p], &st,
                                   &log[p]) != 0)
            return fail(err, HX_IDENTIFY_BAD_FIXTURES, "the fixture files could not be run");
    }
    return 0;
}

/* The run of row under p in log (NULL: none); the logs of one p list the
 * same runs in the same order, whoever answered. */
static const hx_fixture_run *run_in(const hx_fixture_runs *log, const hx_identify_fixture *row,
                                    int p)
{
    int k = row->at[p];
    if (k >= 0 && k < log->n && strcmp(log->v[k].id, row->id) == 0)
        return &log->v[k];
    for (int i = 0; i < log->n; i++)
        if (strcmp(log->v[i].id, row->id) == 0)
            return &log->v[i];
    return NULL;
}

/* The same answer: both rejected, or the same outcome with the same detail. */
static int same_answer(const hx_fixture_run *a, const hx_fixture_run *b)
{
    if (!a || !b || a->rejected != b->rejected)
        return 0;
    return a->rejected || (a->failed == b->failed && a->engine_failed == b->engine_failed &&
                           strcmp(a->answer, b->answer) == 0);
}

static void mark_reference(hx_identify_result *r, int q)
{
    for (int i = 0; i < r->nfixtures; i++) {
        hx_identify_fixture *row = &r->fixtures[i];
        row->answer[q] = (signed char)q;
        for (int p = 0; p < r->nprofiles; p++) {
            if (!(row->ran >> p & 1))
                continue;
            const hx_fixture_run *ref = run_in(&r->reference_log[q][p], row, p);
            const hx_fixture_run *eng = run_in(&r->engine_log[p], row, p);
            if (!ref || ref->skip != HX_FIXTURE_RAN || ref->rejected) {
                row->not_applicable[q] |= 1u << p; /* (a reference never skips alone) */
                continue;
            }
            row->failed[q] |= (unsigned)(ref->failed != 0) << p;
            if (!(row->errors >> p & 1) && !same_answer(eng, ref))
                row->differs[q] |= 1u << p;
        }
    }
}

/* Which profiles answer alike at each fixture (answer[q]: the first q'
 * whose runs all give q's answers). */
static void group_answers(hx_identify_result *r)
{
    for (int i = 0; i < r->nfixtures; i++) {
        hx_identify_fixture *row = &r->fixtures[i];
        for (int q = 0; q < r->nprofiles; q++)
            for (int k = 0; k < q; k++) {
                int same = 1;
                for (int p = 0; p < r->nprofiles && same; p++)
                    if (row->ran >> p & 1)
                        same = same_answer(run_in(&r->reference_log[q][p], row, p),
                                           run_in(&r->reference_log[k][p], row, p));
                if (same) {
                    row->answer[q] = (signed char)k;
                    break;
                }
            }
    }
}

/* The engine's state at row against q. */
static hx_identify_state state_of(const hx_identify_fixture *row, int q)
{
    unsigned live = row->ran & ~row->not_applicable[q];
    if (!row->ran)
        return HX_IDENTIFY_SKIPPED;
    if (!live)
        return HX_IDENTIFY_NA;
    if (row->errors & live)
        return HX_IDENTIFY_ERROR;
    return row->differs[q] & live ? HX_IDENTIFY_DIFFER : HX_IDENTIFY_AGREE;
}

/* Each fixture's kind and states, the counts, and the verdict. */
static void compare(hx_identify_result *r)
{
    unsigned all = (1u << r->nprofiles) - 1;
    r->consistent = all;
    for (int i = 0; i < r->nfixtures; i++) {
        hx_identify_fixture *row = &r->fixtures[i];
        int common = 1;
        for (int q = 0; q < r->nprofiles; q++)
            common &= row->answer[q] == 0;
        row->kind = !row->ran ? HX_IDENTIFY_SKIP : common ? HX_IDENTIFY_COMMON
                                                          : HX_IDENTIFY_SEPARATING;
        int answered = 0, matched = 0;
        for (int q = 0; q < r->nprofiles; q++) {
            hx_identify_state st = state_of(row, q);
            row->state[q] = (unsigned char)st;
            row->all_na |= (unsigned)(st == HX_IDENTIFY_NA) << q;
            row->agree |= (unsigned)(st == HX_IDENTIFY_AGREE || st == HX_IDENTIFY_NA) << q;
            r->agreeing[q] += st == HX_IDENTIFY_AGREE;
            r->errors[q] += st == HX_IDENTIFY_ERROR;
            r->not_applicable[q] += st == HX_IDENTIFY_NA;
            if (st == HX_IDENTIFY_DIFFER && row->kind == HX_IDENTIFY_SEPARATING) {
                r->disagree[q]++;
                r->consistent &= ~(1u << q);
            }
            answered |= st == HX_IDENTIFY_AGREE || st == HX_IDENTIFY_DIFFER;
            matched |= st == HX_IDENTIFY_AGREE || st == HX_IDENTIFY_NA;
        }
        if (row->kind == HX_IDENTIFY_SKIP) {
            r->skipped++;
            r->skips[row->skip]++;
            continue;
        }
        for (int p = 0; p < r->nprofiles; p++) {
            const hx_fixture_run *run = run_in(&r->engine_log[p], row, p);
            if (run && run->skip != HX_FIXTURE_RAN)
                r->skipped_runs[run->skip]++;
        }
        r->nseparating += row->kind == HX_IDENTIFY_SEPARATING;
        r->ncommon += row->kind == HX_IDENTIFY_COMMON;
        r->nerrors += (row->errors & row->ran) != 0;
        /* common: every profile is in the same state */
        r->bugs += row->kind == HX_IDENTIFY_COMMON && row->state[0] == HX_IDENTIFY_DIFFER;
        r->nomatch += row->kind == HX_IDENTIFY_SEPARATING && answered && !matched;
    }
    r->closest = -1;
    for (int q = 0; q < r->nprofiles; q++)
        if (r->consistent >> q & 1 && !r->errors[q] && !r->bugs)
            r->matches |= 1u << q;
    for (int q = 0; q < r->nprofiles; q++) {
        int c = r->closest;
        if (r->matches)
            r->closest = c < 0 && (r->matches >> q & 1) ? q : c;
        else if (c < 0 || r->disagree[q] < r->disagree[c] ||
                 (r->disagree[q] == r->disagree[c] &&
                  (r->agreeing[q] > r->agreeing[c] ||
                   (r->agreeing[q] == r->agreeing[c] && r->errors[q] < r->errors[c]))))
            r->closest = q;
    }
}

/* The reference pinned to each profile in turn, judged as the engine was
 * (the same queries, the same caching, the same status; history-only when
 * the engine is, so that both skip and ask alike). */
static int run_references(const identify_run *u, int with_status, hx_error *err)
{
    hx_identify_result *r = u->r;
    int history = hx_session_history_only(u->cfg->engine);
    for (int q = 0; q < r->nprofiles; q++) {
        hx_session *s = hx_session_open_reference(r->variant, r->profiles[q], err);
        if (s && history && hx_session_set_history(s, err) != 0) {
            hx_session_close(s);
            s = NULL;
        }
        hx_fixture_engine *e = s ? hx_fixture_engine_judged(s, with_status, 1, err) : NULL;
        int rc = e ? run_all(u, e, r->reference_runs[q], r->reference_log[q], q, err)
                   : HX_IDENTIFY_BAD_INPUT;
        hx_fixture_engine_free(e);
        hx_session_close(s);
        if (rc)
            return rc;
        mark_reference(r, q);
    }
    tell_done(u);
    group_answers(r);
    compare(r);
    return 0;
}

static int set_profiles(hx_identify_result *r, const char *variant, hx_error *err)
{
    memset(r, 0, sizeof *r);
    r->variant = variant;
    r->nprofiles = hx_profile_count(variant);
    hx_results_init(&r->checks, "identify", NULL);
    if (r->nprofiles <= 0) {
        hx_sbuf m = {0};
        for (int v = 0; v < hx_variant_count(); v++)
            hx_sbuf_printf(&m, "%s%s", v ? ", " : "", hx_variant_name(v));
        snprintf(err->message, sizeof err->message, "unknown variant '%s' (%s)", variant,
                 m.s ? m.s : "");
        free(m.s);
        r->nprofiles = 0;
        return HX_IDENTIFY_BAD_INPUT;
    }
    if (r->nprofiles > HX_IDENTIFY_MAX_PROFILES) {
        snprintf(err->message, sizeof err->message, "%s has more than %d profiles", variant,
                 HX_IDENTIFY_MAX_PROFILES);
        r->nprofiles = 0;
        return HX_IDENTIFY_BAD_INPUT;
    }
    for (int p = 0; p < r->nprofiles; p++)
        r->profiles[p] = hx_profile_name(variant, p);
    return 0;
}

int hx_identify_run(const hx_identify_config *cfg, const hx_identify_observer *obs,
                    hx_identify_result *r, hx_error *err)
{
    int rc = set_profiles(r, cfg->variant, err);
    if (rc)
        return rc;
    r->checks.engine = hx_session_name(cfg->engine);
    identify_run u = {cfg, obs, r};
    hx_fixture_engine *e = hx_fixture_engine_judged(cfg->engine, -1, 0, err);
    if (!e)
        return HX_IDENTIFY_BAD_INPUT;
    rc = run_all(&u, e, r->engine_runs, r->engine_log, -1, err);
    int with_status = hx_fixture_engine_has_status(e);
    if (!rc && hx_fixture_engine_unusable(e)) {
        r->stop = HX_IDENTIFY_UNUSABLE;
        snprintf(r->unusable, sizeof r->unusable, "%s", hx_fixture_engine_unusable(e));
        tell_done(&u);
    }
    hx_fixture_engine_free(e);
    if (!rc && r->stop == HX_IDENTIFY_UNUSABLE)
        return identify_unusable_check(r) ? fail(err, HX_IDENTIFY_BAD_INPUT, "out of memory") : 0;
    if (!rc)
        rc = build_rows(r, err);
    if (!rc)
        rc = run_references(&u, with_status, err);
    if (!rc)
        rc = identify_points(r) || identify_checks(r)
                 ? fail(err, HX_IDENTIFY_BAD_INPUT, "out of memory")
                 : 0;
    return rc;
}

void hx_identify_result_free(hx_identify_result *r)
{
    for (int p = 0; p < r->nprofiles; p++) {
        hx_results_free(&r->engine_runs[p]);
        hx_fixture_runs_free(&r->engine_log[p]);
        for (int q = 0; q < r->nprofiles; q++) {
            hx_results_free(&r->reference_runs[q][p]);
            hx_fixture_runs_free(&r->reference_log[q][p]);
        }
    }
    hx_results_free(&r->checks);
    free(r->fixtures);
    free(r->points);
    r->fixtures = NULL;
    r->points = NULL;
    r->nfixtures = r->npoints = 0;
}
