/*
 * movegen.c - legal move generation.
 *
 * Legal by construction for almost every move: the generator knows the
 * checkers and the pinned pieces, so a piece's destinations are masked by
 * "blocks or captures the checker" and "stays on its pin line". Only the
 * king (destination not attacked, king lifted off the board) and the rare
 * e.p. capture (make, test, unmake: it removes two pieces from a line) are
 * tested individually. Nothing is copied and nothing allocated.
 */
#include "position.h"

typedef struct gen {
    hx_position *pos;
    const hx_rules *r;
    const hx_geometry *g;
    int us, them, king;
    hx_bb own, enemy, all;
    hx_bb target;  /* where a non-king move may land (check evasion mask) */
    hx_bb pinned;
    hx_bb pin_line[HX_MAX_CELLS]; /* valid only for pinned cells */
    hx_move *list;
    int n;
} gen;

static inline void add(gen *s, int from, int to, int kind)
{
    s->list[s->n++] = move_make(from, to, 0, kind, 0);
}

static inline hx_bb allowed(const gen *s, int from)
{
    return hx_bb_has(s->pinned, from) ? s->target & s->pin_line[from] : s->target;
}

static void add_all(gen *s, int from, hx_bb dests)
{
    while (dests)
        add(s, from, hx_bb_pop(&dests), MOVE_NORMAL);
}

/* A pinned piece may move only along the line from its king through it. */
static void find_pins(gen *s)
{
    const hx_geometry *g = s->g;
    const hx_bb *p = s->pos->pieces[s->them];
    hx_bb orth = p[HX_ROOK] | p[HX_QUEEN], diag = p[HX_BISHOP] | p[HX_QUEEN];
    s->pinned = 0;
    for (int d = 0; d < HX_DIRS; d++) {
        hx_bb sliders = d < HX_ORTHS ? orth : diag;
        hx_bb ray = g->ray[d][s->king];
        if (!(ray & sliders))
            continue;
        hx_bb blockers = ray & s->all;
        int positive = hx_dir_is_positive(d);
        int first = positive ? hx_bb_lsb(blockers) : hx_bb_msb(blockers);
        if (!hx_bb_has(s->own, first))
            continue;
        hx_bb beyond = blockers & g->ray[d][first];
        if (!beyond)
            continue;
        int second = positive ? hx_bb_lsb(beyond) : hx_bb_msb(beyond);
        if (hx_bb_has(sliders, second)) {
            s->pinned |= HX_BB_BIT(first);
            s->pin_line[first] = ray;
        }
    }
}

static void gen_king(gen *s)
{
    hx_bb dests = s->g->king[s->king] & ~s->own;
    hx_bb without_king = s->all & ~HX_BB_BIT(s->king);
    while (dests) {
        int to = hx_bb_pop(&dests);
        if (!position_attacked(s->pos, to, s->them, without_king))
            add(s, s->king, to, MOVE_NORMAL);
    }
}

static void gen_pieces(gen *s)
{
    const hx_geometry *g = s->g;
    const hx_bb *p = s->pos->pieces[s->us];
    hx_bb knights = p[HX_KNIGHT] & ~s->pinned; /* a knight never stays on a line */
    while (knights) {
        int from = hx_bb_pop(&knights);
        add_all(s, from, g->knight[from] & ~s->own & s->target);
    }
    hx_bb diag = p[HX_BISHOP] | p[HX_QUEEN];
    while (diag) {
        int from = hx_bb_pop(&diag);
        add_all(s, from, attacks_diagonal(g, from, s->all) & ~s->own & allowed(s, from));
    }
    hx_bb orth = p[HX_ROOK] | p[HX_QUEEN];
    while (orth) {
        int from = hx_bb_pop(&orth);
        add_all(s, from, attacks_orthogonal(g, from, s->all) & ~s->own & allowed(s, from));
    }
}

static void add_pawn_move(gen *s, int from, int to, int kind)
{
    if (hx_bb_has(s->r->promotion[s->us], to)) {
        for (int type = HX_QUEEN; type >= HX_KNIGHT; type--)
            s->list[s->n++] = move_make(from, to, type, kind, 0);
    } else {
        add(s, from, to, kind);
    }
}

/* Brusky's cross-block: a pawn that may not make any non-capturing move. */
static int cross_blocked(const gen *s, int from)
{
    const hx_rules *r = s->r;
    for (int k = 0; k < r->p.nforward; k++) {
        int t = r->push[s->us][k][from];
        if (r->p.cross == CROSS_ENEMY && t != HX_NO_CELL && hx_bb_has(s->enemy, t))
            return 1;
        if (r->p.cross == CROSS_ANY_OR_MISSING && (t == HX_NO_CELL || hx_bb_has(s->all, t)))
            return 1;
    }
    return 0;
}

static void gen_pawn_pushes(gen *s, int from, hx_bb ok)
{
    const hx_rules *r = s->r;
    int reach = r->max_steps[s->us][from];
    if (reach > 1 && hx_bb_has(s->pos->reentered, from))
        reach = 1; /* diag-firstmove */
    for (int k = 0; k < r->p.nforward; k++) {
        int to = r->push[s->us][k][from];
        for (int steps = 1; steps <= reach && to != HX_NO_CELL && !hx_bb_has(s->all, to);
             steps++) {
            if (hx_bb_has(ok, to))
                add_pawn_move(s, from, to, steps > 1 ? MOVE_MULTI : MOVE_NORMAL);
            to = r->push[s->us][k][to];
        }
    }
}

static void gen_pawns(gen *s)
{
    const hx_rules *r = s->r;
    hx_bb pawns = s->pos->pieces[s->us][HX_PAWN];
    while (pawns) {
        int from = hx_bb_pop(&pawns);
        hx_bb ok = allowed(s, from);
        if (r->p.cross == CROSS_NONE || !cross_blocked(s, from))
            gen_pawn_pushes(s, from, ok);
        hx_bb caps = (r->pawn_capture[s->us][from] | r->pawn_vertical[s->us][from]) &
                     s->enemy & ok;
        while (caps)
            add_pawn_move(s, from, hx_bb_pop(&caps), MOVE_NORMAL);
    }
}

/* E.p. removes a second piece, possibly from a pin line: make and test. */
static void gen_ep(gen *s)
{
    hx_bb cells = s->pos->ep.capturable;
    while (cells) {
        int to = hx_bb_pop(&cells);
        hx_bb from_cells = s->r->ep_capturers[s->us][to] & s->pos->pieces[s->us][HX_PAWN];
        while (from_cells) {
            hx_move m = move_make(hx_bb_pop(&from_cells), to, 0, MOVE_EP, 0);
            hx_make(s->pos, m);
            int exposed = position_attacked(s->pos, s->pos->king[s->us], s->them, s->pos->all);
            hx_unmake(s->pos);
            if (!exposed)
                s->list[s->n++] = m;
        }
    }
}

static void gen_castles(gen *s)
{
    const hx_rules *r = s->r;
    for (int i = 0; i < r->ncastles; i++) {
        const hx_castle *k = &r->castles[i];
        if (k->colour != s->us || !(s->pos->castling & (1 << k->right)) ||
            (k->must_be_empty & s->all))
            continue;
        hx_bb path = k->must_be_safe & ~HX_BB_BIT(k->king_from); /* not in check: known */
        int safe = 1;
        while (path && safe)
            safe = !position_attacked(s->pos, hx_bb_pop(&path), s->them, s->all);
        if (safe)
            s->list[s->n++] = move_make(k->king_from, k->king_to, 0, MOVE_CASTLE, i);
    }
}

static hx_bb evasion_target(const gen *s, hx_bb checkers)
{
    int checker = hx_bb_lsb(checkers);
    int d = s->g->dir_to[s->king][checker];
    if (d < 0)
        return checkers;
    /* Cells between king and checker, and the checker itself. */
    return s->g->ray[d][s->king] ^ s->g->ray[d][checker];
}

int hx_legal_moves(hx_position *pos, hx_move *list)
{
    gen s;
    s.pos = pos;
    s.r = pos->rules;
    s.g = pos->g;
    s.us = pos->side;
    s.them = !pos->side;
    s.king = pos->king[s.us];
    s.own = pos->occupied[s.us];
    s.enemy = pos->occupied[s.them];
    s.all = pos->all;
    s.list = list;
    s.n = 0;
    hx_bb checkers = position_attackers(pos, s.king, s.them, s.all);
    gen_king(&s);
    if (hx_bb_count(checkers) > 1)
        return s.n;
    s.target = checkers ? evasion_target(&s, checkers) : s.g->all;
    find_pins(&s);
    gen_pieces(&s);
    gen_pawns(&s);
    if (pos->ep.capturable)
        gen_ep(&s);
    if (!checkers && pos->castling)
        gen_castles(&s);
    return s.n;
}
