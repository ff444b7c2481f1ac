/*
 * movegen.c - pseudo-legal moves, attacks, legality and making a move.
 *
 * Legality is the definition itself: a move is legal iff, played on a copy
 * of the position, no pseudo-legal enemy move captures the mover's king.
 */
#include "oracle_int.h"

#include <string.h>

/* README.md "Lattice": orthogonal n=1, diagonal n=3, knight n=7. */
const cell orc_ortho[6] = {{0, 1}, {1, 1}, {1, 0}, {0, -1}, {-1, -1}, {-1, 0}};
const cell orc_diag[6] = {{1, 2}, {2, 1}, {1, -1}, {-1, -2}, {-2, -1}, {-1, 1}};
const cell orc_knight[12] = {{1, 3},  {-1, -3}, {2, 3},  {-2, -3},
                                {3, 2},  {-3, -2}, {3, 1},  {-3, -1},
                                {2, -1}, {-2, 1},  {1, -2}, {-1, 2}};

/* Pawn vectors, [side][i], exactly as the spec's §3 lists them. */
static const cell FORWARD[2] = {{0, 1}, {0, -1}};  /* Shafran, Glinski, McCooey */
static const cell SHAFRAN_CAPTURE[2][2] = {{{1, 2}, {-1, 1}}, {{-1, -2}, {1, -1}}};
static const cell GLINSKI_CAPTURE[2][2] = {{{1, 1}, {-1, 0}}, {{1, 0}, {-1, -1}}};
static const cell MCCOOEY_CAPTURE[2][2] = {{{1, 2}, {-1, 1}}, {{1, -1}, {-1, -2}}};
static const cell BRUSKY_FORWARD[2][2] = {{{0, 1}, {1, 1}}, {{0, -1}, {-1, -1}}};
static const cell BRUSKY_SLANT[2][2] = {{{-1, 1}, {2, 1}}, {{1, -1}, {-2, -1}}};
static const cell BRUSKY_VERTICAL[2] = {{1, 2}, {-1, -2}};

/* shafran.md §3: cells a pawn may advance from its start cell, by file. */
static const int SHAFRAN_STEPS[9] = {1, 2, 2, 3, 3, 3, 2, 2, 1};

static char at(const struct position *p, cell c)
{
    return p->sq[c.x][c.y];
}

static void put(struct position *p, cell c, char piece)
{
    p->sq[c.x][c.y] = piece;
}

static void push(struct movelist *ml, cell from, cell to, char kind, char promo)
{
    struct move *m;

    if (ml->n >= MAX_MOVES) {
        ml->overflow = 1;
        return;
    }
    m = &ml->m[ml->n++];
    memset(m, 0, sizeof *m);
    m->from = from;
    m->to = to;
    m->kind = kind;
    m->promo = promo;
}

/* ---- Pieces ------------------------------------------------------------ */

/* Adds from->to if `to` is empty or enemy; returns 1 if a slider may go on. */
static int add_target(const struct game *g, const struct position *p, int side,
                      cell from, cell to, struct movelist *ml)
{
    char pc;

    if (!on_board(g, to))
        return 0;
    pc = at(p, to);
    if (pc == EMPTY) {
        push(ml, from, to, MV_PLAIN, 0);
        return 1;
    }
    if (side_of(pc) != side)
        push(ml, from, to, MV_PLAIN, 0);
    return 0;
}

static void leaps(const struct game *g, const struct position *p, int side,
                  cell from, const cell *dirs, int n, struct movelist *ml)
{
    for (int i = 0; i < n; i++)
        add_target(g, p, side, from, step(from, dirs[i], 1), ml);
}

static void slides(const struct game *g, const struct position *p, int side,
                   cell from, const cell *dirs, int n, struct movelist *ml)
{
    for (int i = 0; i < n; i++)
        for (int k = 1; add_target(g, p, side, from, step(from, dirs[i], k), ml); k++)
            ;
}

/* ---- Pawns ------------------------------------------------------------- */

/* Start cells are the cells of the profile's initial pawns (Shafran: the
 * start cells of §3; Brusky: the home rank; Glinski: the start chevron). */
static int is_start_cell(const struct game *g, int side, cell c)
{
    return g->initial[c.x][c.y] == orc_piece_of(side, 'P');
}

/* Brusky: the far rank. Others: the last cell of the file, going forward. */
int orc_is_promotion_cell(const struct game *g, int side, cell c)
{
    if (g->variant == BRUSKY)
        return c.y == (side == WHITE ? 7 : 0);
    return !on_board(g, step(c, FORWARD[side], 1));
}

/* One pawn move; on a promotion cell it is four moves (=Q, =R, =B, =N). */
static void push_pawn(const struct game *g, int side, cell from, cell to,
                      char kind, struct movelist *ml)
{
    if (!orc_is_promotion_cell(g, side, to)) {
        push(ml, from, to, kind, 0);
        return;
    }
    push(ml, from, to, kind, 'q');
    push(ml, from, to, kind, 'r');
    push(ml, from, to, kind, 'b');
    push(ml, from, to, kind, 'n');
}

/* May the side to move capture e.p. on the empty cell t? */
static int ep_capturable(const struct game *g, const struct position *p,
                         int side, cell t)
{
    if (side != p->stm || p->ep_n == 0 || g->ep == EP_NONE)
        return 0;
    if (g->ep == EP_NEXT_TO_LANDING)  /* Shafran jocly: last crossed cell only */
        return same_cell(t, p->ep[p->ep_n - 1]);
    for (int i = 0; i < p->ep_n; i++)
        if (same_cell(t, p->ep[i]))
            return 1;
    return 0;
}

/* A pawn capture along d: onto an enemy, or (if allowed) e.p. onto t. */
static void pawn_capture(const struct game *g, const struct position *p,
                         int side, cell c, cell d, int may_ep,
                         struct movelist *ml)
{
    cell t = step(c, d, 1);
    char pc;

    if (!on_board(g, t))
        return;
    pc = at(p, t);
    if (pc != EMPTY) {
        if (side_of(pc) != side)
            push_pawn(g, side, c, t, MV_PLAIN, ml);
    } else if (may_ep && ep_capturable(g, p, side, t)) {
        push_pawn(g, side, c, t, MV_EP, ml);
    }
}

/* How many cells a Shafran/Glinski/McCooey pawn may advance from c. */
static int file_pawn_reach(const struct game *g, int side, cell c)
{
    if (!is_start_cell(g, side, c))
        return 1;
    if (g->variant == SHAFRAN)
        return SHAFRAN_STEPS[c.x];
    if (g->variant == MCCOOEY && c.x == 5)
        return 1;  /* mccooey.md §3: the f-file centre pawn never double-steps */
    return 2;
}

/* Shafran, Glinski, McCooey: forward along the file, two capture vectors. */
static void gen_file_pawn(const struct game *g, const struct position *p,
                          int side, cell c, struct movelist *ml)
{
    const cell *caps = g->variant == SHAFRAN   ? SHAFRAN_CAPTURE[side]
                       : g->variant == GLINSKI ? GLINSKI_CAPTURE[side]
                                               : MCCOOEY_CAPTURE[side];
    int reach = file_pawn_reach(g, side, c);

    for (int k = 1; k <= reach; k++) {  /* every cell passed must be empty */
        cell t = step(c, FORWARD[side], k);
        if (!on_board(g, t) || at(p, t) != EMPTY)
            break;
        push_pawn(g, side, c, t, k == 1 ? MV_PLAIN : MV_MULTI, ml);
    }
    for (int i = 0; i < 2; i++)
        pawn_capture(g, p, side, c, caps[i], 1, ml);
}

/* brusky.md §3/§6: does something on a forward cell stop all pawn steps? */
static int cross_blocked(const struct game *g, const struct position *p,
                         int side, cell c)
{
    for (int i = 0; i < 2; i++) {
        cell t = step(c, BRUSKY_FORWARD[side][i], 1);
        if (g->cross_block == CB_ENEMY && on_board(g, t) && at(p, t) != EMPTY &&
            side_of(at(p, t)) != side)
            return 1;
        if (g->cross_block == CB_ANY_OR_MISSING &&
            (!on_board(g, t) || at(p, t) != EMPTY))
            return 1;
    }
    return 0;
}

/* brusky.md §3 pseudocode, line by line. */
static void gen_brusky_pawn(const struct game *g, const struct position *p,
                            int side, cell c, struct movelist *ml)
{
    int home = is_start_cell(g, side, c);

    if (!cross_blocked(g, p, side, c)) {
        for (int i = 0; i < 2; i++) {
            cell f = BRUSKY_FORWARD[side][i];
            cell t1 = step(c, f, 1), t2 = step(c, f, 2);
            if (!on_board(g, t1) || at(p, t1) != EMPTY)
                continue;
            push_pawn(g, side, c, t1, MV_PLAIN, ml);
            if (home && on_board(g, t2) && at(p, t2) == EMPTY)
                push_pawn(g, side, c, t2, MV_MULTI, ml);  /* same direction */
        }
    }
    for (int i = 0; i < 2; i++)
        pawn_capture(g, p, side, c, BRUSKY_SLANT[side][i], 1, ml);
    if (home && g->vertical_capture)  /* never e.p.: may_ep = 0 */
        pawn_capture(g, p, side, c, BRUSKY_VERTICAL[side], 0, ml);
}

static void gen_piece(const struct game *g, const struct position *p, cell c,
                      struct movelist *ml)
{
    char pc = at(p, c);
    int side = side_of(pc);

    switch (orc_type_of(pc)) {
    case 'K':
        leaps(g, p, side, c, orc_ortho, 6, ml);
        leaps(g, p, side, c, orc_diag, 6, ml);
        break;
    case 'Q':
        slides(g, p, side, c, orc_ortho, 6, ml);
        slides(g, p, side, c, orc_diag, 6, ml);
        break;
    case 'R':
        slides(g, p, side, c, orc_ortho, 6, ml);
        break;
    case 'B':
        slides(g, p, side, c, orc_diag, 6, ml);
        break;
    case 'N':
        leaps(g, p, side, c, orc_knight, 12, ml);
        break;
    case 'P':
        if (g->variant == BRUSKY)
            gen_brusky_pawn(g, p, side, c, ml);
        else
            gen_file_pawn(g, p, side, c, ml);
        break;
    default:
        break;
    }
}

/* ---- Castling ---------------------------------------------------------- */

/* The unit orthogonal step from a to b, which lie on one orthogonal line
 * (castling lines and pawn multi-steps): the difference over its length. */
static cell unit_toward(cell a, cell b)
{
    int dx = b.x - a.x, dy = b.y - a.y;
    int n = orc_hex_distance(a, b);
    cell u;

    u.x = (signed char)(dx / n);
    u.y = (signed char)(dy / n);
    return u;
}

/* §4: right kept, king and rook at home, every cell between them empty, and
 * no cell the king stands on, passes or reaches attacked. */
static int may_castle(const struct game *g, const struct position *p,
                      const struct castling *cs)
{
    int side = cs->side;
    cell u = unit_toward(cs->king_from, cs->rook_from);
    cell c;

    if (!p->castle[side][cs->rook_from.x] ||
        at(p, cs->king_from) != orc_piece_of(side, 'K') ||
        at(p, cs->rook_from) != orc_piece_of(side, 'R'))
        return 0;
    for (c = step(cs->king_from, u, 1); !same_cell(c, cs->rook_from); c = step(c, u, 1))
        if (at(p, c) != EMPTY)
            return 0;
    for (c = cs->king_from;; c = step(c, u, 1)) {
        if (orc_attacked(g, p, c, !side))
            return 0;
        if (same_cell(c, cs->king_to))
            return 1;
    }
}

static void gen_castlings(const struct game *g, const struct position *p,
                          int side, struct movelist *ml)
{
    for (int i = 0; i < g->ncastlings; i++) {
        const struct castling *cs = &g->castlings[i];
        if (cs->side != side || !may_castle(g, p, cs))
            continue;
        push(ml, cs->king_from, cs->king_to, MV_CASTLE, 0);
        if (!ml->overflow) {
            ml->m[ml->n - 1].rook_from = cs->rook_from;
            ml->m[ml->n - 1].rook_to = cs->rook_to;
        }
    }
}

/* ---- Move lists, attacks, legality -------------------------------------- */

static void gen_pseudo(const struct game *g, const struct position *p, int side,
                       int with_castling, struct movelist *ml)
{
    ml->n = 0;
    ml->overflow = 0;
    for (int x = 0; x < g->nx; x++) {
        for (int y = 0; y < g->ny; y++) {
            cell c = {(signed char)x, (signed char)y};
            if (on_board(g, c) && at(p, c) != EMPTY && side_of(at(p, c)) == side)
                gen_piece(g, p, c, ml);
        }
    }
    if (with_castling)
        gen_castlings(g, p, side, ml);
}

/* The first piece met from c along d (EMPTY if the board ends first). */
static char first_piece(const struct game *g, const struct position *p, cell c,
                        cell d)
{
    for (cell t = step(c, d, 1); on_board(g, t); t = step(t, d, 1))
        if (at(p, t) != EMPTY)
            return at(p, t);
    return EMPTY;
}

/* Is there a piece `piece` on c - d for one of the n vectors d? */
static int piece_behind(const struct game *g, const struct position *p, cell c,
                        const cell *dirs, int n, char piece)
{
    for (int i = 0; i < n; i++) {
        cell s = step(c, dirs[i], -1);
        if (on_board(g, s) && at(p, s) == piece)
            return 1;
    }
    return 0;
}

/* Is there a pawn of `by` that captures onto c (an occupied c: e.p. lands
 * on an empty cell, so it never captures a king)? */
static int pawn_attacks(const struct game *g, const struct position *p, cell c,
                        int by)
{
    char pawn = orc_piece_of(by, 'P');
    const cell *caps = g->variant == SHAFRAN   ? SHAFRAN_CAPTURE[by]
                       : g->variant == GLINSKI ? GLINSKI_CAPTURE[by]
                       : g->variant == MCCOOEY ? MCCOOEY_CAPTURE[by]
                                               : BRUSKY_SLANT[by];
    cell s;

    if (piece_behind(g, p, c, caps, 2, pawn))
        return 1;
    if (g->variant != BRUSKY || !g->vertical_capture)
        return 0;
    s = step(c, BRUSKY_VERTICAL[by], -1);  /* only from the pawn's home */
    return on_board(g, s) && at(p, s) == pawn && is_start_cell(g, by, s);
}

/* Can side `by` capture on c, i.e. would a piece of the other side on c be
 * taken by one of by's pseudo-legal moves? Looked at from c: a rook or
 * queen first met along an orthogonal line, a bishop or queen along a
 * diagonal, a king one step away, a knight a knight's leap away, or a pawn
 * whose capture vector ends on c. Castling never captures. */
int orc_attacked(const struct game *g, const struct position *p, cell c, int by)
{
    char queen = orc_piece_of(by, 'Q'), rook = orc_piece_of(by, 'R');
    char bishop = orc_piece_of(by, 'B'), king = orc_piece_of(by, 'K');

    for (int i = 0; i < 6; i++) {
        char ortho = first_piece(g, p, c, orc_ortho[i]);
        char diag = first_piece(g, p, c, orc_diag[i]);
        if (ortho == queen || ortho == rook || diag == queen || diag == bishop)
            return 1;
    }
    return piece_behind(g, p, c, orc_ortho, 6, king) ||
           piece_behind(g, p, c, orc_diag, 6, king) ||
           piece_behind(g, p, c, orc_knight, 12, orc_piece_of(by, 'N')) ||
           pawn_attacks(g, p, c, by);
}

/* The cell of side's king; found = 0 if it has none (a parsed position
 * always has both kings). */
static cell king_cell(const struct game *g, const struct position *p, int side,
                      int *found)
{
    char king = orc_piece_of(side, 'K');
    cell none = {0, 0};

    for (int x = 0; x < g->nx; x++) {
        for (int y = 0; y < g->ny; y++) {
            cell c = {(signed char)x, (signed char)y};
            if (on_board(g, c) && at(p, c) == king) {
                *found = 1;
                return c;
            }
        }
    }
    *found = 0;
    return none;
}

int orc_in_check(const struct game *g, const struct position *p, int side)
{
    int found;
    cell k = king_cell(g, p, side, &found);

    return found && orc_attacked(g, p, k, !side);
}

/* A pseudo-legal move is legal iff the mover's king, where it stands after
 * the move (the move's target if the king moved), cannot be captured. */
void orc_legal_moves(const struct game *g, const struct position *p,
                 struct movelist *ml)
{
    int n = 0, found;
    cell king = king_cell(g, p, p->stm, &found);

    gen_pseudo(g, p, p->stm, 1, ml);
    for (int i = 0; i < ml->n; i++) {
        struct position q = *p;
        cell k = same_cell(ml->m[i].from, king) ? ml->m[i].to : king;
        orc_apply_move(g, &q, &ml->m[i]);
        if (!found || !orc_attacked(g, &q, k, !p->stm))
            ml->m[n++] = ml->m[i];
    }
    ml->n = n;
}

/* ---- Making a move (docs/conventions.md "State updates") ---------------- */

/* A king move removes both rights of its side; a move from or onto a rook
 * home cell removes that cell's right. */
static void update_castling_rights(const struct game *g, struct position *p,
                                   const struct move *m, char mover)
{
    if (orc_type_of(mover) == 'K')
        memset(p->castle[side_of(mover)], 0, sizeof p->castle[0]);
    for (int i = 0; i < g->ncastlings; i++) {
        const struct castling *cs = &g->castlings[i];
        if (same_cell(m->from, cs->rook_from) || same_cell(m->to, cs->rook_from))
            p->castle[cs->side][cs->rook_from.x] = 0;
    }
}

/* After a multi-step: the cells crossed, in order; the pawn is the victim. */
static void set_ep(struct position *p, const struct move *m)
{
    cell u = unit_toward(m->from, m->to);
    int k = orc_hex_distance(m->from, m->to);

    p->ep_n = 0;
    for (int i = 1; i < k && p->ep_n < MAX_CROSSED; i++)
        p->ep[p->ep_n++] = step(m->from, u, i);
    p->ep_victim = m->to;
}

void orc_apply_move(const struct game *g, struct position *p, const struct move *m)
{
    int side = p->stm;
    char mover = at(p, m->from);
    int capture = at(p, m->to) != EMPTY || m->kind == MV_EP;

    update_castling_rights(g, p, m, mover);
    put(p, m->from, EMPTY);
    if (m->kind == MV_EP)
        put(p, p->ep_victim, EMPTY);
    if (m->kind == MV_CASTLE) {
        put(p, m->rook_from, EMPTY);
        put(p, m->rook_to, orc_piece_of(side, 'R'));
    }
    put(p, m->to, m->promo ? orc_piece_of(side, orc_type_of(m->promo)) : mover);

    p->ep_n = 0;
    if (m->kind == MV_MULTI)
        set_ep(p, m);

    if (g->jocly_clock)  /* JOC: only a capture resets; castling is not counted */
        p->half = capture ? 0 : m->kind == MV_CASTLE ? p->half : p->half + 1;
    else
        p->half = (capture || orc_type_of(mover) == 'P') ? 0 : p->half + 1;
    if (side == BLACK)
        p->full++;
    p->stm = !side;
}

void orc_move_text(const struct game *g, const struct move *m, char out[MOVE_TEXT])
{
    char from[4], to[4];

    orc_cell_name(g, m->from, from);
    orc_cell_name(g, m->to, to);
    strcpy(out, from);
    strcat(out, to);
    if (m->promo) {
        size_t n = strlen(out);
        out[n] = m->promo;
        out[n + 1] = '\0';
    }
}
