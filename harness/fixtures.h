/*
 * fixtures.h - runs the conformance fixtures (docs/fixtures.md) against any
 * engine that speaks the text interface of engine.h, returning one result
 * per fixture and profile.
 */
#ifndef HEXREF_HARNESS_FIXTURES_H
#define HEXREF_HARNESS_FIXTURES_H

#include <stdio.h>

#include "engine.h"
#include "result.h"

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
int hx_fixtures_run(const hx_engine *engine, const char *variant,
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
    HX_FIXTURE_SKIP_OTHER    /* no expectation the engine's operations can answer */
} hx_fixture_skip;
enum { HX_FIXTURE_NSKIP = HX_FIXTURE_SKIP_OTHER + 1 };

/* A skip reason in words ("status-only (engine gives no status)"), and as
 * a token ("status_only"). */
const char *hx_fixture_skip_text(hx_fixture_skip s);
const char *hx_fixture_skip_token(hx_fixture_skip s);

typedef struct hx_fixture_run {
    char *id, *profile;   /* the fixture's id and the run's profile */
    int refute;           /* run under a profile of its `refutes` line */
    hx_fixture_skip skip; /* HX_FIXTURE_RAN, or why it did not run */
    int failed;           /* ran: its result is a failure */
    int rejected;         /* ran: the engine rejected a position (HX_ENGINE_REJECTED) */
    int engine_failed;    /* ran: an answer was unusable (HX_ENGINE_FAILED) */
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
int hx_fixtures_run_logged(const hx_engine *engine, const char *variant, const char *profile,
                           const char *const *paths, int npaths, FILE *notes,
                           hx_results *results, hx_fixture_stats *stats, hx_fixture_runs *log);

#endif
