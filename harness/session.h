/*
 * session.h - one engine, opened once for a variant and a profile, asked
 * for divides (and, where it offers them, statuses) of "HexFEN plus moves
 * to play", closed once. Nothing else in the harness talks to an engine.
 *
 * Four backends come with the harness, each in its own file:
 *
 *   session_reference.c  the reference (rules/), in process; the moves are
 *                        played on the position itself, never through a
 *                        HexFEN round trip (what HexFEN cannot carry stays)
 *   session_oracle.c     the oracle (oracle/), through its text interface
 *   session_script.c     the script protocol of docs/protocol.md: one
 *                        process per query
 *   session_uci.c        the uci protocol: one process for the run,
 *                        restarted after a crash or a timeout
 *
 * and any other (an in-process function handed over by a host language) is
 * a fifth: an hx_session_backend given to hx_session_open_backend.
 *
 * Failures are values: an answer that is not a usable divide carries an
 * hx_session_error saying what kind of failure it was, the message (an
 * hx_error, hexref.h's convention) and the start of the engine's stderr.
 * Every query has a deadline and a cap on the bytes read; after
 * HX_SESSION_GIVE_UP timeouts in a row the engine is not asked again.
 */
#ifndef HEXREF_HARNESS_SESSION_H
#define HEXREF_HARNESS_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "hexref.h"
#include "hexref_check.h"
#include "process.h"
#include "protocol.h"
#include "result.h"

enum { HX_SESSION_GIVE_UP = 3, HX_SESSION_WORD_MAX = 64 };

typedef enum hx_session_failure {
    HX_SESSION_OK,           /* a complete, readable answer (it may still be wrong) */
    HX_SESSION_START,        /* the process could not be started (or out of memory) */
    HX_SESSION_HANDSHAKE,    /* uci: no uciok / readyok */
    HX_SESSION_TIMEOUT,      /* no complete answer before the deadline */
    HX_SESSION_EXIT,         /* crashed or exited with a non-zero status */
    HX_SESSION_CAP,          /* printed more than the cap for one query */
    HX_SESSION_INCOMPLETE,   /* output ended before the total */
    HX_SESSION_ENGINE_ERROR, /* the engine answered "error ..." */
    HX_SESSION_REJECTED,     /* the position is not valid under the profile
                                (the reference says so: "not applicable") */
    HX_SESSION_UNPARSABLE,   /* complete, but lines or moves that do not parse,
                                or a missing or inconsistent total */
    HX_SESSION_NO_HISTORY    /* not asked: a history-only engine (config.history)
                                takes only its initial position plus moves, and
                                the position is not given so (a runner says
                                "not applicable") */
} hx_session_failure;

typedef struct hx_session_error {
    hx_session_failure kind;
    hx_error error;                     /* what went wrong, one line */
    char stderr_text[HX_PROC_ERR_TEXT]; /* the engine's stderr, its start and end
                                           (hx_proc_stderr), "" if none */
} hx_session_error;

/* One divide answer. divide: the moves sorted by text with duplicates kept
 * and the total as the engine gave it (which may disagree with the sum).
 * reply: for the protocol backends the parsed output itself, which a runner
 * judging an engine quotes (bad lines, duplicates); empty otherwise. */
typedef struct hx_session_answer {
    hx_divide divide;
    hx_reply reply;
    hx_session_error error;
    double seconds;
} hx_session_answer;

void hx_session_answer_init(hx_session_answer *a);
void hx_session_answer_free(hx_session_answer *a);

/* Capability flags of a backend. */
enum {
    HX_SESSION_STATUS = 1,         /* answers status queries */
    HX_SESSION_REPLY = 2,          /* answers as engine text in a->reply: the session
                                      reads the divide from it and judges it */
    HX_SESSION_PROFILE_OPTION = 4, /* uci: the engine lists HexrefProfile */
    HX_SESSION_COUNT_BOUND = 8     /* count stops once past its limit */
};

/*
 * A backend: self is its own state. divide fills a (already initialised;
 * on failure a->error) and returns 0 or -1; status writes one of
 * "checkmate", "stalemate", "check", "ongoing" into word
 * (HX_SESSION_WORD_MAX bytes); close frees self. The rest may be NULL:
 * start (runs a handshake before the first query), started_caps (flags
 * learned by start), count (a leaf count to depth; with
 * HX_SESSION_COUNT_BOUND it stops past limit and gives limit + 1), fen (the
 * HexFEN after the moves, HX_FEN_MAX bytes), query_text (a shell command
 * line repeating the query by hand, malloc'd), engine_id (the engine's own
 * name and version, as a uci engine's "id name" gives it; NULL: not told).
 */
typedef struct hx_session_backend {
    const char *name;
    unsigned caps;
    int (*divide)(void *self, const char *fen, const char *moves, int depth,
                  hx_session_answer *a);
    int (*status)(void *self, const char *fen, const char *moves, char *word,
                  hx_session_error *e);
    void (*close)(void *self);
    int (*start)(void *self, hx_session_error *e);
    unsigned (*started_caps)(void *self);
    int (*count)(void *self, const char *fen, const char *moves, int depth, uint64_t limit,
                 uint64_t *nodes, hx_session_error *e);
    int (*fen)(void *self, const char *fen, const char *moves, char *out, hx_error *e);
    char *(*query_text)(void *self, const char *fen, const char *moves, int depth);
    const char *(*engine_id)(void *self);
} hx_session_backend;

typedef struct hx_session hx_session;

/* An outside engine: the command line (shell text) and its protocol. */
typedef struct hx_session_config {
    const char *command;
    int protocol;        /* HX_PROTOCOL_SCRIPT or HX_PROTOCOL_UCI */
    const char *variant; /* told to the engine */
    const char *profile; /* told to the engine; NULL: not told (identify) */
    double timeout;      /* seconds per query; 0 means 30 */
    size_t max_output;   /* bytes read per query; 0 means 1 MiB */
    int history;         /* 1: the engine is reached only from its initial
                            position by moves (it sets up no HexFEN): every
                            query is sent as "startpos" plus the moves, and a
                            query about any other position is not sent
                            (HX_SESSION_NO_HISTORY) */
} hx_session_config;

/* Each returns the session, or NULL with err (unknown rules, a profile the
 * oracle does not implement, out of memory). Nothing is started yet. */
hx_session *hx_session_open_reference(const char *variant, const char *profile, hx_error *err);
hx_session *hx_session_open_oracle(const char *variant, const char *profile, hx_error *err);
hx_session *hx_session_open_engine(const hx_session_config *cfg, hx_error *err);
/* "reference" or "oracle". */
hx_session *hx_session_open_named(const char *name, const char *variant, const char *profile,
                                  hx_error *err);
/* Any backend; name may be NULL (the backend's). On failure self is closed. */
hx_session *hx_session_open_backend(const hx_session_backend *b, void *self, const char *name,
                                    const char *variant, const char *profile, hx_error *err);
/* An engine that is a function of the host program (hexref_check.h),
 * session_host.c; each "pending" answer adds 1 to *pending (pending may be
 * NULL). */
hx_session *hx_session_open_host(hx_check_engine_fn fn, void *ctx, int *pending, const char *name,
                                 const char *variant, const char *profile, hx_error *err);
/* Stops the engine (killing its process group) and frees everything. */
void hx_session_close(hx_session *s);

const char *hx_session_name(const hx_session *s);
const char *hx_session_variant(const hx_session *s);
const char *hx_session_profile(const hx_session *s); /* NULL: not told */

/* Starts the engine (a uci handshake) if it has a start and is not
 * running. 0, or -1 with e. Queries start it themselves when needed. */
int hx_session_start(hx_session *s, hx_session_error *e);
/* The capability flags (starting the engine to learn them). */
unsigned hx_session_caps(hx_session *s);
/* Does the backend answer as engine text (HX_SESSION_REPLY: a->reply holds
 * what it printed)? Known without starting it. */
int hx_session_answers_text(const hx_session *s);

/* The divide of fen after moves (space-separated, "" or NULL for none) to
 * depth >= 1. 0 if a usable answer came, else -1; *a is filled either way
 * (free it with hx_session_answer_free). */
int hx_session_divide(hx_session *s, const char *fen, const char *moves, int depth,
                      hx_session_answer *a);
/* The status word (HX_SESSION_WORD_MAX bytes). 0, or -1 with e. */
int hx_session_status(hx_session *s, const char *fen, const char *moves, char *word,
                      hx_session_error *e);
/* The leaf count to depth >= 0, at most limit + 1 when the backend can stop
 * early (HX_SESSION_COUNT_BOUND; UINT64_MAX: no limit), else a divide's
 * total. 0, or -1 with e. */
int hx_session_count(hx_session *s, const char *fen, const char *moves, int depth,
                     uint64_t limit, uint64_t *nodes, hx_session_error *e);
/* The HexFEN after the moves (HX_FEN_MAX bytes), where the backend knows
 * positions (the reference, the oracle); fen NULL: the initial position.
 * 0, or -1 with err. */
int hx_session_fen(hx_session *s, const char *fen, const char *moves, char *out, hx_error *err);
/* A shell command line that repeats the query by hand (malloc'd), or NULL. */
char *hx_session_query_text(hx_session *s, const char *fen, const char *moves, int depth);
/* The engine's own name and version (uci: "id name ..." of the handshake,
 * once started), or NULL when it told none. */
const char *hx_session_engine_id(const hx_session *s);
/* 1: the engine takes only its initial position plus moves (config.history):
 * a runner gives it positions as the initial HexFEN and the moves reaching
 * them, and skips questions about a HexFEN alone. */
int hx_session_history_only(const hx_session *s);
/* Makes s history-only (what hx_session_config.history does for an outside
 * engine; identify pins the reference so beside such an engine). 0, or -1
 * with err. */
int hx_session_set_history(hx_session *s, hx_error *err);
/* 1 if the engine can be asked about fen (plus moves): always, but for a
 * history-only engine only about its initial position. */
int hx_session_can_ask(const hx_session *s, const char *fen);
/* 1 once the engine timed out HX_SESSION_GIVE_UP times in a row. */
int hx_session_gave_up(const hx_session *s);

/* Shell-quotes s ('...') into out. */
void hx_shell_quote(const char *s, char *out, size_t cap);

#endif
