/*
 * print_verify.h - the text printer of a verify run: an observer of the
 * runner (verify.h) that writes each check as it ends, and the run's
 * heading and last lines.
 */
#ifndef HEXREF_HARNESS_PRINT_VERIFY_H
#define HEXREF_HARNESS_PRINT_VERIFY_H

#include <stdio.h>

#include "print.h"
#include "verify.h"

typedef struct hx_verify_text {
    FILE *out;
    const hx_verify_config *cfg;
    int quiet;     /* no times */
    int progress;  /* a progress line on stderr (a terminal) */
    /* Draws the board of a finding's HexFEN on out (the command's renderer). */
    void (*draw)(void *ctx, const char *fen);
    void *draw_ctx;
    double started; /* the progress line's clock: the first query */
} hx_verify_text;

/* hx_verify_observer.event for ctx = an hx_verify_text. */
void hx_verify_text_event(void *ctx, const hx_verify_event *e);
void hx_verify_print_header(FILE *out, const hx_verify_config *cfg);
/* The last line: "N passed, N failed (N distinct findings)" (the count of
 * findings only when a check failed), after a line saying why the run
 * stopped early, if it did. */
void hx_verify_print_summary(FILE *out, const hx_verify_summary *s);
/* Before the summary: the distinct findings and the checks that lead to
 * each ("3 roots lead here: random #1, ..."), when some were grouped. */
void hx_verify_print_findings(FILE *out, const hx_results *r);

#endif
