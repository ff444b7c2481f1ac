/*
 * bisect.h - follows a perft difference down to the minimal position and
 * move: where the two sides' move lists differ, or where one count at depth
 * 1 does. A failing suite line and a selfcheck disagreement end in the same
 * hx_reproduction (result.h) through this module, and verify walks its
 * descent (which also judges each level's raw engine reply) with
 * hx_bisect_walk.
 */
#ifndef HEXREF_HARNESS_BISECT_H
#define HEXREF_HARNESS_BISECT_H

#include <stddef.h>

#include "hexref.h"
#include "result.h"
#include "session.h"

/* What one level of a descent found. */
typedef enum hx_bisect_step {
    HX_STEP_AGREE,   /* the two sides agree here */
    HX_STEP_DESCEND, /* only counts differ: go one ply down the chosen move */
    HX_STEP_STOP,    /* the difference is here (move lists, a reply that is wrong) */
    HX_STEP_ABORT    /* the comparison could not be made */
} hx_bisect_step;

/*
 * The descent itself, for any way of comparing: step(ctx, level, depth)
 * compares the position `level` plies below the start at depth (depth at
 * level 0 minus level); down(ctx, level) moves from level to level + 1 along
 * the move step chose (0, or -1 to abort). Returns the level where the
 * difference is minimal, with *parent = 1 when that is because the child
 * agreed (the parent's count was wrong); -1 if the two agree at the start;
 * -2 if a step or a move down aborted. *levels: how many levels were visited.
 */
int hx_bisect_walk(void *ctx, hx_bisect_step (*step)(void *ctx, int level, int depth),
                   int (*down)(void *ctx, int level), int depth, int *parent, int *levels);

/*
 * Compares the divides of two sessions (expected: one that knows positions,
 * the reference or the oracle) at root + moves to depth; while
 * they list the same moves and only counts differ, descends into the first
 * move whose count differs, one ply and one depth at a time. Returns 1 with
 * *out filled (position, path from root, depth, difference there; command
 * NULL: the caller knows how to repeat it; fen from expected, which plays
 * the path itself), 0 if the two agree at the start, -1 with err if a
 * divide could not be had.
 */
int hx_bisect(hx_session *expected, hx_session *got, const char *root, const char *moves,
              int depth, hx_reproduction *out, hx_error *err);

#endif
