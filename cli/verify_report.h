/*
 * verify_report.h - verify's checks collected as result values
 * (harness/result.h) for the HTML report (render/report_html.h).
 *
 * cmd_verify.c speaks the engine protocol, whose parsed answer has its own
 * divide type, so it hands each check over in plain C types here and this
 * module alone builds the hx_results.
 */
#ifndef HEXREF_CLI_VERIFY_REPORT_H
#define HEXREF_CLI_VERIFY_REPORT_H

#include <stddef.h>
#include <stdint.h>

typedef struct verify_report verify_report;

/* A move whose count differs: the reference's count and the engine's. */
typedef struct vr_count {
    const char *move;
    uint64_t expected, got;
} vr_count;

/* One check. outcome: 0 pass, 1 fail, 2 error. The minimal-position fields
 * are used when fen_minimal is not NULL. */
typedef struct vr_check {
    int outcome;
    const char *label, *variant, *profile, *root, *moves, *message;
    int depth;
    double seconds;
    const char *fen_minimal, *path, *command;
    int depth_minimal;
    const char *const *missing;
    int nmissing;
    const char *const *extra;
    int nextra;
    const vr_count *differ;
    int ndiffer;
    uint64_t expected_total, got_total;
} vr_check;

verify_report *verify_report_new(const char *engine);
/* Copies the check into the report; returns 0 or -1 (out of memory). */
int verify_report_add(verify_report *r, const vr_check *c);
/* 1 if a file can be created at path (its directory is writable), so a
 * long run does not end in a report that cannot be written. */
int verify_report_can_write(const char *path);
/* Writes the HTML report to path (complete or not at all). */
int verify_report_write(const verify_report *r, const char *path, char *err, size_t cap);
void verify_report_free(verify_report *r);

#endif
