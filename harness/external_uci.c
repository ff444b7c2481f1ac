/*
 * external_uci.c - the uci protocol (docs/protocol.md): one `/bin/sh -c CMD`
 * process for the whole run, restarted after a crash or a timeout; the
 * HexrefStatus extension answers status queries.
 */
#include "external_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void uci_stop(hx_external *x, hx_ext_answer *a)
{
    if (a)
        hx_ext_keep_stderr(a, &x->proc);
    hx_proc_stop(&x->proc);
    x->running = 0;
}

static int send(hx_external *x, hx_ext_answer *a, const char *text, double deadline)
{
    if (hx_proc_write(&x->proc, text, deadline) == 0)
        return 0;
    return hx_ext_read_failure(a, &x->proc, HX_LINE_EOF, x->timeout, x->cap);
}

/* Reads until a line equal to `want`, noting the options it lists. */
static int wait_for(hx_external *x, hx_ext_answer *a, const char *want, double deadline)
{
    char *line;
    size_t len;
    int rc;
    while ((rc = hx_proc_read_line(&x->proc, deadline, x->cap, &line, &len)) == HX_LINE_OK) {
        if (strcmp(line, want) == 0)
            return 0;
        if (hx_ext_starts_with(line, "option name HexrefStatus ") || !strcmp(line, "option name HexrefStatus"))
            x->has_status = 1;
        if (hx_ext_starts_with(line, "option name HexrefProfile ") || !strcmp(line, "option name HexrefProfile"))
            x->has_profile_option = 1;
    }
    hx_ext_read_failure(a, &x->proc, rc, x->timeout, x->cap);
    char what[sizeof a->message + 64];
    snprintf(what, sizeof what, "%s (waiting for '%s')", a->message, want);
    hx_ext_copy_cut(a->message, sizeof a->message, what);
    return -1;
}

static int uci_start(hx_external *x, hx_ext_answer *a)
{
    char err[256], text[512];
    char *argv[] = {"/bin/sh", "-c", x->command, NULL};
    if (hx_proc_start(&x->proc, argv, x->envp, 1, err, sizeof err) != 0)
        return hx_ext_fail(a, HX_EXT_START, "cannot start the engine: %s", err, 0);
    x->running = 1;
    double deadline = hx_proc_now() + x->timeout;
    snprintf(text, sizeof text, "setoption name UCI_Variant value %s\n", x->variant);
    int rc = send(x, a, "uci\n", deadline);
    rc = rc ? rc : wait_for(x, a, "uciok", deadline);
    rc = rc ? rc : send(x, a, text, deadline);
    if (!rc && x->profile) {
        snprintf(text, sizeof text, "setoption name HexrefProfile value %s\n", x->profile);
        rc = send(x, a, text, deadline);
    }
    rc = rc ? rc : send(x, a, "isready\n", deadline);
    rc = rc ? rc : wait_for(x, a, "readyok", deadline);
    if (rc) {
        if (a->failure != HX_EXT_START)
            a->failure = HX_EXT_HANDSHAKE;
        uci_stop(x, a);
        x->handshake_failed = 1;
        memcpy(x->handshake.message, a->message, sizeof a->message);
        memcpy(x->handshake.stderr_text, a->stderr_text, sizeof a->stderr_text);
    }
    return rc;
}

void hx_ext_position_command(const char *fen, const char *moves, char *out, size_t cap)
{
    snprintf(out, cap, "position fen %s%s%s\n", fen, moves && *moves ? " moves " : "",
             moves ? moves : "");
}

/* Starts the engine if needed and synchronises with isready/readyok, which
 * also skips whatever the last answer left unread. */
static int uci_ready(hx_external *x, hx_ext_answer *a, double *deadline)
{
    if (!x->running && uci_start(x, a) != 0)
        return -1;
    hx_proc_reset_counts(&x->proc);
    *deadline = hx_proc_now() + x->timeout;
    if (send(x, a, "isready\n", *deadline) || wait_for(x, a, "readyok", *deadline)) {
        uci_stop(x, a);
        return -1;
    }
    return 0;
}

static int uci_divide(hx_external *x, const char *fen, const char *moves, int depth,
                     hx_ext_answer *a)
{
    double deadline;
    if (uci_ready(x, a, &deadline) != 0)
        return -1;
    size_t n = strlen(fen) + (moves ? strlen(moves) : 0) + 64;
    char *cmd = malloc(n);
    if (!cmd)
        return hx_ext_fail(a, HX_EXT_START, "%s", "out of memory", 0);
    hx_ext_position_command(fen, moves, cmd, n);
    size_t used = strlen(cmd);
    snprintf(cmd + used, n - used, "go perft %d\n", depth);
    int rc = send(x, a, cmd, deadline);
    free(cmd);
    if (rc) {
        uci_stop(x, a);
        return -1;
    }
    char *line;
    size_t len;
    while ((rc = hx_proc_read_line(&x->proc, deadline, x->cap, &line, &len)) == HX_LINE_OK)
        if (hx_reply_feed(&a->reply, line, len))
            break;
    if (rc != HX_LINE_OK) {
        hx_ext_read_failure(a, &x->proc, rc, x->timeout, x->cap);
        uci_stop(x, a);
        return -1;
    }
    hx_ext_keep_stderr(a, &x->proc);
    if (a->reply.has_error)
        return hx_ext_fail(a, HX_EXT_ENGINE_ERROR, "the engine answered: error %s", a->reply.error, 0);
    return 0;
}

/* The HexrefStatus extension: "status" after "position" -> "status WORD". */
static int uci_status(hx_external *x, const char *fen, const char *moves, char *out, size_t cap,
                      char *err, size_t errcap)
{
    hx_ext_answer a;
    hx_ext_answer_init(&a, HX_PROTOCOL_UCI);
    double deadline;
    size_t n = strlen(fen) + strlen(moves) + 64;
    char *cmd = malloc(n);
    int rc = x->timeouts >= HX_EXT_GIVE_UP || x->status_timeouts >= HX_EXT_GIVE_UP
                 ? hx_ext_fail(&a, HX_EXT_TIMEOUT,
                               "not asked: the engine timed out on the last %.0f queries", NULL,
                               HX_EXT_GIVE_UP)
             : cmd ? uci_ready(x, &a, &deadline)
                   : hx_ext_fail(&a, HX_EXT_START, "%s", "out of memory", 0);
    if (rc == 0) {
        hx_ext_position_command(fen, moves, cmd, n);
        strcat(cmd, "status\n");
        rc = send(x, &a, cmd, deadline);
    }
    char *line = NULL;
    size_t len;
    while (rc == 0) {
        int r = hx_proc_read_line(&x->proc, deadline, x->cap, &line, &len);
        if (r != HX_LINE_OK) {
            rc = hx_ext_read_failure(&a, &x->proc, r, x->timeout, x->cap);
            uci_stop(x, &a);
        } else if (hx_ext_starts_with(line, "status ")) {
            break;
        } else if (hx_ext_starts_with(line, "error")) {
            rc = hx_ext_fail(&a, HX_EXT_ENGINE_ERROR, "the engine answered: %s", line, 0);
        }
    }
    free(cmd);
    /* Status queries count toward the three timeouts in a row, as divides do. */
    if (x->status_timeouts < HX_EXT_GIVE_UP)
        x->status_timeouts = a.failure == HX_EXT_TIMEOUT ? x->status_timeouts + 1 : 0;
    if (rc == 0 && strlen(line + 7) >= cap)
        rc = hx_ext_fail(&a, HX_EXT_CAP, "%s", "status answer too long", 0);
    if (rc == 0)
        strcpy(out, line + 7);
    else
        snprintf(err, errcap, "%s", a.message);
    hx_ext_answer_free(&a);
    return rc;
}


/* Starts the engine and runs the handshake, or repeats why it failed. */
static int uci_start_once(hx_external *x, hx_ext_answer *a)
{
    if (x->running)
        return 0;
    if (x->handshake_failed) {
        memcpy(a->stderr_text, x->handshake.stderr_text, sizeof a->stderr_text);
        return hx_ext_fail(a, HX_EXT_HANDSHAKE, "%s", x->handshake.message, 0);
    }
    return uci_start(x, a);
}

static void uci_quit(hx_external *x)
{
    if (!x->running)
        return;
    hx_proc_write(&x->proc, "quit\n", hx_proc_now() + 0.1);
    hx_proc_wait(&x->proc, hx_proc_now() + 0.2);
    hx_proc_stop(&x->proc);
    x->running = 0;
}

/* A query after a failed handshake fails at once with the same reason. */
static int uci_divide_checked(hx_external *x, const char *fen, const char *moves, int depth,
                              hx_ext_answer *a)
{
    if (x->handshake_failed) {
        hx_ext_fail(a, HX_EXT_HANDSHAKE, "%s", x->handshake.message, 0);
        memcpy(a->stderr_text, x->handshake.stderr_text, sizeof a->stderr_text);
        return -1;
    }
    return uci_divide(x, fen, moves, depth, a);
}

const hx_ext_backend hx_ext_uci_backend = {"uci", uci_divide_checked, uci_status, uci_start_once,
                                           uci_quit};
