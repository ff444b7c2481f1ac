/*
 * session_script.c - the script protocol (docs/protocol.md) as a session
 * backend: every query starts `/bin/sh -c 'CMD "$@"' hexref-engine DEPTH
 * HEXFEN [MOVES]`, so the position never passes through the shell parser;
 * HEXREF_VARIANT and HEXREF_PROFILE are set in its environment.
 */
#include "session_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

/* After the output: the exit status, an error line, a missing total. */
static int classify_script(hx_session_answer *a, const hx_proc *p)
{
    char how[128];
    const hx_reply *d = &a->reply;
    if (d->has_error)
        return hx_session_fail(&a->error, HX_SESSION_ENGINE_ERROR, "the engine answered: error %s",
                               d->error);
    if (!WIFEXITED(p->wstatus) || WEXITSTATUS(p->wstatus) != 0) {
        hx_proc_describe_exit(p->wstatus, how, sizeof how);
        return hx_session_fail(&a->error, HX_SESSION_EXIT, "the engine %s", how);
    }
    if (!d->complete)
        return hx_session_fail(&a->error, HX_SESSION_INCOMPLETE, "%s",
                               d->state == 0 ? "output ended without the blank line and the total"
                                             : "output ended without the total after the blank "
                                               "line");
    return 0;
}

static int script_divide(void *self, const char *fen, const char *moves, int depth,
                         hx_session_answer *a)
{
    hx_session_proc *x = self;
    char dtext[16];
    hx_error err;
    hx_reply_init(&a->reply, HX_PROTOCOL_SCRIPT);
    snprintf(dtext, sizeof dtext, "%d", depth);
    size_t n = strlen(x->command) + 8;
    char *script = malloc(n);
    if (!script)
        return hx_session_fail(&a->error, HX_SESSION_START, "out of memory");
    snprintf(script, n, "%s \"$@\"", x->command); /* the position stays out of the parser */
    char *argv[] = {"/bin/sh", "-c", script, "hexref-engine", dtext,
                    (char *)hx_session_proc_position(x, fen),
                    moves && *moves ? (char *)moves : NULL, NULL};
    hx_proc p;
    int rc = hx_proc_start(&p, argv, x->envp, 0, &err);
    free(script);
    if (rc != 0)
        return hx_session_fail(&a->error, HX_SESSION_START, "cannot start the engine: %s",
                               err.message);
    double deadline = hx_proc_now() + x->timeout;
    char *line;
    size_t len;
    while ((rc = hx_proc_read_line(&p, deadline, x->cap, &line, &len)) == HX_LINE_OK)
        hx_reply_feed(&a->reply, line, len);
    if (rc == HX_LINE_EOF && hx_proc_wait(&p, deadline) != 0)
        rc = HX_LINE_TIMEOUT;
    hx_proc_stop(&p);
    hx_session_keep_stderr(&a->error, &p);
    if (rc == HX_LINE_TIMEOUT && a->reply.complete)
        return hx_session_fail(&a->error, HX_SESSION_TIMEOUT,
                               "the answer came, but the output stayed open (a background process "
                               "holding stdout?) or the engine did not exit within %.1f s "
                               "(--timeout)",
                               x->timeout);
    if (rc != HX_LINE_EOF)
        return hx_session_read_failure(&a->error, &p, rc, x->timeout, x->cap);
    return classify_script(a, &p);
}

static void script_close(void *self)
{
    hx_session_proc_free(self);
}

static char *script_query_text(void *self, const char *fen, const char *moves, int depth)
{
    return hx_session_proc_query_text(self, fen, moves, depth);
}

const hx_session_backend hx_script_backend = {
    .name = "script",
    .caps = HX_SESSION_REPLY,
    .divide = script_divide,
    .close = script_close,
    .query_text = script_query_text,
};

hx_session *hx_session_open_engine(const hx_session_config *cfg, hx_error *err)
{
    hx_session_proc *x = hx_session_proc_new(cfg);
    if (!x) {
        snprintf(err->message, sizeof err->message, "out of memory");
        return NULL;
    }
    const hx_session_backend *b =
        cfg->protocol == HX_PROTOCOL_UCI ? &hx_uci_backend : &hx_script_backend;
    hx_session *s = hx_session_open_backend(b, x, cfg->command, cfg->variant, cfg->profile, err);
    if (s && cfg->history && hx_session_set_history(s, err) != 0) {
        hx_session_close(s);
        return NULL;
    }
    return s;
}
