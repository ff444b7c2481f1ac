/*
 * print_differential.h - the text of a disagreement between the reference
 * and the oracle (differential.h): "DISAGREEMENT (what) in V/P", the
 * position, where it was reached from, and what differs.
 */
#ifndef HEXREF_HARNESS_PRINT_DIFFERENTIAL_H
#define HEXREF_HARNESS_PRINT_DIFFERENTIAL_H

#include <stdio.h>

#include "differential.h"

void hx_diff_print_finding(FILE *out, const hx_diff_finding *f);
/* The same as a string (malloc'd), or NULL when out of memory. */
char *hx_diff_finding_text(const hx_diff_finding *f);
/* hx_diff_observer.disagreement for ctx = the FILE * to print on. */
void hx_diff_print_disagreement(void *ctx, const hx_diff_finding *f);
/* The closing text of a selfcheck run: a table of the pairs (games,
 * positions, child moves, failed) and the games and seconds on table
 * (NULL: none), then "N passed, N failed" (positions) on out. */
void hx_diff_print_summary(FILE *table, FILE *out, const hx_diff_pair *pairs, int n,
                           double seconds);

#endif
