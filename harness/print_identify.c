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
        fprintf(out, "  %-24s %s | %s   (%d fixture%s, e.g. %s)\n", pt->topic, follows, not_,
                pt->count, pt->count == 1 ? "" : "s", pt->example);
    }
    if (!r->npoints)
        fprintf(out, "  (none: the engine and every profile give the same outcomes)\n");
}

static void print_table(FILE *out, const hx_identify_result *r)
{
    fprintf(out, "\nprofile                  fixtures agreeing  differing  not applicable\n");
    for (int p = 0; p < r->nprofiles; p++)
        fprintf(out, "  %-24s %17d  %9d  %14d%s\n", r->profiles[p],
                r->nfixtures - r->disagree[p] - r->not_applicable[p], r->disagree[p],
                r->not_applicable[p], r->disagree[p] ? "" : "   <- matches");
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

/* For each fixture where the engine differs from profile q: the run, the
 * query (position and line) and both answers. */
static void print_differences(FILE *out, const hx_identify_result *r, int q)
{
    if (!r->disagree[q])
        return;
    fprintf(out, "\nwhere the engine differs from %s (%d fixture%s):\n", r->profiles[q],
            r->disagree[q], r->disagree[q] == 1 ? "" : "s");
    for (int i = 0; i < r->nfixtures; i++) {
        const hx_identify_fixture *row = &r->fixtures[i];
        if (row->agree >> q & 1)
            continue;
        unsigned runs = hx_identify_differing_runs(r, i, q);
        for (int p = 0; p < r->nprofiles; p++) {
            if (!(runs >> p & 1))
                continue;
            const hx_check_result *e = hx_identify_run_of(&r->engine_runs[p], row->id);
            const hx_check_result *ref = hx_identify_run_of(&r->reference_runs[q][p], row->id);
            fprintf(out, "  %s, run under %s  (%s)\n", row->id, r->profiles[p],
                    e ? e->source : "?");
            if (e)
                fprintf(out, "    query: %s%s%s\n", e->fen, e->moves ? " moves " : "",
                        e->moves ? e->moves : "");
            print_answer(out, "engine:", e);
            print_answer(out, "reference:", ref);
        }
    }
}

/* "none: differs on ...": the closest profile and where it differs. */
static void print_none(FILE *out, const hx_identify_result *r, int verbose)
{
    int best = r->closest, shown = 0;
    fprintf(out, "matches: none: differs on");
    for (int i = 0; i < r->nfixtures && shown < 3; i++)
        if (!(r->fixtures[i].agree >> best & 1))
            fprintf(out, "%s %s", shown++ ? "," : "", r->fixtures[i].id);
    if (r->disagree[best] > shown)
        fprintf(out, " (and %d more)", r->disagree[best] - shown);
    fprintf(out, " from the closest profile, %s (%d of %d fixtures agree)\n", r->profiles[best],
            r->nfixtures - r->disagree[best], r->nfixtures);
    if (!verbose)
        print_differences(out, r, best);
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
        for (int q = 0; q < r->nprofiles; q++)
            print_differences(out, r, q);
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
    fprintf(out, "%d %s fixtures, each run under %d profiles\n\n", r->nfixtures, r->variant,
            r->nprofiles);
    print_rule_points(out, r);
    return print_summary(out, r, verbose);
}
