/*
 * external_adapter.c - an outside engine as an hx_engine for the fixture
 * runner (engine_external.h, hx_external_engine): moves from a depth-1
 * divide, perft from a divide's total, status where the backend has it,
 * and play through the reference, remembering the path so the engine is
 * asked about the root position and the moves. Answers are cached, since
 * identify runs the same positions under every profile.
 */
#include "external_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "divide.h"
#include "strutil.h"

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

static cached *cache_find(hx_external *x, const char *key)
{
    for (int i = 0; i < x->ncache; i++)
        if (strcmp(x->cache[i]->key, key) == 0)
            return x->cache[i];
    return NULL;
}

static cached *cache_add(hx_external *x, const char *key, int ok, char *text, uint64_t total)
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

/* An answer as sorted "MOVE COUNT" lines (duplicates kept). */
static char *lines_text(hx_reply *d)
{
    hx_reply_sort(d);
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

/* The engine's divide of root after moves (cached). */
static int ask_at(hx_external *x, const char *root, const char *moves, int depth, cached **out,
                  char *err, size_t errcap)
{
    char key[HX_EXT_KEY_MAX];
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
        c = cache_add(x, key, !bad, bad ? hx_strdup(problem) : lines_text(&a.reply),
                      a.reply.total);
        if (c)
            c->rejected = a.failure == HX_EXT_REJECTED;
        hx_ext_answer_free(&a);
    }
    if (!c) {
        snprintf(err, errcap, "out of memory");
        return -1;
    }
    if (!c->ok)
        snprintf(err, errcap, "%s", c->text);
    *out = c;
    return c->ok ? 0 : c->rejected ? HX_ENGINE_REJECTED : HX_ENGINE_FAILED;
}

/* The engine's divide of fen, asked through the path that reached it. */
static int ask(hx_external *x, const char *variant, const char *fen, int depth, cached **out,
               char *err, size_t errcap)
{
    if (strcmp(variant, x->variant) != 0) {
        snprintf(err, errcap, "the engine is run for %s, not %s", x->variant, variant);
        return -1;
    }
    const char *moves, *root = resolve(x, fen, &moves);
    return ask_at(x, root, moves, depth, out, err, errcap);
}

static int ext_moves(void *ctx, const char *variant, const char *profile, const char *fen,
                     char *out, size_t cap, char *err, size_t errcap)
{
    (void)profile;
    cached *c;
    int rc = ask(ctx, variant, fen, 1, &c, err, errcap);
    if (rc != 0)
        return rc;
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
    int rc = ask(ctx, variant, fen, depth, &c, err, errcap);
    if (rc != 0)
        return rc;
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
    char key[HX_EXT_KEY_MAX];
    snprintf(key, sizeof key, "S|%s|%s", root, moves);
    cached *c = cache_find(x, key);
    if (!c) {
        char word[HX_SESSION_WORD_MAX], problem[512];
        hx_session_error e;
        int rc = hx_session_status(x->session, root, moves, word, &e);
        if (rc != 0)
            hx_ext_message(x, &e, problem, sizeof problem);
        c = cache_add(x, key, rc == 0, hx_strdup(rc == 0 ? word : problem), 0);
        if (c && rc != 0 && x->reference) /* the reference rejects the position */
            c->rejected = 1;
    }
    if (!c || !c->ok || strlen(c->text) >= cap) {
        snprintf(err, errcap, "%s", c ? c->text : "out of memory");
        if (!c || c->ok) /* out of memory, or too long an answer */
            return -1;
        return c->rejected ? HX_ENGINE_REJECTED : HX_ENGINE_FAILED;
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
    cached *c, *alone;
    int asked = ask(x, variant, child_fen, 2, &c, err, errcap);
    if (asked != 0)
        return asked;
    char *ref = reference_lines(child);
    if (!ref) {
        snprintf(err, errcap, "out of memory");
        return -1;
    }
    int same = strcmp(ref, c->text) == 0;
    if (!same) {
        /* verify's test: the same query with the HexFEN alone tells a
         * generation error (wrong there too) from a wrong move (right there) */
        char problem[600];
        int rc = ask_at(x, child_fen, "", 2, &alone, problem, sizeof problem);
        hx_sbuf m = {0};
        hx_sbuf_printf(&m, "after %s the engine's position is not %s: its depth-2 divide has ",
                       move, child_fen);
        divide_difference(c->text, ref, &m);
        if (rc == 0 && strcmp(alone->text, ref) == 0)
            hx_sbuf_printf(&m, "; with the HexFEN alone it is right: generation is right, "
                           "playing %s is not", move);
        else if (rc == 0 && strcmp(alone->text, c->text) == 0)
            hx_sbuf_printf(&m, "; with the HexFEN alone it is the same: generation is wrong "
                           "there, not the move");
        else if (rc == 0)
            hx_sbuf_printf(&m, "; with the HexFEN alone it is wrong too, otherwise: generation "
                           "is wrong there");
        else
            hx_sbuf_printf(&m, "; with the HexFEN alone it gives no usable answer (%.120s)",
                           problem);
        snprintf(err, errcap, "%s", m.s ? m.s : "out of memory");
        free(m.s);
        if (rc == HX_ENGINE_FAILED) { /* an unanswered query: an engine error, not an answer */
            free(ref);
            return rc;
        }
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
    int asked = ask(x, variant, fen, 1, &c, err, errcap);
    if (asked != 0)
        return asked;
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
        rc = check_child(x, variant, child_fen, child, move, err, errcap); /* -1: a wrong
            state after the move (an answer); HX_ENGINE_FAILED: no usable answer there */
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
    int status = hx_external_has_status(x); /* a uci handshake tells whether it exists */
    hx_engine e = {x->command, x, ext_moves, status ? ext_status : NULL, ext_play,
                   ext_perft, ext_start_fen, 0, NULL};
    return e;
}
