/*
 * external_script.c - the script protocol (docs/protocol.md): every query
 * starts `/bin/sh -c 'CMD "$@"' hexref-engine DEPTH HEXFEN [MOVES]`, so the
 * position never passes through the shell parser.
 */
#include "external_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

/* After the output: the exit status, an error line, a missing total. */
static int classify_script(hx_ext_answer *a, const hx_proc *p)
{
    char how[128];
    const hx_reply *d = &a->reply;
    if (d->has_error)
        return hx_ext_fail(a, HX_EXT_ENGINE_ERROR, "the engine answered: error %s", d->error, 0);
    if (!WIFEXITED(p->wstatus) || WEXITSTATUS(p->wstatus) != 0) {
        hx_proc_describe_exit(p->wstatus, how, sizeof how);
        return hx_ext_fail(a, HX_EXT_EXIT, "the engine %s", how, 0);
    }
    if (!d->complete)
        return hx_ext_fail(a, HX_EXT_INCOMPLETE, "%s",
                    d->state == 0 ? "output ended without the blank line and the total"
                                  : "output ended without the total after the blank line",
                    0);
    return 0;
}

/* ------------------------------------------------------------ script */

static int script_divide(hx_external *x, const char *fen, const char *moves, int depth,
                        hx_ext_answer *a)
{
    char dtext[16], err[256];
    snprintf(dtext, sizeof dtext, "%d", depth);
    size_t n = strlen(x->command) + 8;
    char *script = malloc(n);
    if (!script)
        return hx_ext_fail(a, HX_EXT_START, "%s", "out of memory", 0);
    snprintf(script, n, "%s \"$@\"", x->command); /* the position stays out of the parser */
    char *argv[] = {"/bin/sh", "-c", script, "hexref-engine", dtext, (char *)fen,
                    moves && *moves ? (char *)moves : NULL, NULL};
    hx_proc p;
    int rc = hx_proc_start(&p, argv, x->envp, 0, err, sizeof err);
    free(script);
    if (rc != 0)
        return hx_ext_fail(a, HX_EXT_START, "cannot start the engine: %s", err, 0);
    double deadline = hx_proc_now() + x->timeout;
    char *line;
    size_t len;
    while ((rc = hx_proc_read_line(&p, deadline, x->cap, &line, &len)) == HX_LINE_OK)
        hx_reply_feed(&a->reply, line, len);
    if (rc == HX_LINE_EOF && hx_proc_wait(&p, deadline) != 0)
        rc = HX_LINE_TIMEOUT;
    hx_proc_stop(&p);
    hx_ext_keep_stderr(a, &p);
    if (rc == HX_LINE_TIMEOUT && a->reply.complete)
        return hx_ext_fail(a, HX_EXT_TIMEOUT,
                    "the answer came, but the output stayed open (a background process holding "
                    "stdout?) or the engine did not exit within %.1f s (--timeout)",
                    NULL, x->timeout);
    if (rc != HX_LINE_EOF)
        return hx_ext_read_failure(a, &p, rc, x->timeout, x->cap);
    return classify_script(a, &p);
}

const hx_ext_backend hx_ext_script_backend = {"script", script_divide, NULL, NULL, NULL};
