/*
 * print_identify.h - the text printer of an identify run (identify.h): a
 * progress observer, the heading, and the report of the comparison (the
 * rule points, the table of profiles, the matches or the closest profile
 * and where the engine differs from it).
 */
#ifndef HEXREF_HARNESS_PRINT_IDENTIFY_H
#define HEXREF_HARNESS_PRINT_IDENTIFY_H

#include <stdio.h>

#include "identify.h"

/* hx_identify_observer.event for ctx = the FILE * of a progress line (a
 * terminal's stderr). */
void hx_identify_progress_event(void *ctx, const hx_identify_event *e);

/* The first line: the engine, its protocol, the variant, whether the
 * profile is told (profile: NULL if not) and the time limit. */
void hx_identify_print_header(FILE *out, const char *command, int protocol,
                              const char *variant, const char *profile, double timeout);

/* The report of r. verbose: every profile's differences, not only the
 * closest's. Returns 1 if the engine matches a profile, else 0. */
int hx_identify_print_report(FILE *out, const hx_identify_result *r, int verbose);

#endif
