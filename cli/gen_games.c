/*
 * gen_games.c - the random games of hexref gen (gen.h): position i is a game
 * from the initial position driven by its own SplitMix64 stream, seeded from
 * (seed, i) alone, so the same options make the same file on every machine,
 * and an interrupted run resumes without replaying anything. --bias makes
 * some kinds of move likelier; every legal move stays possible.
 */
#include "gen.h"

#include <stdio.h>
#include <string.h>

#include "random.h"

static uint64_t below(uint64_t *state, uint64_t n) { return hx_splitmix64(state) % n; }

int gen_parse_bias(const char *text, int *bias)
{
    static const char *names[] = {"castle", "ep", "promo", "check"};
    *bias = 0;
    if (!text)
        return 0;
    char copy[128], *save = NULL;
    snprintf(copy, sizeof copy, "%s", text);
    for (char *w = strtok_r(copy, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        int i = 0;
        while (i < 4 && strcmp(w, names[i]))
            i++;
        if (i == 4)
            return cli_usage_error("gen", "unknown --bias '%s' (castle, ep, promo, check)", w);
        *bias |= 1 << i;
    }
    return 0;
}

/* The weight of a move under the bias: the favoured kinds, and the pawn
 * moves that lead to them (multi-steps for e.p., any pawn move for
 * promotions), are picked more often; every legal move stays possible. */
static unsigned move_weight(hx_position *pos, hx_move m, int bias)
{
    int f = hx_move_flags(pos, m);
    unsigned w = 1;
    if (((bias & BIAS_CASTLE) && (f & HX_MOVE_CASTLE)) || ((bias & BIAS_EP) && (f & HX_MOVE_EP)) ||
        ((bias & BIAS_PROMO) && (f & HX_MOVE_PROMOTION)))
        w = 40;
    else if ((bias & BIAS_EP) && (f & HX_MOVE_MULTI_STEP))
        w = 6;
    if (bias & BIAS_CHECK) {
        hx_make(pos, m);
        w += hx_in_check(pos) ? 12 : 0;
        hx_unmake(pos);
    }
    return w;
}

static hx_move pick_move(hx_position *pos, const hx_move *moves, int n, int bias, uint64_t *rng)
{
    if (!bias)
        return moves[below(rng, (uint64_t)n)];
    unsigned weights[HX_MAX_MOVES];
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += weights[i] = move_weight(pos, moves[i], bias);
    uint64_t r = below(rng, total);
    int i = 0;
    while (r >= weights[i])
        r -= weights[i++];
    return moves[i];
}

/* Position `index`: a game of a random length; a game that ends sooner
 * stops at its final (mate or stalemate) position. */
void gen_random_position(hx_position *pos, uint64_t seed, int bias, int index)
{
    uint64_t rng = seed ^ (0x6a09e667f3bcc909ULL * (uint64_t)(index + 1));
    hx_splitmix64(&rng);
    hx_error err;
    hx_position_set_fen(pos, NULL, &err);
    int plies = GEN_MIN_PLIES + (int)below(&rng, GEN_MAX_PLIES - GEN_MIN_PLIES + 1);
    hx_move moves[HX_MAX_MOVES];
    for (int p = 0; p < plies; p++) {
        int n = hx_legal_moves(pos, moves);
        if (n == 0)
            break;
        hx_make(pos, pick_move(pos, moves, n, bias, &rng));
    }
}

