/*
 * attacks.c - who attacks a cell, the line lookup table, and the two
 * derivations of a slider's attacks along one line that the tests compare
 * (attacks.h says which one the generator uses).
 */
#include "attacks.h"

uint16_t hx_slide[HX_MAX_LINE][1 << (HX_MAX_LINE - 2)];

static int inner_occupied(unsigned occupied, int position)
{
    return position >= 1 && position <= HX_MAX_LINE - 2 && (occupied >> (position - 1)) & 1;
}

void attacks_init(void)
{
    for (int p = 0; p < HX_MAX_LINE; p++) {
        for (unsigned occ = 0; occ < 1u << (HX_MAX_LINE - 2); occ++) {
            unsigned a = 0;
            for (int q = p + 1; q < HX_MAX_LINE; q++) {
                a |= 1u << q;
                if (inner_occupied(occ, q))
                    break;
            }
            for (int q = p - 1; q >= 0; q--) {
                a |= 1u << q;
                if (inner_occupied(occ, q))
                    break;
            }
            hx_slide[p][occ] = (uint16_t)a;
        }
    }
}

hx_bb attacks_line_lookup(const hx_geometry *g, int axis, int cell, hx_bb occupied)
{
#if defined(__BMI2__)
    return line_lookup(g, axis, cell, occupied);
#else
    /* PEXT and PDEP one cell at a time, for machines without BMI2. */
    const hx_line *l = &g->lines[g->line_of[axis][cell]];
    hx_bb inner = l->inner, cells = l->cells, a = 0;
    unsigned index = 0;
    for (int i = 0; inner; i++)
        index |= (unsigned)hx_bb_has(occupied, hx_bb_pop(&inner)) << i;
    unsigned positions = hx_slide[g->line_pos[axis][cell]][index];
    for (int i = 0; cells; i++) {
        int t = hx_bb_pop(&cells);
        if ((positions >> i) & 1)
            a |= HX_BB_BIT(t);
    }
    return a;
#endif
}

hx_bb attacks_ray_scan(const hx_geometry *g, int axis, int cell, hx_bb occupied)
{
    return line_scan(g, axis, cell, occupied);
}

hx_bb position_attackers(const hx_position *pos, int cell, int by, hx_bb occupied)
{
    const hx_geometry *g = pos->g;
    const hx_bb *p = pos->pieces[by];
    hx_bb orth = (p[HX_ROOK] | p[HX_QUEEN]) & occupied;
    hx_bb diag = (p[HX_BISHOP] | p[HX_QUEEN]) & occupied;
    return (g->knight[cell] & p[HX_KNIGHT]) | (g->king[cell] & p[HX_KING]) |
           (pos->rules->pawn_attackers[by][cell] & p[HX_PAWN]) |
           (attacks_orthogonal(g, cell, occupied) & orth) |
           (attacks_diagonal(g, cell, occupied) & diag);
}

int position_attacked(const hx_position *pos, int cell, int by, hx_bb occupied)
{
    return cell_attacked(pos, cell, by, occupied);
}
