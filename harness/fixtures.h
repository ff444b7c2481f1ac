/*
 * fixtures.h - runs the conformance fixtures (docs/fixtures.md) against an
 * engine behind hx_session (session.h), returning one result per fixture
 * and profile.
 */
#ifndef HEXREF_HARNESS_FIXTURES_H
#define HEXREF_HARNESS_FIXTURES_H

#include <stdio.h>

#include "result.h"
#include "session.h"

/*
 * The engine the fixtures run on, asked in one of two ways:
 *
 * on its own positions: the reference or the oracle by name, a session of
 *   its own for each variant and profile a fixture names (a profile it does
 *   not implement is a skipped run); it gives the start position, plays the
 *   fixture's line itself on the fixture's HexFEN (so what HexFEN cannot
 *   carry is kept along the line), and answers every expectation;
 * judged: one session of any backend for every profile (an outside engine,
 *   or the reference pinned to one profile as identify's yardstick), asked
 *   only for divides and, where it answers them, statuses. Its moves come
 *   from a depth-1 divide, its counts from a divide's total; the start and
 *   the line's positions are the reference's, and after each move of a line
 *   the engine's depth-2 divide there must equal the reference's (the same
 *   query with the HexFEN alone tells a wrong generation from a wrongly
 *   played move). The engine is asked about the root position and the
 *   moves, never a HexFEN it did not make. Answers are cached, since
 *   identify runs the same positions under every profile.
 */
typedef struct hx_fixture_engine hx_fixture_engine;

/* "reference" or "oracle"; NULL with err otherwise. */
hx_fixture_engine *hx_fixture_engine_own(const char *name, hx_error *err);
/* s judged (borrowed: closed by the caller after hx_fixture_engine_free).
 * status: 1 or 0 whether its status is asked, -1 as s offers it (starting
 * it). yardstick: s is the reference as identify's yardstick, so its
 * failures read as an engine's answers ("the engine answered: error ...")
 * and a status it refuses is a rejected position. */
hx_fixture_engine *hx_fixture_engine_judged(hx_session *s, int status, int yardstick,
                                            hx_error *err);
void hx_fixture_engine_free(hx_fixture_engine *fe);
const char *hx_fixture_engine_name(const hx_fixture_engine *fe);
int hx_fixture_engine_has_status(const hx_fixture_engine *fe);
/* After a run: NULL if some divide was usable, else what was wrong with
 * the first (for "the engine never answered" reports). */
const char *hx_fixture_engine_unusable(const hx_fixture_engine *fe);

typedef struct hx_fixture_stats {
    int files;        /* fixture files read */
    int fixtures;     /* fixtures run under at least one profile */
    int skipped_runs; /* runs the engine cannot do (no such profile, no such operation) */
} hx_fixture_stats;

/*
 * Runs every fixture in the given files (a directory argument means every
 * *.fix file below it, sorted) under each profile the fixture names, keeping
 * only fixtures of `variant` and profiles equal to `profile` when those are
 * non-NULL. Each run is appended to `results` (kind HX_CHECK_FIXTURE; a
 * failure's message holds the fixture's position and what failed). Profiles
 * the engine cannot run (the oracle has no negative controls) are skipped,
 * noted once on `notes`, and counted in stats. Returns 0 if the files could
 * be read and parsed, -1 (with messages on `notes` naming file and line)
 * otherwise.
 */
int hx_fixtures_run(hx_fixture_engine *engine, const char *variant,
                    const char *profile, const char *const *paths, int npaths,
                    FILE *notes, hx_results *results, hx_fixture_stats *stats);

/* What became of one run (one fixture under one profile), for a caller
 * that counts every run whatever the engine does (identify, issue 30).
 * Whether a run is skipped depends on the fixture and the operations the
 * engine has, never on its answers. */
typedef enum hx_fixture_skip {
    HX_FIXTURE_RAN,          /* it ran: a result was added */
    HX_FIXTURE_SKIP_PROFILE, /* the engine does not run the profile */
    HX_FIXTURE_SKIP_START,   /* the fixture starts from `start`; the engine gives no start */
    HX_FIXTURE_SKIP_PLAY,    /* the fixture plays a line; the engine cannot play moves */
    HX_FIXTURE_SKIP_STATUS,  /* status-only: every expectation is a status; the engine gives none */
    HX_FIXTURE_SKIP_OTHER,   /* no expectation the engine's operations can answer */
    HX_FIXTURE_SKIP_SET_UP   /* set up on a board; the engine takes only its initial
                                position plus moves (--history) */
} hx_fixture_skip;
enum { HX_FIXTURE_NSKIP = HX_FIXTURE_SKIP_SET_UP + 1 };

/* A skip reason in words ("status-only (engine gives no status)"), and as
 * a token ("status_only"). */
const char *hx_fixture_skip_text(hx_fixture_skip s);
const char *hx_fixture_skip_token(hx_fixture_skip s);

typedef struct hx_fixture_run {
    char *id, *profile;   /* the fixture's id and the run's profile */
    int refute;           /* run under a profile of its `refutes` line */
    hx_fixture_skip skip; /* HX_FIXTURE_RAN, or why it did not run */
    int failed;           /* ran: its result is a failure */
    int rejected;         /* ran: the engine rejected a position (not applicable) */
    int engine_failed;    /* ran: an answer was unusable (counted apart) */
    char *answer;         /* ran: what failed, as the result's detail ("" nothing):
                             the run's answers as far as the fixture asks them, so
                             two engines that fail it the same way give the same text */
} hx_fixture_run;

typedef struct hx_fixture_runs {
    hx_fixture_run *v; /* in the order the runs were made */
    int n, cap;
} hx_fixture_runs;

void hx_fixture_runs_free(hx_fixture_runs *l);

/* hx_fixtures_run, which also appends every run, skipped or not, to *log
 * (NULL: none). */
int hx_fixtures_run_logged(hx_fixture_engine *engine, const char *variant, const char *profile,
                           const char *const *paths, int npaths, FILE *notes,
                           hx_results *results, hx_fixture_stats *stats, hx_fixture_runs *log);

#endif
