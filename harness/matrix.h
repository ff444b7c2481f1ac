/*
 * matrix.h - the conformance matrix: the same checks (the fixtures, the
 * quick perft suite lines, random positions) run on several engines, and
 * their results gathered by rule topic, so that one page shows which engine
 * follows which rules (print_matrix.c writes it as Markdown, JSON Lines and
 * badges; render/matrix_html.c as HTML).
 *
 * The engines are named in a small text file, one per line:
 *
 *     # NAME  VARIANT  PROFILE  PROTOCOL  COMMAND...
 *     jocly-glinski  glinski  std  script  node examples/jocly/engine.js
 *
 * (whitespace-separated; the command is the rest of the line, run by
 * /bin/sh -c; PROFILE is the reading the engine is held to; '#' starts a
 * comment line). Each engine is one verify run (verify.h), so every cell's
 * failure is a verify finding with its minimal position and move.
 */
#ifndef HEXREF_HARNESS_MATRIX_H
#define HEXREF_HARNESS_MATRIX_H

#include <stdint.h>

#include "hexref.h"
#include "result.h"
#include "verify.h"

enum { HX_MATRIX_TOPICS_MAX = 32 };

typedef struct hx_matrix_engine {
    char *name, *variant, *profile, *command;
    int protocol;
    long line; /* in the engines file */
} hx_matrix_engine;

/* One cell: an engine's checks of one topic. first_failure indexes the
 * row's results (-1: none failed). */
typedef struct hx_matrix_cell {
    int passed, failed, skipped;
    int first_failure;
} hx_matrix_cell;

typedef struct hx_matrix_row {
    hx_matrix_engine engine;
    hx_results results;
    hx_verify_summary summary;
    hx_matrix_cell cells[HX_MATRIX_TOPICS_MAX]; /* by topic index of the matrix */
    char identify[200]; /* with identify: its verdict ("matches jocly", "none, closest
                           std: differs on 3 of 194 fixtures"), "" when not run */
} hx_matrix_row;

typedef struct hx_matrix {
    hx_matrix_row *rows;
    int nrows;
    const char *topics[HX_MATRIX_TOPICS_MAX]; /* column names, in first-seen order */
    int ntopics;
    char *source;                             /* the engines file */
} hx_matrix;

/* What every engine is asked. */
typedef struct hx_matrix_config {
    int random;                 /* random positions per engine */
    uint64_t seed;
    int depth;                  /* of the random positions (-1: verify's default) */
    double timeout;             /* per query */
    const char *suite_dir;      /* VARIANT-PROFILE.epd for each engine's rules, quick
                                   lines; NULL: no suites */
    uint64_t max_nodes;         /* suite lines: the deepest depth within this many
                                   nodes (0: every depth the line lists) */
    const char *const *fixture_paths; /* NULL: no fixtures */
    int nfixture_paths;
    int identify;               /* also run identify (identify.h) on each engine, not
                                   told the profile: which reading does it follow? */
} hx_matrix_config;

/* Reads the engines file: 0, or -1 with err naming file:line. */
int hx_matrix_read(const char *path, hx_matrix *m, hx_error *err);

/* Runs every engine (progress: a verify observer, told each engine's
 * events; may be NULL). 0, or -1 with err for input that cannot run (the
 * failures of engines are results). */
int hx_matrix_run(hx_matrix *m, const hx_matrix_config *cfg, const hx_verify_observer *obs,
                  hx_error *err);

/* The column of a check: a fixture's rule topic (from its id), "start
 * position", "perft suites" or "random positions". Stable text. */
const char *hx_matrix_topic(const hx_check_result *c);

/* 1 if every cell of the row passed (and something ran). */
int hx_matrix_row_ok(const hx_matrix_row *r);

void hx_matrix_free(hx_matrix *m);

#endif
