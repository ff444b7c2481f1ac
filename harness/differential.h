/*
 * differential.h - compares the reference (rules/) with the oracle
 * (oracle/) position by position: the legal move sets, the status, the
 * child HexFEN of every move, and on the reference that make/unmake
 * restores the position and its key exactly. Each disagreement is a value
 * (hx_diff_finding); print_differential.h has its text.
 */
#ifndef HEXREF_HARNESS_DIFFERENTIAL_H
#define HEXREF_HARNESS_DIFFERENTIAL_H

#include <stdint.h>

#include "hexref.h"
#include "result.h"

typedef struct hx_diff_stats {
    uint64_t positions; /* positions compared */
    uint64_t moves;     /* moves whose child positions were compared */
    uint64_t failed;    /* positions where the engines disagreed */
    uint64_t games;
} hx_diff_stats;

/* One variant and profile of a selfcheck run, with its tally. */
typedef struct hx_diff_pair {
    const char *variant, *profile;
    hx_diff_stats stats;
} hx_diff_pair;

/* Move-choice bias of random games: weights of special moves. */
typedef struct hx_diff_bias {
    int castle, ep, promotion, check, capture;
} hx_diff_bias;

extern const hx_diff_bias hx_diff_default_bias;

/* What a disagreement was about. */
typedef enum hx_diff_kind {
    HX_DIFF_ORACLE_ERROR, /* the oracle could not answer: message */
    HX_DIFF_LEGAL_MOVES,  /* the move sets differ: reference, oracle and diff */
    HX_DIFF_STATUS,       /* the status words differ: reference_text, oracle_text */
    HX_DIFF_MAKE_UNMAKE,  /* move broke the reference's position or was not undone: message */
    HX_DIFF_CHILD         /* the HexFENs after move differ: reference_text, oracle_text */
} hx_diff_kind;

/* One disagreement, as a value (print_differential.h formats it). Owns its
 * strings and divides: free with hx_diff_finding_free. */
typedef struct hx_diff_finding {
    hx_diff_kind kind;
    const char *variant, *profile; /* the rules' names (static) */
    char fen[HX_FEN_MAX];          /* the position compared */
    char *root_fen;                /* where its history starts, or NULL (none given) */
    char *path;                    /* the moves from root_fen to it, or NULL */
    char move[HX_MOVE_TEXT_MAX];   /* MAKE_UNMAKE, CHILD */
    char reference_text[HX_FEN_MAX], oracle_text[HX_FEN_MAX]; /* STATUS, CHILD */
    char message[256];             /* ORACLE_ERROR, MAKE_UNMAKE */
    hx_divide reference, oracle;   /* LEGAL_MOVES: each side's moves (count 1) */
    hx_divide_diff diff;           /* LEGAL_MOVES: expected = the reference, got = the oracle */
} hx_diff_finding;

void hx_diff_finding_free(hx_diff_finding *f);

/*
 * Compares the engines on pos (a reference position whose history, if any,
 * is the path from `root_fen`). Returns 0 if they agree, 1 if they differ
 * (*out, if non-NULL, holds the disagreement: free it with
 * hx_diff_finding_free), -1 if the position could not be compared. *out is
 * initialised whatever the return. If child_flags is non-NULL it receives,
 * per legal move of pos in hx_legal_moves order, hx_move_flags plus 32 if
 * the move gives check.
 */
int hx_diff_position(hx_position *pos, const char *root_fen, hx_diff_finding *out,
                     int *child_flags);

/* Told of each disagreement of hx_diff_games as it is found. */
typedef struct hx_diff_observer {
    void (*disagreement)(void *ctx, const hx_diff_finding *f);
    void *ctx;
} hx_diff_observer;

/*
 * Plays `games` seeded random games from the initial position of
 * variant/profile (each up to max_plies plies, biased toward special
 * moves), comparing at every ply. Stops early once now() passes `deadline`
 * (seconds, 0 = none). Game i uses seed hx_diff_game_seed(seed, i), so any
 * failing game can be replayed alone. Each disagreement goes to obs (may be
 * NULL) and, if `results` is non-NULL, is appended to it as a check (kind
 * HX_CHECK_SELFCHECK; its message the text printer's report, with the move
 * sets and their difference when the legal moves differ). Returns 0 if all
 * agreed, 1 if any disagreed, -1 with err if the games could not start.
 */
int hx_diff_games(const char *variant, const char *profile, uint64_t seed, int games,
                  int max_plies, const hx_diff_bias *bias, double deadline,
                  const hx_diff_observer *obs, hx_results *results, hx_diff_stats *stats,
                  hx_error *err);

uint64_t hx_diff_game_seed(uint64_t seed, int game);

#endif
