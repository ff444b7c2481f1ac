/*
 * verify_engine.c - the verify runner's one seam to the engine under test
 * (verify_private.h): every call to engine_external.h is in this file, and
 * what comes back leaves it as a verify_answer, an hx_divide and flags.
 */
#include "verify_private.h"

#include <stdlib.h>
#include <string.h>

#include "divide.h"
#include "engine_external.h"
#include "strutil.h"

struct verify_engine {
    hx_external *ext;
    int protocol;
};

verify_engine *verify_engine_open(const hx_verify_config *cfg)
{
    verify_engine *e = calloc(1, sizeof *e);
    hx_ext_config ec = {cfg->command, cfg->protocol, cfg->variant, cfg->profile, cfg->timeout, 0};
    if (e)
        e->ext = cfg->session ? hx_external_borrow(cfg->session, cfg->protocol)
                              : hx_external_new(&ec);
    if (e && !e->ext) {
        free(e);
        return NULL;
    }
    if (e)
        e->protocol = cfg->protocol;
    return e;
}

void verify_engine_close(verify_engine *e)
{
    if (!e)
        return;
    hx_external_free(e->ext);
    free(e);
}

/* The answer as values; the reply's lines are sorted first. */
static void take_answer(verify_engine *e, hx_ext_answer *x, verify_answer *a)
{
    hx_reply *d = &x->reply;
    uint64_t sum;
    memset(a, 0, sizeof *a);
    hx_reply_sort(d);
    a->failed = x->failure != HX_EXT_OK;
    a->fatal = x->failure == HX_EXT_START || x->failure == HX_EXT_HANDSHAKE ||
               hx_external_gave_up(e->ext);
    a->has_problem = hx_ext_answer_problem(x, a->problem, sizeof a->problem);
    a->total_ok = d->has_total && hx_reply_sum(d, &sum) == 0 && sum == d->total;
    memcpy(a->message, x->message, sizeof a->message);
    memcpy(a->stderr_text, x->stderr_text, sizeof a->stderr_text);
    memcpy(a->bad_lines, d->bad_lines, sizeof a->bad_lines);
    memcpy(a->bad_moves, d->bad_moves, sizeof a->bad_moves);
    a->nbad_lines = d->nbad_lines;
    a->nbad_moves = d->nbad_moves;
    a->nlines = d->n;
    a->has_total = d->has_total;
    if (hx_divide_of_reply(d, &a->got) != 0) {
        a->failed = a->has_problem = 1;
        snprintf(a->message, sizeof a->message, "out of memory");
        snprintf(a->problem, sizeof a->problem, "out of memory");
    }
    hx_ext_answer_free(x);
}

int verify_engine_start(verify_engine *e, verify_answer *a)
{
    hx_ext_answer x;
    int rc = hx_external_start(e->ext, &x);
    take_answer(e, &x, a);
    return rc;
}

int verify_engine_knows_profile(verify_engine *e)
{
    return e->protocol != HX_PROTOCOL_UCI || hx_external_has_profile_option(e->ext);
}

void verify_engine_ask(verify_engine *e, const char *fen, const char *moves, int depth,
                       verify_answer *a)
{
    hx_ext_answer x;
    hx_external_divide(e->ext, fen, moves, depth, &x);
    take_answer(e, &x, a);
}

void verify_answer_free(verify_answer *a)
{
    hx_divide_free(&a->got);
}

int verify_engine_gave_up(const verify_engine *e)
{
    return hx_external_gave_up(e->ext);
}

char *verify_engine_query(const verify_engine *e, const char *fen, const char *moves, int depth)
{
    size_t cap = 3 * VERIFY_MOVES_MAX;
    char *out = malloc(cap);
    if (out)
        hx_external_query_text(e->ext, fen, moves, depth, out, cap);
    return out;
}

int verify_engine_has_status(verify_engine *e)
{
    return hx_external_engine(e->ext).status != NULL;
}

int verify_engine_fixtures(verify_engine *e, const hx_verify_config *cfg, hx_results *results,
                           hx_fixture_stats *stats)
{
    hx_engine engine = hx_external_engine(e->ext);
    return hx_fixtures_run(&engine, cfg->variant, cfg->profile, cfg->fixture_paths,
                           cfg->nfixture_paths, cfg->fixture_notes, results, stats);
}

char *verify_quote(const char *s)
{
    size_t cap = 4 * strlen(s) + 8;
    char *q = malloc(cap);
    if (q)
        hx_shell_quote(s, q, cap);
    return q;
}
