/*
 * verify_private.h - what the files of the verify runner share: its
 * context, one engine answer as a value, and the engine seam.
 *
 * verify_engine.c is the only file of the runner that talks to the engine
 * (its hx_session); everything else sees an answer as a verify_answer,
 * the engine's lines as an hx_divide and its failures as values.
 */
#ifndef HEXREF_HARNESS_VERIFY_PRIVATE_H
#define HEXREF_HARNESS_VERIFY_PRIVATE_H

#include "process.h"
#include "protocol.h"
#include "session.h"
#include "verify.h"

enum { VERIFY_MAX_CELLS = 128, VERIFY_MAX_DEPTH = 32, VERIFY_MOVES_MAX = 8192 };

typedef struct verify_engine verify_engine;

/* One answer of the engine, whatever it was. */
typedef struct verify_answer {
    int failed;          /* no complete answer (timeout, crash, exit, cap, error) */
    int fatal;           /* the engine cannot be asked again (start, handshake, gave up) */
    int has_problem;     /* the answer is unusable as a divide (problem says why) */
    int total_ok;        /* a total came and equals the lines' sum */
    char message[512];   /* the failure, as the engine layer says it */
    char problem[700];   /* one line on what is unusable */
    char stderr_text[HX_PROC_ERR_TEXT];
    hx_reply_problem bad_lines[HX_REPLY_KEEP];
    int nbad_lines;
    hx_reply_problem bad_moves[HX_REPLY_KEEP];
    int nbad_moves;
    int nlines;          /* move lines read */
    int has_total;
    hx_divide got;       /* the lines, sorted, duplicates kept; total: the engine's */
    int timed_out;       /* failed: no complete answer before the deadline */
} verify_answer;

/* ---- The engine seam (verify_engine.c) ------------------------------- */

/* NULL if out of memory. Starts nothing. */
verify_engine *verify_engine_open(const hx_verify_config *cfg);
void verify_engine_close(verify_engine *e);
/* Starts a uci engine and checks its handshake. 0, or -1 with *a filled. */
int verify_engine_start(verify_engine *e, verify_answer *a);
/* uci: does the engine list a HexrefProfile option? script: 1. */
int verify_engine_knows_profile(verify_engine *e);
/* The engine's divide of fen after moves to depth; *a is filled either way. */
void verify_engine_ask(verify_engine *e, const char *fen, const char *moves, int depth,
                       verify_answer *a);
void verify_answer_free(verify_answer *a);
/* 1 once the engine timed out HX_SESSION_GIVE_UP times in a row. */
int verify_engine_gave_up(const verify_engine *e);
/* A history-only engine (hx_session_history_only) and whether it can be
 * asked about fen (hx_session_can_ask). */
int verify_engine_history_only(const verify_engine *e);
int verify_engine_can_ask(const verify_engine *e, const char *fen);
/* The engine's own name and version, or NULL (hx_session_engine_id). */
const char *verify_engine_id(const verify_engine *e);
/* The raw query as one shell command line (malloc'ed, NULL: memory). */
char *verify_engine_query(const verify_engine *e, const char *fen, const char *moves,
                          int depth);
/* Does the engine answer status queries (uci with HexrefStatus)? */
int verify_engine_has_status(verify_engine *e);
/* Runs the fixtures against the engine (hx_fixtures_run). */
int verify_engine_fixtures(verify_engine *e, const hx_verify_config *cfg, hx_results *results,
                           hx_fixture_stats *stats);
/* Shell-quotes s into a malloc'ed string (NULL: memory). */
char *verify_quote(const char *s);

/* ---- The runner's context (verify.c) -------------------------------- */

typedef struct verify_ctx {
    const hx_verify_config *cfg;
    const hx_verify_observer *obs;
    const hx_rules *rules;
    verify_engine *engine;
    char cells[VERIFY_MAX_CELLS][4];
    int ncells;
    hx_results *results;
    hx_verify_summary *summary;
    int stop;
    int limit_hit;       /* stop: cfg->max_failures checks failed */
    int queries;         /* divides asked of the engine so far (progress) */
} verify_ctx;

/* Puts a failed check c, before it is added, into the group of the first
 * check with the same finding, or starts a group (a distinct finding). */
void verify_group(verify_ctx *v, hx_check_result *c);
/* Tells the observer. */
void verify_tell(const verify_ctx *v, hx_verify_event *e);
/* A check that could not run: an error result with a finding of kind. */
void verify_not_run(verify_ctx *v, const char *label, hx_finding_kind kind, const char *why,
                    const char *what);
/* Checks root (canonical HexFEN) after moves to depth, descending to the
 * minimal position (verify_check.c). 1 if the engine agreed. */
int verify_check(verify_ctx *v, const char *root, const char *moves, int depth,
                 const char *label);

#endif
