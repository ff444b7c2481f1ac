/*
 * engine_external.c - an outside engine's configuration, lifetime and
 * queries (engine_external.h): each query goes to the backend the engine
 * was made with (external_script.c, external_uci.c, external_reference.c),
 * all alike; what ended a query becomes an hx_ext_answer here.
 */
#include "external_private.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"

extern char **environ;

int hx_ext_starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* ------------------------------------------------------------ set-up */

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
static int build_env(hx_external *x)
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
        if (!hx_ext_starts_with(environ[i], "HEXREF_VARIANT=") &&
            !(x->profile && hx_ext_starts_with(environ[i], "HEXREF_PROFILE=")))
            x->envp[k++] = environ[i];
    x->envp[k++] = x->env_own[0];
    if (x->env_own[1])
        x->envp[k++] = x->env_own[1];
    x->envp[k] = NULL;
    return 0;
}

hx_external *hx_external_new(const hx_ext_config *cfg)
{
    hx_external *x = calloc(1, sizeof *x);
    if (!x)
        return NULL;
    x->command = hx_strdup(cfg->command);
    x->variant = hx_strdup(cfg->variant);
    x->profile = hx_strdup(cfg->profile);
    x->protocol = cfg->protocol;
    x->backend = cfg->protocol == HX_PROTOCOL_UCI ? &hx_ext_uci_backend : &hx_ext_script_backend;
    x->timeout = cfg->timeout > 0 ? cfg->timeout : 30.0;
    x->cap = cfg->max_output ? cfg->max_output : HX_EXT_DEFAULT_CAP;
    x->proc.pid = 0;
    x->proc.in_fd = x->proc.out_fd = x->proc.err_fd = -1;
    if (!x->command || !x->variant || (cfg->profile && !x->profile) || build_env(x) != 0) {
        hx_external_free(x);
        return NULL;
    }
    return x;
}

void hx_external_free(hx_external *x)
{
    if (!x)
        return;
    if (x->backend->stop)
        x->backend->stop(x);
    for (int i = 0; i < x->nknown; i++) {
        free(x->known[i].fen);
        free(x->known[i].root);
        free(x->known[i].moves);
    }
    for (int i = 0; i < x->ncache; i++) {
        free(x->cache[i].key);
        free(x->cache[i].text);
    }
    free(x->known);
    free(x->cache);
    free(x->envp);
    free(x->env_own[0]);
    free(x->env_own[1]);
    free(x->command);
    free(x->variant);
    free(x->profile);
    free(x);
}

/* ------------------------------------------------------------ answers */

void hx_ext_answer_init(hx_ext_answer *a, int protocol)
{
    memset(a, 0, sizeof *a);
    hx_reply_init(&a->reply, protocol);
}

void hx_ext_answer_free(hx_ext_answer *a)
{
    hx_reply_free(&a->reply);
}

int hx_ext_fail(hx_ext_answer *a, hx_ext_failure kind, const char *fmt, const char *detail,
                double value)
{
    a->failure = kind;
    if (detail)
        snprintf(a->message, sizeof a->message, fmt, detail);
    else
        snprintf(a->message, sizeof a->message, fmt, value);
    return -1;
}

/* Turns how reading ended (an HX_LINE_* code) into a failure. */
int hx_ext_read_failure(hx_ext_answer *a, hx_proc *p, int rc, double timeout, size_t cap)
{
    if (rc == HX_LINE_TIMEOUT)
        return hx_ext_fail(a, HX_EXT_TIMEOUT, "no complete answer within %.1f s (--timeout)", NULL,
                    timeout);
    if (rc == HX_LINE_CAP)
        return hx_ext_fail(a, HX_EXT_CAP, "printed more than %.0f bytes for one query; stopped it",
                    NULL, (double)cap);
    if (rc == HX_LINE_ERROR)
        return hx_ext_fail(a, HX_EXT_START, "%s", "out of memory reading the engine's output", 0);
    char how[128];
    hx_proc_wait(p, hx_proc_now() + 1.0);
    if (p->exited)
        hx_proc_describe_exit(p->wstatus, how, sizeof how);
    else
        snprintf(how, sizeof how, "closed its output");
    return hx_ext_fail(a, HX_EXT_EXIT, "the engine %s before the end of its answer", how, 0);
}

/* Copies src into dst[cap], cut if it does not fit. */
void hx_ext_copy_cut(char *dst, size_t cap, const char *src)
{
    size_t n = strlen(src);
    if (n >= cap)
        n = cap - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

void hx_ext_keep_stderr(hx_ext_answer *a, const hx_proc *p)
{
    static const char more[] = "\n[... more on stderr]";
    hx_ext_copy_cut(a->stderr_text, sizeof a->stderr_text - sizeof more, p->err_text);
    if (p->err_dropped)
        strcat(a->stderr_text, more);
}

const char *hx_external_unusable(const hx_external *x)
{
    return x->usable == 0 && x->first_problem[0] ? x->first_problem : NULL;
}

int hx_external_gave_up(const hx_external *x)
{
    return x->timeouts >= HX_EXT_GIVE_UP;
}

int hx_external_has_status(hx_external *x)
{
    hx_external_has_profile_option(x);
    return x->has_status;
}

/* ------------------------------------------------------------ queries */

int hx_external_divide(hx_external *x, const char *fen, const char *moves, int depth,
                       hx_ext_answer *a)
{
    hx_ext_answer_init(a, x->protocol);
    double start = hx_proc_now();
    int rc;
    if (x->timeouts >= HX_EXT_GIVE_UP) {
        rc = hx_ext_fail(a, HX_EXT_TIMEOUT, "not asked: the engine timed out on the last %.0f queries",
                  NULL, HX_EXT_GIVE_UP);
    } else {
        rc = x->backend->divide(x, fen, moves, depth, a);
    }
    a->seconds = hx_proc_now() - start;
    x->timeouts = a->failure == HX_EXT_TIMEOUT ? x->timeouts + 1 : 0;
    return rc;
}

int hx_ext_answer_problem(const hx_ext_answer *a, char *out, size_t cap)
{
    const hx_reply *d = &a->reply;
    uint64_t sum = 0;
    const char *shape = d->protocol == HX_PROTOCOL_UCI ? "MOVE: COUNT" : "MOVE COUNT";
    if (a->failure != HX_EXT_OK)
        snprintf(out, cap, "%s", a->message);
    else if (d->nbad_moves)
        snprintf(out, cap, "output line %d '%s': not move text (e2e5, d8d9q: docs/conventions.md)",
                 d->bad_moves[0].line_no, d->bad_moves[0].text);
    else if (d->nbad_lines)
        snprintf(out, cap, "output line %d '%s' is not a '%s' line", d->bad_lines[0].line_no,
                 d->bad_lines[0].text, shape);
    else if (!d->has_total)
        snprintf(out, cap, "the answer has no total");
    else if (hx_reply_sum(d, &sum) != 0) /* never print the wrapped sum */
        snprintf(out, cap, "the lines' counts sum to more than 2^64 - 1 (the sum overflows "
                 "64 bits; the total given is %llu)", (unsigned long long)d->total);
    else if (sum != d->total)
        snprintf(out, cap, "the total %llu disagrees with the sum of its lines %llu",
                 (unsigned long long)d->total, (unsigned long long)sum);
    else
        return 0;
    return 1;
}

int hx_external_start(hx_external *x, hx_ext_answer *a)
{
    hx_ext_answer_init(a, x->protocol);
    return x->backend->start ? x->backend->start(x, a) : 0;
}

int hx_external_has_profile_option(hx_external *x)
{
    hx_ext_answer a;
    hx_external_start(x, &a);
    hx_ext_answer_free(&a);
    return x->has_profile_option;
}

