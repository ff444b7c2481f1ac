/*
 * attacks.c - which cells a piece attacks, and who attacks a cell.
 *
 * Two ways to find a slider's attacks, chosen when the library is compiled:
 *
 * - Line lookup (x86 BMI2). Each cell lies on three orthogonal and three
 *   diagonal lines (geometry.h). PEXT gathers the occupancy of a line's inner
 *   cells into a small index; one table, shared by every line of every board,
 *   gives the attacked positions along the line; PDEP scatters them back onto
 *   the board. Three lookups per slider, no branch.
 * - Ray scan (anywhere). The attack along a ray stops at the first occupied
 *   cell, found as the lowest (positive directions) or highest (negative)
 *   set cell of ray & occupied, because cells are numbered in (y, x) order.
 *
 * Both are compared with each other by the test suite (test_internals).
 */
#include "position.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

/* slide[p][occupied] = the positions a slider at position p of a line
 * attacks, for the occupancy of positions 1 .. HX_MAX_LINE - 2 (bit i is
 * position i + 1). Positions past the end of a shorter line fall off when the
 * result is scattered onto the line. */
static uint16_t slide[HX_MAX_LINE][1 << (HX_MAX_LINE - 2)];

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
            slide[p][occ] = (uint16_t)a;
        }
    }
}

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

hx_bb attacks_line_lookup(const hx_geometry *g, int axis, int cell, hx_bb occupied)
{
    const hx_line *l = &g->lines[g->line_of[axis][cell]];
    unsigned index = 0, positions;
    hx_bb cells = l->cells;
#if defined(__BMI2__)
    index = (unsigned)(_pext_u64(hx_bb_lo(occupied), hx_bb_lo(l->inner)) |
                       _pext_u64(hx_bb_hi(occupied), hx_bb_hi(l->inner)) << l->inner_low);
    positions = slide[g->line_pos[axis][cell]][index];
    return (hx_bb)_pdep_u64(positions >> l->cells_low, hx_bb_hi(cells)) << 64 |
           _pdep_u64(positions, hx_bb_lo(cells));
#else
    /* The same, one cell at a time: for the tests on machines without BMI2. */
    hx_bb inner = l->inner;
    for (int i = 0; inner; i++)
        index |= (unsigned)hx_bb_has(occupied, hx_bb_pop(&inner)) << i;
    positions = slide[g->line_pos[axis][cell]][index];
    hx_bb a = 0;
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
    int d = hx_axis_dir(axis);
    return ray_attack(g, d, cell, occupied) | ray_attack(g, hx_dir_opposite(d), cell, occupied);
}

#if defined(__BMI2__)
#define line_attack attacks_line_lookup
#else
#define line_attack attacks_ray_scan
#endif

hx_bb attacks_orthogonal(const hx_geometry *g, int cell, hx_bb occupied)
{
    return line_attack(g, 0, cell, occupied) | line_attack(g, 1, cell, occupied) |
           line_attack(g, 2, cell, occupied);
}

hx_bb attacks_diagonal(const hx_geometry *g, int cell, hx_bb occupied)
{
    return line_attack(g, 3, cell, occupied) | line_attack(g, 4, cell, occupied) |
           line_attack(g, 5, cell, occupied);
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
