/*
 * protocol.h - reads what an outside engine prints in answer to a perft
 * query (docs/protocol.md), one line at a time, without trusting it.
 *
 * script (perftree):  MOVE COUNT lines, a blank line, the total.
 * uci (Stockfish):    MOVE: COUNT lines, a blank line, "Nodes searched: N";
 *                     "info ..." lines are skipped.
 *
 * Nothing is merged, dropped or repaired: duplicate lines stay duplicates,
 * lines that do not parse are kept (the first few, with their numbers) so a
 * report can quote them, and the total is kept apart from the lines. Either
 * protocol may answer "error MESSAGE" instead.
 */
#ifndef HEXREF_HARNESS_PROTOCOL_H
#define HEXREF_HARNESS_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

enum hx_protocol { HX_PROTOCOL_SCRIPT, HX_PROTOCOL_UCI };

/* "script" or "uci" to HX_PROTOCOL_*, or -1. */
int hx_protocol_by_name(const char *name);
const char *hx_protocol_name(int protocol);

enum { HX_REPLY_MOVE_MAX = 16, HX_REPLY_KEEP = 4, HX_REPLY_TEXT = 96 };

typedef struct hx_reply_line {
    char move[HX_REPLY_MOVE_MAX];
    uint64_t count;
} hx_reply_line;

/* A line that could not be read, quoted (non-printable bytes as '?'). */
typedef struct hx_reply_problem {
    int line_no;
    char text[HX_REPLY_TEXT];
} hx_reply_problem;

typedef struct hx_reply {
    int protocol, state, line_no;
    hx_reply_line *lines;
    int n, cap;
    int has_total;
    uint64_t total;
    int complete;   /* the end marker was read (total / Nodes searched / error) */
    int nbad_lines; /* lines of the wrong shape (all counted, first few kept) */
    hx_reply_problem bad_lines[HX_REPLY_KEEP];
    int nbad_moves; /* well-formed lines whose move is not move text */
    hx_reply_problem bad_moves[HX_REPLY_KEEP];
    int has_error;  /* the engine answered "error ..." */
    char error[256];
    int oom;
} hx_reply;

void hx_reply_init(hx_reply *d, int protocol);
void hx_reply_free(hx_reply *d);

/* Feeds one line of output (without its newline; may hold any bytes).
 * Returns 1 once the answer is complete, else 0. */
int hx_reply_feed(hx_reply *d, const char *line, size_t len);

/* The length of the cell name s starts with (a lower-case letter and one
 * or two digits: 2 or 3), or 0. */
size_t hx_cell_text_len(const char *s);

/* Is s move text of docs/conventions.md: <cell><cell>[qrbn], a cell being a
 * lower-case letter and one or two digits? (1 yes, 0 no) */
int hx_move_text_ok(const char *s);

/* Sorts the lines by move (strcmp), keeping duplicates next to each other. */
void hx_reply_sort(hx_reply *d);

/* After hx_reply_sort: the first move listed more than once (and how many
 * times), or NULL. */
const char *hx_reply_duplicate(const hx_reply *d, int *times);

/* Sum of the line counts; returns -1 if it overflows 64 bits. */
int hx_reply_sum(const hx_reply *d, uint64_t *sum);

/* After hx_reply_sort: the index of a move's first line, or -1 if absent. */
int hx_reply_find(const hx_reply *d, const char *move);

#endif
