/*
 * counting.h - how perft and divide count (counting.c): the reference's
 * deep count (threads, table, checkpoint) with its progress, hx_perft line
 * by line on a terminal, hx_perft, the oracle's own deep count or its
 * session's; a divide from the reference (watched on a terminal) or the
 * oracle's session.
 */
#ifndef HEXREF_CLI_COUNTING_H
#define HEXREF_CLI_COUNTING_H

#include <stdint.h>

#include "cli.h"
#include "divide.h"

/* perft's count of cp to depth into *nodes. *resumed: the part of the
 * count taken from a checkpoint, not counted now. 0, or an exit code (the
 * message written). */
int cli_count(const cli_opts *o, cli_position *cp, int depth, uint64_t *nodes,
              uint64_t *resumed);

/* divide's divide of cp to depth >= 1: the reference's (on a terminal with
 * the progress line), or with no reference position the oracle's. 0, or
 * -1 with err (err is left as it is when memory ran out). */
int cli_count_divide(const cli_opts *o, const cli_position *cp, int depth, hx_divide *out,
                     hx_error *err);

/* "time T s, N nodes/s" on stderr. */
void cli_report_speed(uint64_t nodes, double seconds);

#endif
