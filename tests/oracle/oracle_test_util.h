/*
 * oracle_test_util.h - helpers for the oracle's cmocka tests.
 *
 * Positions are written as the spec writes them ("Ke1 Pd5" for each side)
 * and turned into HexFEN by a small builder with its own copy of the board
 * geometry, so that the tests do not rely on the oracle's printer.
 */
#ifndef ORACLE_TEST_UTIL_H
#define ORACLE_TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>

#define BIG 65536

/* HexFEN of the men `white` and `black` ("Ke1 Pd5", type letters upper
 * case), followed by `rest` (e.g. "b - - 0 1"). Returns out. */
char *tfen(char *out, const char *variant, const char *white,
           const char *black, const char *rest);

/* The oracle's move list (asserts success), as one string with '\n's. */
void tmoves(const char *variant, const char *profile, const char *fen,
            char *out);

/* The legal moves whose from-cell is `from`, space-separated, sorted. */
void tmoves_from(const char *variant, const char *profile, const char *fen,
                 const char *from, char *out);

/* Does the move list of fen contain `move`? */
int thas(const char *variant, const char *profile, const char *fen,
         const char *move);

/* Number of legal moves. */
int tcount(const char *variant, const char *profile, const char *fen);

/* Plays the space-separated moves (asserting each is legal); out = result. */
void tplay(const char *variant, const char *profile, const char *fen,
           const char *moves, char *out);

/* The status word (asserts success). */
void tstatus(const char *variant, const char *profile, const char *fen,
             char *out);

uint64_t tperft(const char *variant, const char *profile, const char *fen,
                int depth);

/* The start HexFEN (asserts success). */
void tstart(const char *variant, const char *profile, char *out);

#endif
