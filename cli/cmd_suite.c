/*
 * cmd_suite.c - hexref suite: runs perft suites (perft-suites/README.md).
 *
 * A suite file holds one position per line, Ethereal's EPD style:
 *
 *     HEXFEN ;D1 n ;D2 n ... ;id NAME [;tier quick]
 *
 * with '#' comment lines. The variant and profile come from the file name,
 * VARIANT-PROFILE.epd (or -v/-p). A line passes when every depth it lists
 * (within --max-nodes) gives its count; on the first failing depth the
 * runner prints the divide of the engine under test beside the other
 * engine's, so the move that differs is named at once.
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"

enum { SUITE_MAX_DEPTHS = 16, SUITE_LINE_MAX = 1024 };

typedef struct suite_line {
    char fen[HX_ENGINE_FEN_MAX];
    char id[64];
    int quick;
    int ndepths;
    int depth[SUITE_MAX_DEPTHS];
    uint64_t count[SUITE_MAX_DEPTHS];
} suite_line;

typedef struct suite_run {
    const cli_opts *o;
    hx_engine engine, other; /* other: for the divide difference */
    const char *variant, *profile;
    int quick_only;
    int passed, failed, skipped;
} suite_run;

/* ---- Parsing ------------------------------------------------------------ */

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && strchr(" \t\r\n", s[n - 1]))
        s[--n] = '\0';
    return s;
}

static int parse_depth_op(const char *op, suite_line *l, const char **why)
{
    char *end = NULL;
    errno = 0;
    long d = strtol(op + 1, &end, 10);
    if (end == op + 1 || d < 1 || (*end != ' ' && *end != '\t'))
        return *why = "bad depth operation (expected 'Dk n')", -1;
    if (d > HX_PERFT_MAX_DEPTH) {
        static char limit[64];
        snprintf(limit, sizeof limit, "depth %ld is beyond the limit of %d", d, HX_PERFT_MAX_DEPTH);
        return *why = limit, -1;
    }
    const char *num = end + strspn(end, " \t");
    unsigned long long n = strtoull(num, &end, 10);
    if (errno || end == num || *end || !isdigit((unsigned char)num[0]))
        return *why = "bad node count", -1;
    if (l->ndepths == SUITE_MAX_DEPTHS)
        return *why = "too many depths", -1;
    if (l->ndepths && d <= l->depth[l->ndepths - 1])
        return *why = "depths must increase along the line", -1;
    l->depth[l->ndepths] = (int)d;
    l->count[l->ndepths++] = n;
    return 0;
}

static int parse_op(char *op, suite_line *l, const char **why)
{
    if (op[0] == 'D' && op[1] >= '0' && op[1] <= '9')
        return parse_depth_op(op, l, why);
    if (!strncmp(op, "id ", 3)) {
        snprintf(l->id, sizeof l->id, "%s", trim(op + 3));
        return 0;
    }
    if (!strncmp(op, "tier ", 5)) {
        const char *t = trim(op + 5);
        if (strcmp(t, "quick") && strcmp(t, "deep"))
            return *why = "tier must be quick or deep", -1;
        l->quick = !strcmp(t, "quick");
        return 0;
    }
    return *why = "unknown operation (expected Dk, id or tier)", -1;
}

/* Parses one non-comment line; returns 0, or -1 with *why set. */
static int parse_line(char *text, suite_line *l, const char **why)
{
    memset(l, 0, sizeof *l);
    char *save = NULL, *field = strtok_r(text, ";", &save);
    char *fen = field ? trim(field) : NULL;
    if (!fen || !*fen)
        return *why = "missing HexFEN", -1;
    if (strlen(fen) >= sizeof l->fen)
        return *why = "HexFEN too long", -1;
    strcpy(l->fen, fen);
    while ((field = strtok_r(NULL, ";", &save)) != NULL)
        if (parse_op(trim(field), l, why))
            return -1;
    if (!l->ndepths)
        return *why = "no depth operation (Dk n)", -1;
    return 0;
}

/* ---- Divide difference ---------------------------------------------------- */

typedef struct divide_entry {
    char move[HX_MOVE_TEXT_MAX];
    uint64_t count;
} divide_entry;

/* Divide of fen through an engine; returns the move count or -1. */
static int engine_divide(const suite_run *r, const hx_engine *e, const char *fen, int depth,
                         divide_entry *out, char *err, size_t errcap)
{
    static char text[HX_ENGINE_TEXT_MAX];
    if (e->moves(e->ctx, r->variant, r->profile, fen, text, sizeof text, err, errcap))
        return -1;
    int n = 0;
    char *save = NULL;
    for (char *m = strtok_r(text, "\n", &save); m && n < HX_MAX_MOVES;
         m = strtok_r(NULL, "\n", &save), n++) {
        char child[HX_ENGINE_FEN_MAX];
        snprintf(out[n].move, sizeof out[n].move, "%s", m);
        if (e->play(e->ctx, r->variant, r->profile, fen, m, child, sizeof child, err, errcap) ||
            e->perft(e->ctx, r->variant, r->profile, child, depth - 1, &out[n].count, err, errcap))
            return -1;
    }
    return n;
}

static const divide_entry *find_move(const divide_entry *list, int n, const char *move)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(list[i].move, move))
            return &list[i];
    return NULL;
}

/* Prints the moves of a that b lacks or counts differently; returns how many. */
static int print_side(const suite_run *r, const divide_entry *a, int na, const divide_entry *b,
                      int nb, int a_is_tested)
{
    int differ = 0;
    const char *ta = a_is_tested ? r->engine.name : r->other.name;
    const char *tb = a_is_tested ? r->other.name : r->engine.name;
    for (int i = 0; i < na; i++) {
        const divide_entry *m = find_move(b, nb, a[i].move);
        if (!m && a_is_tested)
            printf("    %-8s %s %llu, %s: no such move\n", a[i].move, ta,
                   (unsigned long long)a[i].count, tb);
        else if (!m)
            printf("    %-8s %s: no such move, %s %llu\n", a[i].move, tb, ta,
                   (unsigned long long)a[i].count);
        else if (a_is_tested && m->count != a[i].count)
            printf("    %-8s %s %llu, %s %llu\n", a[i].move, ta, (unsigned long long)a[i].count, tb,
                   (unsigned long long)m->count);
        else
            continue;
        differ++;
    }
    return differ;
}

static void print_divide(const suite_run *r, const divide_entry *list, int n, int depth)
{
    printf("    %s's divide at D%d:\n", r->engine.name, depth);
    for (int i = 0; i < n; i++)
        printf("    %-8s %llu\n", list[i].move, (unsigned long long)list[i].count);
}

/* The moves whose subtree counts differ between the two engines. The other
 * engine may be slow (the oracle): it is asked only within --max-nodes, or
 * 10^7 nodes by default. */
static void print_divide_difference(const suite_run *r, const suite_line *l, int k)
{
    static divide_entry mine[HX_MAX_MOVES], theirs[HX_MAX_MOVES];
    char err[256];
    uint64_t limit = r->o->max_nodes ? r->o->max_nodes : 10000000u;
    int n = engine_divide(r, &r->engine, l->fen, l->depth[k], mine, err, sizeof err);
    if (n < 0) {
        printf("    (no divide: %s)\n", err);
        return;
    }
    int m = l->count[k] > limit ? -1
                                : engine_divide(r, &r->other, l->fen, l->depth[k], theirs, err,
                                                sizeof err);
    if (m < 0) {
        printf("    (%s's divide not run: above %llu nodes)\n", r->other.name,
               (unsigned long long)limit);
        print_divide(r, mine, n, l->depth[k]);
        return;
    }
    printf("    divide at D%d against %s, moves that differ:\n", l->depth[k], r->other.name);
    int differ = print_side(r, mine, n, theirs, m, 1);
    if (differ + print_side(r, theirs, m, mine, n, 0) > 0)
        return;
    printf("    (none: %s and %s agree, so the expected count is suspect)\n", r->engine.name,
           r->other.name);
    print_divide(r, mine, n, l->depth[k]);
}

/* ---- Running -------------------------------------------------------------- */

/* Runs one line; returns 1 passed, 0 failed, -1 skipped entirely. */
static int run_line(suite_run *r, const suite_line *l, const char *where)
{
    char err[256];
    uint64_t total = 0;
    int ran = 0;
    double start = cli_now();
    for (int k = 0; k < l->ndepths; k++) {
        if (r->o->max_nodes && l->count[k] > r->o->max_nodes)
            break; /* depths increase, and so do counts that matter */
        uint64_t got = 0;
        if (r->engine.perft(r->engine.ctx, r->variant, r->profile, l->fen, l->depth[k], &got, err,
                            sizeof err)) {
            printf("FAIL  %s %s: D%d: %s\n", where, l->id, l->depth[k], err);
            return 0;
        }
        if (got != l->count[k]) {
            printf("FAIL  %s %s: D%d expected %llu, got %llu\n", where, l->id, l->depth[k],
                   (unsigned long long)l->count[k], (unsigned long long)got);
            print_divide_difference(r, l, k);
            return 0;
        }
        total += got;
        ran++;
    }
    if (!ran)
        return -1;
    printf("pass  %s %s: D1..D%d, %llu nodes, %.2f s\n", where, l->id, l->depth[ran - 1],
           (unsigned long long)total, cli_now() - start);
    return 1;
}

static int line_error(const char *path, long line, const char *why)
{
    return cli_bad_input("%s:%ld: %s", path, line, why);
}

/* Variant and profile from VARIANT-PROFILE.epd, unless -v/-p give them. */
static int names_from_path(const char *path, const cli_opts *o, char *variant, char *profile)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    const char *dash = strchr(base, '-'), *dot = strrchr(base, '.');
    if (o->variant) {
        snprintf(variant, 32, "%s", o->variant);
        snprintf(profile, 32, "%s", o->profile ? o->profile : "std");
        return 0;
    }
    if (!dash || !dot || dot < dash || dash - base >= 32 || dot - dash - 1 >= 32)
        return cli_bad_input("%s: cannot tell the variant and profile from the file name "
                             "(VARIANT-PROFILE.epd), give -v and -p", path);
    snprintf(variant, 32, "%.*s", (int)(dash - base), base);
    snprintf(profile, 32, "%.*s", (int)(dot - dash - 1), dash + 1);
    return 0;
}

static int run_text_line(suite_run *r, char *text, const char *path, long lineno)
{
    suite_line l;
    const char *why = NULL;
    char *t = trim(text);
    if (!*t || *t == '#')
        return 0;
    if (parse_line(t, &l, &why))
        return line_error(path, lineno, why);
    if (r->quick_only && !l.quick)
        return 0;
    char where[300];
    snprintf(where, sizeof where, "%s:%ld", path, lineno);
    if (!l.id[0])
        snprintf(l.id, sizeof l.id, "(no id)");
    int result = run_line(r, &l, where);
    r->passed += result == 1;
    r->failed += result == 0;
    r->skipped += result < 0;
    fflush(stdout);
    return 0;
}

static int run_file(suite_run *r, const char *path)
{
    char variant[32], profile[32];
    FILE *in = fopen(path, "r");
    if (!in)
        return cli_bad_input("%s: %s", path, strerror(errno));
    int rc = names_from_path(path, r->o, variant, profile);
    hx_error e;
    if (!rc && !hx_rules_find(variant, profile, &e))
        rc = cli_bad_input("%s: %s", path, e.message);
    if (!rc && !strcmp(r->engine.name, "oracle") && !oracle_supports(variant, profile)) {
        printf("skip  %s: the oracle does not implement %s %s\n", path, variant, profile);
        fclose(in);
        return 0;
    }
    if (rc) {
        fclose(in);
        return rc;
    }
    r->variant = variant;
    r->profile = profile;
    char text[SUITE_LINE_MAX];
    long lineno = 0;
    while (!rc && fgets(text, sizeof text, in)) {
        lineno++;
        if (!strchr(text, '\n'))
            rc = line_error(path, lineno, feof(in) ? "truncated line (no newline at the end of the file)"
                                                   : "line too long");
        else
            rc = run_text_line(r, text, path, lineno);
    }
    if (!rc && ferror(in))
        rc = cli_bad_input("%s: read error", path);
    fclose(in);
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
    if (hx_engine_by_name(o->engine, &r->engine) != 0)
        return cli_usage_error("suite", "unknown engine '%s' (reference or oracle)", o->engine);
    hx_engine_by_name(strcmp(o->engine, "oracle") ? "oracle" : "reference", &r->other);
    return 0;
}

int cmd_suite(int argc, char **argv)
{
    cli_opts o;
    suite_run r;
    int rc = cli_parse(argc, argv, &o);
    if (rc)
        return rc;
    if (o.help) {
        cli_usage(stdout, "suite");
        return EXIT_OK;
    }
    if ((rc = suite_setup(&o, &r)) != 0)
        return rc;
    for (int i = 0; i < o.nargs && !rc; i++)
        rc = run_file(&r, o.args[i]);
    if (rc)
        return rc;
    if (r.skipped)
        printf("%d lines skipped (every depth above --max-nodes)\n", r.skipped);
    printf("%d passed, %d failed\n", r.passed, r.failed);
    if (!r.passed && !r.failed) /* a run that checks nothing must not pass */
        return cli_bad_input("suite: no line checked (the files, --tier and --max-nodes selected none)");
    return r.failed ? EXIT_BAD_INPUT : EXIT_OK;
}
