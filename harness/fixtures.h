/*
 * fixtures.h - runs the conformance fixtures (docs/fixtures.md) against any
 * engine that speaks the text interface of engine.h.
 */
#ifndef HEXREF_HARNESS_FIXTURES_H
#define HEXREF_HARNESS_FIXTURES_H

#include <stdio.h>
#include "engine.h"

typedef struct hx_tally {
    int passed;
    int failed;
} hx_tally;

/*
 * Runs every fixture in the given files (a directory argument means every
 * *.fix file below it, sorted) under each profile the fixture names, keeping
 * only fixtures of `variant` and profiles equal to `profile` when those are
 * non-NULL. Profiles the engine cannot run (the oracle has no negative
 * controls) are skipped, and counted in neither column. Each failure is
 * reported on `out` with the fixture id, its source, the position and the
 * difference. Returns 0 if the files could be read and parsed, non-zero
 * (with a message on `out` naming file and line) otherwise.
 */
int hx_fixtures_run(const hx_engine *engine, const char *variant,
                    const char *profile, const char *const *paths, int npaths,
                    FILE *out, hx_tally *tally);

#endif
