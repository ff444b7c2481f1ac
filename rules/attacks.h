/*
 * attacks.h - a slider's attacks, inline for the generator.
 *
 * Two derivations, chosen when the library is compiled:
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
 * The test suite compares the two on every cell and axis (test_internals),
 * and runs everything else on both: CI's Release build is compiled for the
 * machine (BMI2), its sanitizer build is not.
 */
#ifndef HEXREF_ATTACKS_H
#define HEXREF_ATTACKS_H

#include "position.h"

/* Attacks (attacks.c; a slider's attacks inline in attacks.h).
 * attacks_init() fills the line lookup table once. */
void attacks_init(void);
/* A slider's attacks along one axis (geometry.h), by the two methods. */
hx_bb attacks_line_lookup(const hx_geometry *g, int axis, int cell, hx_bb occupied);
hx_bb attacks_ray_scan(const hx_geometry *g, int axis, int cell, hx_bb occupied);
int position_attacked(const hx_position *pos, int cell, int by, hx_bb occupied);
hx_bb position_attackers(const hx_position *pos, int cell, int by, hx_bb occupied);

#if defined(__BMI2__)
#include <immintrin.h>
#endif

/* hx_slide[p][occupied] = the positions a slider at position p of a line
 * attacks, for the occupancy of positions 1 .. HX_MAX_LINE - 2 (bit i is
 * position i + 1). Positions past the end of a shorter line fall off when
 * the result is scattered onto the line. Filled by attacks_init(). */
extern uint16_t hx_slide[HX_MAX_LINE][1 << (HX_MAX_LINE - 2)];

static inline hx_bb ray_scan(const hx_geometry *g, int d, int cell, hx_bb occupied)
{
    hx_bb ray = g->ray[d][cell];
    hx_bb blockers = ray & occupied;
    if (blockers) {
        int first = hx_dir_is_positive(d) ? hx_bb_lsb(blockers) : hx_bb_msb(blockers);
        ray ^= g->ray[d][first];
    }
    return ray;
}

static inline hx_bb line_scan(const hx_geometry *g, int axis, int cell, hx_bb occupied)
{
    int d = hx_axis_dir(axis);
    return ray_scan(g, d, cell, occupied) | ray_scan(g, hx_dir_opposite(d), cell, occupied);
}

#if defined(__BMI2__)
static inline hx_bb line_lookup(const hx_geometry *g, int axis, int cell, hx_bb occupied)
{
    const hx_line_at *l = &g->line_at[cell][axis];
    unsigned index = (unsigned)(_pext_u64(hx_bb_lo(occupied), l->inner_lo) |
                                _pext_u64(hx_bb_hi(occupied), l->inner_hi) << l->inner_low);
    unsigned positions = (&hx_slide[0][0])[l->slide_row + index];
    return (hx_bb)_pdep_u64(positions >> l->cells_low, l->cells_hi) << 64 |
           _pdep_u64(positions, l->cells_lo);
}
#define line_attack line_lookup
#else
#define line_attack line_scan
#endif

static inline hx_bb attacks_orthogonal(const hx_geometry *g, int cell, hx_bb occupied)
{
    return line_attack(g, 0, cell, occupied) | line_attack(g, 1, cell, occupied) |
           line_attack(g, 2, cell, occupied);
}

static inline hx_bb attacks_diagonal(const hx_geometry *g, int cell, hx_bb occupied)
{
    return line_attack(g, 3, cell, occupied) | line_attack(g, 4, cell, occupied) |
           line_attack(g, 5, cell, occupied);
}

/* Whether a piece of colour `by` attacks cell, with `occupied` as the
 * board's occupancy (the generator lifts the king off it to test the king's
 * destinations). Sliders are looked up only if one stands on the cell's
 * lines at all. */
static inline int cell_attacked(const hx_position *pos, int cell, int by, hx_bb occupied)
{
    const hx_geometry *g = pos->g;
    const hx_bb *p = pos->pieces[by];
    if ((g->knight[cell] & p[HX_KNIGHT]) || (g->king[cell] & p[HX_KING]) ||
        (pos->rules->pawn_attackers[by][cell] & p[HX_PAWN]))
        return 1;
    hx_bb orth = (p[HX_ROOK] | p[HX_QUEEN]) & occupied & g->orth_lines[cell];
    if (orth && (attacks_orthogonal(g, cell, occupied) & orth))
        return 1;
    hx_bb diag = (p[HX_BISHOP] | p[HX_QUEEN]) & occupied & g->diag_lines[cell];
    return diag && (attacks_diagonal(g, cell, occupied) & diag);
}

#endif
