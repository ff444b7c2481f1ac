/* helpers.h - small conveniences shared by the rules tests. */
#ifndef HEXREF_TEST_HELPERS_H
#define HEXREF_TEST_HELPERS_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hexref.h"

/* A seeded pseudo-random stream (64-bit LCG, its high bits), so that every
 * random walk of the tests is the same in every run. */
/* A slow build: the sanitizers (HEXREF_SANITIZED, about ten times slower)
 * or gcov's Debug build (HEXREF_COVERAGE_RUN, set by ci/coverage). Tests
 * that count deep take the same paths at a smaller depth there. */
static inline int slow_build(void)
{
    return getenv("HEXREF_SANITIZED") || getenv("HEXREF_COVERAGE_RUN");
}

static inline uint64_t test_random(uint64_t *state)
{
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return *state >> 33;
}

/* Plays a random legal move; returns 0, playing nothing, if there is none. */
static inline int play_random_move(hx_position *pos, uint64_t *state)
{
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    if (n == 0)
        return 0;
    hx_make(pos, moves[test_random(state) % (uint64_t)n]);
    return 1;
}

/* A position of variant/profile from a HexFEN (NULL: initial); fails the
 * test if it cannot be set. */
static inline hx_position *open_fen(const char *variant, const char *profile, const char *fen)
{
    hx_error err;
    const hx_rules *r = hx_rules_find(variant, profile, &err);
    if (!r)
        fail_msg("%s", err.message);
    hx_position *pos = hx_position_new(r);
    assert_non_null(pos);
    if (hx_position_set_fen(pos, fen, &err) != 0)
        fail_msg("bad HexFEN %s: %s", fen ? fen : "(initial)", err.message);
    return pos;
}

/* A position from a piece list ("W Ke1 Pd5, B Ke10, Black to move"). */
static inline hx_position *open_pieces(const char *variant, const char *profile,
                                       const char *pieces)
{
    hx_error err;
    char fen[HX_FEN_MAX];
    const hx_rules *r = hx_rules_find(variant, profile, &err);
    if (!r)
        fail_msg("%s", err.message);
    if (hx_fen_from_pieces(r, pieces, fen, &err) != 0)
        fail_msg("bad piece list %s: %s", pieces, err.message);
    return open_fen(variant, profile, fen);
}

/* The sorted legal moves starting on `from` (or all if from is NULL),
 * space-separated, into out. */
static inline const char *moves_from(hx_position *pos, const char *from, char *out, size_t cap)
{
    static char texts[HX_MAX_MOVES][HX_MOVE_TEXT_MAX];
    int n = hx_legal_move_texts(pos, texts);
    size_t used = 0, flen = from ? strlen(from) : 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        const char *t = texts[i];
        /* "e1" must not match "e10..." */
        if (from && (strncmp(t, from, flen) != 0 || (t[flen] >= '0' && t[flen] <= '9')))
            continue;
        used += (size_t)snprintf(out + used, cap - used, "%s%s", used ? " " : "", t);
    }
    return out;
}

#define ASSERT_MOVES(pos, from, expected)                                   \
    do {                                                                    \
        char got_[8192];                                                    \
        assert_string_equal(moves_from((pos), (from), got_, sizeof got_), (expected)); \
    } while (0)

#endif
