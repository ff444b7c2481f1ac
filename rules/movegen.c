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
#include "kernel_names.h" /* first: this file is compiled once per kernel */

#include "attacks.h"
#include "perft_fused.h"
#include "makemove.h"
#include "movegen.h"

/* The hot helpers are forced inline into generate(), which is itself
 * instantiated twice, listing and counting (perft's last ply): in the
 * counting copy every "if (s->list)" folds away at compile time. Coverage
 * builds keep one copy, so that branch coverage counts the source's
 * branches once, not once per instance with one side folded away. */
#ifdef HEXREF_COVERAGE
#define HOT static
#else
#define HOT static inline __attribute__((always_inline))
#endif

typedef struct gen {
    hx_position *pos;
    const hx_rules *r;
    const hx_geometry *g;
    int us, them, king;
    hx_bb own, enemy, all;
    hx_bb target;  /* where a non-king move may land (check evasion mask) */
    hx_bb pinned;
    hx_bb pin_line[HX_MAX_CELLS]; /* valid only for pinned cells */
    hx_move *list; /* NULL: only count (perft's last ply) */
    const fused_memo *memo; /* NULL, or the sliders' attacks at the parent */
    int n;
} gen;

HOT void add(gen *s, int from, int to, int kind)
{
    if (s->list)
        s->list[s->n] = move_make(from, to, 0, kind, 0);
    s->n++;
}

static inline hx_bb allowed(const gen *s, int from)
{
    return (s->pinned && hx_bb_has(s->pinned, from)) ? s->target & s->pin_line[from] : s->target;
}

HOT void add_all(gen *s, int from, hx_bb dests)
{
    if (!s->list) {
        s->n += hx_bb_count(dests);
        return;
    }
    while (dests)
        s->list[s->n++] = move_make(from, hx_bb_pop(&dests), 0, MOVE_NORMAL, 0);
}

/* Checkers and pinned pieces in one pass. The candidates are the enemy
 * sliders on the king's lines on an empty board: with nothing between, one
 * checks; with exactly one piece between, one of ours, it pins that piece,
 * which may then move only along the line. Leapers and pawns check from
 * their tables. */
HOT hx_bb find_checkers_and_pins(gen *s)
{
    const hx_geometry *g = s->g;
    const hx_bb *p = s->pos->pieces[s->them];
    int king = s->king;
    hx_bb checkers = (g->knight[king] & p[HX_KNIGHT]) | (g->king[king] & p[HX_KING]) |
                     (s->r->pawn_attackers[s->them][king] & p[HX_PAWN]);
    hx_bb snipers = (g->orth_lines[king] & (p[HX_ROOK] | p[HX_QUEEN])) |
                    (g->diag_lines[king] & (p[HX_BISHOP] | p[HX_QUEEN]));
    s->pinned = 0;
    while (snipers) {
        int sniper = hx_bb_pop(&snipers);
        int d = g->dir_to[king][sniper];
        /* the pieces between king and sniper, and the sniper itself */
        hx_bb standing = (g->ray[d][king] ^ g->ray[d][sniper]) & s->all;
        int count = hx_bb_count(standing);
        if (count == 1) {
            checkers |= standing;
        } else if (count == 2 && (standing & s->own)) {
            int first = hx_bb_lsb(standing & s->own);
            s->pinned |= HX_BB_BIT(first);
            s->pin_line[first] = g->ray[d][king];
        }
    }
    return checkers;
}

HOT void gen_king(gen *s)
{
    hx_bb dests = s->g->king[s->king] & ~s->own;
    hx_bb without_king = s->all & ~HX_BB_BIT(s->king);
    while (dests) {
        int to = hx_bb_pop(&dests);
        if (!cell_attacked(s->pos, to, s->them, without_king))
            add(s, s->king, to, MOVE_NORMAL);
    }
}

/* Pinned sliders, rare: each stays on its pin line. */
static void gen_pinned_pieces(gen *s, hx_bb ok)
{
    const hx_geometry *g = s->g;
    const hx_bb *p = s->pos->pieces[s->us];
    hx_bb diag = (p[HX_BISHOP] | p[HX_QUEEN]) & s->pinned;
    while (diag) {
        int from = hx_bb_pop(&diag);
        add_all(s, from, attacks_diagonal(g, from, s->all) & ok & s->pin_line[from]);
    }
    hx_bb orth = (p[HX_ROOK] | p[HX_QUEEN]) & s->pinned;
    while (orth) {
        int from = hx_bb_pop(&orth);
        add_all(s, from, attacks_orthogonal(g, from, s->all) & ok & s->pin_line[from]);
    }
}

/* The unpinned sliders. With `boxed` (a constant: the profile's setup
 * boxes sliders in, rules->boxed_sliders), a slider whose every first step
 * is onto its own side is passed over, which is cheaper than its three
 * lookups; where the setup boxes none in, the test would cost more than it
 * saves, so that copy has none (docs/speed.md). */
HOT void gen_sliders(gen *s, hx_bb ok, hx_bb free, int boxed)
{
    const hx_geometry *g = s->g;
    const hx_bb *p = s->pos->pieces[s->us];
    hx_bb diag = (p[HX_BISHOP] | p[HX_QUEEN]) & free;
    while (diag) {
        int from = hx_bb_pop(&diag);
        if (!boxed || (g->diag_steps[from] & ~s->own))
            add_all(s, from, attacks_diagonal(g, from, s->all) & ok);
    }
    hx_bb orth = (p[HX_ROOK] | p[HX_QUEEN]) & free;
    while (orth) {
        int from = hx_bb_pop(&orth);
        if (!boxed || (g->orth_steps[from] & ~s->own))
            add_all(s, from, attacks_orthogonal(g, from, s->all) & ok);
    }
}

/* Where the memo's counts hold for every slider (none taken or pinned,
 * not in check): the node's total, less what the sliders that reach a
 * changed cell lost or won. */
HOT void sliders_from_total(gen *s, hx_bb ok, hx_bb changed)
{
    const fused_memo *m = s->memo;
    uint32_t redo = 0;
    for (hx_bb c = changed; c;)
        redo |= m->hit[hx_bb_pop(&c)];
    s->n += m->total;
    while (redo) {
        int i = __builtin_ctz(redo), from = m->from[i];
        redo &= redo - 1;
        hx_bb a = m->diagonal[i] ? attacks_diagonal(s->g, from, s->all)
                                 : attacks_orthogonal(s->g, from, s->all);
        s->n += hx_bb_count(a & ok) - m->count[i];
    }
}

/* The unpinned sliders, from the attacks their parent node looked up
 * (perft_fused.h): a slider is looked up again only if the move since
 * changed the occupancy of a cell it reached; a captured or pinned one is
 * passed over; an unchanged one adds the node's count of its moves where
 * that count holds (not in check, nothing of ours taken). */
HOT void gen_sliders_memo(gen *s, hx_bb ok, hx_bb free)
{
    const hx_geometry *g = s->g;
    const fused_memo *m = s->memo;
    hx_bb changed = m->occupied ^ s->all;
    hx_bb gone = m->cells & ~(s->own & free); /* captured or pinned since */
    int counts_hold = s->own == m->own && s->target == g->all;
    if (counts_hold && !gone) {
        sliders_from_total(s, ok, changed);
        return;
    }
    for (int i = 0; i < m->n; i++) {
        int from = m->from[i];
        if (gone && hx_bb_has(gone, from))
            continue;
        hx_bb a = m->attacks[i];
        if (a & changed)
            a = m->diagonal[i] ? attacks_diagonal(g, from, s->all)
                               : attacks_orthogonal(g, from, s->all);
        else if (counts_hold) {
            s->n += m->count[i];
            continue;
        }
        add_all(s, from, a & ok);
    }
}

HOT void gen_pieces(gen *s)
{
    const hx_geometry *g = s->g;
    const hx_bb *p = s->pos->pieces[s->us];
    hx_bb ok = ~s->own & s->target, free = ~s->pinned; /* a pinned knight never moves */
    hx_bb knights = p[HX_KNIGHT] & free;
    if (s->memo && knights == s->memo->knights && s->own == s->memo->own && s->target == g->all) {
        s->n += s->memo->knight_count; /* none pinned or taken, not in check */
        knights = 0;
    }
    while (knights) {
        int from = hx_bb_pop(&knights);
        add_all(s, from, g->knight[from] & ok);
    }
    if (s->memo)
        gen_sliders_memo(s, ok, free);
    else if (s->r->boxed_sliders)
        gen_sliders(s, ok, free, 1);
    else
        gen_sliders(s, ok, free, 0);
    if (s->pinned)
        gen_pinned_pieces(s, ok);
}

static void add_pawn_move(gen *s, int from, int to, int kind)
{
    if (s->r->promotes[s->us][to]) {
        for (int type = HX_QUEEN; type >= HX_KNIGHT; type--) {
            if (s->list)
                s->list[s->n] = move_make(from, to, type, kind, 0);
            s->n++;
        }
    } else {
        add(s, from, to, kind);
    }
}

/* Brusky's cross-block: a pawn that may not make any non-capturing move.
 * The mailbox answers "what stands there" faster than a 128-bit shift. */
static int cross_blocked(const gen *s, int from)
{
    const hx_rules *r = s->r;
    const uint8_t *board = s->pos->board;
    for (int k = 0; k < r->p.nforward; k++) {
        int t = r->push[s->us][k][from];
        if (r->p.cross == CROSS_ENEMY && t != HX_NO_CELL && board[t] &&
            hx_piece_colour(board[t]) != s->us)
            return 1;
        if (r->p.cross == CROSS_ANY_OR_MISSING && (t == HX_NO_CELL || board[t]))
            return 1;
    }
    return 0;
}

/* `masked`: the destination must also be in ok (check or pin). */
static void gen_pawn_pushes(gen *s, int from, hx_bb ok, int masked)
{
    const hx_rules *r = s->r;
    const uint8_t *board = s->pos->board;
    int reach = r->max_steps[s->us][from];
    if (reach > 1 && s->pos->reentered && hx_bb_has(s->pos->reentered, from))
        reach = 1; /* diag-firstmove */
    for (int k = 0; k < r->p.nforward; k++) {
        int to = r->push[s->us][k][from];
        for (int steps = 1; steps <= reach && to != HX_NO_CELL && !board[to]; steps++) {
            if (!masked || hx_bb_has(ok, to))
                add_pawn_move(s, from, to, steps > 1 ? MOVE_MULTI : MOVE_NORMAL);
            to = r->push[s->us][k][to];
        }
    }
}

/* One pawn, move by move: pinned pawns, whose moves must stay on the line. */
static void gen_pawn_alone(gen *s, int from)
{
    const hx_rules *r = s->r;
    hx_bb ok = allowed(s, from);
    if (r->p.cross == CROSS_NONE || !cross_blocked(s, from))
        gen_pawn_pushes(s, from, ok, 1);
    hx_bb caps = (r->pawn_capture[s->us][from] | r->pawn_vertical[s->us][from]) & s->enemy & ok;
    while (caps)
        add_pawn_move(s, from, hx_bb_pop(&caps), MOVE_NORMAL);
}

/* Adds the moves to every cell of `to`, each from `back` cells behind. */
HOT void add_pawn_set(gen *s, hx_bb to, int back, int kind)
{
    if (!s->list) {
        /* a promotion is four moves; rare, so counted only when there is one */
        hx_bb promo = to & s->r->promotion[s->us];
        s->n += hx_bb_count(to);
        if (promo)
            s->n += 3 * hx_bb_count(promo);
        return;
    }
    while (to) {
        int t = hx_bb_pop(&to);
        add_pawn_move(s, t - back, t, kind);
    }
}

/* Pawns that Brusky's cross-block keeps from any non-capturing move. */
static hx_bb cross_blocked_set(const gen *s, hx_bb pawns)
{
    const hx_rules *r = s->r;
    hx_bb blocked = 0;
    for (int k = 0; k < r->p.nforward; k++) {
        hx_bb src = r->push_src[s->us][k];
        int sh = r->push_shift[s->us][k];
        if (r->p.cross == CROSS_ENEMY)
            blocked |= pawns & src & hx_bb_shift(s->enemy, -sh);
        else
            blocked |= pawns & (~src | hx_bb_shift(s->all, -sh));
    }
    return blocked;
}

/* Single steps and multi-steps of `pawns` along forward direction k. */
HOT void gen_pushes_set(gen *s, hx_bb pawns, int k, hx_bb empty)
{
    const hx_rules *r = s->r;
    hx_bb src = r->push_src[s->us][k];
    int sh = r->push_shift[s->us][k];
    hx_bb one = hx_bb_shift(pawns & src, sh) & empty;
    add_pawn_set(s, one & s->target, sh, MOVE_NORMAL);
    hx_bb two = hx_bb_shift(hx_bb_shift(pawns & r->reach2[s->us], sh) & empty & src, sh) & empty;
    add_pawn_set(s, two & s->target, 2 * sh, MOVE_MULTI);
    if (r->reach3[s->us] & pawns) {
        hx_bb three = hx_bb_shift(hx_bb_shift(pawns & r->reach3[s->us], sh) & empty & src, sh);
        three = hx_bb_shift(three & empty & src, sh) & empty;
        add_pawn_set(s, three & s->target, 3 * sh, MOVE_MULTI);
    }
}

/* The moves of `pawns`, none pinned, all at once: every pawn vector is
 * one index shift. */
HOT void gen_pawn_sets(gen *s, hx_bb pawns)
{
    const hx_rules *r = s->r;
    int us = s->us;
    hx_bb pushers = pawns, empty = s->g->all & ~s->all;
    if (r->p.cross != CROSS_NONE)
        pushers &= ~cross_blocked_set(s, pawns);
    if (s->pos->reentered) { /* diag-firstmove: single steps only */
        hx_bb re = pushers & s->pos->reentered;
        pushers &= ~re;
        for (int k = 0; k < r->p.nforward; k++)
            add_pawn_set(s, hx_bb_shift(re & r->push_src[us][k], r->push_shift[us][k]) & empty &
                                s->target, r->push_shift[us][k], MOVE_NORMAL);
    }
    for (int k = 0; k < r->p.nforward; k++)
        gen_pushes_set(s, pushers, k, empty);
    hx_bb targets = s->enemy & s->target;
    for (int k = 0; k < r->p.ncapture; k++) {
        int sh = r->capture_shift[us][k];
        add_pawn_set(s, hx_bb_shift(pawns & r->capture_src[us][k], sh) & targets, sh, MOVE_NORMAL);
    }
    if (r->vertical_src[us]) {
        int sh = r->vertical_shift[us];
        add_pawn_set(s, hx_bb_shift(pawns & r->vertical_src[us], sh) & targets, sh, MOVE_NORMAL);
    }
}

/* Whether the parent's pawn count holds here: the same pawns, none
 * pinned, not in check, and no cell of their reach changed its occupancy
 * or colour since (perft_fused.h). */
HOT int pawn_memo_holds(const gen *s, hx_bb pawns)
{
    const fused_memo *m = s->memo;
    hx_bb changed = (m->occupied ^ s->all) | (m->own ^ s->own);
    return m->pawn_count >= 0 && pawns == m->pawns && !(changed & m->pawn_reach) &&
           s->target == s->g->all;
}

HOT void gen_pawns(gen *s)
{
    hx_bb pawns = s->pos->pieces[s->us][HX_PAWN];
    hx_bb pinned = pawns & s->pinned;
    pawns &= ~pinned;
    while (pinned)
        gen_pawn_alone(s, hx_bb_pop(&pinned));
    if (s->memo && pawn_memo_holds(s, pawns))
        s->n += s->memo->pawn_count;
    else
        gen_pawn_sets(s, pawns);
}

/* Every cell a pawn of `pawns` may step onto or across, or capture on. */
static hx_bb pawn_reach(const hx_rules *r, int us, hx_bb pawns)
{
    hx_bb reach = 0;
    for (int k = 0; k < r->p.nforward; k++) {
        hx_bb src = r->push_src[us][k];
        int sh = r->push_shift[us][k];
        hx_bb one = hx_bb_shift(pawns & src, sh);
        hx_bb two = hx_bb_shift(hx_bb_shift(pawns & r->reach2[us], sh) & src, sh);
        hx_bb three = hx_bb_shift(hx_bb_shift(pawns & r->reach3[us], sh) & src, sh);
        reach |= one | two | hx_bb_shift(three & src, sh);
    }
    for (int k = 0; k < r->p.ncapture; k++)
        reach |= hx_bb_shift(pawns & r->capture_src[us][k], r->capture_shift[us][k]);
    if (r->vertical_src[us])
        reach |= hx_bb_shift(pawns & r->vertical_src[us], r->vertical_shift[us]);
    return reach;
}

void fused_fill_pawns(const hx_position *pos, int side, fused_memo *m)
{
    m->pawn_count = -1;
    if (pos->reentered) /* diag-firstmove: a pawn's reach changes on every move */
        return;
    /* An initializer, not assignments: a field left out is zero, never
     * the stack's garbage. pin_line stays unset: no pawn is pinned. */
    gen s = {
        .pos = (hx_position *)pos, /* read only: the pawn sets make no move */
        .r = pos->rules,
        .g = pos->g,
        .us = side,
        .them = !side,
        .own = pos->occupied[side],
        .enemy = pos->occupied[!side],
        .all = pos->all,
        .target = pos->g->all,
    };
    gen_pawn_sets(&s, pos->pieces[side][HX_PAWN]);
    m->pawns = pos->pieces[side][HX_PAWN];
    m->pawn_reach = pawn_reach(s.r, side, m->pawns);
    m->pawn_count = s.n;
}

/* Whether the e.p. capture from -> to leaves our king attacked. It
 * empties two cells, one of which may be on a line through the king, so
 * the pin masks do not answer it: the king's attackers are found on the
 * occupancy after the capture, which takes the pawn position_make would
 * take (none if the victim cell holds no enemy pawn, as a bug model can
 * make it). */
static int ep_exposes_king(const gen *s, int from, int to)
{
    const hx_geometry *g = s->g;
    const hx_bb *p = s->pos->pieces[s->them];
    int at = position_ep_victim(s->pos, to), king = s->king;
    hx_bb victim = at != HX_NO_CELL && s->pos->board[at] == hx_piece(s->them, HX_PAWN)
                       ? HX_BB_BIT(at) : 0;
    hx_bb occupied = (s->all & ~(HX_BB_BIT(from) | victim)) | HX_BB_BIT(to);
    if ((g->knight[king] & p[HX_KNIGHT]) || (g->king[king] & p[HX_KING]) ||
        (s->r->pawn_attackers[s->them][king] & p[HX_PAWN] & ~victim))
        return 1;
    hx_bb orth = (p[HX_ROOK] | p[HX_QUEEN]) & g->orth_lines[king];
    if (orth && (attacks_orthogonal(g, king, occupied) & orth))
        return 1;
    hx_bb diag = (p[HX_BISHOP] | p[HX_QUEEN]) & g->diag_lines[king];
    return diag && (attacks_diagonal(g, king, occupied) & diag);
}

static void gen_ep(gen *s)
{
    hx_bb cells = s->pos->ep.capturable;
    while (cells) {
        int to = hx_bb_pop(&cells);
        hx_bb from_cells = s->r->ep_capturers[s->us][to] & s->pos->pieces[s->us][HX_PAWN];
        while (from_cells) {
            int from = hx_bb_pop(&from_cells);
            if (!ep_exposes_king(s, from, to)) {
                if (s->list)
                    s->list[s->n] = move_make(from, to, 0, MOVE_EP, 0);
                s->n++;
            }
        }
    }
}

static void add_castle(gen *s, const hx_castle *k, int index)
{
    if (s->list)
        s->list[s->n] = move_make(k->king_from, k->king_to, 0, MOVE_CASTLE, index);
    s->n++;
}

static void gen_castles(gen *s)
{
    const hx_rules *r = s->r;
    for (int i = r->first_castle[s->us]; i < r->first_castle[s->us + 1]; i++) {
        const hx_castle *k = &r->castles[i];
        if (!(s->pos->castling & (1 << k->right)) || (k->must_be_empty & s->all))
            continue;
        hx_bb path = k->must_be_safe & ~HX_BB_BIT(k->king_from); /* not in check: known */
        int safe = 1;
        while (path && safe)
            safe = !cell_attacked(s->pos, hx_bb_pop(&path), s->them, s->all);
        if (safe)
            add_castle(s, k, i);
    }
}

/* Whether every castle the parent ruled out is still blocked: a move
 * only takes rights away, and none of the cells that blocked them was
 * emptied. */
HOT int castles_stay_shut(const gen *s)
{
    const fused_memo *m = s->memo;
    return !m->castle_open && !((m->occupied ^ s->all) & m->castle_cells);
}

HOT hx_bb evasion_target(const gen *s, hx_bb checkers)
{
    int checker = hx_bb_lsb(checkers);
    int d = s->g->dir_to[s->king][checker];
    if (d < 0)
        return checkers;
    /* Cells between king and checker, and the checker itself. */
    return s->g->ray[d][s->king] ^ s->g->ray[d][checker];
}

/* `us` is the side to move, pos->side: a constant where the caller
 * specialises the count by side (fused_count_legal). */
HOT int generate(hx_position *pos, hx_move *list, const fused_memo *memo, int us)
{
    gen s;
    s.pos = pos;
    s.r = pos->rules;
    s.g = pos->g;
    s.us = us;
    s.them = !us;
    s.king = pos->king[s.us];
    s.own = pos->occupied[s.us];
    s.enemy = pos->occupied[s.them];
    s.all = pos->all;
    s.list = list;
    s.memo = memo;
    s.n = 0;
    hx_bb checkers = find_checkers_and_pins(&s);
    gen_king(&s);
    if (hx_bb_count(checkers) > 1)
        return s.n;
    s.target = checkers ? evasion_target(&s, checkers) : s.g->all;
    gen_pieces(&s);
    gen_pawns(&s);
    if (pos->ep.capturable)
        gen_ep(&s);
    if (!checkers && (pos->castling & (3 << (2 * s.us))) && /* rights: 2 bits per colour */
        !(memo && castles_stay_shut(&s)))
        gen_castles(&s);
    return s.n;
}

int hx_legal_moves(hx_position *pos, hx_move *list) { return generate(pos, list, NULL, pos->side); }

int hx_count_legal(hx_position *pos) { return generate(pos, NULL, NULL, pos->side); }

/* One copy per side to move, so that every [us] and [them] index of the
 * rules' tables is a constant offset (docs/speed.md). */
int fused_count_legal(hx_position *pos, const fused_memo *memo)
{
    return pos->side == HX_WHITE ? generate(pos, NULL, memo, HX_WHITE)
                                 : generate(pos, NULL, memo, HX_BLACK);
}
