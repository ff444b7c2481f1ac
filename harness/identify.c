/*
 * identify.c - the identify runner (identify.h): the fixtures through the
 * engine and through the reference pinned to each profile, and the
 * comparison fixture by fixture. The rule points and the checks made of
 * the comparison are identify_result.c's.
 */
#include "identify_private.h"

#include <stdlib.h>
#include <string.h>

#include "engine_external.h"
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

/* The rows come from the engine's results: every fixture of the variant. */
static int build_rows(hx_identify_result *r, hx_error *err)
{
    for (int p = 0; p < r->nprofiles; p++)
        for (int i = 0; i < r->engine_runs[p].n; i++) {
            const hx_check_result *c = &r->engine_runs[p].checks[i];
            hx_identify_fixture *row = find_row(r, c->id);
            if (!row) {
                if (hx_grow(&r->fixtures, &r->capfixtures, r->nfixtures, sizeof *r->fixtures,
                            256) != 0)
                    return fail(err, HX_IDENTIFY_BAD_INPUT, "out of memory");
                row = &r->fixtures[r->nfixtures++];
                memset(row, 0, sizeof *row);
                row->id = c->id;
                qsort(r->fixtures, (size_t)r->nfixtures, sizeof *r->fixtures, compare_rows);
                row = find_row(r, c->id);
            }
            row->ran |= 1u << p;
            if (c->outcome != HX_PASS)
                row->engine |= 1u << p;
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

/* Runs the fixtures through x under every profile into runs[p]. */
static int run_all(const identify_run *u, hx_external *x, hx_results *runs, int reference,
                   hx_error *err)
{
    hx_engine e = hx_external_engine(x);
    /* e.name goes with x: the runs name what outlives it */
    const char *name = reference < 0 ? hx_session_name(u->cfg->engine) : "reference";
    for (int p = 0; p < u->r->nprofiles; p++) {
        hx_fixture_stats st;
        tell(u, reference, p);
        hx_results_init(&runs[p], "identify", name);
        if (hx_fixtures_run(&e, u->r->variant, u->r->profiles[p], u->cfg->fixture_paths,
                            u->cfg->nfixture_paths, u->cfg->fixture_notes, &runs[p], &st) != 0)
            return fail(err, HX_IDENTIFY_BAD_FIXTURES, "the fixture files could not be run");
    }
    return 0;
}

static void mark_reference(hx_identify_result *r, int q)
{
    for (int p = 0; p < r->nprofiles; p++)
        for (int i = 0; i < r->reference_runs[q][p].n; i++) {
            const hx_check_result *c = &r->reference_runs[q][p].checks[i];
            hx_identify_fixture *row = find_row(r, c->id);
            if (!row)
                continue;
            if (c->outcome == HX_NOT_APPLICABLE)
                row->not_applicable[q] |= 1u << p;
            else if (c->outcome != HX_PASS)
                row->failed[q] |= 1u << p;
        }
}

/* Does the engine agree with the reference as q at each fixture? */
static void compare(hx_identify_result *r)
{
    for (int i = 0; i < r->nfixtures; i++)
        for (int q = 0; q < r->nprofiles; q++) {
            hx_identify_fixture *row = &r->fixtures[i];
            unsigned na = row->not_applicable[q] & row->ran;
            if (na == row->ran) {
                row->all_na |= 1u << q;
                row->agree |= 1u << q;
                r->not_applicable[q]++;
            } else if (((row->engine ^ row->failed[q]) & row->ran & ~na) == 0) {
                row->agree |= 1u << q;
            } else {
                r->disagree[q]++;
            }
        }
    r->closest = 0;
    for (int q = 0; q < r->nprofiles; q++) {
        if (!r->disagree[q])
            r->matches |= 1u << q;
        if (r->disagree[q] < r->disagree[r->closest])
            r->closest = q;
    }
}

/* The reference pinned to each profile in turn, behind the adapter the
 * engine had (the same operations, the same caching, the same status). */
static int run_references(const identify_run *u, int with_status, hx_error *err)
{
    hx_identify_result *r = u->r;
    for (int q = 0; q < r->nprofiles; q++) {
        hx_external *x =
            hx_external_new_reference(r->variant, r->profiles[q], u->cfg->protocol, with_status);
        int rc = x ? run_all(u, x, r->reference_runs[q], q, err)
                   : fail(err, HX_IDENTIFY_BAD_INPUT, "out of memory");
        hx_external_free(x);
        if (rc)
            return rc;
        mark_reference(r, q);
    }
    tell_done(u);
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
    hx_external *x = hx_external_borrow(cfg->engine, cfg->protocol);
    if (!x)
        return fail(err, HX_IDENTIFY_BAD_INPUT, "out of memory");
    rc = run_all(&u, x, r->engine_runs, -1, err);
    int with_status = hx_external_has_status(x);
    if (!rc && hx_external_unusable(x)) {
        r->stop = HX_IDENTIFY_UNUSABLE;
        snprintf(r->unusable, sizeof r->unusable, "%s", hx_external_unusable(x));
        tell_done(&u);
    }
    hx_external_free(x);
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
        for (int q = 0; q < r->nprofiles; q++)
            hx_results_free(&r->reference_runs[q][p]);
    }
    hx_results_free(&r->checks);
    free(r->fixtures);
    free(r->points);
    r->fixtures = NULL;
    r->points = NULL;
    r->nfixtures = r->npoints = 0;
}
