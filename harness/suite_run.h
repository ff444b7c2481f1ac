/*
 * suite_run.h - hexref suite's runner: one perft suite (suite.h) through an
 * engine session the caller opened for the suite's rules.
 *
 * A line passes when every depth it lists (within max_nodes) gives its
 * count. At the first failing depth the runner takes the divide of the
 * engine under test and of the other engine (the oracle for the reference
 * and back), so the move that differs is named at once, and bisects down
 * to the minimal position where the two move lists differ (bisect.h). Each
 * depth run is one check (result.h) appended to the caller's hx_results;
 * each line's outcome goes to an observer as a value. The runner formats
 * nothing: print_suite.h has the text printer, print.h the others.
 */
#ifndef HEXREF_HARNESS_SUITE_RUN_H
#define HEXREF_HARNESS_SUITE_RUN_H

#include <stdint.h>

#include "hexref.h"
#include "result.h"
#include "session.h"
#include "suite.h"

/* What to run. Borrowed. */
typedef struct hx_suite_run_config {
    hx_session *engine;      /* under test, opened for variant and profile */
    hx_session *other;       /* for the divide difference, or NULL (none opened:
                                the oracle has no negative controls) */
    const char *engine_name; /* as the caller named them: "reference", "oracle" */
    const char *other_name;
    const char *variant, *profile; /* the rules both sessions were opened for */
    const char *path;        /* the suite's file, for "PATH:LINE" */
    int quick_only;          /* only lines marked ';tier quick' */
    uint64_t max_nodes;      /* skip depths whose count is above it (0: none); also
                                the other engine's divide limit (0: 10^7) */
} hx_suite_run_config;

/* What the failing depth's divides showed (HX_SUITE_LINE_FAILED with a
 * count that differs; HX_SUITE_DIVIDE_NONE otherwise). */
typedef enum hx_suite_divide_kind {
    HX_SUITE_DIVIDE_NONE,      /* not asked: the line passed, errored or its count stopped */
    HX_SUITE_DIVIDE_FAILED,    /* the engine's divide failed: why */
    HX_SUITE_DIVIDE_NOT_RUN,   /* the other engine's divide was not run (the count is
                                  above limit, or it has none): the check's got only */
    HX_SUITE_DIVIDE_DIFFERS,   /* the check's diff names the moves; its minimal, when
                                  the bisection found the position */
    HX_SUITE_DIVIDE_AGREES     /* the engines agree: the expected count is suspect */
} hx_suite_divide_kind;

typedef enum hx_suite_line_outcome {
    HX_SUITE_LINE_PASSED,
    HX_SUITE_LINE_FAILED,  /* the last check (failed or errored) says how */
    HX_SUITE_LINE_SKIPPED  /* every depth is above max_nodes */
} hx_suite_line_outcome;

/* One line's outcome, as the observer is told it. */
typedef struct hx_suite_line_result {
    const hx_suite_line *line;   /* borrowed from the suite */
    char where[300];             /* "PATH:LINE" */
    hx_suite_line_outcome outcome;
    int last_depth;              /* PASSED: the deepest depth checked */
    uint64_t nodes;              /* PASSED: the counts of the depths checked, summed */
    double seconds;              /* the whole line */
    const hx_check_result *check; /* FAILED: the failing depth's check (valid during
                                     the call; added to the results after it) */
    hx_suite_divide_kind divide;
    hx_error why;                /* DIVIDE_FAILED: the engine's message */
    uint64_t limit;              /* DIVIDE_NOT_RUN: the other engine's node limit */
} hx_suite_line_result;

typedef struct hx_suite_observer {
    void (*line_done)(void *ctx, const hx_suite_line_result *r, const hx_suite_run_config *cfg);
    void *ctx;
} hx_suite_observer;

/* The lines of a run, counted (added to by each hx_suite_run). */
typedef struct hx_suite_totals {
    int passed, failed, skipped;
    int selected; /* lines read with the tier */
} hx_suite_totals;

/* Runs every line of s (the tier's) into results, tells obs (may be NULL)
 * each line's outcome and adds the lines to totals. The engines' failures
 * are results. */
void hx_suite_run(const hx_suite_run_config *cfg, const hx_suite *s,
                  const hx_suite_observer *obs, hx_suite_totals *totals, hx_results *results);

#endif
