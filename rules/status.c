/*
 * status.c - game status and the draw conditions of each profile.
 */
#include "position.h"
#include "zobrist.h"

#include <stdio.h>
#include <string.h>

hx_status hx_position_status(hx_position *pos)
{
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    int check = hx_in_check(pos);
    if (n == 0)
        return check ? HX_CHECKMATE : HX_STALEMATE;
    return check ? HX_CHECK : HX_ONGOING;
}

const char *hx_status_name(hx_status status)
{
    static const char *const names[] = {"ongoing", "check", "checkmate", "stalemate"};
    return names[status];
}

/* Key of the pieces and the side alone (Jocly's repetition test). */
static uint64_t placement_key(uint64_t key, int castling, const hx_ep *ep)
{
    key ^= zobrist_castling(castling);
    for (int i = 0; i < ep->count; i++)
        key ^= zobrist_ep(ep->cells[i]);
    return key;
}

static int occurrences(const hx_position *pos)
{
    int pieces_only = pos->rules->p.repetition == REP_THIRD_OCCURRENCE;
    uint64_t now = pieces_only ? placement_key(pos->key, pos->castling, &pos->ep) : pos->key;
    int count = 1;
    for (int i = pos->ply - 2; i >= 0; i -= 2) {
        const hx_undo *u = &pos->history[i];
        uint64_t then = pieces_only ? placement_key(u->key, u->castling, &u->ep) : u->key;
        count += then == now;
    }
    return count;
}

static int insufficient_material(const hx_position *pos)
{
    const hx_rule_params *p = &pos->rules->p;
    if (p->material == MAT_NONE)
        return 0;
    for (int lone = 0; lone < 2; lone++) {
        const hx_bb *them = pos->pieces[!lone];
        if (pos->occupied[lone] != pos->pieces[lone][HX_KING])
            continue; /* side `lone` is not a bare king */
        if (p->material == MAT_BARE_KINGS) {
            if (pos->occupied[!lone] == them[HX_KING])
                return 1;
            continue;
        }
        int heavy = hx_bb_count(them[HX_PAWN] | them[HX_ROOK] | them[HX_QUEEN]);
        int minors = hx_bb_count(them[HX_KNIGHT] | them[HX_BISHOP]);
        int bishops = hx_bb_count(them[HX_BISHOP]);
        if (heavy == 0 && (minors < 2 || bishops < 2))
            return 1;
    }
    return 0;
}

void hx_draw_conditions(const hx_position *pos, char *out, size_t cap)
{
    const hx_rule_params *p = &pos->rules->p;
    size_t len = 0;
    out[0] = '\0';
    if (pos->halfmove >= 100)
        len += (size_t)snprintf(out + len, cap - len, "%s50-move rule%s", len ? ", " : "",
                                p->auto_fifty ? " (automatic)" : "");
    if (len < cap && p->repetition != REP_NONE && occurrences(pos) >= 3)
        len += (size_t)snprintf(out + len, cap - len, "%srepetition", len ? ", " : "");
    if (len < cap && insufficient_material(pos))
        snprintf(out + len, cap - len, "%sinsufficient material", len ? ", " : "");
}

int hx_text_moves(const char *variant, const char *profile, const char *fen, char *out,
                  size_t cap, hx_error *err)
{
    const hx_rules *r = hx_rules_find(variant, profile, err);
    if (!r)
        return -1;
    hx_position *pos = hx_position_new(r);
    if (!pos) {
        snprintf(err->message, sizeof err->message, "out of memory");
        return -1;
    }
    int rc = -1;
    if (hx_position_set_fen(pos, fen, err) == 0) {
        char buf[HX_MAX_MOVES][HX_MOVE_TEXT_MAX];
        int n = hx_legal_move_texts(pos, buf);
        size_t used = 0;
        rc = 0;
        for (int i = 0; i < n && rc == 0; i++) {
            size_t l = strlen(buf[i]);
            if (used + l + 2 > cap) {
                snprintf(err->message, sizeof err->message, "output buffer too small");
                rc = -1;
                break;
            }
            memcpy(out + used, buf[i], l);
            out[used + l] = '\n';
            used += l + 1;
        }
        if (rc == 0 && cap > 0)
            out[used] = '\0';
        else if (cap == 0) {
            snprintf(err->message, sizeof err->message, "output buffer too small");
            rc = -1;
        }
    }
    hx_position_free(pos);
    return rc;
}
