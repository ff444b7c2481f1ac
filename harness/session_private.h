/*
 * session_private.h - what the session's parts share: the failure helper
 * (session.c) and, for the two protocol backends (session_script.c,
 * session_uci.c), the outside engine's configuration and process and the
 * helpers that turn how a query ended into an hx_session_error
 * (session_process.c).
 */
#ifndef HEXREF_HARNESS_SESSION_PRIVATE_H
#define HEXREF_HARNESS_SESSION_PRIVATE_H

#include "session.h"

enum { HX_SESSION_DEFAULT_CAP = 1 << 20 };

/* The least time a uci engine's start and handshake get, whatever the
 * query's --timeout (session_uci.c says why). */
#define HX_SESSION_START_SECONDS 5.0

/* Sets e's kind and message (printf-style); returns -1. */
int hx_session_fail(hx_session_error *e, hx_session_failure kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* An outside engine: configuration, environment and (uci) its process. */
typedef struct hx_session_proc {
    char *command, *variant, *profile;
    int protocol;
    int history;   /* the position is always sent as "startpos" */
    double timeout;
    size_t cap;
    char **envp;   /* ours with HEXREF_VARIANT / HEXREF_PROFILE replaced */
    char *env_own[2];
    hx_proc proc;  /* uci: the one process of the run */
    int running, has_status, has_profile_option, handshake_failed;
    char id_name[128]; /* uci: what the engine said after "id name" ("" none) */
    hx_session_error handshake; /* why the handshake failed, told on every query */
} hx_session_proc;

/* A copy of cfg, or NULL (out of memory). */
hx_session_proc *hx_session_proc_new(const hx_session_config *cfg);
void hx_session_proc_free(hx_session_proc *x);

/* How a query names its position: "startpos" for a history-only engine
 * (the session asks it about nothing else), else the HexFEN. */
const char *hx_session_proc_position(const hx_session_proc *x, const char *fen);

/* Turns how reading ended (an HX_LINE_* code) into a failure; returns -1. */
int hx_session_read_failure(hx_session_error *e, hx_proc *p, int rc, double timeout, size_t cap);
/* Keeps the engine's stderr in e: its start and its end (hx_proc_stderr),
 * after reading what it already wrote. */
void hx_session_keep_stderr(hx_session_error *e, hx_proc *p);
int hx_starts_with(const char *s, const char *prefix);
/* "position fen F [moves M]\n". */
void hx_uci_position_command(const char *fen, const char *moves, char *out, size_t cap);
/* The query as a shell command line (malloc'd). */
char *hx_session_proc_query_text(const hx_session_proc *x, const char *fen, const char *moves,
                           int depth);

extern const hx_session_backend hx_script_backend, hx_uci_backend;

#endif
