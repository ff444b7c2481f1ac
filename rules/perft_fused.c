/*
 * perft_fused.c - the last two plies of perft counted together
 * (perft_fused.h, docs/speed.md).
 */
#include "kernel_names.h" /* first: this file is compiled once per kernel */

#include "perft_fused.h"

#include "attacks.h"

/* The attacks of side's sliders on pos's occupancy; 0 if there are more
 * than the memo holds. */
static int fill_sliders(fused_sliders *m, const hx_position *pos, int side)
{
    const hx_geometry *g = pos->g;
    const hx_bb *p = pos->pieces[side];
    hx_bb diag = p[HX_BISHOP] | p[HX_QUEEN], orth = p[HX_ROOK] | p[HX_QUEEN];
    if (hx_bb_count(diag) + hx_bb_count(orth) > FUSED_MAX_SLIDERS)
        return 0;
    m->occupied = pos->all;
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
    return 1;
}

/* What a light make changes besides the board. */
typedef struct light_undo {
    int from, to, piece, captured;
    uint8_t castling;
    hx_ep ep;
    uint64_t key;
} light_undo;

/* A move that changes only the board, the rights, the e.p. record (which
 * it clears) and the side: neither a castle, an e.p. capture, a multi-step
 * nor a promotion, nor a pawn capture that a bug model (neg-vcap-ep,
 * neg-capture-ep) lets set an e.p. record. The caller keeps
 * diag-firstmove's re-entered pawns away (they change on every move). */
static int light_move(const hx_position *pos, hx_move m)
{
    if (move_kind(m) != MOVE_NORMAL || move_promo(m))
        return 0;
    const hx_rule_params *p = &pos->rules->p;
    return !(p->vcap_sets_ep || p->capture_sets_ep) || !pos->board[move_to(m)] ||
           hx_piece_type(pos->board[move_from(m)]) != HX_PAWN;
}

/* position_make for a light move, without the history, the clock and the
 * move number, which the count does not read; the key is kept (debug
 * builds check it after the e.p. trial of the generator). */
static void light_make(hx_position *pos, hx_move m, light_undo *u)
{
    const hx_rules *r = pos->rules;
    int from = move_from(m), to = move_to(m), piece = pos->board[from];
    int captured = pos->board[to];
    u->from = from;
    u->to = to;
    u->piece = piece;
    u->captured = captured;
    u->castling = pos->castling;
    u->ep = pos->ep;
    u->key = pos->key;
    uint64_t key = pos->key ^ zobrist_side() ^ zobrist_piece(piece, from) ^
                   zobrist_piece(piece, to);
    if (captured) {
        position_lift(pos, to);
        key ^= zobrist_piece(captured, to);
    }
    position_lift(pos, from);
    position_drop(pos, piece, to);
    for (int i = 0; i < pos->ep.count; i++)
        key ^= zobrist_ep(pos->ep.cells[i]);
    pos->ep.count = 0;
    pos->ep.victim = HX_NO_CELL;
    pos->ep.capturable = 0;
    uint8_t rights = pos->castling & r->rights_keep_from[from] & r->rights_keep_to[to];
    if (rights != pos->castling) {
        key ^= zobrist_castling(pos->castling) ^ zobrist_castling(rights);
        pos->castling = rights;
    }
    pos->key = key;
    pos->side = !pos->side;
}

static void light_unmake(hx_position *pos, const light_undo *u)
{
    position_lift(pos, u->to);
    position_drop(pos, u->piece, u->from);
    if (u->captured)
        position_drop(pos, u->captured, u->to);
    pos->castling = u->castling;
    pos->ep = u->ep;
    pos->key = u->key;
    pos->side = !pos->side;
}

uint64_t fused_perft2(hx_position *pos)
{
    hx_move moves[HX_MAX_MOVES];
    fused_sliders memo;
    int n = hx_legal_moves(pos, moves);
    int light = !pos->rules->p.first_move_only;
    const fused_sliders *use = fill_sliders(&memo, pos, !pos->side) ? &memo : NULL;
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        if (light && light_move(pos, moves[i])) {
            light_undo u;
            light_make(pos, moves[i], &u);
            nodes += (uint64_t)(use ? fused_count_legal(pos, use) : hx_count_legal(pos));
            light_unmake(pos, &u);
        } else {
            position_make(pos, moves[i]);
            nodes += (uint64_t)(use ? fused_count_legal(pos, use) : hx_count_legal(pos));
            hx_unmake(pos);
        }
    }
    return nodes;
}
