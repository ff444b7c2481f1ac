/*
 * cmd_matrix.c - hexref matrix: the conformance matrix of several engines
 * (harness/matrix.h). The options become a matrix configuration; the runner
 * runs verify on each engine; the printers write the matrix as text or
 * Markdown or JSON Lines on stdout and, with -o DIR, every form at once:
 * index.html, matrix.md, matrix.jsonl, NAME.html (the engine's verify
 * report) and NAME.badge.json (shields.io endpoint) per engine.
 */
#include "cli.h"
#include "hexref_version.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "matrix.h"
#include "process.h"
#include "matrix_html.h"
#include "print_matrix.h"
#include "report_html.h"

/* The default node budget of a suite line: a slow engine (JavaScript,
 * Python) answers 10^6 nodes in seconds, not the minutes its deepest
 * depths take. */
#define MATRIX_MAX_NODES 1000000u

/* A file of -o DIR, written whole or not at all. */
typedef int (*matrix_writer)(FILE *out, const hx_matrix *m, const void *item);

static int write_file(const char *dir, const char *name, matrix_writer w, const hx_matrix *m,
                      const void *item)
{
    char path[2 * CLI_PATH_MAX + 2];
    hx_output_file f;
    if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, name) >= sizeof path)
        return cli_bad_input("%s/%s: the path is too long", dir, name);
    int rc = cli_output_file_open(path, &f);
    if (rc)
        return rc;
    w(f.f, m, item); /* a failed write stays in the stream's error flag */
    return cli_output_file_commit(&f);
}

static int w_html(FILE *out, const hx_matrix *m, const void *item)
{
    (void)item;
    return hx_matrix_html(out, m, HEXREF_VERSION);
}

static int w_markdown(FILE *out, const hx_matrix *m, const void *item)
{
    (void)item;
    return hx_matrix_print_markdown(out, m, HEXREF_VERSION);
}

static int w_jsonl(FILE *out, const hx_matrix *m, const void *item)
{
    (void)item;
    return hx_matrix_print_jsonl(out, m, HEXREF_VERSION);
}

static int w_badge(FILE *out, const hx_matrix *m, const void *item)
{
    (void)m;
    return hx_matrix_print_badge(out, item);
}

static int w_report(FILE *out, const hx_matrix *m, const void *item)
{
    (void)m;
    return hx_report_html(out, &((const hx_matrix_row *)item)->results);
}

static int write_dir(const char *dir, const hx_matrix *m)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return cli_bad_input("%s: %s", dir, strerror(errno));
    int rc = write_file(dir, "index.html", w_html, m, NULL);
    rc = rc ? rc : write_file(dir, "matrix.md", w_markdown, m, NULL);
    rc = rc ? rc : write_file(dir, "matrix.jsonl", w_jsonl, m, NULL);
    for (int i = 0; !rc && i < m->nrows; i++) {
        char name[CLI_PATH_MAX];
        snprintf(name, sizeof name, "%s.html", m->rows[i].engine.name);
        rc = write_file(dir, name, w_report, m, &m->rows[i]);
        snprintf(name, sizeof name, "%s.badge.json", m->rows[i].engine.name);
        rc = rc ? rc : write_file(dir, name, w_badge, m, &m->rows[i]);
    }
    return rc;
}

/* Progress on a terminal: the engine and the check that is running. */
static void progress(void *ctx, const hx_verify_event *e)
{
    const char *name = ctx;
    if (e->kind == HX_VERIFY_CHECK_BEGIN)
        fprintf(stderr, "\r\033[Kmatrix: %s: %s", name, e->label ? e->label : "");
}

static int run(const cli_opts *o, hx_matrix *m)
{
    char suites[CLI_PATH_MAX], fixtures[CLI_PATH_MAX];
    const char *paths[1] = {fixtures};
    int rc = cli_data_path("perft-suites", suites, sizeof suites);
    rc = rc ? rc : cli_data_path("fixtures", fixtures, sizeof fixtures);
    if (rc)
        return rc;
    hx_matrix_config cfg = {o->random, o->has_seed ? o->seed : 1, o->depth, o->timeout,
                            suites, o->max_nodes ? o->max_nodes : MATRIX_MAX_NODES, paths, 1,
                            o->identify};
    int tty = cli_progress_wanted();
    hx_error err;
    for (int i = 0; i < m->nrows; i++) {
        hx_verify_observer obs = {tty ? progress : NULL, m->rows[i].engine.name};
        hx_matrix one = *m; /* one row at a time, for the progress line */
        one.rows = &m->rows[i];
        one.nrows = 1;
        if (hx_matrix_run(&one, &cfg, &obs, &err) != 0)
            return cli_bad_input("%s", err.message);
        m->ntopics = one.ntopics;
        memcpy(m->topics, one.topics, sizeof m->topics);
    }
    if (tty)
        fputs("\r\033[K", stderr);
    return 0;
}

static const cli_option matrix_options[] = {
    CLI_OPT(CLI_OPT_INT, 0, "random", "N", CLI_FIELD(random),
            "random reachable positions per engine (default 20)"),
    CLI_OPT_COUNTED(CLI_OPT_U64, 0, "seed", "S", CLI_FIELD(seed), CLI_FIELD(has_seed),
                    "the seed of --random (default 1)"),
    CLI_OPT(CLI_OPT_INT, 'd', "depth", "D", CLI_FIELD(depth),
            "perft depth of the start and random positions (default: verify's)"),
    CLI_OPT(CLI_OPT_U64, 0, "max-nodes", "N", CLI_FIELD(max_nodes),
            "suite lines: the deepest depth within N nodes (default 1000000)"),
    CLI_OPT(CLI_OPT_DOUBLE, 0, "timeout", "SECONDS", CLI_FIELD(timeout),
            "limit per query (default 30)"),
    CLI_OPT(CLI_OPT_FLAG, 0, "identify", NULL, CLI_FIELD(identify),
            "also run identify on each engine (not told the profile): its verdict\n"
            "in a column of its own (as long again as the checks)"),
    CLI_OPT(CLI_OPT_STRING, 0, "format", "text|markdown|json", CLI_FIELD(format),
            "stdout: text (default), markdown, or json (JSON Lines, one engine a line)"),
    CLI_OPT(CLI_OPT_STRING, 'o', "output", "DIR", CLI_FIELD(output),
            "also write DIR/index.html, matrix.md, matrix.jsonl, and per engine\n"
            "NAME.html (its report) and NAME.badge.json (shields.io endpoint)"),
    CLI_END};

const cli_command cli_matrix_command = {
    "matrix", cmd_matrix, "check several engines and show them as one conformance matrix",
    "hexref matrix ENGINES [--random N] [-d D] [--identify] [--format text|markdown|json] [-o DIR]",
    "Runs the same checks on every engine that the file ENGINES names, one a line:\n"
    "'NAME VARIANT PROFILE PROTOCOL COMMAND...' ('#' starts a comment). Each engine\n"
    "is held to PROFILE by verify: the start position, the quick lines of the perft\n"
    "suite of its rules, random positions and the fixtures. The results are shown by\n"
    "rule topic (docs/matrix.md). Exits 0 only if every engine passed everything.\n",
    matrix_options};

static int print_stdout(const cli_opts *o, const hx_matrix *m)
{
    const char *f = o->format ? o->format : "text";
    if (!strcmp(f, "markdown"))
        hx_matrix_print_markdown(stdout, m, HEXREF_VERSION);
    else if (!strcmp(f, "json"))
        hx_matrix_print_jsonl(stdout, m, HEXREF_VERSION);
    else
        hx_matrix_print_text(stdout, m);
    return 0; /* main checks stdout's writes */
}

int cmd_matrix(int argc, char **argv)
{
    hx_proc_guard_signals(); /* INT, TERM, HUP end the engine too */
    cli_opts o;
    int rc = cli_parse(&cli_matrix_command, argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    if (o.nargs != 1)
        return cli_usage_error("matrix", "give one engines file");
    if (o.format && strcmp(o.format, "text") && strcmp(o.format, "markdown") &&
        strcmp(o.format, "json"))
        return cli_usage_error("matrix", "unknown format '%s' (text, markdown or json)",
                               o.format);
    if (o.depth == 0 || o.depth > HX_PERFT_MAX_DEPTH || o.random < 0)
        return cli_usage_error("matrix", "depth must be from 1 to %d, --random at least 0",
                               HX_PERFT_MAX_DEPTH);
    if (!o.random)
        o.random = 20;
    hx_matrix m;
    hx_error err;
    if (hx_matrix_read(o.args[0], &m, &err) != 0)
        return cli_bad_input("%s", err.message);
    rc = run(&o, &m);
    rc = rc ? rc : print_stdout(&o, &m);
    rc = rc || !o.output ? rc : write_dir(o.output, &m);
    int ok = 1;
    for (int i = 0; i < m.nrows; i++)
        ok &= hx_matrix_row_ok(&m.rows[i]);
    hx_matrix_free(&m);
    return rc ? rc : ok ? EXIT_OK : EXIT_BAD_INPUT;
}
