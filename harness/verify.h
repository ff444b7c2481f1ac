/*
 * verify.h - hexref verify's runner: an outside engine against the
 * reference, on the root position, random positions, suite lines and the
 * fixtures.
 *
 * Each check is a perft divide of one position. Where the engine and the
 * reference disagree only in the counts, the runner follows a differing move
 * (the one with the smallest subtree, so each step is cheap) and asks again
 * one ply lower (hx_bisect_walk), until the difference is in a move set
 * itself, or in a count that the engine contradicts one ply lower: that is
 * the minimal position, and the finding (result.h's hx_finding) is made
 * there. The engine is always sent the root position plus the moves, as a
 * perftree user would, so errors in how it plays moves (e.p. and castling
 * rights) show up too.
 *
 * A failed check whose finding is an earlier one's (the same minimal
 * position and differing moves, reached from another root) joins that
 * check's group (hx_check_result.group); the summary counts the distinct
 * findings. cfg->max_failures stops the run between checks.
 *
 * The runner formats nothing: it appends every check to an hx_results and
 * tells an observer what happens as it happens (print.h's verify printer is
 * the text one), so a long run shows its progress.
 */
#ifndef HEXREF_HARNESS_VERIFY_H
#define HEXREF_HARNESS_VERIFY_H

#include <stdint.h>
#include <stdio.h>

#include "fixtures.h"
#include "hexref.h"
#include "result.h"

/* What to check, and the engine under test. Strings are borrowed. */
typedef struct hx_verify_config {
    const char *command;    /* the engine's shell command line */
    int protocol;           /* HX_PROTOCOL_SCRIPT or HX_PROTOCOL_UCI */
    const char *variant, *profile;
    double timeout;         /* seconds per query; 0 means 30 */
    int history;            /* the engine takes only its initial position plus moves
                               (hx_session_config.history): random positions are given
                               as the moves that reach them, and checks of any other
                               position are not asked (HX_VERIFY_NOT_ASKED) */
    int single;             /* check the root position (fen + moves) */
    const char *fen;        /* root HexFEN; NULL: the initial position */
    const char *moves;      /* moves played on it, or NULL */
    int depth;              /* -1: 3 for the root, 2 for random positions */
    int random;             /* random positions to check */
    uint64_t seed;          /* of the random positions */
    const char *const *suites; /* perft suite files */
    int nsuites;
    const char *tier;       /* "quick": only the suites' quick lines; "deep" or NULL: all */
    uint64_t max_nodes;     /* suite lines: the deepest depth within this */
    int fixtures;           /* run the fixtures */
    const char *const *fixture_paths; /* NULL: they were not found */
    int nfixture_paths;
    FILE *fixture_notes;    /* where hx_fixtures_run writes its notes */
    struct hx_session *session; /* non-NULL: the engine, already open (an in-process
                                   one): used instead of command, not closed */
    int max_failures;       /* > 0: stop once this many checks failed (0: never) */
    int cap_depth;          /* --max-nodes given: it caps -d too (the root and random
                               positions are checked at the deepest depth within it) */
} hx_verify_config;

/* What the observer is told. */
typedef enum hx_verify_event_kind {
    HX_VERIFY_NO_PROFILE_OPTION, /* a uci engine lists no HexrefProfile option */
    HX_VERIFY_CHECK_BEGIN,       /* label, depth: a check starts (for progress) */
    HX_VERIFY_CHECK_DONE,        /* check: a check's result (a finding if it failed) */
    HX_VERIFY_SUITE_SKIPPED,     /* label (file), variant, profile: a suite for other rules */
    HX_VERIFY_LINE_SKIPPED,      /* label: no depth within -d and --max-nodes */
    HX_VERIFY_NOT_ASKED,         /* label: a position a history-only engine cannot be
                                    given (a HexFEN it cannot reach by moves) */
    HX_VERIFY_FIXTURES_BEGIN,    /* with_status */
    HX_VERIFY_FIXTURES_MISSING,  /* the installed fixtures were not found */
    HX_VERIFY_FIXTURES_DONE,     /* results[first..], stats, passed, failed */
    HX_VERIFY_QUERY              /* label, moves, depth, queries: the engine is asked
                                    (the queries-th query of the run), for live progress */
} hx_verify_event_kind;

typedef struct hx_verify_event {
    hx_verify_event_kind kind;
    const char *label;
    int depth;
    const hx_check_result *check;
    const char *variant, *profile; /* SUITE_SKIPPED: the suite's rules */
    int with_status;
    const hx_results *results;     /* FIXTURES_DONE */
    int first, passed, failed;
    const hx_fixture_stats *stats;
    const hx_check_result *same_as; /* CHECK_DONE: the first check with the same
                                       finding (check is in its group), or NULL */
    const char *moves;             /* QUERY: played from the check's root */
    int queries;                   /* QUERY: queries so far, this one included */
} hx_verify_event;

typedef struct hx_verify_observer {
    void (*event)(void *ctx, const hx_verify_event *e);
    void *ctx;
} hx_verify_observer;

/* How a run ended. */
typedef enum hx_verify_stop {
    HX_VERIFY_RAN,       /* every check ran */
    HX_VERIFY_GAVE_UP,   /* the engine timed out on HX_EXT_GIVE_UP queries in a row */
    HX_VERIFY_NO_ENGINE, /* the engine could not be started or failed its handshake */
    HX_VERIFY_MAX_FAILURES /* cfg->max_failures checks failed: the rest was not run */
} hx_verify_stop;

typedef struct hx_verify_summary {
    int passed, failed;
    hx_verify_stop stop;
    char engine_id[128]; /* the engine's own name and version ("id name" of uci), "" none */
    int findings;        /* distinct findings among the failed checks (a group of
                            checks with the same finding counts once) */
    int max_failures;    /* MAX_FAILURES: the limit that stopped the run */
    int not_asked;       /* checks not asked of a history-only engine (HX_VERIFY_NOT_ASKED) */
} hx_verify_summary;

/*
 * Runs the checks cfg asks for, in order: the root position, the suites,
 * the random positions, the fixtures; each check is appended to results.
 * Returns 0 (the engine's failures are results, not errors), or -1 with err
 * for input that cannot run (a bad HexFEN or move, no suite line selected):
 * the checks run until then are in results.
 */
int hx_verify_run(const hx_verify_config *cfg, const hx_verify_observer *obs,
                  hx_results *results, hx_verify_summary *summary, hx_error *err);

#endif
