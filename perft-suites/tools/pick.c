/*
 * pick.c - candidate positions for the perft suites, each tagged with the
 * rules it exercises (see build_suites.py, which chooses among them).
 *
 * This tool is not part of the build: it reads the generator's private
 * structures (castling paths, e.p. capturers, attackers) to classify
 * positions, which the public API does not expose. Build it with
 *
 *   cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -Irules -Irules/include \
 *      perft-suites/tools/pick.c BUILD/rules/libhexref_rules_internal.a -lpthread -o pick
 *
 * usage: pick VARIANT PROFILE SEED GAMES  > candidates.tsv
 * Output: HEXFEN <TAB> tag,tag,... (positions with no tag are not printed,
 * except a sample tagged "random"). Two sources: biased random games from
 * the initial position (reachable), and "stripped" boards where most pieces
 * of a game position are removed (near-empty, castling set-ups, endings).
 */
#include "position.h"
#include "attacks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state;

static uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int below(int n) { return (int)(rnd() % (uint64_t)n); }

static int popcount(hx_bb b) { return __builtin_popcountll(hx_bb_lo(b)) + __builtin_popcountll(hx_bb_hi(b)); }

typedef struct tags {
    char text[1024];
} tags;

/* Adds "name" (index < 0) or "name:index" once. */
static void tag(tags *t, const char *name, int index)
{
    char one[64];
    if (index < 0)
        snprintf(one, sizeof one, "%s", name);
    else
        snprintf(one, sizeof one, "%s:%d", name, index);
    if (strstr(t->text, one))
        return;
    if (t->text[0])
        strcat(t->text, ",");
    strcat(t->text, one);
}

static void classify_castles(hx_position *pos, const hx_move *moves, int n, tags *t)
{
    const hx_rules *r = pos->rules;
    int legal[HX_MAX_CASTLES] = {0};
    for (int i = 0; i < n; i++)
        if (move_kind(moves[i]) == MOVE_CASTLE)
            legal[move_castle(moves[i])] = 1;
    for (int i = 0; i < r->ncastles; i++) {
        const hx_castle *k = &r->castles[i];
        if (k->colour != pos->side || !(pos->castling & (1 << k->right)))
            continue;
        if (legal[i])
            tag(t, "castle-ok", i);
        else if (k->must_be_empty & pos->all)
            tag(t, "castle-blocked", i);
        else if (hx_in_check(pos))
            tag(t, "castle-in-check", i);
        else
            tag(t, "castle-attacked", i);
    }
}

static void classify_ep(hx_position *pos, const hx_move *moves, int n, tags *t)
{
    const hx_rules *r = pos->rules;
    int us = pos->side, legal = 0, pseudo = 0;
    hx_bb pawns = pos->pieces[us][HX_PAWN];
    for (int i = 0; i < n; i++)
        if (move_kind(moves[i]) == MOVE_EP) {
            legal++;
            for (int c = 0; c < pos->ep.count; c++)
                if (pos->ep.cells[c] == move_to(moves[i]))
                    tag(t, "ep", c);
        }
    for (int c = 0; c < pos->ep.count; c++) {
        int cell = pos->ep.cells[c];
        int capturers = popcount(r->ep_capturers[us][cell] & pawns);
        if (hx_bb_has(pos->ep.capturable, cell))
            pseudo += capturers;
        else if (capturers)
            tag(t, "ep-denied", c);
    }
    if (pseudo > legal)
        tag(t, "ep-exposes-king", -1);
}

static void classify_pawns(hx_position *pos, const hx_move *moves, int n, tags *t)
{
    const hx_rules *r = pos->rules;
    int us = pos->side;
    for (int i = 0; i < n; i++) {
        int from = move_from(moves[i]), to = move_to(moves[i]);
        if (move_promo(moves[i]))
            tag(t, pos->board[to] ? "promo-capture" : "promo", -1);
        if (hx_bb_has(pos->pieces[us][HX_PAWN], from) && hx_bb_has(r->pawn_vertical[us][from], to))
            tag(t, "vertical-capture", -1);
    }
    if (r->p.cross == CROSS_NONE)
        return;
    hx_bb pawns = pos->pieces[us][HX_PAWN];
    while (pawns) {
        int from = hx_bb_pop(&pawns);
        for (int k = 0; k < r->p.nforward; k++) {
            int to = r->push[us][k][from];
            int blocked = r->p.cross == CROSS_ENEMY ? to != HX_NO_CELL && hx_bb_has(pos->occupied[!us], to)
                                                    : to == HX_NO_CELL || hx_bb_has(pos->all, to);
            int other = r->push[us][!k][from];
            if (blocked && other != HX_NO_CELL && !hx_bb_has(pos->all, other))
                tag(t, "cross-block", -1);
        }
    }
}

static void classify_checks(hx_position *pos, const hx_move *moves, int n, tags *t)
{
    int us = pos->side, king = pos->king[us];
    int checkers = popcount(position_attackers(pos, king, !us, pos->all));
    if (checkers == 1)
        tag(t, "check", -1);
    if (checkers >= 2)
        tag(t, "double-check", -1);
    hx_bb own = pos->occupied[us] & ~HX_BB_BIT(king);
    while (own) {
        int c = hx_bb_pop(&own);
        if (popcount(position_attackers(pos, king, !us, pos->all & ~HX_BB_BIT(c))) > checkers)
            tag(t, "pin", -1);
    }
    for (int i = 0; i < n; i++) {
        hx_make(pos, moves[i]);
        hx_status s = hx_position_status(pos);
        if (s == HX_CHECKMATE)
            tag(t, "mate-in-1", -1);
        if (s == HX_STALEMATE)
            tag(t, "stalemate-in-1", -1);
        if (s == HX_CHECK && popcount(position_attackers(pos, pos->king[pos->side], us, pos->all)) >= 2)
            tag(t, "gives-double-check", -1);
        hx_unmake(pos);
    }
}

static void emit(hx_position *pos, int stripped)
{
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    tags t = {{0}};
    if (n == 0)
        return; /* perft 0: no use in a suite */
    classify_castles(pos, moves, n, &t);
    classify_ep(pos, moves, n, &t);
    classify_pawns(pos, moves, n, &t);
    classify_checks(pos, moves, n, &t);
    if (popcount(pos->all) <= 8)
        tag(&t, "near-empty", -1);
    if (!stripped && below(40) == 0)
        tag(&t, "random", -1);
    if (!t.text[0])
        return;
    char fen[HX_FEN_MAX];
    hx_position_fen(pos, fen);
    printf("%s\t%s%s\n", fen, stripped ? "stripped," : "", t.text);
}

static int bias_weight(hx_position *pos, hx_move m)
{
    int k = move_kind(m), w = 1;
    if (k == MOVE_CASTLE || k == MOVE_EP || move_promo(m))
        w = 40;
    else if (k == MOVE_MULTI)
        w = 6;
    else if (hx_bb_has(pos->pieces[pos->side][HX_PAWN], move_from(m)))
        w = 3;
    hx_make(pos, m);
    w += hx_in_check(pos) ? 6 : 0;
    hx_unmake(pos);
    return w;
}

static void play_random(hx_position *pos)
{
    hx_move moves[HX_MAX_MOVES];
    int weights[HX_MAX_MOVES], n = hx_legal_moves(pos, moves), total = 0;
    for (int i = 0; i < n; i++)
        total += weights[i] = bias_weight(pos, moves[i]);
    int r = below(total), i = 0;
    while (r >= weights[i])
        r -= weights[i++];
    hx_make(pos, moves[i]);
}

/* Keeps the kings, rooks on castling homes (with their rights) when
 * `castling`, and each other piece with probability keep/100. */
static int strip(hx_position *src, hx_position *dst, int keep, int castling)
{
    char fen[HX_FEN_MAX];
    hx_position scratch;
    position_init_scratch(&scratch, src->rules);
    position_copy_state(&scratch, src);
    int rights = 0;
    for (hx_bb cells = scratch.g->all; cells;) {
        int c = hx_bb_pop(&cells);
        int home = 0;
        for (int b = 0; b < 4; b++)
            if (castling && scratch.rules->rook_home[b] == c && (src->castling & (1 << b)))
                home = 1, rights |= 1 << b;
        if (scratch.board[c] && c != scratch.king[0] && c != scratch.king[1] && !home &&
            below(100) >= keep)
            position_remove(&scratch, c);
    }
    scratch.castling = (uint8_t)rights;
    scratch.ep.count = 0;
    hx_position_fen(&scratch, fen);
    hx_error err;
    return hx_position_set_fen(dst, fen, &err);
}

static void one_game(hx_position *pos, hx_position *tmp)
{
    hx_error err;
    hx_position_set_fen(pos, NULL, &err);
    int plies = 2 + below(110);
    hx_move moves[HX_MAX_MOVES];
    for (int p = 0; p < plies && hx_legal_moves(pos, moves) > 0; p++) {
        play_random(pos);
        if (below(4) == 0)
            emit(pos, 0);
        if (below(12) == 0 && strip(pos, tmp, 5 + below(40), below(2)) == 0)
            emit(tmp, 1);
    }
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: pick VARIANT PROFILE SEED GAMES\n");
        return 2;
    }
    hx_error err;
    const hx_rules *r = hx_rules_find(argv[1], argv[2], &err);
    if (!r) {
        fprintf(stderr, "pick: %s\n", err.message);
        return 1;
    }
    rng_state = strtoull(argv[3], NULL, 10);
    hx_position *pos = hx_position_new(r), *tmp = hx_position_new(r);
    for (int g = atoi(argv[4]); g > 0; g--)
        one_game(pos, tmp);
    hx_position_free(pos);
    hx_position_free(tmp);
    return 0;
}
