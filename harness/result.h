/*
 * result.h - the outcome of one check, as a value.
 *
 * Every checking command (suite, fixtures, verify, identify, selfcheck)
 * computes a list of hx_check_result and hands it to a printer: text, JSON
 * Lines, JUnit XML or HTML. No printer and no command reads another's
 * printed text. This header is the contract between the runners and the
 * printers; docs/results.md documents the JSON form of each field.
 *
 * The divide (moves with their counts, and a total) is the common currency:
 * a suite line, a fixture, a verify step and a selfcheck position all end in
 * two divides (expected, got) and their difference.
 *
 * Ownership: every pointer in these structs is owned by the struct that holds
 * it and released by the matching *_free function; strings are NUL-terminated
 * and may be NULL when absent.
 */
#ifndef HEXREF_HARNESS_RESULT_H
#define HEXREF_HARNESS_RESULT_H

#include <stdint.h>

/* Move text as an engine may send it; longer than hexref's own
 * HX_MOVE_TEXT_MAX so that a foreign engine's odd text is kept, not cut. */
enum { HX_RESULT_MOVE_MAX = 24 };

/* One root move and the leaves below it (count is 1 for a plain move list). */
typedef struct hx_move_count {
    char move[HX_RESULT_MOVE_MAX];
    uint64_t count;
} hx_move_count;

/* A divide: moves (sorted by move text) with counts, and the total. A plain
 * perft answer is a divide with n == 0 and has_moves == 0. */
typedef struct hx_divide {
    hx_move_count *moves;
    int n, cap;
    int has_moves; /* 0: only the total is known */
    uint64_t total;
} hx_divide;

/* A move whose count differs between the two divides. */
typedef struct hx_count_diff {
    char move[HX_RESULT_MOVE_MAX];
    uint64_t expected, got;
} hx_count_diff;

/* The difference of two divides (expected = the reference, got = the engine
 * under test): moves in the reference only (missing), in the engine only
 * (extra), and in both with different counts. Empty iff the divides agree. */
typedef struct hx_divide_diff {
    hx_move_count *missing;
    int nmissing;
    hx_move_count *extra;
    int nextra;
    hx_count_diff *differ;
    int ndiffer;
    uint64_t expected_total, got_total;
} hx_divide_diff;

/* The minimal reproduction a bisection ends in: the position where the two
 * sides' move lists first differ, the path that leads there from the
 * check's root, and the differing moves. */
typedef struct hx_reproduction {
    char *fen;           /* HexFEN of the minimal position */
    char *path;          /* space-separated moves from the check's root to it */
    int depth;           /* depth at which the difference shows (1: move lists) */
    hx_divide_diff diff; /* at the minimal position */
    int no_diff;         /* 1: the engine's answer there had no moves to compare
                            (it failed or was unreadable): diff is empty, not a
                            difference (JSON: null) */
    char *command;       /* a shell command that reproduces the finding */
} hx_reproduction;

typedef enum hx_check_kind {
    HX_CHECK_SUITE,     /* one depth of one perft-suite line */
    HX_CHECK_FIXTURE,   /* one fixture under one profile */
    HX_CHECK_VERIFY,    /* one root position of verify (start, random, suite) */
    HX_CHECK_IDENTIFY,  /* one fixture asked of an engine under one profile */
    HX_CHECK_SELFCHECK  /* one position of a selfcheck game */
} hx_check_kind;

typedef enum hx_outcome {
    HX_PASS,
    HX_FAIL,            /* the check ran and the answers differ */
    HX_ERROR,           /* the check could not run (engine died, bad answer) */
    HX_NOT_APPLICABLE   /* the reference rejects the position under this profile */
} hx_outcome;

typedef struct hx_check_result {
    hx_check_kind kind;
    hx_outcome outcome;
    char *id;             /* fixture id, suite line id, "random 17", ... */
    char *source;         /* where the check comes from: "file:line" or a doc */
    char *variant, *profile;
    char *fen;            /* root position of the check */
    char *moves;          /* moves played from fen before the check, or NULL */
    int depth;            /* perft depth, 1 for move lists, 0 if none */
    hx_divide expected;   /* the reference's answer */
    hx_divide got;        /* the engine's answer */
    hx_divide_diff diff;  /* expected vs got (empty on a pass) */
    char *message;        /* why it failed or errored, else NULL; its first line
                             says it, later lines (a fixture's block: position,
                             line, each failed expectation) give detail (issue 13) */
    hx_reproduction *minimal; /* the bisection's end, or NULL */
    double seconds;       /* time the check took */
    int got_passed;       /* 1: the count stopped once past the expected one,
                             so got has no total (JSON: got and difference null) */
} hx_check_result;

/* A run: every check in order, plus what the run was (command and filters),
 * so a printer can write a heading and a CI system can name the suite. */
typedef struct hx_results {
    const char *command;  /* "suite", "fixtures", "verify", ... */
    const char *engine;   /* the engine under test, as given */
    hx_check_result *checks;
    int n, cap;
} hx_results;

/* ---- Lifetimes (results.c). Added by the core refactor (issue 13); the
 * types above are unchanged. ---------------------------------------------- */

void hx_check_result_init(hx_check_result *c, hx_check_kind kind);
void hx_check_result_free(hx_check_result *c);
/* Frees r and everything it holds (NULL is fine). */
void hx_reproduction_free(hx_reproduction *r);

/* command and engine are borrowed (string literals or argv). */
void hx_results_init(hx_results *r, const char *command, const char *engine);
/* Moves *c into the list (c is left zeroed, also on failure, when *c is
 * freed). 0, or -1 (memory). */
int hx_results_add(hx_results *r, hx_check_result *c);
/* How many checks have this outcome. */
int hx_results_count(const hx_results *r, hx_outcome outcome);
void hx_results_free(hx_results *r);

#endif
