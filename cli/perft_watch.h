/*
 * perft_watch.h - progress on a terminal and a resumable checkpoint for
 * perft's deep counts (perft_watch.c, docs/perft.md).
 */
#ifndef HEXREF_PERFT_WATCH_H
#define HEXREF_PERFT_WATCH_H

#include "cli.h"

typedef struct perft_watch {
    hx_perft_watch w;       /* what hx_perft_deep_watched fills in */
    int active;             /* 0: nothing to show or keep, count unwatched */
    int show;               /* stderr is a terminal: print progress */
    double show_after;      /* seconds of counting before the first progress line */
    const char *label;      /* "perft" or "divide", the line's first word */
    int total_jobs;         /* the jobs of the whole count (a divide's: of all its children) */
    const char *checkpoint; /* --checkpoint FILE, or NULL */
    char *header;           /* the checkpoint's header lines (owned) */
    uint64_t header_hash;   /* line_check's start: each done line's check covers it */
    int lock_fd;            /* the locked checkpoint, held for the run; -1 if none */
    int created;            /* the run created the (empty) checkpoint file */
    double start, last_print, last_save;
    int done, resumed, save_failed, saved;
    uint64_t nodes;         /* counted by this run */
    uint64_t resumed_nodes; /* taken from the checkpoint */
} perft_watch;

/* Prepares the watch of a count of cp to depth from the options; with a
 * checkpoint that exists, loads it (it must be of this very count). Returns
 * 0 or the exit code of the problem, after printing it. Pass &pw->w to
 * hx_perft_deep_watched when pw->active. Its progress line starts at once. */
int perft_watch_open(perft_watch *pw, const cli_opts *o, cli_position *cp, int depth);

/* Seconds a plain count runs before its progress line: a short count stays
 * quiet on a terminal too. */
#define PERFT_WATCH_QUIET_FOR 1.0

/* Plain perft and divide on a terminal (nothing unless stderr is one): the
 * progress of a count of pos to depth, or (below_root) of the counts of
 * its children to depth - 1, as perft_watch_count makes them. */
void perft_watch_open_lines(perft_watch *pw, const char *label, hx_position *pos, int depth,
                            int below_root);
/* hx_perft(pos, depth), counted line by line so the line can say how far
 * it is (when the watch is active). */
uint64_t perft_watch_count(perft_watch *pw, hx_position *pos, int depth);

/* Ends the progress line, writes the final checkpoint (counted: the count
 * finished) and releases its lock. A checkpoint that cannot be written is
 * a warning on stderr, never a lost count: returns 0. */
int perft_watch_close(perft_watch *pw, int counted);

#endif
