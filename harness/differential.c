/*
 * differential.c - the reference against the oracle, one position at a time.
 * The two meet only through text: the oracle sees a HexFEN and answers with
 * move strings and HexFENs.
 */
#define _POSIX_C_SOURCE 200809L

#include "differential.h"

#include "clock.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bisect.h"
#include "session.h"
#include "random.h"
#include "divide.h"
#include "oracle.h"
#include "print_differential.h"
#include "strutil.h"

const hx_diff_bias hx_diff_default_bias = {.castle = 40, .ep = 40, .promotion = 20,
                                           .check = 8, .capture = 3};

enum { TEXT_MAX = 65536, PATH_MAX_CHARS = 8192 };

typedef struct move_list {
    int n;
    char text[HX_MAX_MOVES][HX_MOVE_TEXT_MAX];
} move_list;

static void finding_init(hx_diff_finding *f)
{
    memset(f, 0, sizeof *f);
    hx_divide_init(&f->reference);
    hx_divide_init(&f->oracle);
}

void hx_diff_finding_free(hx_diff_finding *f)
{
    free(f->root_fen);
    free(f->path);
    hx_divide_free(&f->reference);
    hx_divide_free(&f->oracle);
    hx_divide_diff_free(&f->diff);
    finding_init(f);
}

/* Starts *f (if non-NULL) as a disagreement of kind at fen; returns 1. */
static int disagree(hx_diff_finding *f, hx_diff_kind kind, const hx_position *pos,
                    const char *fen, const char *root_fen, const char *path)
{
    if (!f)
        return 1;
    const hx_rules *r = hx_position_rules(pos);
    f->kind = kind;
    f->variant = hx_rules_variant(r);
    f->profile = hx_rules_profile(r);
    snprintf(f->fen, sizeof f->fen, "%s", fen);
    f->root_fen = root_fen ? hx_strdup(root_fen) : NULL;
    f->path = path ? hx_strdup(path) : NULL;
    return 1;
}

static int same_lists(const move_list *a, const move_list *b)
{
    if (a->n != b->n)
        return 0;
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->text[i], b->text[i]) != 0)
            return 0;
    return 1;
}

/* The oracle's answer for one position: its moves, in text order, and the
 * HexFEN each leads to. */
typedef struct oracle_answer {
    move_list moves;
    char child[HX_MAX_MOVES][HX_FEN_MAX];
} oracle_answer;

/* Splits oracle_children's "MOVE HEXFEN" lines. */
static int parse_children(char *text, oracle_answer *out)
{
    out->moves.n = 0;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *space = strchr(line, ' ');
        int i = out->moves.n;
        if (i == HX_MAX_MOVES || !space || (size_t)(space - line) >= HX_MOVE_TEXT_MAX ||
            strlen(space + 1) >= HX_FEN_MAX)
            return -1;
        *space = '\0';
        strcpy(out->moves.text[i], line);
        strcpy(out->child[i], space + 1);
        out->moves.n++;
    }
    return 0;
}

/* Plays every move on the reference and checks exact restoration, then
 * compares each child HexFEN with the oracle's. */
static int compare_children(hx_position *pos, const hx_move *moves, int n, const char *fen,
                            const char *root_fen, const char *path, hx_diff_finding *f,
                            int *child_flags, const oracle_answer *theirs)
{
    uint64_t key = hx_position_key(pos);
    for (int i = 0; i < n; i++) {
        char text[HX_MOVE_TEXT_MAX], child[HX_FEN_MAX], after[HX_FEN_MAX];
        hx_error e;
        hx_move_text(pos, moves[i], 0, text);
        int flags = hx_move_flags(pos, moves[i]);
        hx_make(pos, moves[i]);
        hx_position_fen(pos, child);
        int broken = hx_position_check(pos, &e);
        if (child_flags)
            child_flags[i] = flags | (hx_in_check(pos) ? 32 : 0);
        hx_unmake(pos);
        hx_position_fen(pos, after);
        if (broken || strcmp(after, fen) != 0 || hx_position_key(pos) != key) {
            disagree(f, HX_DIFF_MAKE_UNMAKE, pos, fen, root_fen, path);
            if (f) {
                memcpy(f->move, text, sizeof f->move);
                snprintf(f->message, sizeof f->message, "%s",
                         broken ? e.message : "unmake did not restore the position or its key");
            }
            return 1;
        }
        if (strcmp(theirs->child[i], child) != 0) {
            disagree(f, HX_DIFF_CHILD, pos, fen, root_fen, path);
            if (f) {
                memcpy(f->move, text, sizeof f->move);
                snprintf(f->reference_text, sizeof f->reference_text, "%s", child);
                snprintf(f->oracle_text, sizeof f->oracle_text, "%s", theirs->child[i]);
            }
            return 1;
        }
    }
    return 0;
}

static int reference_list(hx_position *pos, hx_move *moves, move_list *list)
{
    int n = hx_legal_moves(pos, moves);
    /* Sort moves and their texts together (by text) so children line up. */
    for (int i = 0; i < n; i++)
        hx_move_text(pos, moves[i], 0, list->text[i]);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && strcmp(list->text[j - 1], list->text[j]) > 0; j--) {
            char t[HX_MOVE_TEXT_MAX];
            hx_move m = moves[j];
            memcpy(t, list->text[j], sizeof t);
            memcpy(list->text[j], list->text[j - 1], sizeof t);
            memcpy(list->text[j - 1], t, sizeof t);
            moves[j] = moves[j - 1];
            moves[j - 1] = m;
        }
    list->n = n;
    return n;
}

static int as_divide(const move_list *l, hx_divide *out)
{
    int rc = 0;
    hx_divide_init(out);
    out->has_moves = 1;
    for (int i = 0; i < l->n; i++)
        rc |= hx_divide_add(out, l->text[i], 1);
    return rc;
}

/* What one comparison works in, handed from call to call explicitly: too
 * large for the stack, so allocated once per run. */
typedef struct diff_space {
    move_list ref;      /* the reference's moves at the last position compared */
    oracle_answer orc;  /* the oracle's */
    char text[TEXT_MAX * 8];
    char path[PATH_MAX_CHARS];
} diff_space;

/* Compares at pos; moves[] receives the legal moves sorted by text, and
 * *nmoves their number. A disagreement fills *f if f is non-NULL (f
 * initialised by the caller). */
static int diff_at(diff_space *w, hx_position *pos, const char *root_fen, const char *path,
                   hx_diff_finding *f, int *child_flags, hx_move *moves, int *nmoves)
{
    char *text = w->text;
    const hx_rules *r = hx_position_rules(pos);
    const char *v = hx_rules_variant(r), *p = hx_rules_profile(r);
    char fen[HX_FEN_MAX], err[256] = "its answer does not parse", status[32] = "";
    hx_position_fen(pos, fen);
    int n = reference_list(pos, moves, &w->ref);
    *nmoves = n;
    if (oracle_children(v, p, fen, text, sizeof w->text, err, sizeof err) != 0 ||
        parse_children(text, &w->orc) != 0) {
        disagree(f, HX_DIFF_ORACLE_ERROR, pos, fen, root_fen, path);
        if (f)
            snprintf(f->message, sizeof f->message, "%s", err);
        return 1;
    }
    if (!same_lists(&w->ref, &w->orc.moves)) {
        disagree(f, HX_DIFF_LEGAL_MOVES, pos, fen, root_fen, path);
        if (f && as_divide(&w->ref, &f->reference) == 0 &&
            as_divide(&w->orc.moves, &f->oracle) == 0)
            hx_divide_diff_of(&f->reference, &f->oracle, &f->diff);
        return 1;
    }
    const char *mine = hx_status_name(hx_position_status(pos));
    if (oracle_status(v, p, fen, status, sizeof status, err, sizeof err) != 0 ||
        strcmp(status, mine) != 0) {
        disagree(f, HX_DIFF_STATUS, pos, fen, root_fen, path);
        if (f) {
            snprintf(f->reference_text, sizeof f->reference_text, "%s", mine);
            snprintf(f->oracle_text, sizeof f->oracle_text, "%s", status);
        }
        return 1;
    }
    return compare_children(pos, moves, n, fen, root_fen, path, f, child_flags, &w->orc);
}

int hx_diff_position(hx_position *pos, const char *root_fen, hx_diff_finding *out,
                     int *child_flags)
{
    hx_move moves[HX_MAX_MOVES];
    int n;
    if (out)
        finding_init(out);
    diff_space *w = malloc(sizeof *w);
    if (!w)
        return -1;
    int rc = diff_at(w, pos, root_fen, NULL, out, child_flags, moves, &n);
    free(w);
    return rc;
}

/* ---- Random games ---------------------------------------------------- */

uint64_t hx_diff_game_seed(uint64_t seed, int game)
{
    uint64_t s = seed ^ ((uint64_t)game * 0xd1b54a32d192ed03ULL);
    return hx_splitmix64(&s);
}

static int weight_of(int flags, const hx_diff_bias *b)
{
    int w = 1;
    if (flags & HX_MOVE_CASTLE)
        w += b->castle;
    if (flags & HX_MOVE_EP)
        w += b->ep;
    if (flags & HX_MOVE_PROMOTION)
        w += b->promotion;
    if (flags & 32)
        w += b->check;
    if (flags & HX_MOVE_CAPTURE)
        w += b->capture;
    if (flags & HX_MOVE_MULTI_STEP) /* multi-steps lead to e.p. chances */
        w += b->ep / 4;
    return w;
}

static int choose(const int *flags, int n, const hx_diff_bias *bias, uint64_t *rng)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += weight_of(flags[i], bias);
    int pick = (int)(hx_splitmix64(rng) % (uint64_t)total);
    for (int i = 0; i < n; i++) {
        pick -= weight_of(flags[i], bias);
        if (pick < 0)
            return i;
    }
    return n - 1;
}

/* The bisection (bisect.c) from the game's root along the path at depth 1:
 * the position itself when the move lists differ; when they agree (the
 * status or a child HexFEN differs) the position and the result's diff. */
static hx_reproduction *minimal_reproduction(const hx_rules *r, const char *root_fen,
                                             const char *path, const char *fen,
                                             const hx_divide_diff *diff)
{
    const char *v = hx_rules_variant(r), *p = hx_rules_profile(r);
    hx_error err;
    hx_session *expected = hx_session_open_reference(v, p, &err);
    hx_session *got = expected ? hx_session_open_oracle(v, p, &err) : NULL;
    hx_reproduction *m = calloc(1, sizeof *m);
    if (!m || !got ||
        hx_bisect(expected, got, root_fen, path ? path : "", 1, m, &err) != 1) {
        if (!m) {
            hx_session_close(expected);
            hx_session_close(got);
            return NULL;
        }
        memset(m, 0, sizeof *m);
        m->fen = hx_strdup(fen);
        m->path = hx_strdup(path ? path : "");
        m->depth = 1;
        hx_divide_diff_copy(&m->diff, diff);
    }
    hx_session_close(expected);
    hx_session_close(got);
    m->command = hx_strfmt("hexref moves -v %s -p %s --fen '%s'", v, p, fen);
    return m;
}

/* A disagreement as a result: the position, the path from the game's root,
 * the report (the text printer's) and, when the legal moves differ, both
 * move sets and their difference (moved out of f). */
static void record_failure(hx_position *pos, const char *root_fen, const char *path,
                           hx_diff_finding *f, const hx_diff_observer *obs, hx_results *results)
{
    if (obs && obs->disagreement)
        obs->disagreement(obs->ctx, f);
    if (!results)
        return;
    const hx_rules *r = hx_position_rules(pos);
    hx_check_result c;
    hx_check_result_init(&c, HX_CHECK_SELFCHECK);
    c.outcome = HX_FAIL;
    c.id = hx_strfmt("%s/%s disagreement", hx_rules_variant(r), hx_rules_profile(r));
    c.variant = hx_strdup(hx_rules_variant(r));
    c.profile = hx_strdup(hx_rules_profile(r));
    c.fen = hx_strdup(root_fen);
    c.moves = path && *path ? hx_strdup(path) : NULL;
    c.depth = 1;
    c.message = hx_diff_finding_text(f);
    if (f->kind == HX_DIFF_LEGAL_MOVES && f->reference.has_moves && f->oracle.has_moves) {
        c.expected = f->reference;
        c.got = f->oracle;
        c.diff = f->diff;
        hx_divide_init(&f->reference);
        hx_divide_init(&f->oracle);
        memset(&f->diff, 0, sizeof f->diff);
    }
    c.minimal = minimal_reproduction(r, root_fen, path, f->fen, &c.diff);
    hx_results_add(results, &c);
}

static int play_game(diff_space *w, hx_position *pos, const char *root_fen, uint64_t rng,
                     int max_plies, const hx_diff_bias *bias, const hx_diff_observer *obs,
                     hx_results *results, hx_diff_stats *stats)
{
    char *path = w->path;
    hx_move moves[HX_MAX_MOVES];
    int flags[HX_MAX_MOVES];
    size_t used = 0;
    path[0] = '\0';
    int plies = 1 + (int)(hx_splitmix64(&rng) % (uint64_t)max_plies), n = 0;
    for (int ply = 0; ply <= plies; ply++) {
        hx_diff_finding f;
        stats->positions++;
        finding_init(&f);
        if (diff_at(w, pos, root_fen, path, &f, flags, moves, &n) != 0) {
            record_failure(pos, root_fen, path, &f, obs, results);
            hx_diff_finding_free(&f);
            stats->failed++;
            return 1;
        }
        stats->moves += (uint64_t)n;
        if (n == 0 || ply == plies || used + 16 >= sizeof w->path)
            break;
        int i = choose(flags, n, bias, &rng);
        char text[HX_MOVE_TEXT_MAX];
        hx_move_text(pos, moves[i], 0, text);
        used += (size_t)snprintf(path + used, sizeof w->path - used, "%s%s", used ? " " : "",
                                 text);
        hx_make(pos, moves[i]);
    }
    return 0;
}

int hx_diff_games(const char *variant, const char *profile, uint64_t seed, int games,
                  int max_plies, const hx_diff_bias *bias, double deadline,
                  const hx_diff_observer *obs, hx_results *results, hx_diff_stats *stats,
                  hx_error *err)
{
    hx_error e;
    const hx_rules *r = hx_rules_find(variant, profile, &e);
    hx_position *pos = r ? hx_position_new(r) : NULL;
    diff_space *w = pos ? malloc(sizeof *w) : NULL;
    if (!w) {
        snprintf(err->message, sizeof err->message, "cannot start %.24s/%.24s: %.180s", variant, profile,
                 r ? "out of memory" : e.message);
        hx_position_free(pos);
        return -1;
    }
    char root[HX_FEN_MAX];
    int failures = 0;
    for (int g = 0; g < games; g++) {
        if (deadline > 0 && hx_now() > deadline)
            break;
        hx_position_set_fen(pos, NULL, &e);
        hx_position_fen(pos, root);
        stats->games++;
        failures += play_game(w, pos, root, hx_diff_game_seed(seed, g), max_plies, bias, obs,
                              results, stats);
    }
    free(w);
    hx_position_free(pos);
    return failures ? 1 : 0;
}
