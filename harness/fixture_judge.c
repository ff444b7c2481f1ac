/*
 * fixture_judge.c - an engine judged through the reference, for the
 * fixture runner (fixture_engine.h): one session for every profile, asked
 * only for divides (and statuses where it answers them). Its moves come
 * from a depth-1 divide, its counts from a divide's total; the moves of a
 * fixture's line are played through the reference, and the path is
 * remembered so the engine is asked about the root position and the moves
 * (the protocols return no positions). Answers are cached, since identify
 * runs the same positions under every profile.
 */
#include "fixture_engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "divide.h"
#include "strutil.h"

enum { KEY_MAX = 8192 };

typedef struct known_pos {
    char *fen, *root, *moves; /* fen is reached by playing moves on root */
} known_pos;

typedef struct cached {
    char *key;
    int ok, rejected;
    char *text; /* sorted "MOVE COUNT" lines, a status word, or the problem when !ok */
    uint64_t total;
} cached;

struct fx_judge {
    hx_session *session; /* the caller's */
    int status;          /* answers status queries */
    int yardstick;       /* the reference as identify's yardstick: its errors read
                            as an engine's answer */
    int usable;          /* queries with a usable answer */
    char first_problem[600];
    known_pos *known;
    int nknown, capknown;
    cached **cache; /* entries stay put while the array grows: callers hold
                     * one answer while asking for another */
    int ncache, capcache;
};

fx_judge *fx_judge_new(hx_session *s, int status, int yardstick)
{
    fx_judge *j = calloc(1, sizeof *j);
    if (j) {
        j->session = s;
        j->yardstick = yardstick;
        /* a uci handshake tells whether status exists */
        j->status = status >= 0 ? status : (hx_session_caps(s) & HX_SESSION_STATUS) != 0;
    }
    return j;
}

void fx_judge_free(fx_judge *j)
{
    if (!j)
        return;
    for (int i = 0; i < j->nknown; i++) {
        free(j->known[i].fen);
        free(j->known[i].root);
        free(j->known[i].moves);
    }
    for (int i = 0; i < j->ncache; i++) {
        free(j->cache[i]->key);
        free(j->cache[i]->text);
        free(j->cache[i]);
    }
    free(j->known);
    free(j->cache);
    free(j);
}

int fx_judge_has_status(const fx_judge *j)
{
    return j->status;
}

int fx_judge_sets_up(const fx_judge *j)
{
    return !hx_session_history_only(j->session);
}

const char *fx_judge_unusable(const fx_judge *j)
{
    return j->usable == 0 && j->first_problem[0] ? j->first_problem : NULL;
}

/* What a session error says, as the engine's answer would say it. */
static void message_of(const fx_judge *j, const hx_session_error *e, char *out, size_t cap)
{
    snprintf(out, cap, "%s%s", j->yardstick ? "the engine answered: error " : "",
             e->error.message);
}

/* The root and moves under which the engine is asked about fen. */
static const char *resolve(const fx_judge *x, const char *fen, const char **moves)
{
    for (int i = 0; i < x->nknown; i++)
        if (strcmp(x->known[i].fen, fen) == 0) {
            *moves = x->known[i].moves;
            return x->known[i].root;
        }
    *moves = "";
    return fen;
}

static int remember(fx_judge *x, const char *fen, const char *root, const char *moves,
                    const char *move)
{
    int slot = x->nknown;
    for (int i = 0; i < x->nknown; i++)
        if (strcmp(x->known[i].fen, fen) == 0)
            slot = i; /* the latest path wins: the runner asks about it next */
    if (slot == x->nknown && hx_grow(&x->known, &x->capknown, x->nknown, sizeof *x->known, 32))
        return -1;
    size_t n = strlen(moves) + strlen(move) + 2;
    char *path = malloc(n);
    if (path)
        snprintf(path, n, "%s%s%s", moves, *moves ? " " : "", move);
    known_pos k = {hx_strdup(fen), hx_strdup(root), path};
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

static cached *cache_find(fx_judge *x, const char *key)
{
    for (int i = 0; i < x->ncache; i++)
        if (strcmp(x->cache[i]->key, key) == 0)
            return x->cache[i];
    return NULL;
}

static cached *cache_add(fx_judge *x, const char *key, int ok, char *text, uint64_t total)
{
    if (hx_grow(&x->cache, &x->capcache, x->ncache, sizeof *x->cache, 64) != 0) {
        free(text);
        return NULL;
    }
    cached *c = malloc(sizeof *c);
    if (c)
        *c = (cached){hx_strdup(key), ok, 0, text, total};
    if (!c || !c->key || !c->text) {
        if (c)
            free(c->key);
        free(text), free(c);
        return NULL;
    }
    x->cache[x->ncache++] = c;
    return c;
}

/* A divide as sorted "MOVE COUNT" lines (duplicates kept). */
static char *lines_text(const hx_divide *d)
{
    size_t n = 1;
    for (int i = 0; i < d->n; i++)
        n += strlen(d->moves[i].move) + 22;
    char *text = malloc(n);
    if (!text)
        return NULL;
    text[0] = '\0';
    size_t used = 0;
    for (int i = 0; i < d->n; i++)
        used += (size_t)snprintf(text + used, n - used, "%s %llu\n", d->moves[i].move,
                                 (unsigned long long)d->moves[i].count);
    return text;
}

/* Why an answer is unusable as a divide ("" usable): the session's word,
 * said as the engine's answer where the yardstick failed. */
static int answer_problem(const fx_judge *x, const hx_session_answer *a, char *out, size_t cap)
{
    out[0] = '\0';
    if (a->error.kind == HX_SESSION_OK)
        return 0;
    if (a->error.kind == HX_SESSION_UNPARSABLE) /* complete, but not a divide */
        snprintf(out, cap, "%s", a->error.error.message);
    else
        message_of(x, &a->error, out, cap);
    return 1;
}

/* The engine's divide of root after moves (cached). */
static int ask_at(fx_judge *x, const char *root, const char *moves, int depth, cached **out,
                  fx_problem *why)
{
    char key[KEY_MAX];
    snprintf(key, sizeof key, "%d|%s|%s", depth, root, moves);
    cached *c = cache_find(x, key);
    if (!c) {
        hx_session_answer a;
        char problem[600];
        hx_session_divide(x->session, root, moves, depth, &a);
        int bad = answer_problem(x, &a, problem, sizeof problem);
        if (bad && !x->first_problem[0])
            snprintf(x->first_problem, sizeof x->first_problem, "%s", problem);
        x->usable += !bad;
        c = cache_add(x, key, !bad, bad ? hx_strdup(problem) : lines_text(&a.divide),
                      a.divide.total);
        if (c)
            c->rejected = a.error.kind == HX_SESSION_REJECTED;
        hx_session_answer_free(&a);
    }
    if (!c) {
        snprintf(why->text, sizeof why->text, "out of memory");
        return FX_WRONG;
    }
    if (!c->ok)
        snprintf(why->text, sizeof why->text, "%s", c->text);
    *out = c;
    return c->ok ? FX_OK : c->rejected ? FX_REJECTED : FX_FAILED;
}

/* The engine is run for one variant. */
static int other_variant(const fx_judge *x, const char *variant, fx_problem *why)
{
    const char *mine = hx_session_variant(x->session);
    if (strcmp(variant, mine) == 0)
        return 0;
    snprintf(why->text, sizeof why->text, "the engine is run for %s, not %s", mine, variant);
    return 1;
}

/* The engine's divide of fen, asked through the path that reached it. */
static int ask(fx_judge *x, const char *variant, const char *fen, int depth, cached **out,
               fx_problem *why)
{
    if (other_variant(x, variant, why))
        return FX_WRONG;
    const char *moves, *root = resolve(x, fen, &moves);
    return ask_at(x, root, moves, depth, out, why);
}

int fx_judge_moves(fx_judge *x, const fx_query *q, strvec *moves, fx_problem *why)
{
    cached *c;
    int rc = ask(x, q->variant, q->fen, 1, &c, why);
    if (rc != FX_OK)
        return rc;
    for (const char *s = c->text; *s; s = strchr(s, '\n') + 1) /* the moves without counts */
        if (sv_push_own(moves, hx_strndup(s, strcspn(s, " "))) != 0) {
            snprintf(why->text, sizeof why->text, "out of memory");
            return FX_WRONG;
        }
    return FX_OK;
}

int fx_judge_count(fx_judge *x, const fx_query *q, int depth, uint64_t *nodes, fx_problem *why)
{
    cached *c;
    if (depth == 0) { /* no need to ask: the protocols start at depth 1 */
        *nodes = 1;
        return FX_OK;
    }
    int rc = ask(x, q->variant, q->fen, depth, &c, why);
    if (rc == FX_OK)
        *nodes = c->total;
    return rc;
}

int fx_judge_status(fx_judge *x, const fx_query *q, char *word, fx_problem *why)
{
    if (other_variant(x, q->variant, why))
        return FX_WRONG;
    const char *moves, *root = resolve(x, q->fen, &moves);
    char key[KEY_MAX];
    snprintf(key, sizeof key, "S|%s|%s", root, moves);
    cached *c = cache_find(x, key);
    if (!c) {
        char answer[HX_SESSION_WORD_MAX], problem[512];
        hx_session_error e;
        int rc = hx_session_status(x->session, root, moves, answer, &e);
        if (rc != 0)
            message_of(x, &e, problem, sizeof problem);
        c = cache_add(x, key, rc == 0, hx_strdup(rc == 0 ? answer : problem), 0);
        if (c && rc != 0 && x->yardstick) /* the reference rejects the position */
            c->rejected = 1;
    }
    if (!c || !c->ok || strlen(c->text) >= HX_SESSION_WORD_MAX) {
        snprintf(why->text, sizeof why->text, "%s", c ? c->text : "out of memory");
        if (!c || c->ok) /* out of memory, or too long an answer */
            return FX_WRONG;
        return c->rejected ? FX_REJECTED : FX_FAILED;
    }
    strcpy(word, c->text);
    return FX_OK;
}

static int listed(const char *text, const char *move)
{
    size_t n = strlen(move);
    for (const char *s = text; *s; s = strchr(s, '\n') + 1)
        if (strncmp(s, move, n) == 0 && s[n] == ' ')
            return 1;
    return 0;
}

/* The reference's divide of pos to depth 2 as sorted "MOVE COUNT" lines. */
static char *reference_lines(hx_position *pos)
{
    hx_divide d;
    if (hx_divide_of_position(pos, 2, 0, &d) != 0)
        return NULL;
    size_t cap = (size_t)d.n * (HX_MOVE_TEXT_MAX + 24) + 1, used = 0;
    char *out = malloc(cap);
    if (out)
        out[0] = '\0';
    for (int i = 0; out && i < d.n; i++)
        used += (size_t)snprintf(out + used, cap - used, "%s %llu\n", d.moves[i].move,
                                 (unsigned long long)d.moves[i].count);
    hx_divide_free(&d);
    return out;
}

/* "MOVE COUNT" lines (sorted) as a divide; the first move listed twice
 * or more into dup ("" none) with how often. 0, or -1 (memory). */
static int text_divide(const char *text, hx_divide *d, char *dup, size_t dupcap, int *times)
{
    hx_divide_init(d);
    d->has_moves = 1;
    dup[0] = '\0';
    *times = 0;
    char prev[HX_RESULT_MOVE_MAX] = "";
    int run = 0;
    for (const char *s = text; *s; s = strchr(s, '\n') + 1) {
        char move[HX_RESULT_MOVE_MAX];
        size_t n = strcspn(s, " \n");
        snprintf(move, sizeof move, "%.*s", (int)(n < sizeof move ? n : sizeof move - 1), s);
        run = strcmp(move, prev) == 0 ? run + 1 : 1;
        if (run > 1 && (!dup[0] || strcmp(dup, move) == 0)) {
            snprintf(dup, dupcap, "%s", move);
            *times = run;
        }
        snprintf(prev, sizeof prev, "%s", move);
        if (run == 1 && hx_divide_add(d, move, strtoull(s + n, NULL, 10)) != 0)
            return -1;
    }
    hx_divide_sort(d);
    return 0;
}

/* Moves of a list, at most six, as " a b c (and 3 more)". */
static void move_list(hx_sbuf *m, const hx_move_count *v, int n)
{
    for (int i = 0; i < n && i < 6; i++)
        hx_sbuf_printf(m, " %s", v[i].move);
    if (n > 6)
        hx_sbuf_printf(m, " (and %d more)", n - 6);
}

/* How the engine's depth-2 divide (text) differs from the reference's, as
 * verify says it: missing, extra, counts, duplicates. */
static void divide_difference(const char *engine, const char *reference, hx_sbuf *m)
{
    hx_divide e, r;
    hx_divide_diff d;
    char dup[HX_RESULT_MOVE_MAX], unused[HX_RESULT_MOVE_MAX];
    int times, unused_times;
    if (text_divide(engine, &e, dup, sizeof dup, &times) != 0 ||
        text_divide(reference, &r, unused, sizeof unused, &unused_times) != 0 ||
        hx_divide_diff_of(&r, &e, &d) != 0) {
        hx_sbuf_printf(m, " (out of memory)");
        hx_divide_free(&e), hx_divide_free(&r);
        return;
    }
    const char *sep = "";
    if (d.nmissing) {
        hx_sbuf_printf(m, "missing:");
        move_list(m, d.missing, d.nmissing);
        sep = "; ";
    }
    if (d.nextra) {
        hx_sbuf_printf(m, "%sextra:", sep);
        move_list(m, d.extra, d.nextra);
        sep = "; ";
    }
    for (int i = 0; i < d.ndiffer && i < 4; i++, sep = ", ")
        hx_sbuf_printf(m, "%s%s%s %llu, the reference %llu", sep, i ? "" : "counts: ",
                       d.differ[i].move, (unsigned long long)d.differ[i].got,
                       (unsigned long long)d.differ[i].expected);
    if (d.ndiffer > 4)
        hx_sbuf_printf(m, " (and %d more)", d.ndiffer - 4);
    if (dup[0])
        hx_sbuf_printf(m, "%sduplicate: %s listed %d times", d.ndiffer || d.nmissing || d.nextra
                       ? "; " : "", dup, times);
    hx_divide_diff_free(&d);
    hx_divide_free(&e);
    hx_divide_free(&r);
}

/* The reference's HexFEN after move; the engine is never asked for one. */
static hx_position *reference_child(const fx_query *q, const char *move, char *out,
                                    fx_problem *why)
{
    hx_error e;
    const hx_rules *rules = hx_rules_find(q->variant, q->profile, &e);
    hx_position *pos = rules ? hx_position_new(rules) : NULL;
    hx_move m;
    if (pos && hx_position_set_fen(pos, q->fen, &e) == 0 &&
        hx_move_parse(pos, move, 0, &m, &e) == 0) {
        hx_make(pos, m);
        hx_position_fen(pos, out);
        return pos;
    }
    snprintf(why->text, sizeof why->text, "reference: %s",
             pos || !rules ? e.message : "out of memory");
    hx_position_free(pos);
    return NULL;
}

/* What the HexFEN alone said, after the engine's divide at child (text)
 * differed from the reference's (ref): verify's test, which tells a
 * generation error (wrong there too) from a wrong move (right there). */
static void alone_verdict(int rc, const cached *alone, const char *text, const char *ref,
                          const char *move, const fx_problem *problem, hx_sbuf *m)
{
    if (rc == FX_OK && strcmp(alone->text, ref) == 0)
        hx_sbuf_printf(m, "; with the HexFEN alone it is right: generation is right, "
                       "playing %s is not", move);
    else if (rc == FX_OK && strcmp(alone->text, text) == 0)
        hx_sbuf_printf(m, "; with the HexFEN alone it is the same: generation is wrong "
                       "there, not the move");
    else if (rc == FX_OK)
        hx_sbuf_printf(m, "; with the HexFEN alone it is wrong too, otherwise: generation "
                       "is wrong there");
    else
        hx_sbuf_printf(m, "; with the HexFEN alone it gives no usable answer (%.120s)",
                       problem->text);
}

/*
 * The protocols return no positions, so the state the engine reached after
 * a move is checked through what it generates there: its divide to depth 2
 * must equal the reference's from the reference's HexFEN. That sees a wrong
 * e.p. victim or a lost castling right of either side.
 */
static int check_child(fx_judge *x, const fx_query *q, const char *child_fen,
                       hx_position *child, const char *move, fx_problem *why)
{
    cached *c, *alone = NULL;
    int asked = ask(x, q->variant, child_fen, 2, &c, why);
    if (asked != FX_OK)
        return asked;
    char *ref = reference_lines(child);
    if (!ref) {
        snprintf(why->text, sizeof why->text, "out of memory");
        return FX_WRONG;
    }
    int same = strcmp(ref, c->text) == 0, rc = FX_OK;
    if (!same) {
        fx_problem problem;
        /* an engine that takes only its initial position plus moves cannot
         * be asked about the HexFEN alone */
        if (fx_judge_sets_up(x))
            rc = ask_at(x, child_fen, "", 2, &alone, &problem);
        hx_sbuf m = {0};
        hx_sbuf_printf(&m, "after %s the engine's position is not %s: its depth-2 divide has ",
                       move, child_fen);
        divide_difference(c->text, ref, &m);
        if (fx_judge_sets_up(x))
            alone_verdict(rc, alone, c->text, ref, move, &problem, &m);
        snprintf(why->text, sizeof why->text, "%s", m.s ? m.s : "out of memory");
        free(m.s);
    }
    free(ref);
    if (same)
        return FX_OK;
    /* an unanswered query: an engine error, not an answer */
    return rc == FX_FAILED ? FX_FAILED : FX_WRONG;
}

int fx_judge_play(fx_judge *x, const fx_query *q, const char *move, char *fen, fx_problem *why)
{
    cached *c;
    char child_fen[HX_FEN_MAX];
    int asked = ask(x, q->variant, q->fen, 1, &c, why);
    if (asked != FX_OK)
        return asked;
    if (!listed(c->text, move)) {
        snprintf(why->text, sizeof why->text, "the engine does not list %s here", move);
        return FX_WRONG;
    }
    hx_position *child = reference_child(q, move, child_fen, why);
    if (!child)
        return FX_WRONG;
    const char *moves, *root = resolve(x, q->fen, &moves);
    int rc = remember(x, child_fen, root, moves, move) == 0 ? FX_OK : FX_WRONG;
    if (rc != FX_OK)
        snprintf(why->text, sizeof why->text, "out of memory");
    else
        rc = check_child(x, q, child_fen, child, move, why); /* FX_WRONG: a wrong state
            after the move (an answer); FX_FAILED: no usable answer there */
    hx_position_free(child);
    if (rc == FX_OK)
        strcpy(fen, child_fen);
    return rc;
}

int fx_judge_supports(const char *variant, const char *profile, hx_error *why)
{
    return hx_rules_find(variant, profile, why) ? 0 : -1;
}

int fx_judge_start(const char *variant, const char *profile, char *fen, fx_problem *why)
{
    hx_error e;
    const hx_rules *rules = hx_rules_find(variant, profile, &e);
    hx_position *pos = rules ? hx_position_new(rules) : NULL;
    int rc = pos && hx_position_set_fen(pos, NULL, &e) == 0 ? FX_OK : FX_WRONG;
    if (rc == FX_OK)
        hx_position_fen(pos, fen);
    else
        snprintf(why->text, sizeof why->text, "%s", pos || !rules ? e.message : "out of memory");
    hx_position_free(pos);
    return rc;
}
