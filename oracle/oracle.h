/*
 * oracle.h - the independent, deliberately simple move generator.
 *
 * The oracle is written from docs/rules/ and docs/conventions.md alone.
 * It shares no code and no header with rules/: the two generators meet only
 * through text (a HexFEN in, move strings and HexFENs out), so that a bug in
 * one cannot hide in the other.
 *
 * Every function returns 0 on success. On failure it returns non-zero and
 * writes a one-line message naming the problem into err (if err != NULL).
 * Buffers are always NUL-terminated; an output that does not fit is an error.
 * Variant and profile names are those of the specification; a NULL or empty
 * profile means "std". Negative-control profiles (neg-..., diag-...) are not
 * supported and are rejected.
 */
#ifndef HEXREF_ORACLE_H
#define HEXREF_ORACLE_H

#include <stddef.h>
#include <stdint.h>

/* Is this variant/profile pair implemented by the oracle? (1 yes, 0 no) */
int oracle_supports(const char *variant, const char *profile);

/* The initial HexFEN of variant/profile. */
int oracle_start_fen(const char *variant, const char *profile,
                     char *out, size_t cap, char *err, size_t errcap);

/* Sorted (strcmp) legal moves of fen, one per line, each followed by '\n'. */
int oracle_moves(const char *variant, const char *profile, const char *fen,
                 char *out, size_t cap, char *err, size_t errcap);

/* "checkmate", "stalemate", "check" or "ongoing". */
int oracle_status(const char *variant, const char *profile, const char *fen,
                  char *out, size_t cap, char *err, size_t errcap);

/* The HexFEN after the legal move `move` (text form) is played on fen. */
int oracle_play(const char *variant, const char *profile, const char *fen,
                const char *move, char *out, size_t cap,
                char *err, size_t errcap);

/* What the differential fuzzer asks of one position, from one parse and one
 * move generation: oracle_moves' list, oracle_status' word and, if move is
 * not NULL, oracle_play's child of that move (or, if it cannot be played,
 * an empty child and the reason in child_error). Returns non-zero, with
 * the reason in err, only if the position or the list is refused. */
struct oracle_view {
    char moves[65536];
    char status[16];
    char child[512];
    char child_error[256];
};
int oracle_examine(const char *variant, const char *profile, const char *fen,
                   const char *move, struct oracle_view *view, char *err,
                   size_t errcap);

/* Every legal move with the HexFEN it leads to: one line "MOVE HEXFEN\n" per
 * move, sorted by move text. One call instead of oracle_moves plus one
 * oracle_play per move, for the differential tests. */
int oracle_children(const char *variant, const char *profile, const char *fen,
                    char *out, size_t cap, char *err, size_t errcap);

/* Leaf count of the legal move tree of fen to depth (depth 0 gives 1). */
int oracle_perft(const char *variant, const char *profile, const char *fen,
                 int depth, uint64_t *nodes, char *err, size_t errcap);

/* The same count for deep runs (perft.c): `threads` threads (1..64) share
 * the root moves, and with table_mb > 0 a table of that many megabytes keeps
 * subtree counts, keyed by the whole position (compared byte for byte). */
int oracle_perft_deep(const char *variant, const char *profile, const char *fen,
                      int depth, int threads, size_t table_mb, uint64_t *nodes,
                      char *err, size_t errcap);

#endif
