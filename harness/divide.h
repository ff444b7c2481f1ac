/*
 * divide.h - building, reading and comparing divides (result.h's
 * hx_divide), the common currency of every check.
 *
 * A divide comes from the reference (the library divide, hx_perft_divide),
 * from an engine's parsed reply (protocol.h) or from a session (session.h). Two divides compare into an hx_divide_diff, a value
 * that the printers show; nothing compares printed text.
 */
#ifndef HEXREF_HARNESS_DIVIDE_H
#define HEXREF_HARNESS_DIVIDE_H

#include <stddef.h>
#include <stdint.h>

#include "hexref.h"
#include "protocol.h"
#include "result.h"

void hx_divide_init(hx_divide *d);
void hx_divide_free(hx_divide *d);
/* Appends a move and adds its count to the total (has_moves becomes 1).
 * Move text longer than HX_RESULT_MOVE_MAX - 1 is cut. 0, or -1 (memory). */
int hx_divide_add(hx_divide *d, const char *move, uint64_t count);
/* Sorts the moves by text (strcmp); duplicates stay next to each other. */
void hx_divide_sort(hx_divide *d);
/* After hx_divide_sort: the entry of move, or NULL. */
const hx_move_count *hx_divide_find(const hx_divide *d, const char *move);
/* A deep copy; 0, or -1 (memory, dst left empty). */
int hx_divide_copy(hx_divide *dst, const hx_divide *src);

/* The reference's divide of pos to depth (>= 1), sorted, moves written in
 * naming (hx_move_text). 0 or -1 (memory). */
int hx_divide_of_position(hx_position *pos, int depth, int naming, hx_divide *out);
/* An engine's reply as a divide: its move lines (sorted, duplicates kept)
 * and the total it reported (which may disagree with the lines' sum). */
int hx_divide_of_reply(const hx_reply *r, hx_divide *out);

/* The difference of two divides (expected: the reference). When either has
 * only a total, only the totals are compared. 0, or -1 (memory). */
int hx_divide_diff_of(const hx_divide *expected, const hx_divide *got, hx_divide_diff *out);
void hx_divide_diff_free(hx_divide_diff *d);
/* 1 if the two divides agreed. */
int hx_divide_diff_empty(const hx_divide_diff *d);
/* A deep copy; 0, or -1 (memory, dst left empty). */
int hx_divide_diff_copy(hx_divide_diff *dst, const hx_divide_diff *src);

#endif
