/*
 * verify_engine.c - the verify runner's one seam to the engine under test
 * (verify_private.h): every call to the engine's session is in this file,
 * and what comes back leaves it as a verify_answer, an hx_divide and flags.
 */
#include "verify_private.h"

#include <stdlib.h>
#include <string.h>

#include "divide.h"
#include "strutil.h"

struct verify_engine {
    hx_session *session;
    int borrowed; /* the caller's session (cfg->session): not closed here */
    int protocol;
};

verify_engine *verify_engine_open(const hx_verify_config *cfg)
{
    hx_error err;
    hx_session_config sc = {cfg->command, cfg->protocol, cfg->variant, cfg->profile,
                            cfg->timeout, 0, cfg->history};
    verify_engine *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->borrowed = cfg->session != NULL;
    e->session = cfg->session ? cfg->session : hx_session_open_engine(&sc, &err);
    e->protocol = cfg->protocol;
    if (!e->session) {
        free(e);
        return NULL;
    }
    return e;
}

void verify_engine_close(verify_engine *e)
{
    if (!e)
        return;
    if (!e->borrowed)
        hx_session_close(e->session);
    free(e);
}

/* What failed, as a one-line message ("" none), and whether it ends the run. */
static void take_failure(verify_engine *e, const hx_session_error *x, verify_answer *a)
{
    a->failed = x->kind != HX_SESSION_OK && x->kind != HX_SESSION_UNPARSABLE;
    a->timed_out = x->kind == HX_SESSION_TIMEOUT;
    a->fatal = x->kind == HX_SESSION_START || x->kind == HX_SESSION_HANDSHAKE ||
               hx_session_gave_up(e->session);
    if (a->failed)
        snprintf(a->message, sizeof a->message, "%s", x->error.message);
    a->has_problem = x->kind != HX_SESSION_OK;
    if (a->has_problem)
        snprintf(a->problem, sizeof a->problem, "%s", x->error.message);
    memcpy(a->stderr_text, x->stderr_text, sizeof a->stderr_text);
}

/* An answer given as engine text: the lines as they came, sorted. */
static int take_reply(hx_reply *d, verify_answer *a)
{
    uint64_t sum;
    hx_reply_sort(d);
    a->total_ok = d->has_total && hx_reply_sum(d, &sum) == 0 && sum == d->total;
    memcpy(a->bad_lines, d->bad_lines, sizeof a->bad_lines);
    memcpy(a->bad_moves, d->bad_moves, sizeof a->bad_moves);
    a->nbad_lines = d->nbad_lines;
    a->nbad_moves = d->nbad_moves;
    a->nlines = d->n;
    a->has_total = d->has_total;
    return hx_divide_of_reply(d, &a->got);
}

/* An answer given as values (the reference, the oracle): a usable one is
 * whole and consistent; a failed one has no lines. */
static int take_divide(hx_session_answer *x, verify_answer *a)
{
    int ok = x->error.kind == HX_SESSION_OK;
    a->total_ok = a->has_total = ok;
    a->nlines = ok ? x->divide.n : 0;
    a->got = x->divide;
    hx_divide_init(&x->divide);
    if (!ok) {
        hx_divide_free(&a->got);
        hx_divide_init(&a->got);
        a->got.has_moves = 1;
    }
    return 0;
}

/* The answer as values. */
static void take_answer(verify_engine *e, hx_session_answer *x, verify_answer *a)
{
    memset(a, 0, sizeof *a);
    take_failure(e, &x->error, a);
    int rc = hx_session_answers_text(e->session) ? take_reply(&x->reply, a) : take_divide(x, a);
    if (rc != 0) {
        a->failed = a->has_problem = 1;
        snprintf(a->message, sizeof a->message, "out of memory");
        snprintf(a->problem, sizeof a->problem, "out of memory");
    }
    hx_session_answer_free(x);
}

int verify_engine_start(verify_engine *e, verify_answer *a)
{
    hx_session_answer x;
    hx_session_answer_init(&x);
    int rc = hx_session_start(e->session, &x.error);
    take_answer(e, &x, a);
    return rc;
}

int verify_engine_knows_profile(verify_engine *e)
{
    return e->protocol != HX_PROTOCOL_UCI ||
           (hx_session_caps(e->session) & HX_SESSION_PROFILE_OPTION);
}

void verify_engine_ask(verify_engine *e, const char *fen, const char *moves, int depth,
                       verify_answer *a)
{
    hx_session_answer x;
    hx_session_divide(e->session, fen, moves, depth, &x);
    take_answer(e, &x, a);
}

void verify_answer_free(verify_answer *a)
{
    hx_divide_free(&a->got);
}

const char *verify_engine_id(const verify_engine *e)
{
    return hx_session_engine_id(e->session);
}

int verify_engine_can_ask(const verify_engine *e, const char *fen)
{
    return hx_session_can_ask(e->session, fen);
}

int verify_engine_history_only(const verify_engine *e)
{
    return hx_session_history_only(e->session);
}

int verify_engine_gave_up(const verify_engine *e)
{
    return hx_session_gave_up(e->session);
}

char *verify_engine_query(const verify_engine *e, const char *fen, const char *moves, int depth)
{
    char *text = hx_session_query_text(e->session, fen, moves, depth);
    return text ? text : hx_strdup("");
}

int verify_engine_has_status(verify_engine *e)
{
    return (hx_session_caps(e->session) & HX_SESSION_STATUS) != 0;
}

int verify_engine_fixtures(verify_engine *e, const hx_verify_config *cfg, hx_results *results,
                           hx_fixture_stats *stats)
{
    hx_error err;
    hx_fixture_engine *fe = hx_fixture_engine_judged(e->session, -1, 0, &err);
    if (!fe)
        return -1;
    int rc = hx_fixtures_run(fe, cfg->variant, cfg->profile, cfg->fixture_paths,
                             cfg->nfixture_paths, cfg->fixture_notes, results, stats);
    hx_fixture_engine_free(fe);
    return rc;
}

char *verify_quote(const char *s)
{
    size_t cap = 4 * strlen(s) + 8;
    char *q = malloc(cap);
    if (q)
        hx_shell_quote(s, q, cap);
    return q;
}
