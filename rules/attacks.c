/*
 * attacks.c - which cells a piece attacks, and who attacks a cell.
 *
 * Sliders use ray tables: the attack along a ray stops at the first occupied
 * cell, found as the lowest (positive directions) or highest (negative) set
 * cell of ray & occupied, because cells are numbered in (y, x) order.
 */
#include "position.h"

static inline hx_bb ray_attack(const hx_geometry *g, int d, int cell, hx_bb occupied)
{
    hx_bb ray = g->ray[d][cell];
    hx_bb blockers = ray & occupied;
    if (blockers) {
        int first = hx_dir_is_positive(d) ? hx_bb_lsb(blockers) : hx_bb_msb(blockers);
        ray ^= g->ray[d][first];
    }
    return ray;
}

hx_bb attacks_orthogonal(const hx_geometry *g, int cell, hx_bb occupied)
{
    hx_bb a = 0;
    for (int d = 0; d < 6; d++)
        a |= ray_attack(g, d, cell, occupied);
    return a;
}

hx_bb attacks_diagonal(const hx_geometry *g, int cell, hx_bb occupied)
{
    hx_bb a = 0;
    for (int d = 6; d < 12; d++)
        a |= ray_attack(g, d, cell, occupied);
    return a;
}

hx_bb position_attackers(const hx_position *pos, int cell, int by, hx_bb occupied)
{
    const hx_geometry *g = pos->g;
    const hx_bb *p = pos->pieces[by];
    hx_bb queens = p[HX_QUEEN];
    hx_bb att = (g->knight[cell] & p[HX_KNIGHT]) | (g->king[cell] & p[HX_KING]) |
                (pos->rules->pawn_attackers[by][cell] & p[HX_PAWN]);
    hx_bb orth = (p[HX_ROOK] | queens) & occupied & g->orth_lines[cell];
    for (int d = 0; orth && d < 6; d++)
        if (g->ray[d][cell] & orth)
            att |= ray_attack(g, d, cell, occupied) & orth;
    hx_bb diag = (p[HX_BISHOP] | queens) & occupied & g->diag_lines[cell];
    for (int d = 6; diag && d < 12; d++)
        if (g->ray[d][cell] & diag)
            att |= ray_attack(g, d, cell, occupied) & diag;
    return att;
}

int position_attacked(const hx_position *pos, int cell, int by, hx_bb occupied)
{
    const hx_geometry *g = pos->g;
    const hx_bb *p = pos->pieces[by];
    if ((g->knight[cell] & p[HX_KNIGHT]) || (g->king[cell] & p[HX_KING]) ||
        (pos->rules->pawn_attackers[by][cell] & p[HX_PAWN]))
        return 1;
    /* Only rays that hold an enemy slider of their kind can attack. */
    hx_bb orth = (p[HX_ROOK] | p[HX_QUEEN]) & occupied & g->orth_lines[cell];
    for (int d = 0; orth && d < 6; d++)
        if ((g->ray[d][cell] & orth) && (ray_attack(g, d, cell, occupied) & orth))
            return 1;
    hx_bb diag = (p[HX_BISHOP] | p[HX_QUEEN]) & occupied & g->diag_lines[cell];
    for (int d = 6; diag && d < 12; d++)
        if ((g->ray[d][cell] & diag) && (ray_attack(g, d, cell, occupied) & diag))
            return 1;
    return 0;
}
