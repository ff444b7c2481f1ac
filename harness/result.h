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

#include "protocol.h"

/* Move text as an engine may send it; longer than hexref's own
 * HX_MOVE_TEXT_MAX so that a foreign engine's odd text is kept, not cut. */
/* HX_FEN_TEXT_MAX: room for a HexFEN as a user or a file gives it, before
 * the rules have read it (twice hexref.h's HX_FEN_MAX, so a text too long
 * to be valid is refused by the rules with their message, not cut here). */
enum { HX_RESULT_MOVE_MAX = 24, HX_FEN_TEXT_MAX = 512 };

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

/* What verify found at the position where it stopped (the text report's
 * heading and body are made of it). */
typedef enum hx_finding_kind {
    HX_FINDING_FAILURE,      /* timeout, crash, exit status, cap, truncated, error */
    HX_FINDING_BAD_LINES,    /* lines that are not MOVE COUNT */
    HX_FINDING_BAD_MOVES,    /* moves in a notation hexref cannot read */
    HX_FINDING_DUPLICATE,    /* a move listed more than once */
    HX_FINDING_TOTAL,        /* total disagrees with the engine's own lines */
    HX_FINDING_MOVES,        /* missing and/or extra moves */
    HX_FINDING_COUNT_HERE,   /* depth 1: a count other than 1 */
    HX_FINDING_COUNT_PARENT, /* the child agrees, so the parent's count was wrong */
    HX_FINDING_SETUP,        /* the reference cannot set the position up */
    HX_FINDING_DESCENT,      /* out of memory while descending */
    HX_FINDING_SUITE_LINE,   /* the suite line's count is wrong (the engine is not asked) */
    HX_FINDING_SUITE_FEN,    /* a bad HexFEN in the suite */
    HX_FINDING_NOT_RUN,      /* a suite file or the fixtures could not be run */
    HX_FINDING_ENGINE_START  /* the engine could not be started (or its handshake failed) */
} hx_finding_kind;

/* The same query with the HexFEN alone, asked after a move-set finding
 * below the root: tells generation errors from errors in playing moves. */
typedef enum hx_fen_alone {
    HX_FEN_ALONE_NOT_ASKED,
    HX_FEN_ALONE_FAILS,   /* the engine fails there too (fen_alone_problem) */
    HX_FEN_ALONE_AGREES,  /* same moves as the reference: make/unmake is wrong */
    HX_FEN_ALONE_DIFFERS  /* a difference there too: generation is wrong */
} hx_fen_alone;

/* Where the narrowing of an engine failure stopped (issue 30 D). */
typedef enum hx_narrow_end {
    HX_NARROW_NONE,     /* not narrowed */
    HX_NARROW_DEPTH1,   /* it fails at this position at depth 1 (reached below) */
    HX_NARROW_OWN,      /* asked at depth 1 here, it fails too: the position's own */
    HX_NARROW_CHILDREN, /* every child answered at depth - 1: it fails at this depth */
    HX_NARROW_STOPPED   /* the engine could not be asked any more */
} hx_narrow_end;

/* A verify finding, complete: everything its report says. */
typedef struct hx_finding {
    hx_finding_kind kind;
    char *root;           /* HexFEN sent to the engine */
    char *path;           /* every move from root to the position ("" none) */
    char *position;       /* HexFEN of root + path */
    int depth;            /* of the divide asked there */
    double seconds;       /* from the check's start to the finding */
    char *what;           /* the engine's failure, or the problem of its answer */
    char *stderr_text;    /* the engine's stderr: its start and its last 4 KB
                             (hx_proc_stderr) ("" none) */
    hx_reply_problem bad_lines[HX_REPLY_KEEP]; /* lines that are not perft output */
    int nbad_lines;       /* all of them (the first HX_REPLY_KEEP kept) */
    hx_reply_problem bad_moves[HX_REPLY_KEEP]; /* lines whose move is not move text */
    int nbad_moves;
    char *unknown_cell;   /* BAD_MOVES: the first move naming no cell of the board */
    int no_such_file;     /* that move has a file letter the board skips ('j') */
    char *duplicate;      /* DUPLICATE: the move, and how often it is listed */
    int times;
    char *move;           /* COUNT_*: the move whose count differs */
    uint64_t engine_count, reference_count;
    uint64_t child_total; /* COUNT_PARENT: the engine's divide one ply below */
    hx_divide expected;   /* the reference's divide at the position */
    hx_divide got;        /* the engine's lines there (sorted, duplicates kept) */
    char *query;          /* the raw engine query, as one shell command line */
    hx_fen_alone fen_alone;
    char *fen_alone_problem;
    int timed_out;        /* FAILURE: no complete answer before the deadline (a
                             "timeout", not another engine failure) (issue 28) */
    char *narrowing;      /* FAILURE: how the failure at the root's depth was
                             narrowed to this position and depth, and why it
                             stopped here ("every child at depth 2 answered: ...");
                             NULL: not narrowed (the root at depth 1) (issue 30 D) */
    int narrow_queries;   /* the queries the narrowing asked */
    hx_narrow_end narrow_end; /* why the narrowing stopped where it did */
    int narrow_moved;     /* 1: the position is below the check's root */
    int failed_depth;     /* the depth asked at the check's root, where the
                             failure was first seen (narrowed findings) */
} hx_finding;

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
    hx_finding *finding;  /* verify: what it found, in full, or NULL */
    int group;            /* verify: 1 + the index (in its hx_results) of the first
                             check with the same finding (the same minimal position
                             and moves: hx_finding_same), which is this check's own
                             index for the first; 0: not grouped (issue 28) */
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
/* Frees f and everything it holds (NULL is fine). */
void hx_finding_free(hx_finding *f);
/* A finding's name ("missing move", "engine failure", ...) (finding.c). */
const char *hx_finding_name(const hx_finding *f);
/* The check's message for a finding (malloc'ed): its headline, then what the
 * engine's failure or unusable answer was, its non-perft lines, its stderr. */
char *hx_finding_message(const hx_finding *f);

/* ---- The finding as the headline, and one finding per bug (finding.c,
 * issue 28). -------------------------------------------------------------- */

/* The finding in one line (malloc'ed, NULL: memory): its kind, the moves
 * that differ, where ("after i5f2 d7a1", "at the root") and the verdict:
 * "extra moves e1b1 e1c1 after i5f2 d7a1: generation is right, make/unmake
 * is not". */
char *hx_finding_headline(const hx_finding *f);
/* A stable token of the kind for JSON ("missing_move", "timeout", ...). */
const char *hx_finding_kind_token(const hx_finding *f);
/* The verdict on generation against make/unmake ("generation is wrong",
 * "generation is right, make/unmake is not", ...) and its JSON token, or
 * NULL where the kind has none. */
const char *hx_finding_verdict(const hx_finding *f);
const char *hx_finding_verdict_token(const hx_finding *f);
/* The moves only the reference lists (missing) or only the engine (extra),
 * space-separated (malloc'ed; "" none, NULL memory); "" for a finding
 * whose answer has no move list to compare (a failure, unreadable lines). */
char *hx_finding_moves(const hx_finding *f, int extra);
/* Is b the same finding as a: the same kind at the same minimal position
 * with the same differing moves (wherever the check started)? */
int hx_finding_same(const hx_finding *a, const hx_finding *b);
/* The index of the first check of r whose finding is c's, or -1. */
int hx_results_same_finding(const hx_results *r, const hx_check_result *c);
/* How many checks of r are in the group whose first check is index head. */
int hx_results_group_size(const hx_results *r, int head);
/* Distinct findings among r's failed and errored checks (a group counts once). */
int hx_results_findings(const hx_results *r);
/* The one line that says check i of r (failed, with a finding): its
 * headline, with "(3 roots lead here)" on the first check of a group of
 * several and "the same finding as ID: " before it on the others
 * (malloc'ed, NULL: memory). */
char *hx_results_finding_line(const hx_results *r, int i);

/* command and engine are borrowed (string literals or argv). */
void hx_results_init(hx_results *r, const char *command, const char *engine);
/* Moves *c into the list (c is left zeroed, also on failure, when *c is
 * freed). 0, or -1 (memory). */
int hx_results_add(hx_results *r, hx_check_result *c);
/* How many checks have this outcome. */
int hx_results_count(const hx_results *r, hx_outcome outcome);
void hx_results_free(hx_results *r);

#endif
