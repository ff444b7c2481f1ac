/*
 * matrix.c - the conformance matrix (matrix.h): the engines file, one
 * verify run per engine, and its checks gathered into cells by topic.
 */
#include "matrix.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "identify.h"
#include "input_file.h"
#include "protocol.h"
#include "strutil.h"

static int fail(hx_error *err, const char *fmt, const char *file, long line, const char *what)
{
    snprintf(err->message, sizeof err->message, fmt, file, line, what);
    return -1;
}

/* The next whitespace-separated word of *s (NUL-terminated in place). */
static char *word(char **s)
{
    char *p = *s;
    while (isspace((unsigned char)*p))
        p++;
    if (!*p)
        return NULL;
    char *w = p;
    while (*p && !isspace((unsigned char)*p))
        p++;
    if (*p)
        *p++ = '\0';
    *s = p;
    return w;
}

static int add_engine(hx_matrix *m, char *line, const char *path, long lineno, hx_error *err)
{
    char *rest = line, *f[4];
    for (int i = 0; i < 4; i++)
        if (!(f[i] = word(&rest)))
            return fail(err, "%s:%ld: %s", path, lineno,
                        "an engine line is NAME VARIANT PROFILE PROTOCOL COMMAND...");
    while (isspace((unsigned char)*rest))
        rest++;
    rest[strcspn(rest, "\r\n")] = '\0';
    if (!*rest)
        return fail(err, "%s:%ld: %s", path, lineno, "the engine's command is missing");
    if (f[0][strspn(f[0], "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-")] ||
        f[0][0] == '.')
        return fail(err, "%s:%ld: engine name '%s': letters, digits, '.', '_' and '-' only "
                    "(it names the engine's report and badge files)", path, lineno, f[0]);
    int protocol = hx_protocol_by_name(f[3]);
    if (protocol < 0)
        return fail(err, "%s:%ld: unknown protocol '%s' (script or uci)", path, lineno, f[3]);
    for (int i = 0; i < m->nrows; i++)
        if (strcmp(m->rows[i].engine.name, f[0]) == 0)
            return fail(err, "%s:%ld: engine name '%s' given twice", path, lineno, f[0]);
    hx_matrix_row *rows = realloc(m->rows, (size_t)(m->nrows + 1) * sizeof *rows);
    if (!rows)
        return fail(err, "%s:%ld: %s", path, lineno, "out of memory");
    m->rows = rows;
    hx_matrix_row *r = memset(&rows[m->nrows++], 0, sizeof *rows);
    r->engine = (hx_matrix_engine){hx_strdup(f[0]), hx_strdup(f[1]), hx_strdup(f[2]),
                                   hx_strdup(rest), protocol, lineno};
    hx_results_init(&r->results, "matrix", r->engine.name);
    if (!r->engine.name || !r->engine.variant || !r->engine.profile || !r->engine.command)
        return fail(err, "%s:%ld: %s", path, lineno, "out of memory");
    return 0;
}

int hx_matrix_read(const char *path, hx_matrix *m, hx_error *err)
{
    memset(m, 0, sizeof *m);
    FILE *in = hx_input_open(path, err);
    if (!in)
        return -1;
    m->source = hx_strdup(path);
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0;
    int rc = 0;
    while (rc == 0 && getline(&line, &cap, in) > 0) {
        lineno++;
        char *p = line;
        while (isspace((unsigned char)*p))
            p++;
        if (*p && *p != '#')
            rc = add_engine(m, p, path, lineno, err);
    }
    free(line);
    if (rc == 0 && ferror(in))
        rc = fail(err, "%s:%ld: %s", path, lineno, "read error");
    fclose(in);
    if (rc == 0 && m->nrows == 0) /* a matrix of nothing checks nothing */
        rc = fail(err, "%s:%ld: %s", path, lineno, "no engine line in the file");
    return rc;
}

/* ---- Topics ------------------------------------------------------------- */

const char *hx_matrix_topic(const hx_check_result *c)
{
    static const char *const names[][2] = {
        {"pawn", "pawn moves"},      {"promo", "promotion"},    {"ep", "en passant"},
        {"castle", "castling"},      {"geo", "piece geometry"}, {"trans", "make/unmake"},
        {"clock", "clocks and draws"}, {"perft", "published perft"}};
    if (c->kind == HX_CHECK_VERIFY && c->id && strncmp(c->id, "random", 6) == 0)
        return "random positions";
    if (c->kind == HX_CHECK_VERIFY)
        return c->id && strstr(c->id, ".epd:") ? "perft suites" : "start position";
    const char *t = c->id ? strchr(c->id, '-') : NULL;
    t = t ? t + 1 : "";
    size_t n = strcspn(t, "-");
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i][0]) == n && strncmp(t, names[i][0], n) == 0)
            return names[i][1];
    if (t[0] == 's' && n == 3 && isdigit((unsigned char)t[1]))
        return "rules text (spec items)";
    return "other fixtures";
}

static int topic_index(hx_matrix *m, const char *topic)
{
    for (int i = 0; i < m->ntopics; i++)
        if (strcmp(m->topics[i], topic) == 0)
            return i;
    if (m->ntopics == HX_MATRIX_TOPICS_MAX)
        return m->ntopics - 1; /* cannot happen: the topics are a fixed set */
    m->topics[m->ntopics] = topic;
    return m->ntopics++;
}

static void fill_cells(hx_matrix *m, hx_matrix_row *r)
{
    for (int t = 0; t < HX_MATRIX_TOPICS_MAX; t++)
        r->cells[t] = (hx_matrix_cell){0, 0, 0, -1};
    for (int i = 0; i < r->results.n; i++) {
        const hx_check_result *c = &r->results.checks[i];
        hx_matrix_cell *cell = &r->cells[topic_index(m, hx_matrix_topic(c))];
        if (c->outcome == HX_PASS) {
            cell->passed++;
        } else if (c->outcome == HX_NOT_APPLICABLE) {
            cell->skipped++;
        } else {
            if (cell->first_failure < 0)
                cell->first_failure = i;
            cell->failed++;
        }
    }
}

/* ---- Running ------------------------------------------------------------ */

/* identify's verdict on the engine, in one line (row->identify). */
static void verdict(const hx_identify_result *ir, char *out, size_t cap)
{
    size_t n = 0;
    if (ir->stop == HX_IDENTIFY_UNUSABLE) {
        snprintf(out, cap, "no usable answer: %.150s", ir->unusable);
        return;
    }
    for (int p = 0; p < ir->nprofiles; p++)
        if (ir->matches >> p & 1)
            n += (size_t)snprintf(out + n, n < cap ? cap - n : 0, "%s %s",
                                  n ? "," : "matches", ir->profiles[p]);
    if (n == 0)
        snprintf(out, cap, "none, closest %s: differs on %d of %d fixtures that tell the "
                 "profiles apart; %d engine bug%s; %d engine error%s", ir->profiles[ir->closest],
                 ir->disagree[ir->closest], ir->nseparating, ir->bugs, ir->bugs == 1 ? "" : "s",
                 ir->errors[ir->closest], ir->errors[ir->closest] == 1 ? "" : "s");
}

static int identify_row(hx_matrix_row *r, const hx_matrix_config *cfg, hx_error *err)
{
    hx_session_config sc = {r->engine.command, r->engine.protocol, r->engine.variant, NULL,
                            cfg->timeout, 0, 0};
    hx_session *s = hx_session_open_engine(&sc, err);
    hx_identify_result *ir = s ? calloc(1, sizeof *ir) : NULL;
    int rc = -1;
    if (ir) {
        hx_identify_config ic = {s, r->engine.protocol, r->engine.variant, cfg->fixture_paths,
                                 cfg->nfixture_paths, stderr};
        rc = hx_identify_run(&ic, NULL, ir, err) == 0 ? 0 : -1;
        if (rc == 0)
            verdict(ir, r->identify, sizeof r->identify);
        hx_identify_result_free(ir);
    } else if (s) {
        snprintf(err->message, sizeof err->message, "out of memory");
    }
    free(ir);
    hx_session_close(s);
    return rc;
}

static void suite_path(const hx_matrix_config *cfg, const hx_matrix_engine *e, char *out,
                       size_t cap)
{
    snprintf(out, cap, "%s/%s-%s.epd", cfg->suite_dir, e->variant, e->profile);
}

static int run_row(hx_matrix *m, hx_matrix_row *r, const hx_matrix_config *cfg,
                   const hx_verify_observer *obs, hx_error *err)
{
    char suite[4096];
    const char *suites[1] = {suite};
    hx_verify_config vc = {0};
    vc.command = r->engine.command;
    vc.protocol = r->engine.protocol;
    vc.variant = r->engine.variant;
    vc.profile = r->engine.profile;
    vc.timeout = cfg->timeout;
    vc.single = 1;
    vc.depth = cfg->depth;
    vc.random = cfg->random;
    vc.seed = cfg->seed;
    if (cfg->suite_dir) {
        suite_path(cfg, &r->engine, suite, sizeof suite);
        FILE *f = fopen(suite, "r");
        if (f) { /* a reading without a suite of its own is checked without one */
            fclose(f);
            vc.suites = suites;
            vc.nsuites = 1;
            vc.tier = "quick";
            vc.max_nodes = cfg->max_nodes;
        }
    }
    vc.fixtures = cfg->fixture_paths != NULL;
    vc.fixture_paths = cfg->fixture_paths;
    vc.nfixture_paths = cfg->nfixture_paths;
    vc.fixture_notes = stderr;
    hx_verify_observer none = {NULL, NULL};
    if (hx_verify_run(&vc, obs ? obs : &none, &r->results, &r->summary, err) != 0) {
        char why[sizeof err->message];
        snprintf(why, sizeof why, "%s", err->message);
        snprintf(err->message, sizeof err->message, "%.60s:%ld: engine %.40s: %.140s", m->source,
                 r->engine.line, r->engine.name, why);
        return -1;
    }
    fill_cells(m, r);
    if (cfg->identify && cfg->fixture_paths && identify_row(r, cfg, err) != 0) {
        char why[sizeof err->message];
        snprintf(why, sizeof why, "%s", err->message);
        snprintf(err->message, sizeof err->message, "%.60s:%ld: engine %.40s: identify: %.130s",
                 m->source, r->engine.line, r->engine.name, why);
        return -1;
    }
    return 0;
}

int hx_matrix_run(hx_matrix *m, const hx_matrix_config *cfg, const hx_verify_observer *obs,
                  hx_error *err)
{
    for (int i = 0; i < m->nrows; i++)
        if (run_row(m, &m->rows[i], cfg, obs, err) != 0)
            return -1;
    return 0;
}

int hx_matrix_row_ok(const hx_matrix_row *r)
{
    return r->summary.failed == 0 && r->summary.passed > 0 && r->summary.stop == HX_VERIFY_RAN;
}

void hx_matrix_free(hx_matrix *m)
{
    for (int i = 0; i < m->nrows; i++) {
        hx_matrix_engine *e = &m->rows[i].engine;
        free(e->name), free(e->variant), free(e->profile), free(e->command);
        hx_results_free(&m->rows[i].results);
    }
    free(m->rows);
    free(m->source);
    memset(m, 0, sizeof *m);
}
