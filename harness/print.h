/*
 * print.h - the printers of a run's results (result.h): text, JSON Lines
 * (docs/results.md, docs/results.schema.json) and JUnit XML. Printers only
 * read the values; no command parses what another printed.
 */
#ifndef HEXREF_HARNESS_PRINT_H
#define HEXREF_HARNESS_PRINT_H

#include <stdio.h>

#include "result.h"
#include "strutil.h"

/* Lower-case names of the enums, as the JSON and JUnit forms write them. */
const char *hx_check_kind_name(hx_check_kind kind);
const char *hx_outcome_name(hx_outcome outcome);

/* The difference of a check in one line ("missing: a b; extra: c; counts:
 * e2e4 expected 5 got 6; total expected 20 got 21"), else the first line
 * of its message, else the outcome's name. */
void hx_check_summary(const hx_check_result *c, hx_sbuf *out);

/* What a failed check found, in one line of at most 240 bytes: verify's
 * finding headline (result.h), else the move differences at the minimal
 * position, else for a fixture the expectation that failed (the first
 * indented detail line of its message), else hx_check_summary. For tables
 * (the matrix, Markdown) where a check gets one cell. */
void hx_check_headline(const hx_check_result *c, hx_sbuf *out);

/* Markdown for a CI job summary ($GITHUB_STEP_SUMMARY): a heading with the
 * counts, the engine, and a table of the checks that did not pass (at most
 * 100 rows) with their headlines and reproduce commands. 0, or -1 on a
 * write error. */
int hx_print_markdown(FILE *out, const hx_results *r);

/* Text: "FAIL ID [VARIANT PROFILE]  (SOURCE)" and the message under it, for
 * a check that did not pass. */
void hx_print_check_text(FILE *out, const hx_check_result *c);

/* s as a JSON string (null for NULL; bytes outside printable ASCII as
 * \u00XX: engine text is not trusted to be UTF-8). */
void hx_json_string(FILE *out, const char *s);

/* One JSON object per check, one per line. Returns 0, or -1 on a write error. */
int hx_print_json(FILE *out, const hx_results *r);
/* The same as one string (malloc'd), or NULL when out of memory. */
char *hx_print_json_text(const hx_results *r);

/* A JUnit XML document: one testsuite, one testcase per check; a failed
 * check has <failure>, an errored one <error>, a not applicable one
 * <skipped>. Its message is the check's summary, or for a verify finding
 * the finding's line (hx_results_finding_line), the body the rest of it.
 * Returns 0, or -1 on a write error. */
int hx_print_junit(FILE *out, const hx_results *r);

/* Writes the JUnit document to path by the rules of output_file.h (never
 * half-written, a device or FIFO written in place). 0, or -1 with a
 * message on stderr. */
int hx_write_junit_file(const char *path, const hx_results *r);

#endif
