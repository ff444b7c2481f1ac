/*
 * engine_io.h - what `hexref engine` (cmd_engine.c) reads and writes: the
 * command lines on stdin, the commands queued while a count runs, and the
 * count of `go perft`, made in a child process while this one keeps reading
 * (docs/protocol.md): `stop`, `quit`, the end of stdin and a closed stdout
 * end the count at once, `isready` is answered between whole lines of the
 * answer, and the rest is queued and run after it, in order.
 */
#ifndef HEXREF_CLI_ENGINE_IO_H
#define HEXREF_CLI_ENGINE_IO_H

#include <stddef.h>

#include "hexref.h"

typedef struct engine_io engine_io;

enum { ENGINE_LINE_DROPPED = 2 }; /* engine_io_next_line: the end of a dropped line */

/* NULL when out of memory. */
engine_io *engine_io_new(void);
void engine_io_free(engine_io *io);

/* Takes the next complete line buffered on stdin into line (cap bytes): 1,
 * ENGINE_LINE_DROPPED for the end of a line longer than 64 KiB (dropped
 * whole: a cut `position` line would name another position), 0 if none is
 * buffered. engine_io_fill reads what stdin has (blocking): 0 at its end. */
int engine_io_next_line(engine_io *io, char *line, size_t cap);
int engine_io_fill(engine_io *io);
int engine_io_eof(const engine_io *io);

/* The oldest queued entry (the caller frees it), or NULL: its first byte is
 * 'c' (a command line follows), 'd' (a dropped line) or 's' (a go that a
 * stop ended before it ran). */
char *engine_io_take_queued(engine_io *io);

/* Counts pos to depth in a child and copies its divide to stdout (depths 1
 * and 2, too short for a stop to act on, here); returns 1 if the engine must
 * end (quit, the end of stdin, stdout gone). */
int engine_io_count(engine_io *io, hx_position *pos, int depth);

/* A write to stdout failed (the driver is gone). */
int engine_io_failed(const engine_io *io);
void engine_io_set_failed(engine_io *io);

/* The error form of a go's answer: an error line and the terminator, so that
 * a driver waiting for "Nodes searched" is never left waiting. */
void engine_perft_error(const char *message);

/* printf(fmt, arg) on stdout, flushed: one answer line. */
void engine_reply(const char *fmt, const char *arg);

/* Whether s starts with the whole word (`stopwatch` is not `stop`). */
int engine_token_is(const char *s, const char *word);
const char *engine_skip_blanks(const char *s);

#endif
