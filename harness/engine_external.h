/*
 * engine_external.h - a compatibility shim over hx_session (session.h) for
 * the verify and identify commands: removed when the verify runner moves
 * onto hx_session. An outside engine, driven through one of the two
 * protocols of docs/protocol.md, as a source of divide answers and as an
 * hx_engine for the fixture runner.
 *
 * script: every query starts `/bin/sh -c 'CMD "$@"' hexref-engine DEPTH
 *         HEXFEN [MOVES]`: the command line is the user's shell text, and the
 *         position never passes through the shell parser. HEXREF_VARIANT and
 *         HEXREF_PROFILE are set in its environment.
 * uci:    one `/bin/sh -c CMD` process for the whole run, restarted after a
 *         crash or a timeout.
 *
 * Every query has a deadline and a cap on the bytes read; whatever goes
 * wrong ends in an hx_ext_answer that says what, never in a hang.
 */
#ifndef HEXREF_HARNESS_ENGINE_EXTERNAL_H
#define HEXREF_HARNESS_ENGINE_EXTERNAL_H

#include <stddef.h>

#include "engine.h"
#include "process.h"
#include "protocol.h"
#include "session.h"

typedef struct hx_ext_config {
    const char *command;  /* shell command line */
    int protocol;         /* HX_PROTOCOL_SCRIPT or HX_PROTOCOL_UCI */
    const char *variant;  /* told to the engine */
    const char *profile;  /* told to the engine; NULL: not told (identify) */
    double timeout;       /* seconds per query; 0 means 30 */
    size_t max_output;    /* bytes read per query; 0 means 1 MiB */
} hx_ext_config;

typedef enum hx_ext_failure {
    HX_EXT_OK,           /* the answer is complete (it may still be wrong) */
    HX_EXT_START,        /* the process could not be started */
    HX_EXT_HANDSHAKE,    /* uci: no uciok / readyok */
    HX_EXT_TIMEOUT,      /* no complete answer before the deadline */
    HX_EXT_EXIT,         /* crashed or exited with a non-zero status */
    HX_EXT_CAP,          /* printed more than max_output bytes */
    HX_EXT_INCOMPLETE,   /* output ended before the total */
    HX_EXT_ENGINE_ERROR, /* the engine answered "error ..." */
    HX_EXT_REJECTED      /* the pinned reference: the position is not valid under
                            its profile (the hx_engine ops return HX_ENGINE_REJECTED) */
} hx_ext_failure;

typedef struct hx_ext_answer {
    hx_ext_failure failure;
    char message[512];                  /* what went wrong, for a report */
    char stderr_text[HX_PROC_ERR_TEXT]; /* the engine's stderr, start and end */
    hx_reply reply;                    /* what it printed, parsed */
    double seconds;
} hx_ext_answer;

typedef struct hx_external hx_external;

/* After this many timeouts in a row an engine is not asked again: every
 * query fails at once, so a hung engine costs minutes, not hours. */
enum { HX_EXT_GIVE_UP = HX_SESSION_GIVE_UP };

/* Copies the configuration; starts nothing yet. NULL if out of memory. */
hx_external *hx_external_new(const hx_ext_config *cfg);
/* The reference pinned to one profile behind the same interface, answering
 * in-process (no command is run): identify compares an engine with it.
 * with_status: whether it offers status, as the engine compared with does. */
hx_external *hx_external_new_reference(const char *variant, const char *profile, int protocol,
                                       int with_status);
/* The same over a session the caller opened and closes after
 * hx_external_free (an in-process engine, hexref_check.h; identify's
 * engine); protocol says how its answers read. A backend that answers as
 * values, not engine text, has its divides written back as text, as the
 * reference's are. */
hx_external *hx_external_borrow(hx_session *s, int protocol);
/* Stops the engine (killing its process group) and frees everything; a
 * borrowed session stays open. */
void hx_external_free(hx_external *x);

/* Asks for a divide of fen after moves (space-separated, "" for none) to
 * depth (>= 1). Returns 0 if a complete answer came (failure HX_EXT_OK),
 * -1 otherwise; *a is filled either way: free it with hx_ext_answer_free. */
int hx_external_divide(hx_external *x, const char *fen, const char *moves, int depth,
                       hx_ext_answer *a);
void hx_ext_answer_free(hx_ext_answer *a);
/* 1 once the engine timed out HX_EXT_GIVE_UP times in a row. */
int hx_external_gave_up(const hx_external *x);
/* The engine's own name and version (hx_session_engine_id), or NULL. */
const char *hx_external_engine_id(const hx_external *x);

/* 1 and a one-line description if the answer is unusable as a divide: a
 * failure, unparsable lines or moves, a missing or inconsistent total.
 * Duplicate moves are not a problem here (callers decide). Else 0. */
int hx_ext_answer_problem(const hx_ext_answer *a, char *out, size_t cap);

/* One shell command line that repeats the raw query by hand. */
void hx_external_query_text(const hx_external *x, const char *fen, const char *moves,
                            int depth, char *out, size_t cap);

/* Starts a uci engine and runs the handshake (nothing for script engines).
 * Returns 0, or -1 with *a saying why; free *a either way. */
int hx_external_start(hx_external *x, hx_ext_answer *a);

/* uci only: did the engine list an option named HexrefProfile? (starts it) */
int hx_external_has_profile_option(hx_external *x);
/* Does the engine answer status queries (uci with HexrefStatus)? (starts it) */
int hx_external_has_status(hx_external *x);

/*
 * The engine as an hx_engine, for hx_fixtures_run. moves = a depth-1
 * divide (sorted, duplicates kept so the runner sees them); perft = a
 * divide's total; status only for uci engines that list the HexrefStatus
 * option; start_fen from the reference. play checks that the engine lists
 * the move, computes the child HexFEN with the reference (the protocols
 * return no positions) and remembers the path: later queries on that HexFEN
 * send the root position and the moves, so the engine makes the moves
 * itself. Answers are cached, since identify runs the same positions under
 * every profile.
 */
hx_engine hx_external_engine(hx_external *x);

/* After adapter queries: NULL if some answer was usable, else what was
 * wrong with the first one (for "the engine never answered" reports). */
const char *hx_external_unusable(const hx_external *x);

#endif
