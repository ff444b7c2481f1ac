/*
 * identify.h - hexref identify's runner: which rule profile does an engine
 * follow?
 *
 * The engine is not told the profile: its behaviour is fixed. The fixtures
 * are run through it once under every profile of the variant, judged
 * through the reference (fixtures.h; each position is asked once: the
 * judge caches), and the same is done with the reference pinned to each
 * profile q in turn, judged the same way.
 * A run's answer is its outcome and the detail of what failed, so a
 * fixture failed for an unrelated reason is not taken for a reading.
 *
 * Rule points, not patterns (issue 30): a fixture on which every profile's
 * reference gives the same answers tells no reading; an engine that
 * differs there has a bug of its own (counted and listed, not used to
 * rank). A fixture on which they differ separates profiles, and counts for
 * q where the engine's answers are q's. A profile is consistent when no
 * separating fixture differs from it, and matches when it is consistent,
 * the engine has no bug and answered every fixture q answers. An engine
 * error or a rejected position is its own outcome, never a difference; a
 * run that the reference pinned to q rejects (the position is not valid
 * under q) is not applicable for q. Skips depend on the fixture and the
 * engine's operations only, so every fixture is counted once per profile
 * whatever the engine answers. Rule points are fixture topics (the second
 * part of an id: pawn, ep, castle, s07 ...).
 *
 * The runner formats nothing: it returns an hx_identify_result and tells
 * an observer where it is (print_identify.h has the text printer).
 */
#ifndef HEXREF_HARNESS_IDENTIFY_H
#define HEXREF_HARNESS_IDENTIFY_H

#include <stdio.h>

#include "fixtures.h"
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

/* What the engine's answers at one fixture are, against one profile. */
typedef enum hx_identify_state {
    HX_IDENTIFY_AGREE,    /* the same answers as the reference as q */
    HX_IDENTIFY_DIFFER,   /* other answers (on a common fixture: an engine bug) */
    HX_IDENTIFY_ERROR,    /* the engine gave no usable answer, or rejected the position,
                             in a run the reference as q answers: counted apart */
    HX_IDENTIFY_NA,       /* the reference as q rejects the position in every run */
    HX_IDENTIFY_SKIPPED   /* no run was made (the fixture's skip says why) */
} hx_identify_state;

/* What a fixture tells, whatever the engine: nothing (skipped), or the
 * profiles' answers are all the same (common: an engine that differs
 * there has a bug, which is no reading), or they differ (separating). */
typedef enum hx_identify_kind {
    HX_IDENTIFY_SKIP,
    HX_IDENTIFY_COMMON,
    HX_IDENTIFY_SEPARATING
} hx_identify_kind;

/* One fixture, as bit sets of runs (bit p: the run under profile p). A
 * run's answer is its outcome with the detail of what failed (the fixture
 * runner's hx_fixture_run.answer): two engines that fail a fixture for
 * different reasons give different answers, which pass/fail alone does
 * not tell (issue 30). */
typedef struct hx_identify_fixture {
    const char *id;     /* borrowed from engine_log */
    hx_identify_kind kind;
    hx_fixture_skip skip; /* HX_IDENTIFY_SKIP: why */
    unsigned ran;       /* runs made (not skipped) */
    unsigned engine;    /* runs the engine failed */
    unsigned errors;    /* runs where the engine gave no usable answer or rejected a position */
    unsigned failed[HX_IDENTIFY_MAX_PROFILES];         /* by the reference pinned to q */
    unsigned not_applicable[HX_IDENTIFY_MAX_PROFILES]; /* rejected by the reference as q */
    unsigned differs[HX_IDENTIFY_MAX_PROFILES]; /* runs the reference as q answers where the
                                                   engine answered otherwise */
    unsigned agree;     /* bit q: state[q] is AGREE or NA */
    unsigned all_na;    /* bit q: every run was not applicable under q */
    unsigned char state[HX_IDENTIFY_MAX_PROFILES]; /* hx_identify_state against q */
    signed char answer[HX_IDENTIFY_MAX_PROFILES];  /* the first profile whose reference
                                                      answers here as q's does */
    int at[HX_IDENTIFY_MAX_PROFILES]; /* index of the run under p in the logs, -1: none */
} hx_identify_fixture;

/* A rule point that tells profiles apart: separating fixtures of one topic
 * where the engine follows the same readings (bit q: it agrees with q
 * there; 0: its answers are no profile's). */
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

/* Every fixture is counted once per profile q, whatever the engine does:
 * agreeing[q] + disagree[q] + bugs + errors[q] + not_applicable[q] +
 * skipped == nfixtures. */
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
    int nseparating, ncommon;      /* fixtures that tell profiles apart, that do not */
    int bugs;             /* common fixtures where the engine differs: engine bugs */
    int nomatch;          /* separating fixtures where the engine's answers are no profile's
                             (and no profile rejects the position) */
    int nerrors;          /* fixtures with an engine error or rejection in some run */
    int skipped;          /* fixtures with no run made */
    int skips[HX_FIXTURE_NSKIP];     /* ... by reason (hx_fixture_skip) */
    int skipped_runs[HX_FIXTURE_NSKIP]; /* runs skipped in fixtures that ran, by reason */
    int agreeing[HX_IDENTIFY_MAX_PROFILES];       /* fixtures agreeing with q */
    int disagree[HX_IDENTIFY_MAX_PROFILES];       /* separating fixtures differing from q */
    int errors[HX_IDENTIFY_MAX_PROFILES];         /* fixtures in state ERROR against q */
    int not_applicable[HX_IDENTIFY_MAX_PROFILES]; /* fixtures with no run applicable under q */
    unsigned consistent;  /* bit q: no separating fixture differs from q */
    unsigned matches;     /* bit q: consistent, no engine error against q, no engine bug */
    int closest;          /* the first match, else the first profile with the fewest
                             separating fixtures differing (then the most agreeing, then
                             the fewest errors) */
    hx_results engine_runs[HX_IDENTIFY_MAX_PROFILES];  /* the engine, run under p */
    hx_results reference_runs[HX_IDENTIFY_MAX_PROFILES][HX_IDENTIFY_MAX_PROFILES]; /* [q][p] */
    hx_fixture_runs engine_log[HX_IDENTIFY_MAX_PROFILES]; /* every run, skipped or not */
    hx_fixture_runs reference_log[HX_IDENTIFY_MAX_PROFILES][HX_IDENTIFY_MAX_PROFILES];
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

/* The runs of fixture i under which the engine's answer differs from the
 * reference's as q, or it gave none where the reference did (bit p: the
 * run under p). */
unsigned hx_identify_differing_runs(const hx_identify_result *r, int i, int q);
/* Fixture i's check in runs (the engine's or a reference's under one
 * profile), or NULL if it was not run there. */
const hx_check_result *hx_identify_run_of(const hx_results *runs, const char *id);
/* Whether no fixture tells profiles p and q apart (the reference gives the
 * same answers under both). */
int hx_identify_indistinguishable(const hx_identify_result *r, int p, int q);

#endif
