/*
 * session.c - what every session does whatever its backend (session.h):
 * the give-up after timeouts in a row, the time each answer took, and for
 * backends that answer as engine text the divide read from it and judged.
 */
#include "session_private.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "divide.h"
#include "hexref.h"
#include "strutil.h"

struct hx_session {
    const hx_session_backend *b;
    void *self;
    char *name, *variant, *profile;
    int timeouts;        /* consecutive divide timeouts */
    int status_timeouts; /* the same for status queries, which divides between them do not reset */
    char *history_start; /* history-only engines: the initial HexFEN, as hexref
                            writes it; NULL: the engine sets up any HexFEN */
};

int hx_session_fail(hx_session_error *e, hx_session_failure kind, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    e->kind = kind;
    vsnprintf(e->error.message, sizeof e->error.message, fmt, ap);
    va_end(ap);
    return -1;
}

void hx_session_answer_init(hx_session_answer *a)
{
    memset(a, 0, sizeof *a);
    hx_divide_init(&a->divide);
    hx_reply_init(&a->reply, HX_PROTOCOL_SCRIPT);
}

void hx_session_answer_free(hx_session_answer *a)
{
    hx_divide_free(&a->divide);
    hx_reply_free(&a->reply);
}

hx_session *hx_session_open_backend(const hx_session_backend *b, void *self, const char *name,
                                    const char *variant, const char *profile, hx_error *err)
{
    hx_session *s = self ? calloc(1, sizeof *s) : NULL;
    if (s) {
        s->b = b, s->self = self;
        s->name = hx_strdup(name ? name : b->name);
        s->variant = hx_strdup(variant);
        s->profile = profile ? hx_strdup(profile) : NULL;
        if (s->name && s->variant && (!profile || s->profile))
            return s;
        hx_session_close(s);
    } else if (self) {
        b->close(self);
    }
    snprintf(err->message, sizeof err->message, "out of memory");
    return NULL;
}

void hx_session_close(hx_session *s)
{
    if (!s)
        return;
    if (s->self)
        s->b->close(s->self);
    free(s->name);
    free(s->variant);
    free(s->profile);
    free(s->history_start);
    free(s);
}

const char *hx_session_name(const hx_session *s) { return s->name; }
const char *hx_session_variant(const hx_session *s) { return s->variant; }
const char *hx_session_profile(const hx_session *s) { return s->profile; }

const char *hx_session_engine_id(const hx_session *s)
{
    return s->b->engine_id ? s->b->engine_id(s->self) : NULL;
}

int hx_session_history_only(const hx_session *s)
{
    return s->history_start != NULL;
}

/* The HexFEN as hexref writes it (HX_FEN_MAX bytes), or -1 if it does not
 * read under the session's rules (the profile told, std when identify tells
 * none: the engine's own start is then std's). */
static int canonical_fen(const hx_session *s, const char *fen, char *out, hx_error *err)
{
    const hx_rules *r = hx_rules_find(s->variant, s->profile ? s->profile : "std", err);
    hx_position *pos = r ? hx_position_new(r) : NULL;
    int rc = pos && hx_position_set_fen(pos, fen, err) == 0 ? 0 : -1;
    if (rc == 0)
        hx_position_fen(pos, out);
    hx_position_free(pos);
    return rc;
}

int hx_session_set_history(hx_session *s, hx_error *err)
{
    char start[HX_FEN_MAX];
    if (canonical_fen(s, NULL, start, err) != 0)
        return -1;
    free(s->history_start);
    s->history_start = hx_strdup(start);
    if (!s->history_start)
        snprintf(err->message, sizeof err->message, "out of memory");
    return s->history_start ? 0 : -1;
}

/* A history-only engine is asked only about its initial position (plus
 * moves): 0, or -1 with e (HX_SESSION_NO_HISTORY). */
int hx_session_can_ask(const hx_session *s, const char *fen)
{
    char text[HX_FEN_MAX];
    hx_error err;
    return !s->history_start || (fen && canonical_fen(s, fen, text, &err) == 0 &&
                                 strcmp(text, s->history_start) == 0);
}

static int check_history(const hx_session *s, const char *fen, hx_session_error *e)
{
    if (hx_session_can_ask(s, fen))
        return 0;
    return hx_session_fail(e, HX_SESSION_NO_HISTORY,
                           "not asked: the engine takes only its initial position plus moves "
                           "(--history), and this position is not given so");
}

int hx_session_gave_up(const hx_session *s)
{
    return s->timeouts >= HX_SESSION_GIVE_UP;
}

int hx_session_answers_text(const hx_session *s)
{
    return (s->b->caps & HX_SESSION_REPLY) != 0;
}

int hx_session_start(hx_session *s, hx_session_error *e)
{
    memset(e, 0, sizeof *e);
    return s->b->start ? s->b->start(s->self, e) : 0;
}

unsigned hx_session_caps(hx_session *s)
{
    hx_session_error e;
    hx_session_start(s, &e);
    return s->b->caps | (s->b->started_caps ? s->b->started_caps(s->self) : 0);
}

/* An engine's text as a divide: 0 if usable, else -1 with why. Duplicate
 * moves are not a problem here (the runner decides). */
static int judge_reply(hx_session_answer *a)
{
    const hx_reply *d = &a->reply;
    uint64_t sum = 0;
    const char *shape = d->protocol == HX_PROTOCOL_UCI ? "MOVE: COUNT" : "MOVE COUNT";
    hx_session_error *e = &a->error;
    if (hx_divide_of_reply(d, &a->divide) != 0)
        return hx_session_fail(e, HX_SESSION_START, "out of memory");
    if (d->nbad_moves)
        return hx_session_fail(e, HX_SESSION_UNPARSABLE,
                               "output line %d '%s': not move text (e2e5, d8d9q: "
                               "docs/conventions.md)",
                               d->bad_moves[0].line_no, d->bad_moves[0].text);
    if (d->nbad_lines)
        return hx_session_fail(e, HX_SESSION_UNPARSABLE, "output line %d '%s' is not a '%s' line",
                               d->bad_lines[0].line_no, d->bad_lines[0].text, shape);
    if (!d->has_total)
        return hx_session_fail(e, HX_SESSION_UNPARSABLE, "the answer has no total");
    if (hx_reply_sum(d, &sum) != 0) /* never print the wrapped sum */
        return hx_session_fail(e, HX_SESSION_UNPARSABLE,
                               "the lines' counts sum to more than 2^64 - 1 (the sum overflows "
                               "64 bits; the total given is %llu)",
                               (unsigned long long)d->total);
    if (sum != d->total)
        return hx_session_fail(e, HX_SESSION_UNPARSABLE,
                               "the total %llu disagrees with the sum of its lines %llu",
                               (unsigned long long)d->total, (unsigned long long)sum);
    return 0;
}

static const char not_asked[] = "not asked: the engine timed out on the last %d queries";

int hx_session_divide(hx_session *s, const char *fen, const char *moves, int depth,
                      hx_session_answer *a)
{
    hx_session_answer_init(a);
    double start = hx_proc_now();
    int rc;
    moves = moves ? moves : "";
    if (s->timeouts >= HX_SESSION_GIVE_UP) {
        rc = hx_session_fail(&a->error, HX_SESSION_TIMEOUT, not_asked, HX_SESSION_GIVE_UP);
    } else if (check_history(s, fen, &a->error) != 0) {
        rc = -1;
    } else {
        rc = s->b->divide(s->self, fen, moves, depth, a);
        if (rc == 0 && (s->b->caps & HX_SESSION_REPLY))
            rc = judge_reply(a);
        else if (rc == 0)
            hx_divide_sort(&a->divide);
    }
    a->seconds = hx_proc_now() - start;
    s->timeouts = a->error.kind == HX_SESSION_TIMEOUT ? s->timeouts + 1 : 0;
    return rc;
}

int hx_session_status(hx_session *s, const char *fen, const char *moves, char *word,
                      hx_session_error *e)
{
    memset(e, 0, sizeof *e);
    int rc;
    if (!s->b->status)
        rc = hx_session_fail(e, HX_SESSION_ENGINE_ERROR, "%s answers no status queries", s->name);
    else if (s->timeouts >= HX_SESSION_GIVE_UP || s->status_timeouts >= HX_SESSION_GIVE_UP)
        rc = hx_session_fail(e, HX_SESSION_TIMEOUT, not_asked, HX_SESSION_GIVE_UP);
    else if (check_history(s, fen, e) != 0)
        rc = -1;
    else
        rc = s->b->status(s->self, fen, moves ? moves : "", word, e);
    /* Status queries count toward the timeouts in a row, as divides do. */
    if (s->status_timeouts < HX_SESSION_GIVE_UP)
        s->status_timeouts = e->kind == HX_SESSION_TIMEOUT ? s->status_timeouts + 1 : 0;
    return rc;
}

int hx_session_count(hx_session *s, const char *fen, const char *moves, int depth,
                     uint64_t limit, uint64_t *nodes, hx_session_error *e)
{
    memset(e, 0, sizeof *e);
    if (check_history(s, fen, e) != 0)
        return -1;
    if (s->b->count)
        return s->b->count(s->self, fen, moves ? moves : "", depth, limit, nodes, e);
    if (depth == 0) { /* no need to ask: the protocols start at depth 1 */
        *nodes = 1;
        return 0;
    }
    hx_session_answer a;
    int rc = hx_session_divide(s, fen, moves, depth, &a);
    *nodes = a.divide.total;
    *e = a.error;
    hx_session_answer_free(&a);
    return rc;
}

int hx_session_fen(hx_session *s, const char *fen, const char *moves, char *out, hx_error *err)
{
    if (!s->b->fen) {
        snprintf(err->message, sizeof err->message, "%s gives no positions", s->name);
        return -1;
    }
    return s->b->fen(s->self, fen, moves ? moves : "", out, err);
}

char *hx_session_query_text(hx_session *s, const char *fen, const char *moves, int depth)
{
    return s->b->query_text ? s->b->query_text(s->self, fen, moves ? moves : "", depth) : NULL;
}

hx_session *hx_session_open_named(const char *name, const char *variant, const char *profile,
                                  hx_error *err)
{
    if (strcmp(name, "reference") == 0)
        return hx_session_open_reference(variant, profile, err);
    if (strcmp(name, "oracle") == 0)
        return hx_session_open_oracle(variant, profile, err);
    snprintf(err->message, sizeof err->message, "unknown engine '%s' (reference or oracle)", name);
    return NULL;
}
