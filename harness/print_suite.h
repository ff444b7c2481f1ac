/*
 * print_suite.h - the text printer of a suite run (suite_run.h): a line
 * per suite line ("pass ..." or "FAIL ..." with the divide difference and
 * the minimal position under it), a file the engine cannot run, and the
 * closing counts.
 */
#ifndef HEXREF_HARNESS_PRINT_SUITE_H
#define HEXREF_HARNESS_PRINT_SUITE_H

#include <stdio.h>

#include "suite_run.h"

/* The observer's context for hx_suite_print_line_done. */
typedef struct hx_suite_text {
    FILE *out;
    int quiet; /* no time on the pass lines */
} hx_suite_text;

/* hx_suite_observer.line_done for ctx = an hx_suite_text: the line's
 * report, flushed. */
void hx_suite_print_line_done(void *ctx, const hx_suite_line_result *r,
                              const hx_suite_run_config *cfg);

/* A suite file skipped because the engine does not implement its rules. */
void hx_suite_print_file_skipped(FILE *out, const char *path, const char *engine_name,
                                 const char *variant, const char *profile);

/* The closing lines: the lines skipped (if any), then "N passed, N failed". */
void hx_suite_print_skipped(FILE *out, const hx_suite_totals *t);
void hx_suite_print_summary(FILE *out, const hx_suite_totals *t);

#endif
