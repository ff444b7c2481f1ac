/*
 * session_process.c - an outside engine's configuration and environment,
 * how a query that ended badly becomes an hx_session_error, and a query
 * written out as the command line that repeats it by hand (for reports).
 * Shared by the script and uci backends.
 */
#include "session_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"

extern char **environ;

int hx_starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static char *env_entry(const char *name, const char *value)
{
    size_t n = strlen(name) + strlen(value) + 2;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s=%s", name, value);
    return s;
}

/* Our environment with HEXREF_VARIANT (and HEXREF_PROFILE when the profile
 * is told) replaced. Built once, so nothing but execve runs in the child. */
static int build_env(hx_session_proc *x)
{
    size_t n = 0;
    while (environ && environ[n])
        n++;
    x->envp = calloc(n + 3, sizeof *x->envp);
    x->env_own[0] = env_entry("HEXREF_VARIANT", x->variant);
    x->env_own[1] = x->profile ? env_entry("HEXREF_PROFILE", x->profile) : NULL;
    if (!x->envp || !x->env_own[0] || (x->profile && !x->env_own[1]))
        return -1;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (!hx_starts_with(environ[i], "HEXREF_VARIANT=") &&
            !(x->profile && hx_starts_with(environ[i], "HEXREF_PROFILE=")))
            x->envp[k++] = environ[i];
    x->envp[k++] = x->env_own[0];
    if (x->env_own[1])
        x->envp[k++] = x->env_own[1];
    x->envp[k] = NULL;
    return 0;
}

hx_session_proc *hx_session_proc_new(const hx_session_config *cfg)
{
    hx_session_proc *x = calloc(1, sizeof *x);
    if (!x)
        return NULL;
    x->command = hx_strdup(cfg->command);
    x->variant = hx_strdup(cfg->variant);
    x->profile = hx_strdup(cfg->profile);
    x->protocol = cfg->protocol;
    x->history = cfg->history;
    x->timeout = cfg->timeout > 0 ? cfg->timeout : 30.0;
    x->cap = cfg->max_output ? cfg->max_output : HX_SESSION_DEFAULT_CAP;
    x->proc.pid = 0;
    x->proc.in_fd = x->proc.out_fd = x->proc.err_fd = -1;
    if (!x->command || !x->variant || (cfg->profile && !x->profile) || build_env(x) != 0) {
        hx_session_proc_free(x);
        return NULL;
    }
    return x;
}

void hx_session_proc_free(hx_session_proc *x)
{
    if (!x)
        return;
    free(x->envp);
    free(x->env_own[0]);
    free(x->env_own[1]);
    free(x->command);
    free(x->variant);
    free(x->profile);
    free(x);
}

int hx_session_read_failure(hx_session_error *e, hx_proc *p, int rc, double timeout, size_t cap)
{
    if (rc == HX_LINE_TIMEOUT)
        return hx_session_fail(e, HX_SESSION_TIMEOUT,
                               "no complete answer within %.1f s (--timeout)", timeout);
    if (rc == HX_LINE_CAP)
        return hx_session_fail(e, HX_SESSION_CAP,
                               "printed more than %.0f bytes for one query; stopped it",
                               (double)cap);
    if (rc == HX_LINE_ERROR)
        return hx_session_fail(e, HX_SESSION_START, "out of memory reading the engine's output");
    char how[128];
    hx_proc_wait(p, hx_proc_now() + 1.0);
    if (p->exited)
        hx_proc_describe_exit(p->wstatus, how, sizeof how);
    else
        snprintf(how, sizeof how, "closed its output");
    return hx_session_fail(e, HX_SESSION_EXIT, "the engine %s before the end of its answer", how);
}

void hx_session_keep_stderr(hx_session_error *e, hx_proc *p)
{
    hx_proc_drain_stderr(p); /* what came before the answer's last line */
    hx_proc_stderr(p, e->stderr_text, sizeof e->stderr_text);
}

const char *hx_session_proc_position(const hx_session_proc *x, const char *fen)
{
    return x->history ? "startpos" : fen;
}

void hx_uci_position_command(const char *fen, const char *moves, char *out, size_t cap)
{
    int start = strcmp(fen, "startpos") == 0;
    snprintf(out, cap, "position %s%s%s%s\n", start ? "startpos" : "fen ", start ? "" : fen,
             moves && *moves ? " moves " : "", moves ? moves : "");
}

/* ------------------------------------------------------------ query text */

enum { QUERY_TEXT_CAP = 3 * 8192 };

void hx_shell_quote(const char *s, char *out, size_t cap)
{
    size_t k = 0;
    if (cap < 3) {
        if (cap)
            out[0] = '\0';
        return;
    }
    out[k++] = '\'';
    for (; *s && k + 6 < cap; s++) {
        if (*s == '\'') {
            memcpy(out + k, "'\\''", 4);
            k += 4;
        } else {
            out[k++] = *s;
        }
    }
    out[k++] = '\'';
    out[k] = '\0';
}

static void append(char *out, size_t cap, const char *text)
{
    size_t used = strlen(out);
    if (used < cap)
        snprintf(out + used, cap - used, "%s", text);
}

static void append_quoted(char *out, size_t cap, const char *text)
{
    char q[2048];
    hx_shell_quote(text, q, sizeof q);
    append(out, cap, q);
}

static void uci_query_text(const hx_session_proc *x, const char *fen, const char *moves,
                           int depth, char *out, size_t cap)
{
    char line[1024];
    snprintf(out, cap, "printf '%%s\\n' uci ");
    snprintf(line, sizeof line, "setoption name UCI_Variant value %s", x->variant);
    append_quoted(out, cap, line);
    if (x->profile) {
        snprintf(line, sizeof line, "setoption name HexrefProfile value %s", x->profile);
        append(out, cap, " ");
        append_quoted(out, cap, line);
    }
    append(out, cap, " isready ");
    hx_uci_position_command(hx_session_proc_position(x, fen), moves, line, sizeof line);
    line[strcspn(line, "\n")] = '\0';
    append_quoted(out, cap, line);
    snprintf(line, sizeof line, " 'go perft %d' quit | ", depth);
    append(out, cap, line);
    append(out, cap, x->command);
}

static void script_query_text(const hx_session_proc *x, const char *fen, const char *moves,
                              int depth, char *out, size_t cap)
{
    snprintf(out, cap, "HEXREF_VARIANT=%s ", x->variant);
    if (x->profile) {
        append(out, cap, "HEXREF_PROFILE=");
        append(out, cap, x->profile);
        append(out, cap, " ");
    }
    char d[16];
    snprintf(d, sizeof d, " %d ", depth);
    append(out, cap, x->command);
    append(out, cap, d);
    append_quoted(out, cap, hx_session_proc_position(x, fen));
    if (moves && *moves) {
        append(out, cap, " ");
        append_quoted(out, cap, moves);
    }
}

char *hx_session_proc_query_text(const hx_session_proc *x, const char *fen, const char *moves,
                           int depth)
{
    char *out = malloc(QUERY_TEXT_CAP);
    if (!out)
        return NULL;
    if (x->protocol == HX_PROTOCOL_UCI)
        uci_query_text(x, fen, moves, depth, out, QUERY_TEXT_CAP);
    else
        script_query_text(x, fen, moves, depth, out, QUERY_TEXT_CAP);
    return out;
}
