/*
 * cmd_identify.c - hexref identify: which profile does an outside engine
 * follow?
 *
 * The engine is not told the profile: its behaviour is fixed. The fixtures
 * are run through it once under every profile of the variant (each position
 * is asked once: the adapter caches), which gives, fixture by fixture, the
 * pattern of runs it passes and fails. The same is done with the reference
 * pinned to each profile in turn, behind the same adapter. The engine
 * follows a profile's reading at a fixture when its pattern there equals the
 * reference's under that profile, and matches the profile when that holds at
 * every fixture. This needs no positive description of a negative control:
 * a control is recognised by the fixtures it breaks, exactly as the
 * reference under that control breaks them.
 *
 * The runs come back from the fixture runner as values (hx_check_result),
 * one per fixture and profile. A run that the reference pinned to q rejects
 * (the position is not valid under q) is not applicable for q: it is not a
 * difference. Rule points are fixture topics (the second part of an id:
 * pawn, ep, castle, s07 ...).
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "engine_external.h"
#include "fixtures.h"
#include "print.h"
#include "process.h"
#include "strutil.h"

enum { MAX_PROFILES = 31, LIST_MAX = 512 }; /* profiles are bits of an unsigned */

/* One fixture: which of its runs (bit p: the run under profile p) each side
 * failed. A run the reference rejects (the position is not valid under the
 * profile it is pinned to) is not applicable for that reference. */
typedef struct fixture_row {
    const char *id;   /* borrowed from the results */
    unsigned ran;     /* runs the engine made */
    unsigned engine;  /* runs the engine failed */
    unsigned failed[MAX_PROFILES], not_applicable[MAX_PROFILES]; /* the reference under q */
    unsigned agree;   /* bit q: the engine's outcomes equal the reference's under q */
    unsigned all_na;  /* bit q: every run was not applicable under q */
} fixture_row;

typedef struct identify_ctx {
    const cli_opts *o;
    const char *variant;
    const char *profiles[MAX_PROFILES];
    int nprofiles;
    fixture_row *f;
    int n, cap;
    hx_results engine_runs[MAX_PROFILES];             /* the engine, run under p */
    hx_results reference_runs[MAX_PROFILES][MAX_PROFILES]; /* the reference pinned to q, under p */
    int disagree[MAX_PROFILES], not_applicable[MAX_PROFILES];
    int progress;
} identify_ctx;

/* ------------------------------------------------------------ running */

static int compare_rows(const void *a, const void *b)
{
    return strcmp(((const fixture_row *)a)->id, ((const fixture_row *)b)->id);
}

static fixture_row *find_row(identify_ctx *c, const char *id)
{
    fixture_row key = {.id = id};
    return c->n ? bsearch(&key, c->f, (size_t)c->n, sizeof *c->f, compare_rows) : NULL;
}

/* The rows come from the engine's results: every fixture of the variant. */
static int build_rows(identify_ctx *c)
{
    for (int p = 0; p < c->nprofiles; p++)
        for (int i = 0; i < c->engine_runs[p].n; i++) {
            const hx_check_result *r = &c->engine_runs[p].checks[i];
            fixture_row *row = find_row(c, r->id);
            if (!row) {
                if (hx_grow(&c->f, &c->cap, c->n, sizeof *c->f, 256) != 0)
                    return cli_bad_input("out of memory");
                row = &c->f[c->n++];
                memset(row, 0, sizeof *row);
                row->id = r->id;
                qsort(c->f, (size_t)c->n, sizeof *c->f, compare_rows);
                row = find_row(c, r->id);
            }
            row->ran |= 1u << p;
            if (r->outcome != HX_PASS)
                row->engine |= 1u << p;
        }
    return c->n ? 0 : cli_bad_input("no %s fixtures found in the given files", c->variant);
}

static void progress(const identify_ctx *c, const char *who, int p)
{
    if (c->progress)
        fprintf(stderr, "\ridentify: %s, profile %d of %d (%s)   ", who, p + 1, c->nprofiles,
                c->profiles[p]);
}

/* Runs the fixtures through e under every profile into runs[p]. */
static int run_all(identify_ctx *c, hx_external *x, hx_results *runs, const char *who,
                   const char *const *paths, int npaths)
{
    hx_engine e = hx_external_engine(x);
    for (int p = 0; p < c->nprofiles; p++) {
        hx_fixture_stats st;
        progress(c, who, p);
        hx_results_init(&runs[p], "identify", e.name);
        if (hx_fixtures_run(&e, c->variant, c->profiles[p], paths, npaths, stderr, &runs[p],
                            &st) != 0)
            return EXIT_BAD_INPUT;
    }
    return 0;
}

static void mark_reference(identify_ctx *c, int q)
{
    for (int p = 0; p < c->nprofiles; p++)
        for (int i = 0; i < c->reference_runs[q][p].n; i++) {
            const hx_check_result *r = &c->reference_runs[q][p].checks[i];
            fixture_row *row = find_row(c, r->id);
            if (!row)
                continue;
            if (r->outcome == HX_NOT_APPLICABLE)
                row->not_applicable[q] |= 1u << p;
            else if (r->outcome != HX_PASS)
                row->failed[q] |= 1u << p;
        }
}

/* The reference pinned to each profile in turn, behind the adapter the
 * engine had (the same operations, the same caching), then the comparison. */
static int run_references(identify_ctx *c, hx_external *engine, int protocol,
                          const char *const *paths, int npaths)
{
    int status = hx_external_has_status(engine);
    for (int q = 0; q < c->nprofiles; q++) {
        char who[96];
        snprintf(who, sizeof who, "reference as %s", c->profiles[q]);
        hx_external *x = hx_external_new_reference(c->variant, c->profiles[q], protocol, status);
        int rc = x ? run_all(c, x, c->reference_runs[q], who, paths, npaths)
                   : cli_bad_input("out of memory");
        hx_external_free(x);
        if (rc)
            return rc;
        mark_reference(c, q);
    }
    if (c->progress)
        fprintf(stderr, "\r%60s\r", "");
    for (int i = 0; i < c->n; i++)
        for (int q = 0; q < c->nprofiles; q++) {
            fixture_row *row = &c->f[i];
            unsigned na = row->not_applicable[q] & row->ran;
            if (na == row->ran) {
                row->all_na |= 1u << q;
                row->agree |= 1u << q;
                c->not_applicable[q]++;
            } else if (((row->engine ^ row->failed[q]) & row->ran & ~na) == 0) {
                row->agree |= 1u << q;
            } else {
                c->disagree[q]++;
            }
        }
    return 0;
}

/* ------------------------------------------------------------ report */

static const char *topic_name(const char *id, char *out, size_t cap)
{
    const char *t = strchr(id, '-');
    t = t ? t + 1 : id;
    size_t n = strcspn(t, "-");
    static const char *const names[][2] = {
        {"pawn", "pawn moves"}, {"promo", "promotion"}, {"ep", "en passant"},
        {"castle", "castling"}, {"geo", "piece geometry"}, {"clock", "clocks"},
        {"perft", "published perft"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i][0]) == n && strncmp(t, names[i][0], n) == 0)
            return names[i][1];
    if (t[0] == 's' && n == 3)
        snprintf(out, cap, "spec section 7, item %d", atoi(t + 1));
    else
        snprintf(out, cap, "%.*s", (int)n, t);
    return out;
}

/* The profiles of mask as text. */
static void profile_list(const identify_ctx *c, unsigned mask, char *out, size_t cap)
{
    out[0] = '\0';
    for (int p = 0; p < c->nprofiles; p++)
        if (mask >> p & 1) {
            size_t used = strlen(out);
            snprintf(out + used, cap - used, "%s%s", used ? " " : "", c->profiles[p]);
        }
    if (!out[0])
        snprintf(out, cap, "none");
}

static int same_group(const identify_ctx *c, int i, int j)
{
    char a[64], b[64];
    return c->f[i].agree == c->f[j].agree &&
           strcmp(topic_name(c->f[i].id, a, sizeof a), topic_name(c->f[j].id, b, sizeof b)) == 0;
}

/* One line per (topic, readings followed) group that tells profiles apart. */
static void print_rule_points(const identify_ctx *c)
{
    unsigned all = (1u << c->nprofiles) - 1;
    char *done = calloc((size_t)c->n + 1, 1);
    int any = 0;
    printf("rule points that tell the profiles apart (topic: the readings the engine follows"
           " | those it does not):\n");
    for (int i = 0; done && i < c->n; i++) {
        if (done[i] || c->f[i].agree == all)
            continue;
        int count = 0;
        for (int j = i; j < c->n; j++)
            if (!done[j] && same_group(c, i, j))
                done[j] = 1, count++;
        char follows[LIST_MAX], not_[LIST_MAX], topic[64];
        profile_list(c, c->f[i].agree, follows, sizeof follows);
        profile_list(c, all & ~c->f[i].agree, not_, sizeof not_);
        printf("  %-24s %s | %s   (%d fixture%s, e.g. %s)\n",
               topic_name(c->f[i].id, topic, sizeof topic), follows, not_, count,
               count == 1 ? "" : "s", c->f[i].id);
        any = 1;
    }
    if (!any)
        printf("  (none: the engine and every profile give the same outcomes)\n");
    free(done);
}

static void print_table(const identify_ctx *c)
{
    printf("\nprofile                  fixtures agreeing  differing  not applicable\n");
    for (int p = 0; p < c->nprofiles; p++)
        printf("  %-24s %17d  %9d  %14d%s\n", c->profiles[p],
               c->n - c->disagree[p] - c->not_applicable[p], c->disagree[p],
               c->not_applicable[p], c->disagree[p] ? "" : "   <- matches");
}

/* The check of fixture row under run profile p, in runs, or NULL. */
static const hx_check_result *run_of(const hx_results *runs, const char *id)
{
    for (int i = 0; i < runs->n; i++)
        if (strcmp(runs->checks[i].id, id) == 0)
            return &runs->checks[i];
    return NULL;
}

static void print_answer(const char *who, const hx_check_result *r)
{
    printf("      %-10s %s\n", who, r ? hx_outcome_name(r->outcome) : "not run");
    if (!r || !r->message)
        return;
    /* the lines of the message after the position (which the query shows) */
    for (const char *s = r->message; *s; s += strcspn(s, "\n") + (s[strcspn(s, "\n")] != 0)) {
        int n = (int)strcspn(s, "\n");
        if (strncmp(s, "  source:", 9) && strncmp(s, "  fen:", 6) && strncmp(s, "  setup:", 8) &&
            strncmp(s, "  line:", 7))
            printf("      %.*s\n", n, s);
    }
}

/* For each fixture where the engine differs from profile q: the run, the
 * query (position and line) and both answers. */
static void print_differences(const identify_ctx *c, int q)
{
    if (!c->disagree[q])
        return;
    printf("\nwhere the engine differs from %s (%d fixture%s):\n", c->profiles[q], c->disagree[q],
           c->disagree[q] == 1 ? "" : "s");
    for (int i = 0; i < c->n; i++) {
        const fixture_row *row = &c->f[i];
        if (row->agree >> q & 1)
            continue;
        unsigned runs = (row->engine ^ row->failed[q]) & row->ran & ~row->not_applicable[q];
        for (int p = 0; p < c->nprofiles; p++) {
            if (!(runs >> p & 1))
                continue;
            const hx_check_result *e = run_of(&c->engine_runs[p], row->id);
            const hx_check_result *r = run_of(&c->reference_runs[q][p], row->id);
            printf("  %s, run under %s  (%s)\n", row->id, c->profiles[p], e ? e->source : "?");
            if (e)
                printf("    query: %s%s%s\n", e->fen, e->moves ? " moves " : "",
                       e->moves ? e->moves : "");
            print_answer("engine:", e);
            print_answer("reference:", r);
        }
    }
}

/* The first profile the engine matches, else the closest one. */
static int closest_profile(const identify_ctx *c)
{
    int best = 0;
    for (int p = 1; p < c->nprofiles; p++)
        if (c->disagree[p] < c->disagree[best])
            best = p;
    return best;
}

/* "none: differs on ...": the closest profile and where it differs. */
static void print_none(const identify_ctx *c)
{
    int best = closest_profile(c);
    printf("matches: none: differs on");
    int shown = 0;
    for (int i = 0; i < c->n && shown < 3; i++)
        if (!(c->f[i].agree >> best & 1))
            printf("%s %s", shown++ ? "," : "", c->f[i].id);
    if (c->disagree[best] > shown)
        printf(" (and %d more)", c->disagree[best] - shown);
    printf(" from the closest profile, %s (%d of %d fixtures agree)\n", c->profiles[best],
           c->n - c->disagree[best], c->n);
    if (!c->o->verbose)
        print_differences(c, best);
}

/* Profiles that no fixture tells apart from p (the reference gives the
 * same outcomes under both). */
static int indistinguishable(const identify_ctx *c, int p, int q)
{
    for (int i = 0; i < c->n; i++)
        if (c->f[i].failed[p] != c->f[i].failed[q] ||
            c->f[i].not_applicable[p] != c->f[i].not_applicable[q])
            return 0;
    return 1;
}

static int print_summary(const identify_ctx *c)
{
    print_table(c);
    int first = -1, matched = 0, alike = 1;
    for (int p = 0; p < c->nprofiles; p++)
        if (!c->disagree[p]) {
            printf("%s %s", matched++ ? "" : "\nmatches:", c->profiles[p]);
            if (first < 0)
                first = p;
            else
                alike &= indistinguishable(c, first, p);
        }
    if (matched > 1 && alike)
        printf("   (the fixtures cannot tell these apart: they differ beyond move generation\n"
               "   or where no fixture looks)");
    if (matched)
        printf("\n");
    else
        print_none(c);
    if (c->o->verbose)
        for (int q = 0; q < c->nprofiles; q++)
            print_differences(c, q);
    return matched ? EXIT_OK : EXIT_BAD_INPUT;
}

/* ------------------------------------------------------------ results */

/* One check per fixture: does the engine give the outcomes the reference
 * gives under q, the profile it matches (or the closest)? */
static int add_check(const identify_ctx *c, const fixture_row *row, int q, hx_results *out)
{
    const hx_check_result *any = NULL;
    for (int p = 0; p < c->nprofiles && !any; p++)
        any = run_of(&c->engine_runs[p], row->id);
    hx_check_result r;
    hx_check_result_init(&r, HX_CHECK_IDENTIFY);
    r.outcome = row->all_na >> q & 1 ? HX_NOT_APPLICABLE : row->agree >> q & 1 ? HX_PASS : HX_FAIL;
    r.id = hx_strdup(row->id);
    r.source = hx_strdup(any ? any->source : NULL);
    r.variant = hx_strdup(c->variant);
    r.profile = hx_strdup(c->profiles[q]);
    r.fen = hx_strdup(any ? any->fen : NULL);
    r.moves = hx_strdup(any ? any->moves : NULL);
    r.depth = 1;
    if (r.outcome == HX_FAIL) {
        hx_sbuf m = {0};
        unsigned runs = (row->engine ^ row->failed[q]) & row->ran & ~row->not_applicable[q];
        for (int p = 0; p < c->nprofiles; p++)
            if (runs >> p & 1)
                hx_sbuf_printf(&m, "%sunder %s the engine %s, the reference as %s %s",
                               m.n ? "; " : "", c->profiles[p],
                               row->engine >> p & 1 ? "fails" : "passes", c->profiles[q],
                               row->failed[q] >> p & 1 ? "fails" : "passes");
        r.message = hx_sbuf_take(&m);
    }
    return hx_results_add(out, &r);
}

/* The run as one errored check when the engine never answered usably. */
static int output_unusable(const identify_ctx *c, const char *problem, cli_output *out)
{
    hx_results r;
    hx_check_result e;
    hx_results_init(&r, "identify", c->o->engine);
    hx_check_result_init(&e, HX_CHECK_IDENTIFY);
    e.outcome = HX_ERROR;
    e.id = hx_strdup("engine");
    e.variant = hx_strdup(c->variant);
    e.message = hx_strfmt("the engine gave no usable answer: %s", problem);
    int rc = hx_results_add(&r, &e) ? cli_bad_input("out of memory") : cli_output_end(out, &r);
    hx_results_free(&r);
    return rc ? rc : EXIT_BAD_INPUT;
}

static int output_results(const identify_ctx *c, cli_output *out)
{
    hx_results r;
    hx_results_init(&r, "identify", c->o->engine);
    int rc = 0, q = closest_profile(c);
    for (int i = 0; i < c->n && rc == 0; i++)
        rc = add_check(c, &c->f[i], q, &r);
    rc = rc ? cli_bad_input("out of memory") : cli_output_end(out, &r);
    hx_results_free(&r);
    return rc;
}

/* ------------------------------------------------------------ command */

static int identify(identify_ctx *c, hx_external *x, int protocol, cli_output *out)
{
    char dir[CLI_PATH_MAX];
    const char *slot[1];
    int npaths;
    const char *const *paths = cli_fixture_paths(c->o, dir, slot, &npaths);
    if (!paths)
        return EXIT_BAD_INPUT;
    int rc = run_all(c, x, c->engine_runs, "engine", paths, npaths);
    if (!rc && hx_external_unusable(x)) {
        if (c->progress)
            fprintf(stderr, "\r%60s\r", "");
        printf("FAIL: the engine gave no usable answer, so nothing can be identified.\n"
               "  first problem: %s\n  (check it with: hexref verify --engine ... -v %s -d 1)\n",
               hx_external_unusable(x), c->variant);
        return output_unusable(c, hx_external_unusable(x), out);
    }
    if (!rc)
        rc = build_rows(c);
    if (!rc)
        rc = run_references(c, x, protocol, paths, npaths);
    if (rc)
        return rc;
    printf("%d %s fixtures, each run under %d profiles\n\n", c->n, c->variant, c->nprofiles);
    print_rule_points(c);
    rc = print_summary(c);
    int wrote = output_results(c, out);
    return wrote ? wrote : rc;
}

static const cli_option identify_options[] = {
    CLI_OPT(CLI_OPT_STRING, 'e', "engine", "'CMD'", CLI_FIELD(engine),
            "the engine's command line, run by /bin/sh -c"),
    CLI_OPT(CLI_OPT_STRING, 0, "protocol", "script|uci", CLI_FIELD(protocol),
            "script (default) or uci"),
    CLI_INCLUDE(cli_variant_options),
    CLI_OPT(CLI_OPT_DOUBLE, 0, "timeout", "SECONDS", CLI_FIELD(timeout),
            "limit per query (default 30; raise it for slow engines)"),
    CLI_OPT(CLI_OPT_FLAG, 0, "verbose", NULL, CLI_FIELD(verbose),
            "every profile's differing fixtures, not only the closest's"),
    CLI_INCLUDE(cli_output_options),
    CLI_END};

const cli_command cli_identify_command = {
    "identify", cmd_identify, "tell which rule profile an outside engine follows",
    "hexref identify --engine 'CMD' -v VARIANT [--protocol uci] [FILE|DIR ...]",
    "Tells which rule profile an outside engine follows, rule point by rule point.\n"
    "Runs the fixtures (default: hexref's own) through the engine under every profile\n"
    "of the variant, and the reference under each profile, and reports the readings\n"
    "the engine follows and the profiles it matches ('none: differs on X' if none).\n"
    "The profile is not told to the engine unless -p is given. Exits 0 on a match.\n",
    identify_options};

/* Runs identify with c (zeroed by the caller); frees what it put in c. */
static int identify_with(identify_ctx *c, cli_opts *op, int protocol)
{
    int rc;
    c->o = op;
    c->variant = op->variant;
    c->progress = cli_progress_wanted();
    c->nprofiles = hx_profile_count(op->variant);
    if (c->nprofiles > MAX_PROFILES)
        return cli_bad_input("%s has more than %d profiles", op->variant, MAX_PROFILES);
    for (int p = 0; p < c->nprofiles; p++)
        c->profiles[p] = hx_profile_name(op->variant, p);
    cli_output out;
    if ((rc = cli_output_begin("identify", op, &out)) != 0)
        return rc;
    hx_ext_config cfg = {op->engine, protocol, op->variant, op->profile, op->timeout, 0};
    hx_external *x = hx_external_new(&cfg);
    if (!x)
        return cli_bad_input("out of memory");
    printf("identify: engine %s (%s protocol), %s; the profile is %s; at most %.0f s per query "
           "(--timeout)\n", op->engine, hx_protocol_name(protocol), op->variant,
           op->profile ? "told to the engine" : "not told", op->timeout > 0 ? op->timeout : 30.0);
    fflush(stdout);
    rc = identify(c, x, protocol, &out);
    hx_external_free(x);
    if (out.json_out)
        fclose(out.json_out);
    for (int p = 0; p < c->nprofiles; p++) {
        hx_results_free(&c->engine_runs[p]);
        for (int q = 0; q < c->nprofiles; q++)
            hx_results_free(&c->reference_runs[q][p]);
    }
    free(c->f);
    return rc;
}

int cmd_identify(int argc, char **argv)
{
    hx_proc_guard_signals(); /* INT, TERM, HUP end the engine too */
    cli_opts o;
    int rc = cli_parse(&cli_identify_command, argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    if ((rc = cli_require_variant("identify", &o)) != 0)
        return rc;
    if (!o.engine || !o.engine[0])
        return cli_usage_error("identify", "--engine 'CMD' is required (the engine's command line)");
    int protocol = o.protocol ? hx_protocol_by_name(o.protocol) : HX_PROTOCOL_SCRIPT;
    if (protocol < 0)
        return cli_usage_error("identify", "unknown protocol '%s' (script or uci)", o.protocol);
    if ((rc = cli_check_names(o.variant, o.profile)) != 0)
        return rc;
    /* Large (the result lists of every pair of profiles): on the heap, not
     * a function-level static (issue 26). */
    identify_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return cli_bad_input("out of memory");
    rc = identify_with(c, &o, protocol);
    free(c);
    return rc;
}
