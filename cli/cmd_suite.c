/*
 * cmd_suite.c - hexref suite: runs perft suites (perft-suites/README.md,
 * read by harness/suite.c).
 *
 * A line passes when every depth it lists (within --max-nodes) gives its
 * count. At the first failing depth the runner takes the divide of the
 * engine under test and of the other engine (the oracle for the reference
 * and back), so the move that differs is named at once. Each depth run is
 * one result (result.h), printed as text, JSON Lines or JUnit.
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bisect.h"
#include "divide.h"
#include "oracle.h"
#include "print.h"
#include "session.h"
#include "strutil.h"
#include "suite.h"

typedef struct suite_run {
    const cli_opts *o;
    const char *engine_name, *other_name; /* other: for the divide difference */
    hx_session *engine, *other;           /* opened for each file's rules */
    const char *variant, *profile;
    int quick_only;
    int passed, failed, skipped, selected;
    hx_results results;
} suite_run;

/* ---- Divide difference ---------------------------------------------------- */

static void print_divide(const suite_run *r, const hx_divide *d, int depth)
{
    printf("    %s's divide at D%d:\n", r->engine_name, depth);
    for (int i = 0; i < d->n; i++)
        printf("    %-8s %llu\n", d->moves[i].move, (unsigned long long)d->moves[i].count);
}

static void print_difference(const suite_run *r, const hx_divide_diff *d)
{
    const char *mine = r->engine_name, *theirs = r->other_name;
    for (int i = 0; i < d->nextra; i++)
        printf("    %-8s %s %llu, %s: no such move\n", d->extra[i].move, mine,
               (unsigned long long)d->extra[i].count, theirs);
    for (int i = 0; i < d->ndiffer; i++)
        printf("    %-8s %s %llu, %s %llu\n", d->differ[i].move, mine,
               (unsigned long long)d->differ[i].got, theirs,
               (unsigned long long)d->differ[i].expected);
    for (int i = 0; i < d->nmissing; i++)
        printf("    %-8s %s: no such move, %s %llu\n", d->missing[i].move, mine, theirs,
               (unsigned long long)d->missing[i].count);
}

/* Down to the minimal position where the two engines' move lists differ
 * (bisect.c), with a command that shows it. */
static void minimal_position(const suite_run *r, const hx_suite_line *l, int k,
                             hx_check_result *c)
{
    hx_reproduction *m = calloc(1, sizeof *m);
    hx_error err;
    if (!m || hx_bisect(r->other, r->engine, l->fen, "", l->depth[k], m, &err) != 1) {
        free(m);
        return;
    }
    m->command = hx_strfmt("hexref divide -v %s -p %s -g %s --fen '%s' %d", r->variant,
                           r->profile, r->engine_name, m->fen, m->depth);
    printf("    minimal: after '%s', at depth %d: %s\n", m->path[0] ? m->path : "(the line itself)",
           m->depth, m->fen);
    print_difference(r, &m->diff);
    printf("    reproduce: %s\n", m->command ? m->command : "(out of memory)");
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
 * --max-nodes, or 10^7 nodes by default. */
static void divide_difference(const suite_run *r, const hx_suite_line *l, int k,
                              hx_check_result *c)
{
    hx_error err;
    uint64_t limit = r->o->max_nodes ? r->o->max_nodes : 10000000u;
    if (divide_of(r->engine, l, k, &c->got, &err) != 0) {
        printf("    (no divide: %s)\n", err.message);
        return;
    }
    hx_divide theirs;
    if (l->count[k] > limit || divide_of(r->other, l, k, &theirs, &err) != 0) {
        printf("    (%s's divide not run: above %llu nodes)\n", r->other_name,
               (unsigned long long)limit);
        print_divide(r, &c->got, l->depth[k]);
        return;
    }
    hx_divide_diff_free(&c->diff);
    hx_divide_diff_of(&theirs, &c->got, &c->diff);
    c->expected = theirs;
    c->expected.total = c->diff.expected_total = l->count[k];
    if (c->diff.nmissing + c->diff.nextra + c->diff.ndiffer > 0) {
        printf("    divide at D%d against %s, moves that differ:\n", l->depth[k], r->other_name);
        print_difference(r, &c->diff);
        minimal_position(r, l, k, c);
        return;
    }
    printf("    (none: %s and %s agree, so the expected count is suspect)\n", r->engine_name,
           r->other_name);
    print_divide(r, &c->got, l->depth[k]);
}

/* ---- Running -------------------------------------------------------------- */

static void begin_check(const suite_run *r, const hx_suite_line *l, const char *where, int k,
                        hx_check_result *c)
{
    hx_check_result_init(c, HX_CHECK_SUITE);
    c->id = hx_strfmt("%s D%d", l->id[0] ? l->id : "(no id)", l->depth[k]);
    c->source = hx_strdup(where);
    c->variant = hx_strdup(r->variant);
    c->profile = hx_strdup(r->profile);
    c->fen = hx_strdup(l->fen);
    c->depth = l->depth[k];
    c->expected.total = c->diff.expected_total = l->count[k];
}

/* Runs one line; returns 1 passed, 0 failed, -1 skipped entirely. */
static int run_line(suite_run *r, const hx_suite_line *l, const char *where)
{
    hx_session_error err;
    uint64_t total = 0;
    int ran = 0;
    const char *id = l->id[0] ? l->id : "(no id)";
    double start = hx_now();
    for (int k = 0; k < l->ndepths; k++) {
        if (r->o->max_nodes && l->count[k] > r->o->max_nodes)
            break; /* depths increase, and so do counts that matter */
        hx_check_result c;
        begin_check(r, l, where, k, &c);
        double t = hx_now();
        uint64_t got = 0;
        /* Past its expected count the line has failed: the count may stop. */
        int bad = hx_session_count(r->engine, l->fen, "", l->depth[k], l->count[k], &got,
                                   &err) != 0;
        c.got.total = c.diff.got_total = got;
        if (bad) {
            printf("FAIL  %s %s: D%d: %s\n", where, id, l->depth[k], err.error.message);
            c.outcome = HX_ERROR;
            c.message = hx_strdup(err.error.message);
        } else if (got > l->count[k] && (hx_session_caps(r->engine) & HX_SESSION_COUNT_BOUND)) {
            /* stopped once past the expected count: no total to show, and
             * no divide, which would count the whole tree */
            printf("FAIL  %s %s: D%d expected %llu, got more than %llu (the count stopped there)\n",
                   where, id, l->depth[k], (unsigned long long)l->count[k],
                   (unsigned long long)l->count[k]);
            c.outcome = HX_FAIL;
            c.got_passed = 1;
            c.got.total = c.diff.got_total = 0;
            c.message = hx_strfmt("D%d expected %llu, got more than %llu", l->depth[k],
                                  (unsigned long long)l->count[k], (unsigned long long)l->count[k]);
        } else if (got != l->count[k]) {
            printf("FAIL  %s %s: D%d expected %llu, got %llu\n", where, id, l->depth[k],
                   (unsigned long long)l->count[k], (unsigned long long)got);
            c.outcome = HX_FAIL;
            c.message = hx_strfmt("D%d expected %llu, got %llu", l->depth[k],
                                  (unsigned long long)l->count[k], (unsigned long long)got);
            divide_difference(r, l, k, &c);
        }
        c.seconds = hx_now() - t;
        int outcome = c.outcome;
        hx_results_add(&r->results, &c);
        if (outcome != HX_PASS)
            return 0;
        total += got;
        ran++;
    }
    if (!ran)
        return -1;
    printf("pass  %s %s: D1..D%d, %llu nodes", where, id, l->depth[ran - 1],
           (unsigned long long)total);
    if (!r->o->quiet)
        printf(", %.2f s", hx_now() - start);
    printf("\n");
    return 1;
}

/* The rules of a suite: -v and -p where given, else its header, else its
 * file name; an explicit -p wins over a profile read from the file. */
static int suite_rules(const suite_run *r, const char *path, const hx_suite *s, char *variant,
                       char *profile)
{
    const cli_opts *o = r->o;
    int same_variant = s->variant[0] && (!o->variant || !strcmp(o->variant, s->variant));
    if (!o->variant && !s->variant[0])
        return cli_bad_input("%s: cannot tell the variant and profile from the header or the "
                             "file name (VARIANT-PROFILE.epd), give -v and -p", path);
    snprintf(variant, HX_SUITE_NAME_MAX, "%s", o->variant ? o->variant : s->variant);
    snprintf(profile, HX_SUITE_NAME_MAX, "%s",
             o->profile ? o->profile : same_variant ? s->profile : "std");
    hx_error e;
    if (!hx_rules_find(variant, profile, &e))
        return cli_bad_input("%s: %s", path, e.message);
    return 0;
}

static int run_file(suite_run *r, const char *path)
{
    char variant[HX_SUITE_NAME_MAX], profile[HX_SUITE_NAME_MAX], err[512];
    hx_suite s;
    if (hx_suite_read(path, &s, err, sizeof err) != 0)
        return cli_bad_input("%s", err);
    int rc = suite_rules(r, path, &s, variant, profile);
    if (!rc && !strcmp(r->engine_name, "oracle") && !oracle_supports(variant, profile)) {
        printf("skip  %s: the oracle does not implement %s %s\n", path, variant, profile);
        hx_suite_free(&s);
        return 0;
    }
    r->variant = variant;
    r->profile = profile;
    hx_error e;
    if (!rc && !(r->engine = hx_session_open_named(r->engine_name, variant, profile, &e)))
        rc = cli_bad_input("%s: %s", path, e.message);
    /* the oracle has no negative controls: then there is no divide to compare */
    r->other = rc ? NULL : hx_session_open_named(r->other_name, variant, profile, &e);
    for (int i = 0; !rc && i < s.n; i++) {
        const hx_suite_line *l = &s.lines[i];
        if (r->quick_only && !l->quick)
            continue;
        char where[300];
        snprintf(where, sizeof where, "%s:%ld", path, l->lineno);
        r->selected++;
        int result = run_line(r, l, where);
        r->passed += result == 1;
        r->failed += result == 0;
        r->skipped += result < 0;
        fflush(stdout);
    }
    hx_session_close(r->engine);
    hx_session_close(r->other);
    r->engine = r->other = NULL;
    hx_suite_free(&s);
    return rc;
}

static int suite_setup(const cli_opts *o, suite_run *r)
{
    memset(r, 0, sizeof *r);
    r->o = o;
    if (!o->nargs)
        return cli_usage_error("suite", "give one or more suite files");
    if (o->tier && strcmp(o->tier, "quick") && strcmp(o->tier, "deep"))
        return cli_usage_error("suite", "--tier must be quick or deep");
    r->quick_only = o->tier && !strcmp(o->tier, "quick");
    if (strcmp(o->generator, "reference") && strcmp(o->generator, "oracle"))
        return cli_usage_error("suite", "unknown generator '%s' (reference or oracle)",
                               o->generator);
    r->engine_name = o->generator;
    r->other_name = strcmp(o->generator, "oracle") ? "oracle" : "reference";
    return cli_check_names(o->variant, o->profile);
}

static const cli_option suite_options[] = {
    CLI_INCLUDE(cli_generator_options),
    CLI_OPT(CLI_OPT_STRING, 0, "tier", "quick|deep", CLI_FIELD(tier),
            "quick: only lines marked ';tier quick'; deep (default): all"),
    CLI_OPT(CLI_OPT_U64, 0, "max-nodes", "N", CLI_FIELD(max_nodes),
            "skip the depths whose expected count exceeds N"),
    CLI_INCLUDE(cli_variant_options),
    CLI_INCLUDE(cli_output_options),
    CLI_INCLUDE(cli_report_option),
    CLI_END};

const cli_command cli_suite_command = {
    "suite", cmd_suite, "run perft suites (EPD files) and report each line",
    "hexref suite [options] FILE...",
    "Runs perft suites and reports pass or fail per line (perft-suites/README.md).\n"
    "A suite is VARIANT-PROFILE.epd, lines 'HEXFEN ;D1 n ;D2 n ... ;id NAME'. A failure\n"
    "prints the divide difference; the run ends with 'N passed, N failed' and exits 1\n"
    "on any failure. With -g oracle, the lines the oracle cannot run are skipped.\n"
    "-v and -p give the variant and profile if the file's header or name does not;\n"
    "an explicit -p wins over the file's profile.\n",
    suite_options};

int cmd_suite(int argc, char **argv)
{
    cli_opts o;
    suite_run r;
    int rc = cli_parse(&cli_suite_command, argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    if ((rc = suite_setup(&o, &r)) != 0)
        return rc;
    cli_output out;
    if ((rc = cli_output_begin("suite", &o, &out)) != 0)
        return rc;
    hx_results_init(&r.results, "suite", r.engine_name);
    for (int i = 0; i < o.nargs && !rc; i++)
        rc = run_file(&r, o.args[i]);
    if (!rc && r.skipped)
        printf("%d lines skipped (every depth above --max-nodes)\n", r.skipped);
    if (!rc && r.results.n == 0)
        rc = cli_bad_input("suite: no line checked (%d read with the tier, %d within "
                           "--max-nodes)", r.selected, r.selected - r.skipped);
    if (!rc) {
        printf("%d passed, %d failed\n", r.passed, r.failed);
        rc = cli_output_end(&out, &r.results);
    }
    if (out.json_out)
        fclose(out.json_out);
    hx_results_free(&r.results);
    return rc ? rc : r.failed ? EXIT_BAD_INPUT : EXIT_OK;
}
