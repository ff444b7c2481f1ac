/*
 * fixture_engine.c - the engine the fixtures run on (fixtures.h,
 * fixture_engine.h). An engine on its own positions (the reference or the
 * oracle by name) has a session for each variant and profile a fixture
 * names, opened at its first use; it starts, plays and counts itself, on
 * the fixture's HexFEN and the moves of its line. A judged engine's queries
 * go to fixture_judge.c.
 */
#include "fixture_engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"

typedef struct own_session {
    char *variant, *profile;
    hx_session *s; /* NULL: the engine does not run them */
} own_session;

struct hx_fixture_engine {
    char *name;
    fx_judge *judge; /* a judged engine; NULL: its own positions */
    own_session *own;
    int nown, capown;
};

hx_fixture_engine *hx_fixture_engine_own(const char *name, hx_error *err)
{
    hx_fixture_engine *fe = NULL;
    if (strcmp(name, "reference") != 0 && strcmp(name, "oracle") != 0)
        snprintf(err->message, sizeof err->message, "unknown engine '%s' (reference or oracle)",
                 name);
    else if (!(fe = calloc(1, sizeof *fe)) || !(fe->name = hx_strdup(name))) {
        snprintf(err->message, sizeof err->message, "out of memory");
        free(fe);
        fe = NULL;
    }
    return fe;
}

hx_fixture_engine *hx_fixture_engine_judged(hx_session *s, int status, int yardstick,
                                            hx_error *err)
{
    hx_fixture_engine *fe = calloc(1, sizeof *fe);
    if (fe && (fe->name = hx_strdup(hx_session_name(s))) &&
        (fe->judge = fx_judge_new(s, status, yardstick)))
        return fe;
    snprintf(err->message, sizeof err->message, "out of memory");
    hx_fixture_engine_free(fe);
    return NULL;
}

void hx_fixture_engine_free(hx_fixture_engine *fe)
{
    if (!fe)
        return;
    for (int i = 0; i < fe->nown; i++) {
        free(fe->own[i].variant);
        free(fe->own[i].profile);
        hx_session_close(fe->own[i].s);
    }
    free(fe->own);
    fx_judge_free(fe->judge);
    free(fe->name);
    free(fe);
}

const char *hx_fixture_engine_name(const hx_fixture_engine *fe)
{
    return fe->name;
}

int hx_fixture_engine_has_status(const hx_fixture_engine *fe)
{
    return fe->judge ? fx_judge_has_status(fe->judge) : 1;
}

const char *hx_fixture_engine_unusable(const hx_fixture_engine *fe)
{
    return fe->judge ? fx_judge_unusable(fe->judge) : NULL;
}

unsigned fx_engine_caps(const hx_fixture_engine *fe)
{
    if (fe->judge)
        return (fx_judge_has_status(fe->judge) ? FX_CAN_STATUS : 0) |
               (fx_judge_sets_up(fe->judge) ? FX_CAN_SET_UP : 0);
    return FX_CAN_STATUS | FX_CAN_TAKE_MOVES | FX_CAN_SET_UP; /* the reference's and the oracle's */
}

/* The session for variant/profile, opened at its first use (NULL with why:
 * the engine does not run them, or out of memory). */
static hx_session *own_session_of(hx_fixture_engine *fe, const char *variant,
                                  const char *profile, hx_error *why)
{
    for (int i = 0; i < fe->nown; i++)
        if (!strcmp(fe->own[i].variant, variant) && !strcmp(fe->own[i].profile, profile)) {
            if (!fe->own[i].s)
                snprintf(why->message, sizeof why->message, "%s does not run %s/%s", fe->name,
                         variant, profile);
            return fe->own[i].s;
        }
    hx_session *s = hx_session_open_named(fe->name, variant, profile, why);
    own_session o = {hx_strdup(variant), hx_strdup(profile), s};
    if (!o.variant || !o.profile ||
        hx_grow(&fe->own, &fe->capown, fe->nown, sizeof *fe->own, 16) != 0) {
        free(o.variant), free(o.profile);
        hx_session_close(s);
        snprintf(why->message, sizeof why->message, "out of memory");
        return NULL;
    }
    fe->own[fe->nown++] = o;
    return s;
}

/* The query's session, or NULL with why. */
static hx_session *session_for(hx_fixture_engine *fe, const char *variant, const char *profile,
                               fx_problem *why)
{
    hx_error e;
    hx_session *s = own_session_of(fe, variant, profile, &e);
    if (!s)
        snprintf(why->text, sizeof why->text, "%s", e.message);
    return s;
}

static int engine_failed(const hx_session_error *e, fx_problem *why)
{
    snprintf(why->text, sizeof why->text, "%s", e->error.message);
    return FX_ERROR;
}

int fx_engine_supports(hx_fixture_engine *fe, const char *variant, const char *profile,
                       hx_error *why)
{
    if (fe->judge)
        return fx_judge_supports(variant, profile, why);
    return own_session_of(fe, variant, profile, why) ? 0 : -1;
}

int fx_engine_start(hx_fixture_engine *fe, const char *variant, const char *profile, char *fen,
                    fx_problem *why)
{
    if (fe->judge) /* the protocols give no positions: the reference's start */
        return fx_judge_start(variant, profile, fen, why);
    hx_session *s = session_for(fe, variant, profile, why);
    hx_error e;
    if (!s)
        return FX_ERROR;
    if (hx_session_fen(s, NULL, "", fen, &e) == 0)
        return FX_OK;
    snprintf(why->text, sizeof why->text, "%s", e.message);
    return FX_ERROR;
}

int fx_engine_moves(hx_fixture_engine *fe, const fx_query *q, strvec *moves, fx_problem *why)
{
    if (fe->judge)
        return fx_judge_moves(fe->judge, q, moves, why);
    hx_session *s = session_for(fe, q->variant, q->profile, why);
    if (!s)
        return FX_ERROR;
    hx_session_answer a;
    int rc = hx_session_divide(s, q->root, q->line, 1, &a) == 0 ? FX_OK
                                                                : engine_failed(&a.error, why);
    for (int i = 0; rc == FX_OK && i < a.divide.n; i++)
        if (sv_push_own(moves, hx_strdup(a.divide.moves[i].move)) != 0) {
            snprintf(why->text, sizeof why->text, "out of memory");
            rc = FX_ERROR;
        }
    hx_session_answer_free(&a);
    return rc;
}

int fx_engine_status(hx_fixture_engine *fe, const fx_query *q, char *word, fx_problem *why)
{
    if (fe->judge)
        return fx_judge_status(fe->judge, q, word, why);
    hx_session *s = session_for(fe, q->variant, q->profile, why);
    hx_session_error e;
    if (!s)
        return FX_ERROR;
    return hx_session_status(s, q->root, q->line, word, &e) == 0 ? FX_OK : engine_failed(&e, why);
}

int fx_engine_play(hx_fixture_engine *fe, const fx_query *q, const char *move, char *fen,
                   fx_problem *why)
{
    if (fe->judge)
        return fx_judge_play(fe->judge, q, move, fen, why);
    hx_session *s = session_for(fe, q->variant, q->profile, why);
    if (!s)
        return FX_WRONG;
    char *line = hx_strfmt("%s%s%s", q->line, *q->line ? " " : "", move);
    hx_error e;
    int rc = FX_WRONG;
    if (!line)
        snprintf(why->text, sizeof why->text, "out of memory");
    else if (hx_session_fen(s, q->root, line, fen, &e) != 0)
        snprintf(why->text, sizeof why->text, "%s", e.message);
    else
        rc = FX_OK;
    free(line);
    return rc;
}

int fx_engine_count(hx_fixture_engine *fe, const fx_query *q, int depth, uint64_t limit,
                    uint64_t *nodes, int *stopped, fx_problem *why)
{
    *stopped = 0;
    if (fe->judge)
        return fx_judge_count(fe->judge, q, depth, nodes, why);
    hx_session *s = session_for(fe, q->variant, q->profile, why);
    hx_session_error e;
    if (!s)
        return FX_ERROR;
    if (hx_session_count(s, q->root, q->line, depth, limit, nodes, &e) != 0)
        return engine_failed(&e, why);
    *stopped = *nodes > limit && (hx_session_caps(s) & HX_SESSION_COUNT_BOUND);
    return FX_OK;
}
