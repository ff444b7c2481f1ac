/*
 * matrix_html.h - the conformance matrix (harness/matrix.h) as one
 * self-contained HTML page: engines by rule topic, a ✓ or ✗ cell with
 * passed/run checks, each failing cell linking to the first finding of the
 * topic in that engine's own report (NAME.html beside the page, written by
 * hx_report_html_file), each engine's result, rules and command, and
 * hexref's version.
 */
#ifndef HEXREF_RENDER_MATRIX_HTML_H
#define HEXREF_RENDER_MATRIX_HTML_H

#include <stdio.h>

#include "matrix.h"

/* Writes the page; 0, or -1 if writing failed. */
int hx_matrix_html(FILE *out, const hx_matrix *m, const char *version);

#endif
