/*
 * invariants.c - position_is_ok(), the consistency check that debug builds
 * run after every make and unmake (Fruit's board_is_ok()).
 */
#include "position.h"
#include "invariants.h"
#include "zobrist.h"

#include <stdio.h>
#include <string.h>

/* The cells whose mailbox byte is not empty, read 8 bytes at a time (the
 * checker runs after every make in the fuzzers, where a loop over 128
 * bytes, each access checked by ASan, was a tenth of an input's time).
 * Bit 7 of a byte of `nonzero` is set iff the byte is not 0; the multiply
 * gathers those 8 bits, byte k's to bit 56 + k (no two products meet). */
static hx_bb mailbox_set(const hx_position *pos)
{
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7fULL, gather = 0x0102040810204080ULL;
    hx_bb set = 0;
    for (int i = 0; i < HX_MAX_CELLS / 8; i++) {
        uint64_t w;
        memcpy(&w, pos->board + 8 * i, sizeof w);
        uint64_t nonzero = (((w & low7) + low7) | w) & ~low7;
        set |= (hx_bb)(((nonzero >> 7) * gather) >> 56) << (8 * i);
    }
    return set;
}

const char *position_is_ok(const hx_position *pos)
{
    const hx_geometry *g = pos->g;
    hx_bb seen[2] = {0, 0};
    for (int colour = 0; colour < 2; colour++) {
        for (int type = 0; type < HX_PIECE_TYPES; type++) {
            hx_bb b = pos->pieces[colour][type];
            if (b & ~g->all)
                return "a piece stands outside the board";
            if (b & (seen[0] | seen[1]))
                return "two pieces share a cell";
            seen[colour] |= b;
            while (b)
                if (pos->board[hx_bb_pop(&b)] != hx_piece(colour, type))
                    return "mailbox and bitboards disagree";
        }
        if (seen[colour] != pos->occupied[colour])
            return "colour occupancy is stale";
        if (hx_bb_count(pos->pieces[colour][HX_KING]) != 1)
            return "a side does not have exactly one king";
        if (pos->king[colour] != hx_bb_lsb(pos->pieces[colour][HX_KING]))
            return "king cell is stale";
    }
    if ((seen[0] | seen[1]) != pos->all)
        return "total occupancy is stale";
    hx_bb slots = g->nslots >= 128 ? ~(hx_bb)0 : (HX_BB_BIT(g->nslots) - 1);
    if (mailbox_set(pos) & slots & ~pos->all)
        return "mailbox holds a piece the bitboards lack";
    if (pos->key != position_compute_key(pos))
        return "incremental Zobrist key differs from a fresh one";
    if (pos->ep.capturable != position_ep_capturable(pos->rules, &pos->ep))
        return "e.p. capturable cells are stale";
    for (int i = 0; i < 4; i++) {
        if (!(pos->castling & (1 << i)))
            continue;
        int home = pos->rules->rook_home[i], colour = i / 2;
        if (home < 0 || pos->board[home] != hx_piece(colour, HX_ROOK) ||
            pos->board[pos->rules->king_home[colour]] != hx_piece(colour, HX_KING))
            return "castling right without king and rook at home";
    }
    return NULL;
}

int hx_position_check(const hx_position *pos, hx_error *err)
{
    const char *problem = position_is_ok(pos);
    if (!problem)
        return 0;
    snprintf(err->message, sizeof err->message, "invariant broken: %s", problem);
    return -1;
}
