/*
 * session_host.c - an engine that is a function of the host program
 * (hexref_check.h's callback) as a session backend: the fifth backend of
 * session.h. The function answers with perftree text, which the session
 * reads and judges exactly as it judges a script engine's output, or with a
 * failure, which becomes the same hx_session_error a misbehaving process
 * gets. So a JavaScript or Python engine meets the same runner, bisection
 * and findings as one behind a pipe.
 */
#include "session_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hexref_check.h"
#include "strutil.h"

struct hx_check_reply {
    int answered;
    char *text;                 /* perftree text, or NULL with a failure */
    hx_session_failure failure; /* HX_SESSION_OK unless the host said otherwise */
    int pending;
    char message[256];
};

typedef struct host_engine {
    hx_check_engine_fn fn;
    void *ctx;
    int *pending; /* the caller's count of "pending" answers (may be NULL) */
} host_engine;

void hx_check_reply_text(hx_check_reply *r, const char *text)
{
    if (r->answered)
        return; /* the first answer stands */
    r->answered = 1;
    r->text = hx_strdup(text ? text : "");
    if (!r->text) {
        r->failure = HX_SESSION_START;
        snprintf(r->message, sizeof r->message, "out of memory");
    }
}

static const struct {
    const char *word;
    hx_session_failure failure;
} failure_words[] = {
    {"error", HX_SESSION_ENGINE_ERROR}, {"timeout", HX_SESSION_TIMEOUT},
    {"crash", HX_SESSION_EXIT},         {"pending", HX_SESSION_ENGINE_ERROR},
};

void hx_check_reply_failure(hx_check_reply *r, const char *kind, const char *message)
{
    if (r->answered)
        return;
    r->answered = 1;
    r->failure = HX_SESSION_ENGINE_ERROR;
    for (size_t i = 0; kind && i < sizeof failure_words / sizeof *failure_words; i++)
        if (strcmp(kind, failure_words[i].word) == 0)
            r->failure = failure_words[i].failure;
    r->pending = kind && strcmp(kind, "pending") == 0;
    snprintf(r->message, sizeof r->message, "%s", message && *message ? message : "no reason given");
}

/* Feeds the text line by line, as a pipe's output would come. */
static void feed_text(hx_reply *reply, const char *text)
{
    for (const char *p = text; *p;) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len && p[len - 1] == '\r')
            hx_reply_feed(reply, p, len - 1);
        else
            hx_reply_feed(reply, p, len);
        p += len + (end != NULL);
    }
}

static int failed_answer(const hx_check_reply *r, hx_session_answer *a)
{
    switch (r->failure) {
    case HX_SESSION_TIMEOUT:
        return hx_session_fail(&a->error, r->failure, "the engine function timed out: %s",
                               r->message);
    case HX_SESSION_EXIT:
        return hx_session_fail(&a->error, r->failure, "the engine function crashed: %s",
                               r->message);
    case HX_SESSION_START:
        return hx_session_fail(&a->error, r->failure, "%s", r->message);
    default:
        return hx_session_fail(&a->error, r->failure, "the engine function failed: %s",
                               r->message);
    }
}

static int host_divide(void *self, const char *fen, const char *moves, int depth,
                       hx_session_answer *a)
{
    host_engine *h = self;
    hx_check_reply r;
    memset(&r, 0, sizeof r);
    h->fn(h->ctx, fen, moves, depth, &r);
    int rc;
    if (!r.answered)
        rc = hx_session_fail(&a->error, HX_SESSION_ENGINE_ERROR,
                             "the engine function gave no answer");
    else if (r.failure != HX_SESSION_OK)
        rc = failed_answer(&r, a);
    else
        rc = 0;
    if (r.pending && h->pending)
        ++*h->pending;
    if (rc == 0) {
        feed_text(&a->reply, r.text);
        if (a->reply.has_error)
            rc = hx_session_fail(&a->error, HX_SESSION_ENGINE_ERROR, "the engine answered: error %s",
                                 a->reply.error);
        else if (!a->reply.complete)
            rc = hx_session_fail(&a->error, HX_SESSION_INCOMPLETE,
                                 "the answer has no blank line and total after its moves");
    }
    free(r.text);
    return rc;
}

static void host_close(void *self)
{
    free(self);
}

static const hx_session_backend host_backend = {
    .name = "function",
    .caps = HX_SESSION_REPLY,
    .divide = host_divide,
    .close = host_close,
};

hx_session *hx_session_open_host(hx_check_engine_fn fn, void *ctx, int *pending, const char *name,
                                 const char *variant, const char *profile, hx_error *err)
{
    host_engine *h = calloc(1, sizeof *h);
    if (h)
        *h = (host_engine){fn, ctx, pending};
    return hx_session_open_backend(&host_backend, h, name, variant, profile, err);
}
