/*
 * print_identify.c - identify's text report (print_identify.h), written
 * from the runner's result; the JSON, JUnit and HTML printers show its
 * checks (r->checks) as they show any run's.
 */
#include "print_identify.h"

#include <string.h>

#include "print.h"
#include "protocol.h"

enum { LIST_MAX = 512 };

void hx_identify_progress_event(void *ctx, const hx_identify_event *e)
{
    FILE *out = ctx;
    if (e->kind == HX_IDENTIFY_RUNS_DONE) {
        fprintf(out, "\r%60s\r", "");
        return;
    }
    char who[96];
    if (e->reference < 0)
        snprintf(who, sizeof who, "engine");
    else
        snprintf(who, sizeof who, "reference as %s", e->profiles[e->reference]);
    fprintf(out, "\ridentify: %s, profile %d of %d (%s)   ", who, e->profile + 1, e->nprofiles,
            e->profiles[e->profile]);
}

void hx_identify_print_header(FILE *out, const char *command, int protocol,
                              const char *variant, const char *profile, double timeout)
{
    fprintf(out, "identify: engine %s (%s protocol), %s; the profile is %s; at most %.0f s per "
            "query (--timeout)\n", command, hx_protocol_name(protocol), variant,
            profile ? "told to the engine" : "not told", timeout > 0 ? timeout : 30.0);
}

/* The profiles of mask as text. */
static void profile_list(const hx_identify_result *r, unsigned mask, char *out, size_t cap)
{
    out[0] = '\0';
    for (int p = 0; p < r->nprofiles; p++)
        if (mask >> p & 1) {
            size_t used = strlen(out);
            snprintf(out + used, cap - used, "%s%s", used ? " " : "", r->profiles[p]);
        }
    if (!out[0])
        snprintf(out, cap, "none");
}

/* One line per rule point: the readings the engine follows | the others. */
static void print_rule_points(FILE *out, const hx_identify_result *r)
{
    unsigned all = (1u << r->nprofiles) - 1;
    fprintf(out, "rule points that tell the profiles apart (topic: the readings the engine "
            "follows | those it does not):\n");
    for (int i = 0; i < r->npoints; i++) {
        const hx_identify_point *pt = &r->points[i];
        char follows[LIST_MAX], not_[LIST_MAX];
        profile_list(r, pt->follows, follows, sizeof follows);
        profile_list(r, all & ~pt->follows, not_, sizeof not_);
        fprintf(out, "  %-24s %s | %s   (%d fixture%s, e.g. %s)\n", pt->topic,
                pt->follows ? follows : "none (an engine bug)", not_, pt->count,
                pt->count == 1 ? "" : "s", pt->example);
    }
    if (!r->npoints)
        fprintf(out, "  (none: the engine and every profile give the same answers)\n");
}

/* The counts of skips by reason, as "2 status-only (...), 1 ..." */
static void print_skips(FILE *out, const int *skips)
{
    int n = 0;
    for (int k = 0; k < HX_FIXTURE_NSKIP; k++)
        if (skips[k])
            fprintf(out, "%s%d %s", n++ ? ", " : "", skips[k],
                    hx_fixture_skip_text((hx_fixture_skip)k));
}

/* The header: every fixture of the variant, what kind, what was skipped. */
static void print_counts(FILE *out, const hx_identify_result *r)
{
    int runs = 0;
    for (int k = 0; k < HX_FIXTURE_NSKIP; k++)
        runs += r->skipped_runs[k];
    fprintf(out, "%d %s fixtures, each run under %d profiles: %d tell the profiles apart, %d "
            "all profiles agree on\n", r->nfixtures, r->variant, r->nprofiles, r->nseparating,
            r->ncommon);
    fprintf(out, "%d skipped%s", r->skipped, r->skipped ? ": " : "");
    print_skips(out, r->skips);
    if (runs) {
        fprintf(out, "; %d run%s skipped in fixtures that ran: ", runs, runs == 1 ? "" : "s");
        print_skips(out, r->skipped_runs);
    }
    fprintf(out, "\n");
    if (r->nerrors)
        fprintf(out, "%d with an engine error or a rejected position (counted apart, not as "
                "differences)\n", r->nerrors);
    fprintf(out, "\n");
}

static void print_table(FILE *out, const hx_identify_result *r)
{
    fprintf(out, "\n%-26s %8s  %9s  %10s  %12s  %14s  %7s\n", "profile", "agreeing", "differing",
            "engine bug", "engine error", "not applicable", "skipped");
    for (int p = 0; p < r->nprofiles; p++)
        fprintf(out, "  %-24s %8d  %9d  %10d  %12d  %14d  %7d%s\n", r->profiles[p],
                r->agreeing[p], r->disagree[p], r->bugs, r->errors[p], r->not_applicable[p],
                r->skipped, r->matches >> p & 1 ? "   <- matches" : "");
    fprintf(out, "(each row counts all %d fixtures once; differing: fixtures that tell the "
            "profiles apart; engine bug: fixtures all profiles agree on where the engine "
            "differs)\n", r->nfixtures);
}

static void print_answer(FILE *out, const char *who, const hx_check_result *c)
{
    fprintf(out, "      %-10s %s\n", who, c ? hx_outcome_name(c->outcome) : "not run");
    if (!c || !c->message)
        return;
    /* the lines of the message after the position (which the query shows) */
    for (const char *s = c->message; *s; s += strcspn(s, "\n") + (s[strcspn(s, "\n")] != 0)) {
        int n = (int)strcspn(s, "\n");
        if (strncmp(s, "  source:", 9) && strncmp(s, "  fen:", 6) && strncmp(s, "  setup:", 8) &&
            strncmp(s, "  line:", 7))
            fprintf(out, "      %.*s\n", n, s);
    }
}

/* One fixture's differing runs against q: the run, the query, both answers. */
static void print_fixture_runs(FILE *out, const hx_identify_result *r, int i, int q)
{
    const hx_identify_fixture *row = &r->fixtures[i];
    unsigned runs = hx_identify_differing_runs(r, i, q);
    for (int p = 0; p < r->nprofiles; p++) {
        if (!(runs >> p & 1))
            continue;
        const hx_check_result *e = hx_identify_run_of(&r->engine_runs[p], row->id);
        const hx_check_result *ref = hx_identify_run_of(&r->reference_runs[q][p], row->id);
        fprintf(out, "  %s, run under %s  (%s)\n", row->id, r->profiles[p], e ? e->source : "?");
        if (e)
            fprintf(out, "    query: %s%s%s\n", e->fen, e->moves ? " moves " : "",
                    e->moves ? e->moves : "");
        print_answer(out, "engine:", e);
        if (!(row->errors >> p & 1))
            print_answer(out, "reference:", ref);
    }
}

/* For each fixture where the engine differs from profile q (or, errors:
 * gave no answer where q gives one): the runs and both answers. */
static void print_differences(FILE *out, const hx_identify_result *r, int q, int errors)
{
    int want = errors ? HX_IDENTIFY_ERROR : HX_IDENTIFY_DIFFER;
    int n = errors ? r->errors[q] : r->disagree[q] + r->bugs;
    if (!n)
        return;
    if (errors)
        fprintf(out, "\nwhere the engine gave no usable answer or rejected the position (%d "
                "fixture%s):\n", n, n == 1 ? "" : "s");
    else
        fprintf(out, "\nwhere the engine differs from %s (%d fixture%s):\n", r->profiles[q], n,
                n == 1 ? "" : "s");
    for (int i = 0; i < r->nfixtures; i++)
        if (r->fixtures[i].state[q] == want)
            print_fixture_runs(out, r, i, q);
}

/* Up to three fixture ids where pick holds, and how many more. */
static void print_ids(FILE *out, const hx_identify_result *r, int q, int want, int kind, int n)
{
    int shown = 0;
    for (int i = 0; i < r->nfixtures && shown < 3; i++)
        if (r->fixtures[i].state[q] == want && (kind < 0 || (int)r->fixtures[i].kind == kind))
            fprintf(out, "%s %s", shown++ ? "," : "", r->fixtures[i].id);
    if (n > shown)
        fprintf(out, " (and %d more)", n - shown);
}

/* "none, closest std: ...": the closest profile and why none matches. */
static void print_none(FILE *out, const hx_identify_result *r, int verbose)
{
    int best = r->closest;
    fprintf(out, "\nmatches: none, closest %s: ", r->profiles[best]);
    int answered = 0;
    for (int i = 0; i < r->nfixtures; i++)
        answered += r->fixtures[i].kind == HX_IDENTIFY_SEPARATING &&
                    r->fixtures[i].state[best] == HX_IDENTIFY_AGREE;
    if (r->consistent >> best & 1 && answered == r->nseparating)
        fprintf(out, "its reading on all %d fixtures that tell the profiles apart",
                r->nseparating);
    else if (r->consistent >> best & 1)
        fprintf(out, "its reading on every fixture that tells the profiles apart and that the "
                "engine answered (%d of %d)", answered, r->nseparating);
    else {
        fprintf(out, "differs on %d of %d fixtures that tell the profiles apart:",
                r->disagree[best], r->nseparating);
        print_ids(out, r, best, HX_IDENTIFY_DIFFER, HX_IDENTIFY_SEPARATING, r->disagree[best]);
        int nomatch = 0;
        for (int i = 0; i < r->nfixtures; i++)
            nomatch += r->fixtures[i].kind == HX_IDENTIFY_SEPARATING &&
                       r->fixtures[i].state[best] == HX_IDENTIFY_DIFFER && !r->fixtures[i].agree;
        if (nomatch)
            fprintf(out, " (on %d of them the engine's answers are no profile's: engine bugs, "
                    "not a reading)", nomatch);
    }
    if (r->bugs) {
        fprintf(out, ";\n  differs on %d fixture%s that all profiles agree on (engine bugs, not a "
                "reading):", r->bugs, r->bugs == 1 ? "" : "s");
        print_ids(out, r, best, HX_IDENTIFY_DIFFER, HX_IDENTIFY_COMMON, r->bugs);
    }
    if (r->errors[best]) {
        fprintf(out, ";\n  no usable answer on %d fixture%s (engine errors or rejected "
                "positions, counted apart):", r->errors[best], r->errors[best] == 1 ? "" : "s");
        print_ids(out, r, best, HX_IDENTIFY_ERROR, -1, r->errors[best]);
    }
    fprintf(out, "\n  (%d of %d fixtures agree with %s)\n", r->agreeing[best], r->nfixtures,
            r->profiles[best]);
    if (!verbose) {
        print_differences(out, r, best, 0);
        print_differences(out, r, best, 1);
    }
}

static int print_summary(FILE *out, const hx_identify_result *r, int verbose)
{
    print_table(out, r);
    int first = -1, matched = 0, alike = 1;
    for (int p = 0; p < r->nprofiles; p++)
        if (r->matches >> p & 1) {
            fprintf(out, "%s %s", matched++ ? "" : "\nmatches:", r->profiles[p]);
            if (first < 0)
                first = p;
            else
                alike &= hx_identify_indistinguishable(r, first, p);
        }
    if (matched > 1 && alike)
        fprintf(out, "   (the fixtures cannot tell these apart: they differ beyond move "
                "generation\n   or where no fixture looks)");
    if (matched)
        fprintf(out, "\n");
    else
        print_none(out, r, verbose);
    if (verbose)
        for (int q = 0; q < r->nprofiles; q++) {
            print_differences(out, r, q, 0);
            print_differences(out, r, q, 1);
        }
    return matched > 0;
}

int hx_identify_print_report(FILE *out, const hx_identify_result *r, int verbose)
{
    if (r->stop == HX_IDENTIFY_UNUSABLE) {
        fprintf(out, "FAIL: the engine gave no usable answer, so nothing can be identified.\n"
                "  first problem: %s\n  (check it with: hexref verify --engine ... -v %s -d 1)\n",
                r->unusable, r->variant);
        return 0;
    }
    print_counts(out, r);
    print_rule_points(out, r);
    return print_summary(out, r, verbose);
}
