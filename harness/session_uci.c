/*
 * session_uci.c - the uci protocol (docs/protocol.md) as a session backend:
 * one `/bin/sh -c CMD` process for the whole run, restarted after a crash
 * or a timeout; the HexrefStatus extension answers status queries.
 */
#include "session_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void uci_stop(hx_session_proc *x, hx_session_error *e)
{
    if (e)
        hx_session_keep_stderr(e, &x->proc);
    hx_proc_stop(&x->proc);
    x->running = 0;
}

/* A deadline and the seconds it allows, which a timeout's message names. */
typedef struct uci_deadline {
    double at;
    double seconds;
} uci_deadline;

static uci_deadline deadline_in(double seconds)
{
    uci_deadline d = {hx_proc_now() + seconds, seconds};
    return d;
}

/* Starting the engine and its handshake get at least HX_SESSION_START_SECONDS,
 * whatever --timeout says: an interpreter's or a runtime's start (node,
 * python through a version manager's shims, a JVM) is not the engine's
 * answer, and on a loaded machine it alone took over a second, failing the
 * restart after a timeout of `--timeout 1` (the fresh-clone run of a9c0cb0). */
static double start_seconds(const hx_session_proc *x)
{
    return x->timeout > HX_SESSION_START_SECONDS ? x->timeout : HX_SESSION_START_SECONDS;
}

static int send(hx_session_proc *x, hx_session_error *e, const char *text, uci_deadline d)
{
    int rc = hx_proc_write(&x->proc, text, d.at);
    if (rc == HX_WRITE_OK)
        return 0;
    return hx_session_read_failure(e, &x->proc, rc == HX_WRITE_TIMEOUT ? HX_LINE_TIMEOUT : HX_LINE_EOF,
                                   d.seconds, x->cap);
}

/* Reads until a line equal to `want`, noting the options it lists. */
static int wait_for(hx_session_proc *x, hx_session_error *e, const char *want, uci_deadline d)
{
    char *line;
    size_t len;
    int rc;
    while ((rc = hx_proc_read_line(&x->proc, d.at, x->cap, &line, &len)) == HX_LINE_OK) {
        if (strcmp(line, want) == 0)
            return 0;
        if (hx_starts_with(line, "id name "))
            snprintf(x->id_name, sizeof x->id_name, "%s", line + 8);
        if (hx_starts_with(line, "option name HexrefStatus ") ||
            !strcmp(line, "option name HexrefStatus"))
            x->has_status = 1;
        if (hx_starts_with(line, "option name HexrefProfile ") ||
            !strcmp(line, "option name HexrefProfile"))
            x->has_profile_option = 1;
    }
    hx_session_read_failure(e, &x->proc, rc, d.seconds, x->cap);
    char what[sizeof e->error.message + 64];
    snprintf(what, sizeof what, "%s (waiting for '%s')", e->error.message, want);
    size_t n = strlen(what) < sizeof e->error.message ? strlen(what) : sizeof e->error.message - 1;
    memcpy(e->error.message, what, n);
    e->error.message[n] = '\0';
    return -1;
}

static int uci_start(hx_session_proc *x, hx_session_error *e)
{
    hx_error err;
    char text[512];
    char *argv[] = {"/bin/sh", "-c", x->command, NULL};
    if (hx_proc_start(&x->proc, argv, x->envp, 1, &err) != 0)
        return hx_session_fail(e, HX_SESSION_START, "cannot start the engine: %s", err.message);
    x->running = 1;
    uci_deadline deadline = deadline_in(start_seconds(x));
    snprintf(text, sizeof text, "setoption name UCI_Variant value %s\n", x->variant);
    int rc = send(x, e, "uci\n", deadline);
    rc = rc ? rc : wait_for(x, e, "uciok", deadline);
    rc = rc ? rc : send(x, e, text, deadline);
    if (!rc && x->profile) {
        snprintf(text, sizeof text, "setoption name HexrefProfile value %s\n", x->profile);
        rc = send(x, e, text, deadline);
    }
    rc = rc ? rc : send(x, e, "isready\n", deadline);
    rc = rc ? rc : wait_for(x, e, "readyok", deadline);
    if (rc) {
        if (e->kind != HX_SESSION_START)
            e->kind = HX_SESSION_HANDSHAKE;
        uci_stop(x, e);
        x->handshake_failed = 1;
        x->handshake = *e;
    }
    return rc;
}

/* Starts the engine if needed and synchronises with isready/readyok, which
 * also skips whatever the last answer left unread. The query that follows
 * gets a deadline of its own: the sync's time on a loaded machine is not the
 * answer's (with one deadline for both, a readyok that came late left the
 * query's write past the deadline, reported as a closed output). */
static int uci_ready(hx_session_proc *x, hx_session_error *e)
{
    if (!x->running && uci_start(x, e) != 0)
        return -1;
    hx_proc_reset_counts(&x->proc);
    uci_deadline sync = deadline_in(x->timeout);
    if (send(x, e, "isready\n", sync) || wait_for(x, e, "readyok", sync)) {
        uci_stop(x, e);
        return -1;
    }
    return 0;
}

static int uci_query(hx_session_proc *x, const char *fen, const char *moves, int depth,
                     hx_session_answer *a)
{
    hx_session_error *e = &a->error;
    if (uci_ready(x, e) != 0)
        return -1;
    uci_deadline deadline = deadline_in(x->timeout);
    size_t n = strlen(fen) + (moves ? strlen(moves) : 0) + 64;
    char *cmd = malloc(n);
    if (!cmd)
        return hx_session_fail(e, HX_SESSION_START, "out of memory");
    hx_uci_position_command(hx_session_proc_position(x, fen), moves, cmd, n);
    size_t used = strlen(cmd);
    snprintf(cmd + used, n - used, "go perft %d\n", depth);
    int rc = send(x, e, cmd, deadline);
    free(cmd);
    if (rc) {
        uci_stop(x, e);
        return -1;
    }
    char *line;
    size_t len;
    while ((rc = hx_proc_read_line(&x->proc, deadline.at, x->cap, &line, &len)) == HX_LINE_OK)
        if (hx_reply_feed(&a->reply, line, len))
            break;
    if (rc != HX_LINE_OK) {
        hx_session_read_failure(e, &x->proc, rc, deadline.seconds, x->cap);
        uci_stop(x, e);
        return -1;
    }
    hx_session_keep_stderr(e, &x->proc);
    if (a->reply.has_error)
        return hx_session_fail(e, HX_SESSION_ENGINE_ERROR, "the engine answered: error %s",
                               a->reply.error);
    return 0;
}

/* A query after a failed handshake fails at once with the same reason. */
static int uci_divide(void *self, const char *fen, const char *moves, int depth,
                      hx_session_answer *a)
{
    hx_session_proc *x = self;
    hx_reply_init(&a->reply, HX_PROTOCOL_UCI);
    if (x->handshake_failed) {
        a->error = x->handshake;
        a->error.kind = HX_SESSION_HANDSHAKE;
        return -1;
    }
    return uci_query(x, fen, moves, depth, a);
}

/* The HexrefStatus extension: "status" after "position" -> "status WORD". */
static int uci_status(void *self, const char *fen, const char *moves, char *word,
                      hx_session_error *e)
{
    hx_session_proc *x = self;
    size_t n = strlen(fen) + strlen(moves) + 64;
    char *cmd = malloc(n);
    int rc = cmd ? uci_ready(x, e) : hx_session_fail(e, HX_SESSION_START, "out of memory");
    uci_deadline deadline = deadline_in(x->timeout);
    if (rc == 0) {
        hx_uci_position_command(hx_session_proc_position(x, fen), moves, cmd, n);
        strcat(cmd, "status\n");
        rc = send(x, e, cmd, deadline);
    }
    char *line = NULL;
    size_t len;
    while (rc == 0) {
        int r = hx_proc_read_line(&x->proc, deadline.at, x->cap, &line, &len);
        if (r != HX_LINE_OK) {
            rc = hx_session_read_failure(e, &x->proc, r, deadline.seconds, x->cap);
            uci_stop(x, e);
        } else if (hx_starts_with(line, "status ")) {
            break;
        } else if (hx_starts_with(line, "error")) {
            rc = hx_session_fail(e, HX_SESSION_ENGINE_ERROR, "the engine answered: %s", line);
        }
    }
    free(cmd);
    if (rc == 0 && strlen(line + 7) >= HX_SESSION_WORD_MAX)
        rc = hx_session_fail(e, HX_SESSION_CAP, "status answer too long");
    if (rc == 0)
        strcpy(word, line + 7);
    return rc;
}

/* Starts the engine and runs the handshake, or repeats why it failed. */
static int uci_start_once(void *self, hx_session_error *e)
{
    hx_session_proc *x = self;
    if (x->running)
        return 0;
    if (x->handshake_failed) {
        *e = x->handshake;
        e->kind = HX_SESSION_HANDSHAKE;
        return -1;
    }
    return uci_start(x, e);
}

static unsigned uci_caps(void *self)
{
    hx_session_proc *x = self;
    return (x->has_status ? HX_SESSION_STATUS : 0u) |
           (x->has_profile_option ? HX_SESSION_PROFILE_OPTION : 0u);
}

static void uci_close(void *self)
{
    hx_session_proc *x = self;
    if (x->running) {
        hx_proc_write(&x->proc, "quit\n", hx_proc_now() + 0.1);
        hx_proc_wait(&x->proc, hx_proc_now() + 0.2);
        hx_proc_stop(&x->proc);
        x->running = 0;
    }
    hx_session_proc_free(x);
}

static char *uci_query_text(void *self, const char *fen, const char *moves, int depth)
{
    return hx_session_proc_query_text(self, fen, moves, depth);
}

static const char *uci_engine_id(void *self)
{
    const hx_session_proc *x = self;
    return x->id_name[0] ? x->id_name : NULL;
}

const hx_session_backend hx_uci_backend = {
    .name = "uci",
    .caps = HX_SESSION_REPLY,
    .divide = uci_divide,
    .status = uci_status,
    .close = uci_close,
    .start = uci_start_once,
    .started_caps = uci_caps,
    .query_text = uci_query_text,
    .engine_id = uci_engine_id,
};
