/*
 * cmd_selfcheck.c - the reference against the oracle on seeded random
 * games, for a time budget or a number of games per profile.
 */
#include "cli.h"

#include <string.h>

#include "differential.h"
#include "oracle.h"

enum { BATCH = 2, DEFAULT_SECONDS = 10, MAX_PLIES = 120 };

typedef struct pair {
    const char *variant, *profile;
    hx_diff_stats stats;
    int done;
} pair;

static int collect_pairs(const cli_opts *o, pair *pairs, int max)
{
    int n = 0;
    for (int v = 0; v < hx_variant_count(); v++) {
        const char *variant = hx_variant_name(v);
        if (o->variant && strcmp(o->variant, variant) != 0)
            continue;
        for (int i = 0; i < hx_profile_count(variant) && n < max; i++) {
            const char *profile = hx_profile_name(variant, i);
            if ((o->profile && strcmp(o->profile, profile) != 0) ||
                !oracle_supports(variant, profile))
                continue;
            pairs[n++] = (pair){variant, profile, {0, 0, 0, 0}, 0};
        }
    }
    return n;
}

static void print_summary(const pair *pairs, int n, double seconds)
{
    uint64_t positions = 0, failed = 0, games = 0;
    fprintf(stderr, "%-8s %-12s %8s %10s %12s %7s\n", "variant", "profile", "games", "positions",
            "child moves", "failed");
    for (int i = 0; i < n; i++) {
        const hx_diff_stats *s = &pairs[i].stats;
        fprintf(stderr, "%-8s %-12s %8llu %10llu %12llu %7llu\n", pairs[i].variant,
                pairs[i].profile, (unsigned long long)s->games, (unsigned long long)s->positions,
                (unsigned long long)s->moves, (unsigned long long)s->failed);
        positions += s->positions;
        failed += s->failed;
        games += s->games;
    }
    fprintf(stderr, "%llu games, %llu positions in %.1f s\n", (unsigned long long)games,
            (unsigned long long)positions, seconds);
    printf("%llu passed, %llu failed\n", (unsigned long long)(positions - failed),
           (unsigned long long)failed);
}

int cmd_selfcheck(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse(argc, argv, &o);
    if (rc)
        return rc;
    if (o.help) {
        cli_usage(stdout, "selfcheck");
        return EXIT_OK;
    }
    if (o.nargs)
        return cli_usage_error("selfcheck", "unexpected argument '%s'", o.args[0]);
    if (o.plies > HX_MAX_PLIES - 1) /* each ply's children are played one more ply down */
        return cli_usage_error("selfcheck", "--plies is at most %d (the history holds %d plies)",
                               HX_MAX_PLIES - 1, HX_MAX_PLIES);
    static pair pairs[64];
    int n = collect_pairs(&o, pairs, 64);
    if (n == 0)
        return cli_bad_input("no variant/profile matches (the oracle has no neg-/diag- profiles)");
    uint64_t seed = o.has_seed ? o.seed : 1;
    double start = cli_now();
    double deadline = o.count ? 0 : start + (double)(o.seconds ? o.seconds : DEFAULT_SECONDS);
    int max_games = o.count ? o.count : 1 << 30, active = n;
    for (int batch = 0; active > 0; batch++) {
        active = 0;
        for (int i = 0; i < n; i++) {
            pair *p = &pairs[i];
            int want = max_games - (int)p->stats.games;
            if (p->done || want <= 0 || (deadline > 0 && cli_now() > deadline)) {
                p->done = 1;
                continue;
            }
            /* Batch b uses the same seeds in every run, so a larger budget
             * replays a smaller one's games first, then goes on. */
            uint64_t batch_seed = hx_diff_game_seed(seed, batch);
            hx_diff_games(p->variant, p->profile, batch_seed, want < BATCH ? want : BATCH,
                          o.plies ? o.plies : MAX_PLIES, &hx_diff_default_bias, deadline, stderr,
                          &p->stats);
            active++;
        }
    }
    print_summary(pairs, n, cli_now() - start);
    for (int i = 0; i < n; i++)
        if (pairs[i].stats.failed)
            return EXIT_BAD_INPUT;
    return EXIT_OK;
}
