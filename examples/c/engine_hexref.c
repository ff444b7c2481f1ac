/*
 * engine_hexref.c - the three engine_* functions of adapter_template.c,
 * written for hexref's own library (libhexref, hexref.h). Yours call into
 * your engine instead; this one shows what each has to do.
 *
 *     cc -O2 adapter_template.c engine_hexref.c \
 *         $(pkg-config --cflags --libs hexref) -o hexref_adapter
 */
#include <stdint.h>
#include <stdio.h>

#include "hexref.h"

static const hx_rules *rules;
static hx_position *pos;

int engine_set_rules(const char *variant, const char *profile, char *err, size_t errcap)
{
    hx_error e;
    rules = hx_rules_find(variant, profile, &e);
    if (!rules) {
        snprintf(err, errcap, "%s", e.message);
        return -1;
    }
    return 0;
}

int engine_set_position(const char *fen, const char *moves, char *err, size_t errcap)
{
    hx_error e;
    hx_position_free(pos);
    pos = hx_position_new(rules);
    if (!pos || hx_position_set_fen(pos, fen, &e) != 0 || hx_play_moves(pos, moves, 0, &e) != 0) {
        snprintf(err, errcap, "%s", pos ? e.message : "out of memory");
        return -1;
    }
    return 0;
}

typedef void (*engine_emit)(void *ctx, const char *move, uint64_t count);

void engine_divide(int depth, engine_emit emit, void *ctx)
{
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        char text[HX_MOVE_TEXT_MAX];
        hx_move_text(pos, moves[i], 0, text);
        hx_make(pos, moves[i]);
        emit(ctx, text, hx_perft(pos, depth - 1));
        hx_unmake(pos);
    }
}
