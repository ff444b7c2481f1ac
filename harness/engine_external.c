/*
 * engine_external.c - hx_external (engine_external.h) as a thin shim over
 * an hx_session: removed when the verify runner moves onto hx_session.
 * The session does the work (session_script.c, session_uci.c,
 * session_reference.c); this file turns its answers into hx_ext_answers.
 */
#include "external_private.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"

static hx_external *wrap(hx_session *s, const char *command, const char *variant, int protocol)
{
    hx_external *x = s ? calloc(1, sizeof *x) : NULL;
    if (x) {
        x->session = s;
        x->command = hx_strdup(command);
        x->variant = hx_strdup(variant);
        x->protocol = protocol;
    }
    if (x && (!x->command || !x->variant)) {
        hx_external_free(x);
        return NULL;
    }
    if (!x)
        hx_session_close(s);
    return x;
}

hx_external *hx_external_new(const hx_ext_config *cfg)
{
    hx_error e;
    hx_session_config sc = {cfg->command, cfg->protocol, cfg->variant, cfg->profile,
                            cfg->timeout, cfg->max_output};
    return wrap(hx_session_open_engine(&sc, &e), cfg->command, cfg->variant, cfg->protocol);
}

hx_external *hx_external_borrow(hx_session *s, int protocol)
{
    hx_external *x = calloc(1, sizeof *x);
    if (x) {
        x->session = s;
        x->borrowed = 1;
        x->as_text = -1; /* known at the first divide, when the engine has started */
        x->command = hx_strdup(hx_session_name(s));
        x->variant = hx_strdup(hx_session_variant(s));
        x->protocol = protocol;
    }
    if (x && (!x->command || !x->variant)) {
        hx_external_free(x);
        return NULL;
    }
    return x;
}

hx_external *hx_external_new_reference(const char *variant, const char *profile, int protocol,
                                       int with_status)
{
    hx_error e;
    char name[128];
    snprintf(name, sizeof name, "reference %s/%s", variant, profile);
    hx_external *x = wrap(hx_session_open_reference(variant, profile, &e), name, variant, protocol);
    if (x) {
        x->reference = x->as_text = 1;
        x->has_status = with_status;
    }
    return x;
}

void hx_external_free(hx_external *x)
{
    if (!x)
        return;
    if (!x->borrowed)
        hx_session_close(x->session);
    for (int i = 0; i < x->nknown; i++) {
        free(x->known[i].fen);
        free(x->known[i].root);
        free(x->known[i].moves);
    }
    for (int i = 0; i < x->ncache; i++) {
        free(x->cache[i]->key);
        free(x->cache[i]->text);
        free(x->cache[i]);
    }
    free(x->known);
    free(x->cache);
    free(x->command);
    free(x->variant);
    free(x);
}

void hx_ext_answer_free(hx_ext_answer *a)
{
    hx_reply_free(&a->reply);
}

void hx_ext_message(const hx_external *x, const hx_session_error *e, char *out, size_t cap)
{
    snprintf(out, cap, "%s%s", x->reference ? "the engine answered: error " : "",
             e->error.message);
}

/* An in-process answer written as the engine's text of its protocol, read
 * back as any engine's would be. */
static void reply_of_divide(const hx_divide *d, int protocol, hx_reply *r)
{
    char text[HX_RESULT_MOVE_MAX + 48];
    for (int i = 0; i < d->n; i++) {
        int len = snprintf(text, sizeof text, "%s%s %llu", d->moves[i].move, protocol ? ":" : "",
                           (unsigned long long)d->moves[i].count);
        hx_reply_feed(r, text, (size_t)len);
    }
    int len = snprintf(text, sizeof text, "%s%llu", protocol ? "Nodes searched: " : "",
                       (unsigned long long)d->total);
    hx_reply_feed(r, "", 0);
    hx_reply_feed(r, text, (size_t)len);
}

static const hx_ext_failure failure_of[] = {
    [HX_SESSION_OK] = HX_EXT_OK,
    [HX_SESSION_START] = HX_EXT_START,
    [HX_SESSION_HANDSHAKE] = HX_EXT_HANDSHAKE,
    [HX_SESSION_TIMEOUT] = HX_EXT_TIMEOUT,
    [HX_SESSION_EXIT] = HX_EXT_EXIT,
    [HX_SESSION_CAP] = HX_EXT_CAP,
    [HX_SESSION_INCOMPLETE] = HX_EXT_INCOMPLETE,
    [HX_SESSION_ENGINE_ERROR] = HX_EXT_ENGINE_ERROR,
    [HX_SESSION_REJECTED] = HX_EXT_REJECTED,
    [HX_SESSION_UNPARSABLE] = HX_EXT_OK, /* complete: hx_ext_answer_problem says what */
};

static void answer_of(const hx_external *x, const hx_session_error *e, hx_ext_answer *a)
{
    a->failure = failure_of[e->kind];
    if (a->failure != HX_EXT_OK)
        hx_ext_message(x, e, a->message, sizeof a->message);
    snprintf(a->stderr_text, sizeof a->stderr_text, "%s", e->stderr_text);
}

int hx_external_divide(hx_external *x, const char *fen, const char *moves, int depth,
                       hx_ext_answer *a)
{
    hx_session_answer s;
    memset(a, 0, sizeof *a);
    if (x->as_text < 0) /* the caps start the engine, as the divide would */
        x->as_text = !(hx_session_caps(x->session) & HX_SESSION_REPLY);
    hx_session_divide(x->session, fen, moves, depth, &s);
    answer_of(x, &s.error, a);
    a->seconds = s.seconds;
    a->reply = s.reply;
    hx_reply_init(&s.reply, x->protocol);
    if (x->as_text) {
        hx_reply_free(&a->reply);
        hx_reply_init(&a->reply, x->protocol);
        if (a->failure == HX_EXT_OK)
            reply_of_divide(&s.divide, x->protocol, &a->reply);
    }
    hx_session_answer_free(&s);
    return a->failure == HX_EXT_OK ? 0 : -1;
}

const char *hx_external_engine_id(const hx_external *x)
{
    return hx_session_engine_id(x->session);
}

int hx_external_gave_up(const hx_external *x)
{
    return hx_session_gave_up(x->session);
}

int hx_external_start(hx_external *x, hx_ext_answer *a)
{
    hx_session_error e;
    memset(a, 0, sizeof *a);
    hx_reply_init(&a->reply, x->protocol);
    int rc = hx_session_start(x->session, &e);
    if (rc)
        answer_of(x, &e, a);
    return rc;
}

int hx_external_has_profile_option(hx_external *x)
{
    return (hx_session_caps(x->session) & HX_SESSION_PROFILE_OPTION) != 0;
}

int hx_external_has_status(hx_external *x)
{
    unsigned caps = hx_session_caps(x->session);
    return x->reference ? x->has_status : (caps & HX_SESSION_STATUS) != 0;
}

const char *hx_external_unusable(const hx_external *x)
{
    return x->usable == 0 && x->first_problem[0] ? x->first_problem : NULL;
}

void hx_external_query_text(const hx_external *x, const char *fen, const char *moves,
                            int depth, char *out, size_t cap)
{
    char *text = hx_session_query_text(x->session, fen, moves, depth);
    snprintf(out, cap, "%s", text ? text : "");
    free(text);
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
