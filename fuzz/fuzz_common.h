/*
 * fuzz_common.h - what the fuzz targets share: reading the input as a
 * stream of choices, picking a variant/profile, decoding a position (a game
 * from the initial position, a repaired placement, or a HexFEN text), and
 * reporting a failure before abort().
 *
 * Input layout (docs/fuzzing.md has the details):
 *
 *   byte 0      profile: index modulo the number of profiles on offer
 *   byte 1      mode modulo 3: 0 game, 1 placement, 2 HexFEN text
 *   ...         mode data (placement: base, edits, side, rights, e.p.;
 *               text: a HexFEN up to '\n'; game: nothing)
 *   ...         moves: each byte picks a legal move modulo their number
 *
 * Every choice is "byte modulo n" and a missing byte reads as 0, so almost
 * any input decodes to a valid position, and a mutated byte changes one
 * decision instead of invalidating the input.
 */
#ifndef HEXREF_FUZZ_COMMON_H
#define HEXREF_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "hexref.h"

enum {
    FZ_MAX_PLIES = 256, /* moves an input may play after its root */
    FZ_PATH_MAX = 2048, /* the text of FZ_MAX_PLIES moves */
    FZ_TEXT_MAX = 320   /* longest HexFEN text an input may give */
};

typedef struct fz_input {
    const uint8_t *data;
    size_t size, pos;
} fz_input;

static inline fz_input fz_input_of(const uint8_t *data, size_t size)
{
    fz_input in = {data, size, 0};
    return in;
}

/* The next byte, or 0 once the input is used up. */
int fz_byte(fz_input *in);
/* A choice among n > 0 options: the next byte modulo n. */
int fz_choose(fz_input *in, int n);
/* Bytes not yet read. */
size_t fz_left(const fz_input *in);

/* Profiles on offer: FZ_ORACLE (those oracle_supports) or FZ_ALL. */
typedef enum { FZ_ORACLE, FZ_ALL } fz_profiles;
int fz_profile_count(fz_profiles which);
const hx_rules *fz_profile(fz_profiles which, int index);
/* The index of variant/profile in the list (for the seed generator), or -1. */
int fz_profile_index(fz_profiles which, const char *variant, const char *profile);

/* A decoded position with the way it was reached. */
typedef struct fz_game {
    const hx_rules *rules;
    hx_position *pos;           /* owned by fuzz_common: one per profile */
    char root[HX_FEN_MAX];      /* the position before the moves */
    hx_move moves[FZ_MAX_PLIES]; /* played from root; their text is made only
                                    for a report (fz_path), which keeps the
                                    per-input cost down */
    int plies;
} fz_game;

typedef struct fz_limits {
    fz_profiles profiles;
    int max_plies;   /* moves read after the root, at most FZ_MAX_PLIES */
    int max_edits;   /* placement edits (more pieces, slower oracle) */
    int allow_game;  /* 0: mode 0 (a game from the start) decodes a placement */
    int reserve;     /* bytes left unread for the target after the moves */
} fz_limits;

typedef enum { FZ_MODE_GAME, FZ_MODE_PLACEMENT, FZ_MODE_TEXT, FZ_MODES } fz_mode;

/* Decodes the whole prefix (profile, mode, root) and then plays up to
 * max_plies moves, one byte each; stops early if the input runs out or the
 * game ends. Never fails: a bad HexFEN text falls back to the initial
 * position. */
void fz_decode(fz_input *in, const fz_limits *lim, fz_game *g);
/* Decodes only the profile, mode and root (no moves). */
void fz_decode_root(fz_input *in, const fz_limits *lim, fz_game *g);
/* The profile's working position (the one fz_decode fills), and a second
 * one for parse-back checks; both live for the whole run. */
hx_position *fz_position(const hx_rules *rules);
hx_position *fz_scratch(const hx_rules *rules);
/* Sets g->pos back to the decoded position (root, then the moves played):
 * for a check that must start again after it found the position broken. */
void fz_redecode(fz_game *g);
/* Plays one move and records it. */
void fz_play(fz_game *g, hx_move m);
/* The moves played, as text ("(none)" if none), replayed on a scratch
 * position from the root. */
void fz_path(const fz_game *g, char *out, size_t cap);

/* The legal move that byte picks: the (byte mod n)-th smallest by
 * encoding, so that a byte names the same move whatever order the
 * generator lists them in. Returns n (0: no legal move, *move untouched). */
int fz_pick_move(hx_position *pos, int byte, hx_move *move);
/* The byte that picks move (its rank by encoding), or -1 if not legal. */
int fz_move_byte(hx_position *pos, hx_move move);

/* The position as it is now (plies played). */
void fz_fen(const fz_game *g, char *out);

/* Prints a report naming the target, the profile, the root, the move path
 * and the position, then the formatted detail, writes the finding to
 * $HEXREF_FUZZ_FINDING if set (docs/fuzzing.md), then aborts. */
_Noreturn void fz_fail(const char *target, const fz_game *g, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Knobs read once from the environment (docs/fuzzing.md). */
typedef struct fz_options {
    int full;    /* HEXREF_FUZZ_FULL=1: every child compared (hx_diff_position) */
    int strict;  /* hexfen_parse also requires the oracle to reject what the
                    reference rejects, and both to count the same legal
                    moves; HEXREF_FUZZ_LENIENT=1 turns this off */
    int verbose; /* HEXREF_FUZZ_VERBOSE=1: print each decoded position */
} fz_options;
const fz_options *fz_opts(void);

#endif
