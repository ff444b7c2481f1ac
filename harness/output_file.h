/*
 * output_file.h - every output file of hexref is opened and finished here,
 * by one rule (docs/results.md, "Which outputs are written how"):
 *   - a regular file, or a path that does not exist yet, is written to a
 *     unique temporary file in the same directory, fsync'd, and renamed
 *     over the target only once every write and the close succeeded: the
 *     target holds the old content or the whole new one, never a part;
 *   - anything else (a character device such as /dev/null or /dev/full, a
 *     FIFO, /dev/stdout and the other /proc/self/fd links, or a regular
 *     file that is hexref's own stdout or stderr) is written in place and
 *     never replaced;
 *   - a symlink is followed to its target, which the same rules then apply
 *     to; the symlink itself stays.
 * A failure is a message naming the path as given ("cannot write PATH:
 * REASON"), and leaves no temporary file behind.
 */
#ifndef HEXREF_HARNESS_OUTPUT_FILE_H
#define HEXREF_HARNESS_OUTPUT_FILE_H

#include <stdio.h>

#include "hexref.h"

typedef struct hx_output_file {
    FILE *f;          /* write here between open and commit */
    const char *name; /* the path as given, for messages */
    char *target;     /* what a temporary file is renamed to; NULL in place */
    char *tmp;        /* the temporary file; NULL in place */
} hx_output_file;

/* Opens path for writing. 0, or -1 with the message in err. */
int hx_output_open(hx_output_file *out, const char *path, hx_error *err);

/* Flushes and closes; through a temporary file, fsyncs it and renames it
 * over the target. 0, or -1 with the message in err: then the target is as
 * it was and the temporary file is gone. */
int hx_output_commit(hx_output_file *out, hx_error *err);

/* Gives the output up: closes it and removes the temporary file. */
void hx_output_abandon(hx_output_file *out);

/* Whether path can be opened for writing by these rules (the directory the
 * temporary file would go to is writable, or the in-place target exists).
 * A cheap check before long work; commit still reports the real outcome. */
int hx_output_writable(const char *path);

#endif
