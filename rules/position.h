/*
 * position.h - the position structure shared by the generator's modules.
 *
 * Pieces are kept twice, as bitboards (by colour and type) for generation and
 * as a mailbox (board[]) for "what stands here"; position_is_ok() checks
 * that both agree, and debug builds call it after every make and unmake.
 */
#ifndef HEXREF_POSITION_H
#define HEXREF_POSITION_H

#include "rules.h"

/* The history has HX_HISTORY entries for moves played (hx_make refuses
 * more) and one spare: at the last one, the generator still plays and takes
 * back its trial of an e.p. capture (movegen.c). */
enum { HX_HISTORY = HX_MAX_PLIES, HX_HISTORY_ALLOC = HX_HISTORY + 1, HX_MAX_EP = 3 };

/* Move encoding: from | to << 7 | promotion type << 14 | kind << 17 |
 * castle index << 20. */
enum { MOVE_NORMAL, MOVE_MULTI, MOVE_EP, MOVE_CASTLE };

static inline hx_move move_make(int from, int to, int promo, int kind, int castle)
{
    return (hx_move)(from | to << 7 | promo << 14 | kind << 17 | castle << 20);
}
static inline int move_from(hx_move m) { return (int)(m & 127); }
static inline int move_to(hx_move m) { return (int)((m >> 7) & 127); }
static inline int move_promo(hx_move m) { return (int)((m >> 14) & 7); } /* 0 or a type */
static inline int move_kind(hx_move m) { return (int)((m >> 17) & 7); }
static inline int move_castle(hx_move m) { return (int)((m >> 20) & 7); }

/* The e.p. record of the last move: the crossed cells in order, and the
 * pawn that moved (the victim of an e.p. capture). */
typedef struct hx_ep {
    int8_t cells[HX_MAX_EP];
    int8_t count;
    int8_t victim;
    hx_bb capturable; /* the crossed cells this profile lets a pawn take on */
} hx_ep;

typedef struct hx_undo {
    hx_move move;
    uint8_t captured;
    int8_t captured_at; /* differs from the move's target for e.p. */
    uint8_t castling;
    int32_t halfmove;
    hx_ep ep;
    hx_bb reentered;
    uint64_t key;
} hx_undo;

struct hx_position {
    const hx_rules *rules;
    const hx_geometry *g;
    hx_bb pieces[2][HX_PIECE_TYPES];
    hx_bb occupied[2];
    hx_bb all;
    uint8_t board[HX_MAX_CELLS];
    int8_t king[2];
    int side;
    uint8_t castling; /* bit i: right on rules->rook_home[i] */
    hx_ep ep;
    hx_bb reentered;  /* diag-firstmove: pawns that reached a start cell by capture */
    int halfmove, fullmove;
    uint64_t key;
    int ply;          /* moves made since the position was set */
    hx_undo *history; /* HX_HISTORY_ALLOC entries, owned */
};

/* Board edits of bitboards and mailbox only, for make and unmake (make
 * updates the key itself, unmake restores it from the history). Lift an
 * occupied cell; drop onto an empty one. */
static inline void position_lift(hx_position *pos, int cell)
{
    int piece = pos->board[cell], colour = hx_piece_colour(piece);
    hx_bb bit = HX_BB_BIT(cell);
    pos->pieces[colour][hx_piece_type(piece)] ^= bit;
    pos->occupied[colour] ^= bit;
    pos->all ^= bit;
    pos->board[cell] = HX_EMPTY;
}

static inline void position_drop(hx_position *pos, int piece, int cell)
{
    int colour = hx_piece_colour(piece), type = hx_piece_type(piece);
    hx_bb bit = HX_BB_BIT(cell);
    pos->pieces[colour][type] ^= bit;
    pos->occupied[colour] ^= bit;
    pos->all ^= bit;
    pos->board[cell] = (uint8_t)piece;
    if (type == HX_KING)
        pos->king[colour] = (int8_t)cell;
}

/* The same edits keeping the key in step too (set-up, parsing, tests). */
void position_put(hx_position *pos, int piece, int cell);
void position_remove(hx_position *pos, int cell);
void position_clear(hx_position *pos);
/* Sets up an empty position on the stack, without history. */
void position_init_scratch(hx_position *pos, const hx_rules *rules);
/* Copies the board state of src into dst, keeping dst's history buffer;
 * dst's history is emptied. */
void position_copy_state(hx_position *dst, const hx_position *src);

/* The cell of the pawn an e.p. capture onto `to` takes: the e.p. record's
 * victim, or under neg-ep-victim-by-target the cell behind `to`. */
static inline int position_ep_victim(const hx_position *pos, int to)
{
    if (pos->rules->p.ep_victim_by_target)
        return pos->rules->push[!pos->side][0][to];
    return pos->ep.victim;
}

/* Which crossed cells of ep may be captured on under the profile. */
hx_bb position_ep_capturable(const hx_rules *r, const hx_ep *ep);

#endif
