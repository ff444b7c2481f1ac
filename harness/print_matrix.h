/*
 * print_matrix.h - the printers of a conformance matrix (matrix.h): text,
 * Markdown, JSON Lines (one object per engine, docs/matrix.md) and a badge
 * per engine (shields.io's endpoint format). The HTML page is
 * render/matrix_html.h's. Each returns 0, or -1 on a write error.
 * version is hexref's, written into the Markdown and JSON.
 */
#ifndef HEXREF_HARNESS_PRINT_MATRIX_H
#define HEXREF_HARNESS_PRINT_MATRIX_H

#include <stdio.h>

#include "matrix.h"

int hx_matrix_print_text(FILE *out, const hx_matrix *m);
int hx_matrix_print_markdown(FILE *out, const hx_matrix *m, const char *version);
int hx_matrix_print_jsonl(FILE *out, const hx_matrix *m, const char *version);
int hx_matrix_print_badge(FILE *out, const hx_matrix_row *r);

#endif
