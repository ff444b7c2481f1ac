/*
 * perft_fused.c - the last two plies of perft counted together
 * (perft_fused.h, docs/speed.md).
 */
#include "kernel_names.h" /* first: this file is compiled once per kernel */

#include "perft_fused.h"

#include "attacks.h"
#include "makemove.h"
#include "movegen.h"

#include <string.h>

/* The castles of side that pos's occupancy does not already rule out. */
static void fill_castles(fused_memo *m, const hx_position *pos, int side)
{
    const hx_rules *r = pos->rules;
    m->castle_cells = 0;
    m->castle_open = 0;
    for (int i = r->first_castle[side]; i < r->first_castle[side + 1]; i++) {
        const hx_castle *k = &r->castles[i];
        if (pos->castling & (1 << k->right)) {
            m->castle_cells |= k->must_be_empty;
            m->castle_open |= !(k->must_be_empty & pos->all);
        }
    }
}

/* The sliders' and knights' move counts (not in check, none pinned), and
 * per cell which sliders' attacks hold it. */
static void fill_counts(fused_memo *m, const hx_position *pos, int side)
{
    const hx_geometry *g = pos->g;
    memset(m->hit, 0, sizeof m->hit);
    m->total = 0;
    for (int i = 0; i < m->n; i++) {
        m->count[i] = (uint8_t)hx_bb_count(m->attacks[i] & ~m->own);
        m->total += m->count[i];
        for (hx_bb a = m->attacks[i]; a;)
            m->hit[hx_bb_pop(&a)] |= (uint32_t)1 << i;
    }
    hx_bb knights = m->knights = pos->pieces[side][HX_KNIGHT];
    m->knight_count = 0;
    while (knights)
        m->knight_count += hx_bb_count(g->knight[hx_bb_pop(&knights)] & ~m->own);
}

/* The memo of side's moves on pos (perft_fused.h); 0 if side has more
 * sliders than it holds. */
static int fill_memo(fused_memo *m, const hx_position *pos, int side)
{
    const hx_geometry *g = pos->g;
    const hx_bb *p = pos->pieces[side];
    hx_bb diag = p[HX_BISHOP] | p[HX_QUEEN], orth = p[HX_ROOK] | p[HX_QUEEN];
    if (hx_bb_count(diag) + hx_bb_count(orth) > FUSED_MAX_SLIDERS)
        return 0;
    m->occupied = pos->all;
    m->own = pos->occupied[side];
    m->cells = diag | orth;
    m->n = 0;
    while (diag) {
        int from = hx_bb_pop(&diag);
        m->from[m->n] = (int8_t)from;
        m->diagonal[m->n] = 1;
        m->attacks[m->n++] = attacks_diagonal(g, from, pos->all);
    }
    while (orth) {
        int from = hx_bb_pop(&orth);
        m->from[m->n] = (int8_t)from;
        m->diagonal[m->n] = 0;
        m->attacks[m->n++] = attacks_orthogonal(g, from, pos->all);
    }
    fill_counts(m, pos, side);
    fused_fill_pawns(pos, side, m);
    fill_castles(m, pos, side);
    return 1;
}

/* A move that changes only the board, the rights, the e.p. record and the
 * side: neither a castle, an e.p. capture nor a promotion, nor a pawn
 * capture that a bug model (neg-vcap-ep, neg-capture-ep) lets set an e.p.
 * record. A multi-step sets the record, every other light move clears it.
 * The caller keeps diag-firstmove's re-entered pawns away (they change on
 * every move). */
static int light_move(const hx_position *pos, hx_move m)
{
    if ((move_kind(m) != MOVE_NORMAL && move_kind(m) != MOVE_MULTI) || move_promo(m))
        return 0;
    const hx_rule_params *p = &pos->rules->p;
    return !(p->vcap_sets_ep || p->capture_sets_ep) || !pos->board[move_to(m)] ||
           hx_piece_type(pos->board[move_from(m)]) != HX_PAWN;
}

/* A light move's bitboard edit, which played again undoes itself; a
 * moving king is put on king_at (to, then back on from). The caller edits
 * the mailbox. */
static inline void light_edit(hx_position *pos, int us, int from, int to, int piece,
                              int captured, int king_at)
{
    hx_bb moved = HX_BB_BIT(from) | HX_BB_BIT(to);
    pos->pieces[us][hx_piece_type(piece)] ^= moved;
    pos->occupied[us] ^= moved;
    if (captured) {
        hx_bb bit = HX_BB_BIT(to);
        pos->pieces[!us][hx_piece_type(captured)] ^= bit;
        pos->occupied[!us] ^= bit;
        pos->all ^= HX_BB_BIT(from);
    } else {
        pos->all ^= moved;
    }
    if (hx_piece_type(piece) == HX_KING)
        pos->king[us] = (int8_t)king_at;
}

/* The replies to the light moves of pos, each played by a board edit on
 * a position whose side the caller set for the children, and whose e.p.
 * record it emptied; the key, the history and the clock are not kept, as
 * the child's count reads none of them (it tests e.p. captures by masks,
 * movegen.c). */
static uint64_t count_light(hx_position *pos, const hx_move *moves, int n, const uint8_t *light,
                            const fused_memo *use)
{
    const hx_rules *r = pos->rules;
    int us = !pos->side;
    uint8_t rights = pos->castling;
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        if (!light[i])
            continue;
        int from = move_from(moves[i]), to = move_to(moves[i]);
        int piece = pos->board[from], captured = pos->board[to];
        light_edit(pos, us, from, to, piece, captured, to);
        pos->board[to] = (uint8_t)piece;
        pos->board[from] = HX_EMPTY;
        pos->castling = rights & r->rights_keep_from[from] & r->rights_keep_to[to];
        int multi = move_kind(moves[i]) == MOVE_MULTI;
        if (multi)
            position_record_multi_step(pos, us, from, to);
        nodes += (uint64_t)(use ? fused_count_legal(pos, use) : hx_count_legal(pos));
        if (multi) {
            pos->ep.count = 0;
            pos->ep.victim = HX_NO_CELL;
            pos->ep.capturable = 0;
        }
        light_edit(pos, us, from, to, piece, captured, from);
        pos->board[from] = (uint8_t)piece;
        pos->board[to] = (uint8_t)captured;
    }
    pos->castling = rights;
    return nodes;
}

uint64_t fused_perft2(hx_position *pos)
{
    hx_move moves[HX_MAX_MOVES];
    uint8_t light[HX_MAX_MOVES];
    fused_memo memo;
    int n = hx_legal_moves(pos, moves), nlight = 0;
    int can_light = !pos->rules->p.first_move_only;
    const fused_memo *use = fill_memo(&memo, pos, !pos->side) ? &memo : NULL;
    for (int i = 0; i < n; i++)
        nlight += light[i] = (uint8_t)(can_light && light_move(pos, moves[i]));
    uint64_t nodes = 0;
    if (nlight) {
        hx_ep ep = pos->ep;
        pos->ep.count = 0;
        pos->ep.victim = HX_NO_CELL;
        pos->ep.capturable = 0;
        pos->side = !pos->side;
        nodes = count_light(pos, moves, n, light, use);
        pos->side = !pos->side;
        pos->ep = ep;
    }
    for (int i = 0; nlight < n && i < n; i++) {
        if (light[i])
            continue;
        position_make(pos, moves[i]);
        nodes += (uint64_t)(use ? fused_count_legal(pos, use) : hx_count_legal(pos));
        hx_unmake(pos);
    }
    return nodes;
}
