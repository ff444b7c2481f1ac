/*
 * engine.h - the text-level view of a move generator that every harness
 * runner (fixtures, differential tests, suites, verify) works against.
 *
 * The reference (rules/), the oracle (oracle/) and external engines driven
 * through a protocol all appear as an hx_engine. The runners never see a
 * board structure: a position goes in as HexFEN, moves come out as text
 * (docs/conventions.md), which keeps the generators independent.
 *
 * Every operation returns 0 on success, or non-zero with a one-line message
 * in err (NUL-terminated, at most errcap bytes). HX_ENGINE_REJECTED says the
 * position itself is not valid under the profile (only the reference says
 * so, behind identify's adapter): a check of it is "not applicable".
 * HX_ENGINE_FAILED says the engine gave no usable answer (an error line, a
 * crash, a timeout, output that cannot be read), as opposed to an answer
 * that may be wrong: identify counts such runs apart (issue 30). Any other
 * non-zero value is a plain failure. A NULL operation means the
 * engine cannot do it (an external engine may only do perft, for example).
 */
#ifndef HEXREF_HARNESS_ENGINE_H
#define HEXREF_HARNESS_ENGINE_H

#include <stddef.h>
#include <stdint.h>

enum { HX_ENGINE_TEXT_MAX = 65536, HX_ENGINE_FEN_MAX = 512, HX_ENGINE_REJECTED = 2,
       HX_ENGINE_FAILED = 3 };

/* A built-in engine (takes_moves) also takes a position as "HEXFEN moves M1
 * M2 ...": the moves are played on the HexFEN inside the engine, so what
 * HexFEN cannot carry (diag-firstmove's pawn marks, the history) is not lost
 * by writing the position after the moves as text and reading it back.
 * hx_position_text_split cuts such a text into its HexFEN (copied into fen,
 * cap bytes; -1 if it does not fit) and its moves (*moves points into text,
 * "" if none). hx_position_text_then is text with one more move (malloc'd,
 * NULL when out of memory). */
int hx_position_text_split(const char *text, char *fen, size_t cap, const char **moves);
char *hx_position_text_then(const char *text, const char *move);

typedef struct hx_engine {
    const char *name; /* "reference", "oracle", or the command line */
    void *ctx;        /* owned by whoever created the engine */

    /* Sorted legal moves, each followed by '\n'. */
    int (*moves)(void *ctx, const char *variant, const char *profile,
                 const char *fen, char *out, size_t cap, char *err, size_t errcap);
    /* "checkmate", "stalemate", "check" or "ongoing". */
    int (*status)(void *ctx, const char *variant, const char *profile,
                  const char *fen, char *out, size_t cap, char *err, size_t errcap);
    /* HexFEN after playing a legal move on fen. */
    int (*play)(void *ctx, const char *variant, const char *profile,
                const char *fen, const char *move, char *out, size_t cap,
                char *err, size_t errcap);
    /* Leaf count to depth. */
    int (*perft)(void *ctx, const char *variant, const char *profile,
                 const char *fen, int depth, uint64_t *nodes, char *err, size_t errcap);
    /* Initial HexFEN of variant/profile. */
    int (*start_fen)(void *ctx, const char *variant, const char *profile,
                     char *out, size_t cap, char *err, size_t errcap);
    /* 1: fen may be "HEXFEN moves ..." (see above); 0 for external engines. */
    int takes_moves;
    /* Leaf count to depth that stops once it passes limit: *nodes is the
     * count if at most limit, else limit + 1 ("more than limit"), never a
     * total that was not computed. A count checked against an expected
     * value E needs only limit E: beyond it the check has failed. NULL: the
     * engine has none (perft counts in full). */
    int (*perft_bound)(void *ctx, const char *variant, const char *profile, const char *fen,
                       int depth, uint64_t limit, uint64_t *nodes, char *err, size_t errcap);
} hx_engine;

/* e's count of fen to depth, bounded by limit when e can stop early
 * (perft_bound), in full otherwise. */
int hx_engine_perft_upto(const hx_engine *e, const char *variant, const char *profile,
                         const char *fen, int depth, uint64_t limit, uint64_t *nodes, char *err,
                         size_t errcap);

/* The two built-in engines. */
hx_engine hx_engine_reference(void);
hx_engine hx_engine_oracle(void);

/* Looks up "reference" or "oracle"; returns 0 and fills *out, or -1. */
int hx_engine_by_name(const char *name, hx_engine *out);

#endif
