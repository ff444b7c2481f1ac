/*
 * perft_fused.h - perft's last two plies counted together (perft_fused.c,
 * docs/speed.md).
 *
 * A depth-2 count plays each move of the node and counts the replies. The
 * replies' side is the same in every child, and one move changes few cells,
 * so the sliders' attacks of that side are looked up once, at the node
 * (fused_sliders), and in each child again only where the move changed a
 * cell they reach. Most moves are played by a lighter make (no history, no
 * clock) that perft_fused.c keeps to the cases it knows; the rest (castles,
 * e.p., multi-steps, promotions, the bug models' e.p. records) are played
 * by position_make.
 */
#ifndef HEXREF_PERFT_FUSED_H
#define HEXREF_PERFT_FUSED_H

#include "position.h"

/* More sliders than this (a set-up position) and the node is counted the
 * plain way. */
enum { FUSED_MAX_SLIDERS = 24 };

/* One side's slider attacks on one occupancy: entry i is the attack of the
 * piece on from[i] along its diagonal (diagonal[i] = 1) or orthogonal lines. */
typedef struct fused_sliders {
    hx_bb occupied; /* the occupancy the attacks were looked up on */
    hx_bb cells;    /* the sliders' cells */
    int n;
    int8_t from[FUSED_MAX_SLIDERS];
    uint8_t diagonal[FUSED_MAX_SLIDERS];
    hx_bb attacks[FUSED_MAX_SLIDERS];
} fused_sliders;

/* The number of legal moves, the side to move's sliders' attacks taken from
 * memo where the cells they reach are unchanged since (movegen.c). memo must
 * be of the side to move and of pos's pieces, less at most a captured one. */
int fused_count_legal(hx_position *pos, const fused_sliders *memo);

/* The leaves of pos's depth-2 subtree (perft_fused.c); the caller has
 * checked the room for two plies. */
uint64_t fused_perft2(hx_position *pos);

#endif
