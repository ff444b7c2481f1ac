/*
 * suite.h - the one reader of perft suites (perft-suites/README.md), used
 * by `hexref suite` and `hexref verify --suite`.
 *
 * A suite holds one position per line, Ethereal's EPD style:
 *
 *     HEXFEN ;D1 n ;D2 n ... ;id NAME [;tier quick|deep]
 *
 * with '#' comment lines and blank lines. The reader is strict: an unknown
 * field, a count that is not a plain non-negative number (";D1 -5"), depths
 * that do not increase, a line longer than HX_SUITE_LINE_MAX or a last line
 * without its newline is an error naming file and line; nothing is skipped
 * or repaired.
 *
 * The rules the suite is for come from its first line when hexref wrote it
 * ("# hexref gen -v V -p P ..." or "# hexref perft suite: V, profile P."),
 * else from its name, VARIANT-PROFILE.epd.
 */
#ifndef HEXREF_HARNESS_SUITE_H
#define HEXREF_HARNESS_SUITE_H

#include <stddef.h>
#include <stdint.h>

#include "hexref.h"
#include "result.h"

enum { HX_SUITE_MAX_DEPTHS = 16, HX_SUITE_LINE_MAX = 4096, HX_SUITE_NAME_MAX = 32 };

typedef struct hx_suite_line {
    long lineno;
    char fen[HX_FEN_TEXT_MAX];
    char id[64]; /* "" when the line has none */
    int quick;
    int ndepths;
    int depth[HX_SUITE_MAX_DEPTHS];
    uint64_t count[HX_SUITE_MAX_DEPTHS];
} hx_suite_line;

typedef struct hx_suite {
    char variant[HX_SUITE_NAME_MAX], profile[HX_SUITE_NAME_MAX]; /* "" if unknown */
    const char *names_from; /* "header", "file name" or NULL */
    hx_suite_line *lines;
    int n, cap;
} hx_suite;

/* Reads the whole file. Returns 0, or -1 with "PATH:LINE: problem" in err. */
int hx_suite_read(const char *path, hx_suite *out, hx_error *err);
void hx_suite_free(hx_suite *s);

/* The deepest depth of l that is <= max_depth and whose count is <=
 * max_nodes (0: no limit), as an index into depth[], or -1 if none. */
int hx_suite_deepest(const hx_suite_line *l, int max_depth, uint64_t max_nodes);

#endif
