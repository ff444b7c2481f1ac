/*
 * makemove.c - making and unmaking moves, with exact restoration.
 *
 * make saves in the history everything a move may change that cannot be
 * recomputed (captured piece, rights, e.p. record, clock, key); unmake puts
 * the pieces back and restores the rest from there.
 */
#include "kernel_names.h" /* first: this file is compiled once per kernel */

#include "position.h"
#include "invariants.h"
#include "makemove.h"
#include "zobrist.h"

#include <assert.h>
#include <string.h>

#ifdef HEXREF_DEBUG
#include <stdio.h>
#include <stdlib.h>
static void check_invariants(const hx_position *pos, const char *where)
{
    const char *problem = position_is_ok(pos);
    if (problem) {
        fprintf(stderr, "hexref: invariant broken after %s: %s\n", where, problem);
        abort();
    }
}
#else
#define check_invariants(pos, where) ((void)0)
#endif

static void clear_ep(hx_position *pos)
{
    for (int i = 0; i < pos->ep.count; i++)
        pos->key ^= zobrist_ep(pos->ep.cells[i]);
    pos->ep.count = 0;
    pos->ep.victim = HX_NO_CELL;
    pos->ep.capturable = 0;
}

/* Sets the e.p. record; position_make keys its cells. */
static void set_ep(hx_position *pos, const int8_t *cells, int count, int victim)
{
    for (int i = 0; i < count; i++)
        pos->ep.cells[i] = cells[i];
    pos->ep.count = (int8_t)count;
    pos->ep.victim = (int8_t)victim;
    pos->ep.capturable = position_ep_capturable(pos->rules, &pos->ep);
}

void position_record_multi_step(hx_position *pos, int us, int from, int to)
{
    const hx_rules *r = pos->rules;
    for (int k = 0; k < r->p.nforward; k++) {
        int8_t cells[HX_MAX_EP];
        int n = 0;
        for (int t = r->push[us][k][from]; t != HX_NO_CELL && n < HX_MAX_EP;
             t = r->push[us][k][t]) {
            if (t == to) {
                set_ep(pos, cells, n, to);
                return;
            }
            cells[n++] = (int8_t)t;
        }
    }
}

static int is_vector(const hx_position *pos, int us, int from, int to, const int8_t v[2])
{
    int sign = us == HX_WHITE ? 1 : -1;
    return pos->g->x[to] - pos->g->x[from] == sign * v[0] &&
           pos->g->y[to] - pos->g->y[from] == sign * v[1];
}

/* Negative controls neg-vcap-ep and neg-capture-ep: a pawn capture that
 * advances two ranks wrongly counts as a double step. */
static void bug_capture_sets_ep(hx_position *pos, int us, int from, int to)
{
    const hx_rule_params *p = &pos->rules->p;
    int vertical = p->vcap_sets_ep && is_vector(pos, us, from, to, p->vertical);
    int diagonal = p->capture_sets_ep && is_vector(pos, us, from, to, p->capture[0]);
    if (vertical || diagonal) {
        int8_t cell = pos->rules->push[us][0][from];
        if (cell != HX_NO_CELL && !hx_bb_has(pos->all, cell))
            set_ep(pos, &cell, 1, to);
    }
}

static void make_castle(hx_position *pos, int us, const hx_castle *k)
{
    int king = hx_piece(us, HX_KING), rook = hx_piece(us, HX_ROOK);
    position_lift(pos, k->king_from);
    position_lift(pos, k->rook_from);
    position_drop(pos, king, k->king_to);
    position_drop(pos, rook, k->rook_to);
    pos->key ^= zobrist_piece(king, k->king_from) ^ zobrist_piece(rook, k->rook_from) ^
                zobrist_piece(king, k->king_to) ^ zobrist_piece(rook, k->rook_to);
}

static void unmake_castle(hx_position *pos, int us, const hx_castle *k)
{
    position_lift(pos, k->king_to);
    position_lift(pos, k->rook_to);
    position_drop(pos, hx_piece(us, HX_KING), k->king_from);
    position_drop(pos, hx_piece(us, HX_ROOK), k->rook_from);
}

static void update_clock(hx_position *pos, int kind, int piece, int captured)
{
    int reset = captured || (pos->rules->p.clock == CLOCK_PAWN_OR_CAPTURE &&
                             hx_piece_type(piece) == HX_PAWN);
    if (reset)
        pos->halfmove = 0;
    else if (!(kind == MOVE_CASTLE && pos->rules->p.clock == CLOCK_CAPTURE_ONLY))
        pos->halfmove++;
}

static void update_reentered(hx_position *pos, int us, int piece, int from, int to, int captured)
{
    pos->reentered &= ~(HX_BB_BIT(from) | HX_BB_BIT(to));
    if (captured && hx_piece_type(piece) == HX_PAWN && hx_bb_has(pos->rules->start[us], to))
        pos->reentered |= HX_BB_BIT(to);
}

int hx_make(hx_position *pos, hx_move m)
{
    if (pos->ply >= HX_HISTORY)
        return -1;
    position_make(pos, m);
    return 0;
}

void position_make(hx_position *pos, hx_move m)
{
    assert(pos->ply < HX_HISTORY_ALLOC);
    hx_undo *u = &pos->history[pos->ply++];
    int us = pos->side, from = move_from(m), to = move_to(m), kind = move_kind(m);
    int piece = pos->board[from], captured = 0, captured_at = to;
    u->move = m;
    u->castling = pos->castling;
    u->halfmove = pos->halfmove;
    u->ep = pos->ep;
    u->reentered = pos->reentered;
    u->key = pos->key;
    if (kind == MOVE_CASTLE) {
        make_castle(pos, us, &pos->rules->castles[move_castle(m)]);
    } else {
        if (kind == MOVE_EP)
            captured_at = position_ep_victim(pos, to);
        if (captured_at != HX_NO_CELL && pos->board[captured_at] &&
            (kind != MOVE_EP || pos->board[captured_at] == hx_piece(!us, HX_PAWN))) {
            captured = pos->board[captured_at];
            position_lift(pos, captured_at);
            pos->key ^= zobrist_piece(captured, captured_at);
        }
        int placed = move_promo(m) ? hx_piece(us, move_promo(m)) : piece;
        position_lift(pos, from);
        position_drop(pos, placed, to);
        pos->key ^= zobrist_piece(piece, from) ^ zobrist_piece(placed, to);
    }
    u->captured = (uint8_t)captured;
    u->captured_at = (int8_t)captured_at;
    clear_ep(pos);
    if (kind == MOVE_MULTI)
        position_record_multi_step(pos, us, from, to);
    else if (captured && hx_piece_type(piece) == HX_PAWN)
        bug_capture_sets_ep(pos, us, from, to);
    for (int i = 0; i < pos->ep.count; i++)
        pos->key ^= zobrist_ep(pos->ep.cells[i]);
    uint8_t rights = pos->castling & pos->rules->rights_keep_from[from] &
                     pos->rules->rights_keep_to[to];
    if (rights != pos->castling) {
        pos->key ^= zobrist_castling(pos->castling) ^ zobrist_castling(rights);
        pos->castling = rights;
    }
    update_clock(pos, kind, piece, captured);
    if (pos->rules->p.first_move_only)
        update_reentered(pos, us, piece, from, to, captured);
    if (us == HX_BLACK)
        pos->fullmove++;
    pos->side = !us;
    pos->key ^= zobrist_side();
    check_invariants(pos, "make");
}

void hx_unmake(hx_position *pos)
{
    assert(pos->ply > 0);
    const hx_undo *u = &pos->history[--pos->ply];
    hx_move m = u->move;
    int us = !pos->side, from = move_from(m), to = move_to(m), kind = move_kind(m);
    pos->side = us;
    if (kind == MOVE_CASTLE) {
        unmake_castle(pos, us, &pos->rules->castles[move_castle(m)]);
    } else {
        int moved = move_promo(m) ? hx_piece(us, HX_PAWN) : pos->board[to];
        position_lift(pos, to);
        position_drop(pos, moved, from);
        if (u->captured)
            position_drop(pos, u->captured, u->captured_at);
    }
    if (us == HX_BLACK)
        pos->fullmove--;
    pos->castling = u->castling;
    pos->halfmove = u->halfmove;
    pos->ep = u->ep;
    pos->reentered = u->reentered;
    pos->key = u->key;
    check_invariants(pos, "unmake");
}
