/*
 * input_file.h - every input file of hexref (fixtures, suites, merge's
 * files, gen --resume's file) is opened here: without blocking (a FIFO
 * with no writer would wait for ever) and only if it is a regular file, so
 * nothing is waited on and nothing is silently read as empty
 * (docs/results.md, "Which outputs are written how").
 */
#ifndef HEXREF_HARNESS_INPUT_FILE_H
#define HEXREF_HARNESS_INPUT_FILE_H

#include <stdio.h>

#include "hexref.h"

/* The regular file at path (a symlink followed), open for reading; or NULL
 * with "PATH: REASON" in err, REASON naming what it is if it is not a
 * regular file ("a FIFO, not a regular file"). */
FILE *hx_input_open(const char *path, hx_error *err);

#endif
