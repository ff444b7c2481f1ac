/*
 * engine_state.h - the state of `hexref engine` between commands: the
 * variant and profile (pinned when the command line gave them) and the last
 * position command, and the commands that set them.
 */
#ifndef HEXREF_CLI_ENGINE_STATE_H
#define HEXREF_CLI_ENGINE_STATE_H

#include "hexref.h"

typedef struct engine_state {
    char variant[32], profile[64];
    int variant_pinned, profile_pinned;
    char *fen;   /* NULL: the initial position */
    char *moves; /* space-separated, "" for none */
    int line_dropped; /* an over-long line came since the last position */
} engine_state;

/* "setoption name NAME value VALUE" (UCI_Variant, HexrefProfile; names are
 * case-insensitive); args is changed. */
void engine_set_option(engine_state *s, char *args);
/* "position fen F... [moves M...]" or "position startpos [moves M...]". */
void engine_set_position(engine_state *s, char *args);
/* The position of the last position command (freed by the caller), or NULL
 * with err filled. */
hx_position *engine_current_position(const engine_state *s, hx_error *err);

#endif
