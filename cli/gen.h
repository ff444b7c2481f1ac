/*
 * gen.h - the parts of hexref gen (cmd_gen.c): the random games
 * (gen_games.c) and the output file with its resume (gen_output.c).
 */
#ifndef HEXREF_CLI_GEN_H
#define HEXREF_CLI_GEN_H

#include <stdint.h>
#include <stdio.h>

#include "cli.h"
#include "session.h"

enum { BIAS_CASTLE = 1, BIAS_EP = 2, BIAS_PROMO = 4, BIAS_CHECK = 8 };
enum { GEN_MIN_PLIES = 4, GEN_MAX_PLIES = 120, GEN_MAX_DEPTH = HX_PERFT_MAX_DEPTH };

typedef struct gen_run {
    const cli_opts *o;
    const hx_rules *rules;
    hx_session *oracle; /* for the cross-check (NULL: check_depth 0) */
    const char *profile;
    int bias, depth, check_depth;
    char header[512];
    FILE *out;
    /* Progress. */
    double start;
    uint64_t nodes;
    int first, done;
} gen_run;

/* --bias castle,ep,promo,check as BIAS_* flags; 0, or a usage error. */
int gen_parse_bias(const char *text, int *bias);
/* Position index of the run: a game of a random length (one that ends
 * sooner stops at its mate or stalemate). */
void gen_random_position(hx_position *pos, uint64_t seed, int bias, int index);

/* g->header from the options. */
void gen_make_header(gen_run *g);
/* Opens -o: a new file with the header, or with --resume the interrupted
 * run's file cut to its complete lines (g->first: how many). 0, or an exit
 * code. */
int gen_open_output(gen_run *g);
/* The progress line, on a terminal only. */
void gen_show_progress(const gen_run *g);

#endif
