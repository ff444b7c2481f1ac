/*
 * perft_fused.h - perft's last two plies counted together (perft_fused.c,
 * docs/speed.md).
 *
 * A depth-2 count plays each move of the node and counts the replies. The
 * replies' side is the same in every child, and one move changes few cells,
 * so that side's moves are counted once, at the node (fused_memo), and in
 * each child again only where the move changed a cell they depend on.
 * Most moves are played by a board edit (no key, history or clock) that
 * perft_fused.c keeps to the cases it knows; the rest (castles, e.p.
 * captures, promotions, the bug models' e.p. records, every move under
 * diag-firstmove) are played by position_make.
 */
#ifndef HEXREF_PERFT_FUSED_H
#define HEXREF_PERFT_FUSED_H

#include "position.h"

/* More sliders than this (a set-up position) and the node is counted the
 * plain way. */
enum { FUSED_MAX_SLIDERS = 24 };

/* What one side's moves were at a node, for the count of its replies in
 * each child: entry i is the attack of the slider on from[i] along its
 * diagonal (diagonal[i] = 1) or orthogonal lines, and the number of its
 * moves when not in check (count[i]); pawn_count is the
 * number of its pawns' moves (none pinned, not in check, e.p. aside), which
 * depends only on the occupancy and colour of the cells of pawn_reach. */
typedef struct fused_memo {
    hx_bb occupied; /* the occupancy the attacks were looked up on */
    hx_bb own;      /* the side's pieces then */
    hx_bb cells;    /* the sliders' cells */
    int n;
    int8_t from[FUSED_MAX_SLIDERS];
    uint8_t diagonal[FUSED_MAX_SLIDERS];
    hx_bb attacks[FUSED_MAX_SLIDERS];
    uint8_t count[FUSED_MAX_SLIDERS]; /* attacks[i] less the side's own pieces */
    int total;                        /* the sum of count[] */
    uint32_t hit[HX_MAX_CELLS];       /* bit i: attacks[i] holds the cell */
    hx_bb knights;    /* the side's knights then, and their moves' number */
    int knight_count;
    hx_bb pawns;      /* the side's pawns then */
    hx_bb pawn_reach;
    int pawn_count;   /* -1: unknown */
    /* The cells that must be empty for a castle the side still has the
     * right to, and whether one of those castles had them empty. */
    hx_bb castle_cells;
    int castle_open;
} fused_memo;

/* Fills m's pawn part for side on pos (movegen.c). */
void fused_fill_pawns(const hx_position *pos, int side, fused_memo *m);

/* The number of legal moves, the side to move's sliders' attacks taken from
 * memo where the cells they reach are unchanged since (movegen.c). memo must
 * be of the side to move and of pos's pieces, less at most a captured one. */
int fused_count_legal(hx_position *pos, const fused_memo *memo);

/* The leaves of pos's depth-2 subtree (perft_fused.c); the caller has
 * checked the room for two plies. */
uint64_t fused_perft2(hx_position *pos);

#endif
