/*
 * engine_external.c - outside engines through the script and uci protocols
 * (engine_external.h, docs/protocol.md).
 */
#include "engine_external.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "hexref.h"

extern char **environ;

enum { DEFAULT_CAP = 1 << 20, KEY_MAX = 8192 };

typedef struct known_pos {
    char *fen, *root, *moves; /* fen is reached by playing moves on root */
} known_pos;

typedef struct cached {
    char *key;
    int ok;
    char *text; /* sorted moves, or the problem when !ok */
    uint64_t total;
} cached;

struct hx_external {
    const hx_rules *pinned; /* in-process reference backend, else NULL */
    char *command, *variant, *profile;
    int protocol;
    double timeout;
    size_t cap;
    char **envp;
    char *env_own[2];
    hx_proc proc;
    int running, has_status, has_profile_option, handshake_failed;
    int timeouts; /* consecutive timeouts: after HX_EXT_GIVE_UP, queries fail at once */
    int status_timeouts; /* the same for status queries, which divides between them do not reset */
    int usable;   /* adapter queries with a usable answer */
    char first_problem[600];
    hx_ext_answer handshake; /* why the handshake failed, told on every query */
    known_pos *known;
    int nknown, capknown;
    cached *cache;
    int ncache, capcache;
};

static char *xstrdup(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    return p ? memcpy(p, s, n) : NULL;
}

static int starts_with(const char *s, const char *prefix)
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
        if (!starts_with(environ[i], "HEXREF_VARIANT=") &&
            !(x->profile && starts_with(environ[i], "HEXREF_PROFILE=")))
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
    x->command = xstrdup(cfg->command);
    x->variant = xstrdup(cfg->variant);
    x->profile = xstrdup(cfg->profile);
    x->protocol = cfg->protocol;
    x->timeout = cfg->timeout > 0 ? cfg->timeout : 30.0;
    x->cap = cfg->max_output ? cfg->max_output : DEFAULT_CAP;
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
    if (x->running) {
        hx_proc_write(&x->proc, "quit\n", hx_proc_now() + 0.1);
        hx_proc_wait(&x->proc, hx_proc_now() + 0.2);
        hx_proc_stop(&x->proc);
    }
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

static void answer_init(hx_ext_answer *a, int protocol)
{
    memset(a, 0, sizeof *a);
    hx_divide_init(&a->divide, protocol);
}

void hx_ext_answer_free(hx_ext_answer *a)
{
    hx_divide_free(&a->divide);
}

static int fail(hx_ext_answer *a, hx_ext_failure kind, const char *fmt, const char *detail,
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
static int read_failure(hx_ext_answer *a, hx_proc *p, int rc, double timeout, size_t cap)
{
    if (rc == HX_LINE_TIMEOUT)
        return fail(a, HX_EXT_TIMEOUT, "no complete answer within %.1f s (--timeout)", NULL,
                    timeout);
    if (rc == HX_LINE_CAP)
        return fail(a, HX_EXT_CAP, "printed more than %.0f bytes for one query; stopped it",
                    NULL, (double)cap);
    if (rc == HX_LINE_ERROR)
        return fail(a, HX_EXT_START, "%s", "out of memory reading the engine's output", 0);
    char how[128];
    hx_proc_wait(p, hx_proc_now() + 1.0);
    if (p->exited)
        hx_proc_describe_exit(p->wstatus, how, sizeof how);
    else
        snprintf(how, sizeof how, "closed its output");
    return fail(a, HX_EXT_EXIT, "the engine %s before the end of its answer", how, 0);
}

/* Copies src into dst[cap], cut if it does not fit. */
static void copy_cut(char *dst, size_t cap, const char *src)
{
    size_t n = strlen(src);
    if (n >= cap)
        n = cap - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

static void keep_stderr(hx_ext_answer *a, const hx_proc *p)
{
    static const char more[] = "\n[... more on stderr]";
    copy_cut(a->stderr_text, sizeof a->stderr_text - sizeof more, p->err_text);
    if (p->err_dropped)
        strcat(a->stderr_text, more);
}

/* After the output: the exit status, an error line, a missing total. */
static int classify_script(hx_ext_answer *a, const hx_proc *p)
{
    char how[128];
    const hx_divide *d = &a->divide;
    if (d->has_error)
        return fail(a, HX_EXT_ENGINE_ERROR, "the engine answered: error %s", d->error, 0);
    if (!WIFEXITED(p->wstatus) || WEXITSTATUS(p->wstatus) != 0) {
        hx_proc_describe_exit(p->wstatus, how, sizeof how);
        return fail(a, HX_EXT_EXIT, "the engine %s", how, 0);
    }
    if (!d->complete)
        return fail(a, HX_EXT_INCOMPLETE, "%s",
                    d->state == 0 ? "output ended without the blank line and the total"
                                  : "output ended without the total after the blank line",
                    0);
    return 0;
}

/* ------------------------------------------------------------ script */

static int script_query(hx_external *x, const char *fen, const char *moves, int depth,
                        hx_ext_answer *a)
{
    char dtext[16], err[256];
    snprintf(dtext, sizeof dtext, "%d", depth);
    size_t n = strlen(x->command) + 8;
    char *script = malloc(n);
    if (!script)
        return fail(a, HX_EXT_START, "%s", "out of memory", 0);
    snprintf(script, n, "%s \"$@\"", x->command); /* the position stays out of the parser */
    char *argv[] = {"/bin/sh", "-c", script, "hexref-engine", dtext, (char *)fen,
                    moves && *moves ? (char *)moves : NULL, NULL};
    hx_proc p;
    int rc = hx_proc_start(&p, argv, x->envp, 0, err, sizeof err);
    free(script);
    if (rc != 0)
        return fail(a, HX_EXT_START, "cannot start the engine: %s", err, 0);
    double deadline = hx_proc_now() + x->timeout;
    char *line;
    size_t len;
    while ((rc = hx_proc_read_line(&p, deadline, x->cap, &line, &len)) == HX_LINE_OK)
        hx_divide_feed(&a->divide, line, len);
    if (rc == HX_LINE_EOF && hx_proc_wait(&p, deadline) != 0)
        rc = HX_LINE_TIMEOUT;
    hx_proc_stop(&p);
    keep_stderr(a, &p);
    if (rc == HX_LINE_TIMEOUT && a->divide.complete)
        return fail(a, HX_EXT_TIMEOUT,
                    "the answer came, but the output stayed open (a background process holding "
                    "stdout?) or the engine did not exit within %.1f s (--timeout)",
                    NULL, x->timeout);
    if (rc != HX_LINE_EOF)
        return read_failure(a, &p, rc, x->timeout, x->cap);
    return classify_script(a, &p);
}

/* ------------------------------------------------------------ uci */

static void uci_stop(hx_external *x, hx_ext_answer *a)
{
    if (a)
        keep_stderr(a, &x->proc);
    hx_proc_stop(&x->proc);
    x->running = 0;
}

static int send(hx_external *x, hx_ext_answer *a, const char *text, double deadline)
{
    if (hx_proc_write(&x->proc, text, deadline) == 0)
        return 0;
    return read_failure(a, &x->proc, HX_LINE_EOF, x->timeout, x->cap);
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
        if (starts_with(line, "option name HexrefStatus ") || !strcmp(line, "option name HexrefStatus"))
            x->has_status = 1;
        if (starts_with(line, "option name HexrefProfile ") || !strcmp(line, "option name HexrefProfile"))
            x->has_profile_option = 1;
    }
    read_failure(a, &x->proc, rc, x->timeout, x->cap);
    char what[sizeof a->message + 64];
    snprintf(what, sizeof what, "%s (waiting for '%s')", a->message, want);
    copy_cut(a->message, sizeof a->message, what);
    return -1;
}

static int uci_start(hx_external *x, hx_ext_answer *a)
{
    char err[256], text[512];
    char *argv[] = {"/bin/sh", "-c", x->command, NULL};
    if (hx_proc_start(&x->proc, argv, x->envp, 1, err, sizeof err) != 0)
        return fail(a, HX_EXT_START, "cannot start the engine: %s", err, 0);
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

static void position_command(const char *fen, const char *moves, char *out, size_t cap)
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

static int uci_query(hx_external *x, const char *fen, const char *moves, int depth,
                     hx_ext_answer *a)
{
    double deadline;
    if (uci_ready(x, a, &deadline) != 0)
        return -1;
    size_t n = strlen(fen) + (moves ? strlen(moves) : 0) + 64;
    char *cmd = malloc(n);
    if (!cmd)
        return fail(a, HX_EXT_START, "%s", "out of memory", 0);
    position_command(fen, moves, cmd, n);
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
        if (hx_divide_feed(&a->divide, line, len))
            break;
    if (rc != HX_LINE_OK) {
        read_failure(a, &x->proc, rc, x->timeout, x->cap);
        uci_stop(x, a);
        return -1;
    }
    keep_stderr(a, &x->proc);
    if (a->divide.has_error)
        return fail(a, HX_EXT_ENGINE_ERROR, "the engine answered: error %s", a->divide.error, 0);
    return 0;
}

/* The HexrefStatus extension: "status" after "position" -> "status WORD". */
static int uci_status(hx_external *x, const char *fen, const char *moves, char *out, size_t cap,
                      char *err, size_t errcap)
{
    hx_ext_answer a;
    answer_init(&a, HX_PROTOCOL_UCI);
    double deadline;
    size_t n = strlen(fen) + strlen(moves) + 64;
    char *cmd = malloc(n);
    int rc = x->timeouts >= HX_EXT_GIVE_UP || x->status_timeouts >= HX_EXT_GIVE_UP
                 ? fail(&a, HX_EXT_TIMEOUT, "not asked: the engine timed out on the last %.0f queries",
                        NULL, HX_EXT_GIVE_UP)
             : cmd ? uci_ready(x, &a, &deadline)
                   : fail(&a, HX_EXT_START, "%s", "out of memory", 0);
    if (rc == 0) {
        position_command(fen, moves, cmd, n);
        strcat(cmd, "status\n");
        rc = send(x, &a, cmd, deadline);
    }
    char *line = NULL;
    size_t len;
    while (rc == 0) {
        int r = hx_proc_read_line(&x->proc, deadline, x->cap, &line, &len);
        if (r != HX_LINE_OK) {
            rc = read_failure(&a, &x->proc, r, x->timeout, x->cap);
            uci_stop(x, &a);
        } else if (starts_with(line, "status ")) {
            break;
        } else if (starts_with(line, "error")) {
            rc = fail(&a, HX_EXT_ENGINE_ERROR, "the engine answered: %s", line, 0);
        }
    }
    free(cmd);
    /* Status queries count toward the three timeouts in a row, as divides do. */
    if (x->status_timeouts < HX_EXT_GIVE_UP)
        x->status_timeouts = a.failure == HX_EXT_TIMEOUT ? x->status_timeouts + 1 : 0;
    if (rc == 0 && strlen(line + 7) >= cap)
        rc = fail(&a, HX_EXT_CAP, "%s", "status answer too long", 0);
    if (rc == 0)
        strcpy(out, line + 7);
    else
        snprintf(err, errcap, "%s", a.message);
    hx_ext_answer_free(&a);
    return rc;
}

/* ------------------------------------------------------------ reference */

/* The position of root + moves under the pinned rules, or NULL with a. */
static hx_position *pinned_position(hx_external *x, const char *fen, const char *moves,
                                    hx_ext_answer *a)
{
    hx_error e;
    hx_position *pos = hx_position_new(x->pinned);
    if (pos && hx_position_set_fen(pos, fen, &e) == 0 && hx_play_moves(pos, moves, 0, &e) == 0)
        return pos;
    fail(a, HX_EXT_ENGINE_ERROR, "the engine answered: error %s", pos ? e.message : "no memory", 0);
    hx_position_free(pos);
    return NULL;
}

/* The reference pinned to one profile, answering as an engine would: its
 * divide goes through the same parser as any engine output. */
static int reference_query(hx_external *x, const char *fen, const char *moves, int depth,
                           hx_ext_answer *a)
{
    hx_position *pos = pinned_position(x, fen, moves, a);
    if (!pos)
        return -1;
    if (depth > hx_perft_max_depth(pos)) {
        hx_position_free(pos);
        return fail(a, HX_EXT_ENGINE_ERROR, "the engine answered: error depth beyond the limit "
                    "of %.0f here (the history's room)", NULL, hx_perft_max_depth(pos));
    }
    hx_move list[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, list);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        char text[HX_MOVE_TEXT_MAX + 24], m[HX_MOVE_TEXT_MAX];
        hx_move_text(pos, list[i], 0, m);
        hx_make(pos, list[i]);
        uint64_t count = hx_perft(pos, depth - 1);
        hx_unmake(pos);
        total += count;
        int len = snprintf(text, sizeof text, "%s%s %llu", m, x->protocol ? ":" : "",
                           (unsigned long long)count);
        hx_divide_feed(&a->divide, text, (size_t)len);
    }
    char end[48];
    int len = snprintf(end, sizeof end, "%s%llu", x->protocol ? "Nodes searched: " : "",
                       (unsigned long long)total);
    hx_divide_feed(&a->divide, "", 0);
    hx_divide_feed(&a->divide, end, (size_t)len);
    hx_position_free(pos);
    return 0;
}

static int reference_status(hx_external *x, const char *fen, const char *moves, char *out,
                            size_t cap, char *err, size_t errcap)
{
    hx_ext_answer a;
    answer_init(&a, x->protocol);
    hx_position *pos = pinned_position(x, fen, moves, &a);
    if (pos)
        snprintf(out, cap, "%s", hx_status_name(hx_position_status(pos)));
    else
        snprintf(err, errcap, "%s", a.message);
    hx_position_free(pos);
    hx_ext_answer_free(&a);
    return pos ? 0 : -1;
}

hx_external *hx_external_new_reference(const char *variant, const char *profile, int protocol,
                                       int with_status)
{
    hx_error e;
    char name[128];
    snprintf(name, sizeof name, "reference %s/%s", variant, profile);
    hx_ext_config cfg = {name, protocol, variant, NULL, 0, 0};
    const hx_rules *rules = hx_rules_find(variant, profile, &e);
    hx_external *x = rules ? hx_external_new(&cfg) : NULL;
    if (x) {
        x->pinned = rules;
        x->has_status = with_status;
    }
    return x;
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
    answer_init(a, x->protocol);
    double start = hx_proc_now();
    int rc;
    if (x->timeouts >= HX_EXT_GIVE_UP) {
        rc = fail(a, HX_EXT_TIMEOUT, "not asked: the engine timed out on the last %.0f queries",
                  NULL, HX_EXT_GIVE_UP);
    } else if (x->pinned) {
        rc = reference_query(x, fen, moves, depth, a);
    } else if (x->protocol == HX_PROTOCOL_UCI && x->handshake_failed) {
        rc = fail(a, HX_EXT_HANDSHAKE, "%s", x->handshake.message, 0);
        memcpy(a->stderr_text, x->handshake.stderr_text, sizeof a->stderr_text);
    } else if (x->protocol == HX_PROTOCOL_UCI)
        rc = uci_query(x, fen, moves, depth, a);
    else
        rc = script_query(x, fen, moves, depth, a);
    a->seconds = hx_proc_now() - start;
    x->timeouts = a->failure == HX_EXT_TIMEOUT ? x->timeouts + 1 : 0;
    return rc;
}

int hx_ext_answer_problem(const hx_ext_answer *a, char *out, size_t cap)
{
    const hx_divide *d = &a->divide;
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
    else if (hx_divide_sum(d, &sum) != 0 || sum != d->total)
        snprintf(out, cap, "the total %llu disagrees with the sum of its lines %llu",
                 (unsigned long long)d->total, (unsigned long long)sum);
    else
        return 0;
    return 1;
}

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

static void uci_query_text(const hx_external *x, const char *fen, const char *moves, int depth,
                           char *out, size_t cap)
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
    position_command(fen, moves, line, sizeof line);
    line[strcspn(line, "\n")] = '\0';
    append_quoted(out, cap, line);
    snprintf(line, sizeof line, " 'go perft %d' quit | ", depth);
    append(out, cap, line);
    append(out, cap, x->command);
}

void hx_external_query_text(const hx_external *x, const char *fen, const char *moves,
                            int depth, char *out, size_t cap)
{
    if (x->protocol == HX_PROTOCOL_UCI) {
        uci_query_text(x, fen, moves, depth, out, cap);
        return;
    }
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
    append_quoted(out, cap, fen);
    if (moves && *moves) {
        append(out, cap, " ");
        append_quoted(out, cap, moves);
    }
}

int hx_external_start(hx_external *x, hx_ext_answer *a)
{
    answer_init(a, x->protocol);
    if (x->pinned || x->protocol != HX_PROTOCOL_UCI || x->running)
        return 0;
    if (x->handshake_failed) {
        memcpy(a->stderr_text, x->handshake.stderr_text, sizeof a->stderr_text);
        return fail(a, HX_EXT_HANDSHAKE, "%s", x->handshake.message, 0);
    }
    return uci_start(x, a);
}

int hx_external_has_profile_option(hx_external *x)
{
    hx_ext_answer a;
    hx_external_start(x, &a);
    hx_ext_answer_free(&a);
    return x->has_profile_option;
}

/* ------------------------------------------------------------ hx_engine */

/* The root and moves under which the engine is asked about fen. */
static const char *resolve(const hx_external *x, const char *fen, const char **moves)
{
    for (int i = 0; i < x->nknown; i++)
        if (strcmp(x->known[i].fen, fen) == 0) {
            *moves = x->known[i].moves;
            return x->known[i].root;
        }
    *moves = "";
    return fen;
}

static int remember(hx_external *x, const char *fen, const char *root, const char *moves,
                    const char *move)
{
    int slot = x->nknown;
    for (int i = 0; i < x->nknown; i++)
        if (strcmp(x->known[i].fen, fen) == 0)
            slot = i; /* the latest path wins: the runner asks about it next */
    if (slot == x->nknown && x->nknown == x->capknown) {
        int nc = x->capknown ? x->capknown * 2 : 32;
        known_pos *nk = realloc(x->known, (size_t)nc * sizeof *nk);
        if (!nk)
            return -1;
        x->known = nk;
        x->capknown = nc;
    }
    size_t n = strlen(moves) + strlen(move) + 2;
    char *path = malloc(n);
    if (path)
        snprintf(path, n, "%s%s%s", moves, *moves ? " " : "", move);
    known_pos k = {xstrdup(fen), xstrdup(root), path};
    if (!k.fen || !k.root || !k.moves) {
        free(k.fen), free(k.root), free(k.moves);
        return -1;
    }
    if (slot < x->nknown) {
        free(x->known[slot].fen), free(x->known[slot].root), free(x->known[slot].moves);
        x->known[slot] = k;
    } else {
        x->known[x->nknown++] = k;
    }
    return 0;
}

static cached *cache_find(hx_external *x, const char *key)
{
    for (int i = 0; i < x->ncache; i++)
        if (strcmp(x->cache[i].key, key) == 0)
            return &x->cache[i];
    return NULL;
}

static cached *cache_add(hx_external *x, const char *key, int ok, char *text, uint64_t total)
{
    if (x->ncache == x->capcache) {
        int nc = x->capcache ? x->capcache * 2 : 64;
        cached *ncache = realloc(x->cache, (size_t)nc * sizeof *ncache);
        if (!ncache) {
            free(text);
            return NULL;
        }
        x->cache = ncache;
        x->capcache = nc;
    }
    cached c = {xstrdup(key), ok, text, total};
    if (!c.key || !c.text) {
        free(c.key), free(c.text);
        return NULL;
    }
    x->cache[x->ncache] = c;
    return &x->cache[x->ncache++];
}

/* An answer as sorted "MOVE COUNT" lines (duplicates kept). */
static char *lines_text(hx_divide *d)
{
    hx_divide_sort(d);
    size_t n = 1;
    for (int i = 0; i < d->n; i++)
        n += strlen(d->lines[i].move) + 22;
    char *text = malloc(n);
    if (!text)
        return NULL;
    text[0] = '\0';
    size_t used = 0;
    for (int i = 0; i < d->n; i++)
        used += (size_t)snprintf(text + used, n - used, "%s %llu\n", d->lines[i].move,
                                 (unsigned long long)d->lines[i].count);
    return text;
}

static int ask(hx_external *x, const char *variant, const char *fen, int depth, cached **out,
               char *err, size_t errcap)
{
    if (strcmp(variant, x->variant) != 0) {
        snprintf(err, errcap, "the engine is run for %s, not %s", x->variant, variant);
        return -1;
    }
    const char *moves, *root = resolve(x, fen, &moves);
    char key[KEY_MAX];
    snprintf(key, sizeof key, "%d|%s|%s", depth, root, moves);
    cached *c = cache_find(x, key);
    if (!c) {
        hx_ext_answer a;
        char problem[600];
        hx_external_divide(x, root, moves, depth, &a);
        int bad = hx_ext_answer_problem(&a, problem, sizeof problem);
        if (bad && !x->first_problem[0])
            snprintf(x->first_problem, sizeof x->first_problem, "%s", problem);
        x->usable += !bad;
        c = cache_add(x, key, !bad, bad ? xstrdup(problem) : lines_text(&a.divide),
                      a.divide.total);
        hx_ext_answer_free(&a);
    }
    if (!c) {
        snprintf(err, errcap, "out of memory");
        return -1;
    }
    if (!c->ok)
        snprintf(err, errcap, "%s", c->text);
    *out = c;
    return c->ok ? 0 : -1;
}

static int ext_moves(void *ctx, const char *variant, const char *profile, const char *fen,
                     char *out, size_t cap, char *err, size_t errcap)
{
    (void)profile;
    cached *c;
    if (ask(ctx, variant, fen, 1, &c, err, errcap) != 0)
        return -1;
    if (strlen(c->text) >= cap) {
        snprintf(err, errcap, "move list too long");
        return -1;
    }
    size_t used = 0; /* the moves without their counts */
    for (const char *s = c->text; *s; s = strchr(s, '\n') + 1)
        used += (size_t)sprintf(out + used, "%.*s\n", (int)strcspn(s, " "), s);
    out[used] = '\0';
    return 0;
}

static int ext_perft(void *ctx, const char *variant, const char *profile, const char *fen,
                     int depth, uint64_t *nodes, char *err, size_t errcap)
{
    (void)profile;
    cached *c;
    if (depth == 0) { /* no need to ask: the protocols start at depth 1 */
        *nodes = 1;
        return 0;
    }
    if (ask(ctx, variant, fen, depth, &c, err, errcap) != 0)
        return -1;
    *nodes = c->total;
    return 0;
}

static int ext_status(void *ctx, const char *variant, const char *profile, const char *fen,
                      char *out, size_t cap, char *err, size_t errcap)
{
    (void)profile;
    hx_external *x = ctx;
    if (strcmp(variant, x->variant) != 0) {
        snprintf(err, errcap, "the engine is run for %s, not %s", x->variant, variant);
        return -1;
    }
    const char *moves, *root = resolve(x, fen, &moves);
    char key[KEY_MAX];
    snprintf(key, sizeof key, "S|%s|%s", root, moves);
    cached *c = cache_find(x, key);
    if (!c) {
        char word[64], problem[512];
        int rc = x->pinned ? reference_status(x, root, moves, word, sizeof word, problem, sizeof problem)
                           : uci_status(x, root, moves, word, sizeof word, problem, sizeof problem);
        c = cache_add(x, key, rc == 0, xstrdup(rc == 0 ? word : problem), 0);
    }
    if (!c || !c->ok || strlen(c->text) >= cap) {
        snprintf(err, errcap, "%s", c ? c->text : "out of memory");
        return -1;
    }
    strcpy(out, c->text);
    return 0;
}

static int listed(const char *text, const char *move)
{
    size_t n = strlen(move);
    for (const char *s = text; *s; s = strchr(s, '\n') + 1)
        if (strncmp(s, move, n) == 0 && s[n] == ' ')
            return 1;
    return 0;
}

static int compare_texts(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* The reference's divide of pos to depth 2 as sorted "MOVE COUNT" lines. */
static char *reference_lines(hx_position *pos)
{
    static char texts[HX_MAX_MOVES][HX_MOVE_TEXT_MAX + 24];
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        char m[HX_MOVE_TEXT_MAX];
        hx_move_text(pos, moves[i], 0, m);
        hx_make(pos, moves[i]);
        snprintf(texts[i], sizeof texts[i], "%s %llu\n", m, (unsigned long long)hx_perft(pos, 1));
        hx_unmake(pos);
    }
    qsort(texts, (size_t)n, sizeof texts[0], compare_texts);
    char *out = malloc((size_t)n * sizeof texts[0] + 1);
    if (!out)
        return NULL;
    out[0] = '\0';
    for (int i = 0; i < n; i++)
        strcat(out, texts[i]);
    return out;
}

/* The first line of a that b lacks, as "MOVE COUNT" without the newline. */
static void first_unmatched(const char *a, const char *b, char *out, size_t cap)
{
    snprintf(out, cap, "nothing");
    for (const char *s = a; *s; s = strchr(s, '\n') + 1) {
        size_t n = strcspn(s, "\n") + 1;
        const char *t = b;
        while (*t && strncmp(t, s, n) != 0)
            t = strchr(t, '\n') + 1;
        if (!*t) {
            snprintf(out, cap, "%.*s", (int)n - 1, s);
            return;
        }
    }
}

/* The reference's HexFEN after move; the engine is never asked for one. */
static hx_position *reference_child(const char *variant, const char *profile, const char *fen,
                                    const char *move, char *out, char *err, size_t errcap)
{
    hx_error e;
    const hx_rules *rules = hx_rules_find(variant, profile, &e);
    hx_position *pos = rules ? hx_position_new(rules) : NULL;
    hx_move m;
    if (pos && hx_position_set_fen(pos, fen, &e) == 0 && hx_move_parse(pos, move, 0, &m, &e) == 0) {
        hx_make(pos, m);
        hx_position_fen(pos, out);
        return pos;
    }
    snprintf(err, errcap, "reference: %s", pos || !rules ? e.message : "out of memory");
    hx_position_free(pos);
    return NULL;
}

/*
 * The protocols return no positions, so the state the engine reached after
 * a move is checked through what it generates there: its divide to depth 2
 * must equal the reference's from the reference's HexFEN. That sees a wrong
 * e.p. victim or a lost castling right of either side.
 */
static int check_child(hx_external *x, const char *variant, const char *child_fen,
                       hx_position *child, const char *move, char *err, size_t errcap)
{
    cached *c;
    char engine_only[64], reference_only[64];
    if (ask(x, variant, child_fen, 2, &c, err, errcap) != 0)
        return -1;
    char *ref = reference_lines(child);
    if (!ref) {
        snprintf(err, errcap, "out of memory");
        return -1;
    }
    int same = strcmp(ref, c->text) == 0;
    if (!same) {
        first_unmatched(c->text, ref, engine_only, sizeof engine_only);
        first_unmatched(ref, c->text, reference_only, sizeof reference_only);
        snprintf(err, errcap,
                 "after %s the engine's position is not %s: its depth-2 divide has '%s' where "
                 "the reference has '%s'",
                 move, child_fen, engine_only, reference_only);
    }
    free(ref);
    return same ? 0 : -1;
}

static int ext_play(void *ctx, const char *variant, const char *profile, const char *fen,
                    const char *move, char *out, size_t cap, char *err, size_t errcap)
{
    hx_external *x = ctx;
    cached *c;
    char child_fen[HX_FEN_MAX];
    if (ask(x, variant, fen, 1, &c, err, errcap) != 0)
        return -1;
    if (!listed(c->text, move)) {
        snprintf(err, errcap, "the engine does not list %s here", move);
        return -1;
    }
    hx_position *child = reference_child(variant, profile, fen, move, child_fen, err, errcap);
    if (!child)
        return -1;
    const char *moves, *root = resolve(x, fen, &moves);
    int rc = strlen(child_fen) < cap && remember(x, child_fen, root, moves, move) == 0 ? 0 : -1;
    if (rc != 0)
        snprintf(err, errcap, "out of memory");
    else
        rc = check_child(x, variant, child_fen, child, move, err, errcap);
    hx_position_free(child);
    if (rc == 0)
        strcpy(out, child_fen);
    return rc;
}

static int ext_start_fen(void *ctx, const char *variant, const char *profile, char *out,
                         size_t cap, char *err, size_t errcap)
{
    (void)ctx;
    hx_error e;
    const hx_rules *rules = hx_rules_find(variant, profile, &e);
    hx_position *pos = rules ? hx_position_new(rules) : NULL;
    int rc = pos && hx_position_set_fen(pos, NULL, &e) == 0 ? 0 : -1;
    char fen[HX_FEN_MAX];
    if (rc == 0) {
        hx_position_fen(pos, fen);
        rc = strlen(fen) < cap ? 0 : -1;
        if (rc == 0)
            strcpy(out, fen);
    }
    if (rc != 0)
        snprintf(err, errcap, "%s", pos || !rules ? e.message : "out of memory");
    hx_position_free(pos);
    return rc;
}

hx_engine hx_external_engine(hx_external *x)
{
    hx_external_has_profile_option(x); /* a uci handshake tells whether status exists */
    hx_engine e = {x->command, x, ext_moves, x->has_status ? ext_status : NULL, ext_play,
                   ext_perft, ext_start_fen};
    return e;
}
