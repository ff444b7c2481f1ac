/*
 * identify.h - hexref identify's runner: which rule profile does an engine
 * follow?
 *
 * The engine is not told the profile: its behaviour is fixed. The fixtures
 * are run through it once under every profile of the variant (each
 * position is asked once: the adapter caches), which gives, fixture by
 * fixture, the pattern of runs it passes and fails. The same is done with
 * the reference pinned to each profile q in turn, behind the same adapter.
 * The engine follows q's reading at a fixture when its pattern there equals
 * the reference's under q, and matches q when that holds at every fixture.
 * This needs no positive description of a negative control: a control is
 * recognised by the fixtures it breaks, exactly as the reference under
 * that control breaks them.
 *
 * A run that the reference pinned to q rejects (the position is not valid
 * under q) is not applicable for q: it is not a difference. Rule points are
 * fixture topics (the second part of an id: pawn, ep, castle, s07 ...).
 *
 * The runner formats nothing: it returns an hx_identify_result and tells
 * an observer where it is (print_identify.h has the text printer).
 */
#ifndef HEXREF_HARNESS_IDENTIFY_H
#define HEXREF_HARNESS_IDENTIFY_H

#include <stdio.h>

#include "result.h"
#include "session.h"

enum { HX_IDENTIFY_MAX_PROFILES = 31 }; /* a fixture's runs are bits of an unsigned */

/* What to identify. Borrowed. */
typedef struct hx_identify_config {
    hx_session *engine;  /* opened by the caller for variant, closed by it */
    int protocol;        /* the engine's (HX_PROTOCOL_SCRIPT for one in process) */
    const char *variant;
    const char *const *fixture_paths; /* fixture files or directories */
    int nfixture_paths;
    FILE *fixture_notes; /* where hx_fixtures_run writes its notes */
} hx_identify_config;

typedef enum hx_identify_event_kind {
    HX_IDENTIFY_RUN_BEGIN, /* the fixtures start under profile p */
    HX_IDENTIFY_RUNS_DONE  /* no more runs */
} hx_identify_event_kind;

typedef struct hx_identify_event {
    hx_identify_event_kind kind;
    int reference;        /* -1: the engine; else the profile the reference is pinned to */
    int profile, nprofiles;
    const char *const *profiles;
} hx_identify_event;

typedef struct hx_identify_observer {
    void (*event)(void *ctx, const hx_identify_event *e);
    void *ctx;
} hx_identify_observer;

/* One fixture, as bit sets of runs (bit p: the run under profile p). */
typedef struct hx_identify_fixture {
    const char *id;     /* borrowed from engine_runs */
    unsigned ran;       /* runs the engine made */
    unsigned engine;    /* runs the engine failed */
    unsigned failed[HX_IDENTIFY_MAX_PROFILES];         /* by the reference pinned to q */
    unsigned not_applicable[HX_IDENTIFY_MAX_PROFILES]; /* rejected by the reference as q */
    unsigned agree;     /* bit q: the engine's outcomes equal the reference's as q */
    unsigned all_na;    /* bit q: every run was not applicable under q */
} hx_identify_fixture;

/* A rule point that tells profiles apart: fixtures of one topic where the
 * engine follows the same readings (bit q: it agrees with q there). */
typedef struct hx_identify_point {
    char topic[64];     /* "en passant", "spec section 7, item 3", ... */
    unsigned follows;
    int count;
    const char *example; /* the first fixture's id */
} hx_identify_point;

typedef enum hx_identify_stop {
    HX_IDENTIFY_RAN,      /* every run ran: the comparison is below */
    HX_IDENTIFY_UNUSABLE  /* the engine gave no usable answer (unusable says why) */
} hx_identify_stop;

typedef struct hx_identify_result {
    hx_identify_stop stop;
    char unusable[600];   /* HX_IDENTIFY_UNUSABLE: the first problem */
    const char *variant;
    const char *profiles[HX_IDENTIFY_MAX_PROFILES];
    int nprofiles;
    hx_identify_fixture *fixtures; /* sorted by id */
    int nfixtures, capfixtures;
    hx_identify_point *points;     /* in the fixtures' order */
    int npoints, cappoints;
    int disagree[HX_IDENTIFY_MAX_PROFILES];       /* fixtures differing from q */
    int not_applicable[HX_IDENTIFY_MAX_PROFILES]; /* fixtures with no run applicable under q */
    unsigned matches;     /* bit q: no fixture differs from q */
    int closest;          /* the first profile with the fewest differences */
    hx_results engine_runs[HX_IDENTIFY_MAX_PROFILES];  /* the engine, run under p */
    hx_results reference_runs[HX_IDENTIFY_MAX_PROFILES][HX_IDENTIFY_MAX_PROFILES]; /* [q][p] */
    hx_results checks;    /* one check per fixture against the closest profile (or
                             one error check when unusable): what JSON and JUnit show */
} hx_identify_result;

/*
 * Runs identify into *r (large: allocate it; free it with
 * hx_identify_result_free whatever the return). Returns 0 when the engine
 * was run (its failures, even total ones, are results), or
 * HX_IDENTIFY_BAD_INPUT with err (no fixture of the variant, too many
 * profiles, out of memory), or HX_IDENTIFY_BAD_FIXTURES with err when a
 * fixture file could not be read or parsed (the notes named file and line).
 */
enum { HX_IDENTIFY_BAD_INPUT = -1, HX_IDENTIFY_BAD_FIXTURES = -2 };
int hx_identify_run(const hx_identify_config *cfg, const hx_identify_observer *obs,
                    hx_identify_result *r, hx_error *err);
void hx_identify_result_free(hx_identify_result *r);

/* The runs of fixture i under which the engine's outcome differs from the
 * reference's as q (bit p: the run under p). */
unsigned hx_identify_differing_runs(const hx_identify_result *r, int i, int q);
/* Fixture i's check in runs (the engine's or a reference's under one
 * profile), or NULL if it was not run there. */
const hx_check_result *hx_identify_run_of(const hx_results *runs, const char *id);
/* Whether no fixture tells profiles p and q apart (the reference gives the
 * same outcomes under both). */
int hx_identify_indistinguishable(const hx_identify_result *r, int p, int q);

#endif
