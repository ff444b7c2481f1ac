/*
 * fixture_engine.h - what the fixture runner (fixture_run.c) asks of the
 * engine it runs the fixtures on (fixtures.h's hx_fixture_engine), in the
 * runner's terms: moves, a status, a move played, a count, a start.
 *
 * fixture_engine.c answers them for an engine run on its own positions
 * (the reference or the oracle, one session per variant and profile);
 * fixture_judge.c for an engine judged through the reference (one session
 * for every profile, its positions checked after every move). Both talk to
 * the engine only through hx_session.
 */
#ifndef HEXREF_HARNESS_FIXTURE_ENGINE_H
#define HEXREF_HARNESS_FIXTURE_ENGINE_H

#include <stdint.h>

#include "fixtures.h"
#include "strvec.h"

/* What a query gave: an answer, or why not. FX_WRONG: a failure said as
 * it is (an answer wrong in itself: a move the engine does not list, its
 * position after a move; out of memory); FX_ERROR: a failure of the engine
 * ("engine error: ..."); FX_REJECTED: the reference rejects the position
 * under the profile (the run is "not applicable"); FX_FAILED: the engine
 * gave no usable answer (identify counts those runs apart). */
enum { FX_OK = 0, FX_WRONG = -1, FX_ERROR = 1, FX_REJECTED = 2, FX_FAILED = 3 };

enum { FX_PROBLEM_MAX = 1024 };

/* One line on why a query gave no answer (longer than an hx_error: a
 * judged move quotes two divides). */
typedef struct fx_problem {
    char text[FX_PROBLEM_MAX];
} fx_problem;

/* A position under test: root (the fixture's HexFEN, "start" resolved)
 * after line (the moves played so far, space-separated, "" none), which is
 * fen. An engine on its own positions is asked about root and line, so
 * what HexFEN cannot carry is kept along the line; a judged engine about
 * fen, through the path that reached it. */
typedef struct fx_query {
    const char *variant, *profile;
    const char *root, *line, *fen;
} fx_query;

/* What the engine can do, for the runner's skips. */
enum {
    FX_CAN_STATUS = 1,      /* answers status queries */
    FX_CAN_TAKE_MOVES = 2,  /* plays the fixture's line itself (its own positions) */
    FX_CAN_SET_UP = 4       /* is asked about any HexFEN (not only its initial
                               position plus moves: hx_session_history_only) */
};

unsigned fx_engine_caps(const hx_fixture_engine *fe);
/* Does the engine run variant/profile? 0, or -1 with why. */
int fx_engine_supports(hx_fixture_engine *fe, const char *variant, const char *profile,
                       hx_error *why);
/* The initial HexFEN (HX_FEN_MAX bytes). */
int fx_engine_start(hx_fixture_engine *fe, const char *variant, const char *profile, char *fen,
                    fx_problem *why);
/* The legal moves, sorted, duplicates kept (appended to an empty *moves). */
int fx_engine_moves(hx_fixture_engine *fe, const fx_query *q, strvec *moves, fx_problem *why);
/* "checkmate", "stalemate", "check" or "ongoing" (HX_SESSION_WORD_MAX). */
int fx_engine_status(hx_fixture_engine *fe, const fx_query *q, char *word, fx_problem *why);
/* The HexFEN after move (HX_FEN_MAX bytes). */
int fx_engine_play(hx_fixture_engine *fe, const fx_query *q, const char *move, char *fen,
                   fx_problem *why);
/* The leaf count to depth. An engine that can stops once past limit and
 * gives limit + 1, with *stopped set: "more than limit". */
int fx_engine_count(hx_fixture_engine *fe, const fx_query *q, int depth, uint64_t limit,
                    uint64_t *nodes, int *stopped, fx_problem *why);

/* ---- The judged engine (fixture_judge.c), behind the calls above ---- */

typedef struct fx_judge fx_judge;

fx_judge *fx_judge_new(hx_session *s, int status, int yardstick);
int fx_judge_sets_up(const fx_judge *j);
void fx_judge_free(fx_judge *j);
int fx_judge_has_status(const fx_judge *j);
const char *fx_judge_unusable(const fx_judge *j);
int fx_judge_supports(const char *variant, const char *profile, hx_error *why);
int fx_judge_start(const char *variant, const char *profile, char *fen, fx_problem *why);
int fx_judge_moves(fx_judge *j, const fx_query *q, strvec *moves, fx_problem *why);
int fx_judge_status(fx_judge *j, const fx_query *q, char *word, fx_problem *why);
int fx_judge_play(fx_judge *j, const fx_query *q, const char *move, char *fen, fx_problem *why);
int fx_judge_count(fx_judge *j, const fx_query *q, int depth, uint64_t *nodes, fx_problem *why);

#endif
