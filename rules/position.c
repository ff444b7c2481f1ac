/*
 * position.c - creating positions and editing their pieces.
 */
#include "position.h"
#include "attacks.h"
#include "zobrist.h"

#include <stdlib.h>
#include <string.h>

hx_position *hx_position_new(const hx_rules *rules)
{
    hx_position *pos = calloc(1, sizeof *pos);
    /* Not zeroed: an entry is written whole by the move that pushes it
     * before anything reads it, and zeroing all 4,097 (330 KB) was most of
     * the cost of a position (harness queries make one each: a third of
     * identify's time). */
    hx_undo *history = malloc(HX_HISTORY_ALLOC * sizeof *history);
    if (!pos || !history) {
        free(pos);
        free(history);
        return NULL;
    }
    position_init_scratch(pos, rules);
    pos->history = history;
    return pos;
}

void hx_position_free(hx_position *pos)
{
    if (pos)
        free(pos->history);
    free(pos);
}

void position_init_scratch(hx_position *pos, const hx_rules *rules)
{
    memset(pos, 0, sizeof *pos);
    pos->rules = rules;
    pos->g = rules->g;
    position_clear(pos);
}

void position_copy_state(hx_position *dst, const hx_position *src)
{
    hx_undo *history = dst->history;
    *dst = *src;
    dst->history = history;
    dst->ply = 0;
}

void hx_position_copy(hx_position *dst, const hx_position *src)
{
    position_copy_state(dst, src);
    dst->ply = src->ply;
    /* Only the live part of the history matters. */
    memcpy(dst->history, src->history, (size_t)src->ply * sizeof *src->history);
}

const hx_rules *hx_position_rules(const hx_position *pos) { return pos->rules; }
uint64_t hx_position_key(const hx_position *pos) { return pos->key; }
int hx_position_side(const hx_position *pos) { return pos->side; }

void position_clear(hx_position *pos)
{
    memset(pos->pieces, 0, sizeof pos->pieces);
    memset(pos->occupied, 0, sizeof pos->occupied);
    memset(pos->board, 0, sizeof pos->board);
    pos->all = 0;
    pos->king[0] = pos->king[1] = HX_NO_CELL;
    pos->side = HX_WHITE;
    pos->castling = 0;
    memset(&pos->ep, 0, sizeof pos->ep);
    pos->ep.victim = HX_NO_CELL;
    pos->reentered = 0;
    pos->halfmove = 0;
    pos->fullmove = 1;
    pos->ply = 0;
    pos->key = position_compute_key(pos);
}

void position_put(hx_position *pos, int piece, int cell)
{
    position_drop(pos, piece, cell);
    pos->key ^= zobrist_piece(piece, cell);
}

void position_remove(hx_position *pos, int cell)
{
    pos->key ^= zobrist_piece(pos->board[cell], cell);
    position_lift(pos, cell);
}

hx_bb position_ep_capturable(const hx_rules *r, const hx_ep *ep)
{
    hx_bb cells = 0;
    if (ep->count == 0 || r->p.ep == EP_NONE)
        return 0;
    if (r->p.ep == EP_ADJACENT_ONLY)
        return HX_BB_BIT(ep->cells[ep->count - 1]);
    for (int i = 0; i < ep->count; i++)
        cells |= HX_BB_BIT(ep->cells[i]);
    return cells;
}

int hx_in_check(const hx_position *pos)
{
    int us = pos->side;
    return position_attacked(pos, pos->king[us], !us, pos->all);
}

void hx_board_size(const hx_rules *rules, int *width, int *height, int *horizontal_ranks)
{
    *width = rules->g->shape.xmax + 1;
    *height = rules->g->shape.ymax + 1;
    /* Brusky's is the only board with two forward directions: its ranks are
     * horizontal rows of pointy-top hexes. */
    *horizontal_ranks = rules->p.nforward > 1;
}

int hx_cell_name(const hx_rules *rules, int x, int y, int naming, char out[4])
{
    int c = geometry_cell(rules->g, x, y);
    if (c == HX_NO_CELL)
        return -1;
    geometry_cell_name(rules->g, c, naming, out);
    return 0;
}

int hx_rules_has_naming(const hx_rules *rules, int naming)
{
    return naming == 0 || (naming == 1 && rules->g->shape.alt_files != NULL);
}

char hx_position_piece(const hx_position *pos, int x, int y)
{
    int c = geometry_cell(pos->g, x, y);
    if (c == HX_NO_CELL)
        return 0;
    int piece = pos->board[c];
    if (!piece)
        return '.';
    char ch = "PNBRQK"[hx_piece_type(piece)];
    return hx_piece_colour(piece) == HX_WHITE ? ch : (char)(ch - 'A' + 'a');
}
