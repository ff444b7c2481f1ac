/*
 * job_merge.h - what hexref merge (cmd_merge.c) reads: the jobs file of a
 * perft --split and the result files of its jobs (the line formats are
 * cmd_merge.c's header comment). Each function returns 0 or an exit code,
 * with the message (file:line) on stderr.
 */
#ifndef HEXREF_CLI_JOB_MERGE_H
#define HEXREF_CLI_JOB_MERGE_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"

typedef struct merge_job {
    uint64_t mult, count;
    int has_job, has_result;
} merge_job;

typedef struct merge_state {
    merge_job *jobs;
    size_t n;             /* N of ID/N, 0 until the first line */
    uint64_t input_bytes; /* of all the files: bounds N */
    uint64_t fingerprint; /* the first line's; every line must carry it */
    uint64_t job_sum;     /* the fingerprint recomputed from the job lines */
    char variant[32], profile[64];
    int depth;            /* of the first job line; -1 before it */
    const char *file;
    long line;
} merge_state;

/* Every argument is a regular file; their total size bounds the jobs. */
int merge_check_inputs(merge_state *m, const cli_opts *o);
/* Reads one file's lines (job lines and result lines, in any order). */
int merge_file(merge_state *m, const char *path);
/* The total: every job with its line and exactly one result, the job lines
 * those of the fingerprint, the sum within 64 bits. */
int merge_total(const merge_state *m, uint64_t *total);
/* merge --missing: prints the ID/N@FP of every job without a result. */
int merge_print_missing(const merge_state *m);

#endif
