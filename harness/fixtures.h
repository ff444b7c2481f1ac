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

#endif
