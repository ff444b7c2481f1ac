/*
 * differential.h - compares the reference (rules/) with the oracle
 * (oracle/) position by position: the legal move sets, the status, the
 * child HexFEN of every move, and on the reference that make/unmake
 * restores the position and its key exactly.
 */
#ifndef HEXREF_HARNESS_DIFFERENTIAL_H
#define HEXREF_HARNESS_DIFFERENTIAL_H

#include <stdint.h>
#include <stdio.h>

#include "hexref.h"
#include "result.h"

typedef struct hx_diff_stats {
    uint64_t positions; /* positions compared */
    uint64_t moves;     /* moves whose child positions were compared */
    uint64_t failed;    /* positions where the engines disagreed */
    uint64_t games;
} hx_diff_stats;

/* Move-choice bias of random games: weights of special moves. */
typedef struct hx_diff_bias {
    int castle, ep, promotion, check, capture;
} hx_diff_bias;

extern const hx_diff_bias hx_diff_default_bias;

/*
 * Compares the engines on pos (a reference position whose history, if any,
 * is the path from `root_fen`). Returns 0 if they agree, 1 if they differ
 * (a report naming the HexFEN, the move path and the difference is written
 * to `report` if non-NULL), -1 if the position could not be compared.
 * If child_flags is non-NULL it receives, per legal move of pos in
 * hx_legal_moves order, hx_move_flags plus 32 if the move gives check.
 */
int hx_diff_position(hx_position *pos, const char *root_fen, FILE *report, int *child_flags);

/*
 * Plays `games` seeded random games from the initial position of
 * variant/profile (each up to max_plies plies, biased toward special
 * moves), comparing at every ply. Stops early once now() passes `deadline`
 * (seconds, 0 = none). Game i uses seed hx_diff_game_seed(seed, i), so any
 * failing game can be replayed alone. Each disagreement is reported on
 * `report` and, if `results` is non-NULL, appended to it as a check (kind
 * HX_CHECK_SELFCHECK, with the move sets and their difference when the legal
 * moves differ). Returns 0 if all agreed.
 */
int hx_diff_games(const char *variant, const char *profile, uint64_t seed, int games,
                  int max_plies, const hx_diff_bias *bias, double deadline, FILE *report,
                  hx_results *results, hx_diff_stats *stats);

uint64_t hx_diff_game_seed(uint64_t seed, int game);

#endif
