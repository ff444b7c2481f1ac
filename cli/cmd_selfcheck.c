/*
 * cmd_selfcheck.c - the reference against the oracle on seeded random
 * games, for a time budget or a number of games per profile.
 */
#include "cli.h"

#include <string.h>

#include "differential.h"
#include "print_differential.h"
#include "strutil.h"
#include "oracle.h"

enum { BATCH = 2, DEFAULT_SECONDS = 10, MAX_PLIES = 120 };

static int collect_pairs(const cli_opts *o, hx_diff_pair *pairs, int max)
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
            pairs[n++] = (hx_diff_pair){variant, profile, {0, 0, 0, 0}};
        }
    }
    return n;
}

/* One check per variant/profile (its games and positions), after the
 * checks of its disagreements, which hx_diff_games added. */
static void add_pair_checks(const hx_diff_pair *pairs, int n, double seconds, hx_results *r)
{
    for (int i = 0; i < n; i++) {
        const hx_diff_stats *s = &pairs[i].stats;
        hx_check_result c;
        hx_check_result_init(&c, HX_CHECK_SELFCHECK);
        c.outcome = s->failed ? HX_FAIL : HX_PASS;
        c.id = hx_strfmt("%s/%s: %llu games, %llu positions", pairs[i].variant, pairs[i].profile,
                         (unsigned long long)s->games, (unsigned long long)s->positions);
        c.variant = hx_strdup(pairs[i].variant);
        c.profile = hx_strdup(pairs[i].profile);
        if (s->failed)
            c.message = hx_strfmt("%llu of %llu positions disagree", (unsigned long long)s->failed,
                                  (unsigned long long)s->positions);
        c.seconds = seconds / n;
        hx_results_add(r, &c);
    }
}

static const cli_option selfcheck_options[] = {
    CLI_INCLUDE(cli_variant_options),
    CLI_OPT_COUNTED(CLI_OPT_INT, 'n', "count", "GAMES", CLI_FIELD(count), CLI_FIELD(has_count),
                    "games per profile (at least 1)"),
    CLI_OPT_COUNTED(CLI_OPT_LONG, 0, "seconds", "N", CLI_FIELD(seconds), CLI_FIELD(has_seconds),
                    "time budget (at least 1; default 10)"),
    CLI_OPT_COUNTED(CLI_OPT_U64, 0, "seed", "S", CLI_FIELD(seed), CLI_FIELD(has_seed),
                    "the first game's seed (default 1)"),
    CLI_OPT(CLI_OPT_INT, 0, "plies", "MAX", CLI_FIELD(plies), "longest game (default 120)"),
    CLI_INCLUDE(cli_output_options),
    CLI_INCLUDE(cli_report_option),
    CLI_END};

const cli_command cli_selfcheck_command = {
    "selfcheck", cmd_selfcheck, "compare the reference with the independent oracle on random games",
    "hexref selfcheck [-v VARIANT] [-p PROFILE] [--seconds N | -n GAMES] [--seed S]\n"
    "                 [--plies MAX]",
    "Compares the reference with the independent oracle on seeded random games\n"
    "(biased toward castling, e.p., promotion and check): legal moves, status and\n"
    "every child HexFEN, at every ply. Runs for N seconds (default 10) or GAMES games\n"
    "per profile (each from 1 to MAX plies long, default 120), and ends with\n"
    "'N passed, N failed' (positions).\n",
    selfcheck_options};

int cmd_selfcheck(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse(&cli_selfcheck_command, argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    if (o.nargs)
        return cli_usage_error("selfcheck", "unexpected argument '%s'", o.args[0]);
    if (o.plies > HX_MAX_PLIES - 1) /* each ply's children are played one more ply down */
        return cli_usage_error("selfcheck", "--plies is at most %d (the history holds %d plies)",
                               HX_MAX_PLIES - 1, HX_MAX_PLIES);
    hx_diff_pair pairs[64];
    int done[64] = {0};
    int n = collect_pairs(&o, pairs, 64);
    if (n == 0)
        return cli_bad_input("no variant/profile matches (the oracle has no neg-/diag- profiles)");
    if (o.count == 0 && o.has_count)
        return cli_usage_error("selfcheck", "--count must be at least 1");
    if (o.seconds == 0 && o.has_seconds)
        return cli_usage_error("selfcheck", "--seconds must be at least 1");
    cli_output out;
    if ((rc = cli_output_begin("selfcheck", &o, &out)) != 0)
        return rc;
    hx_results results;
    hx_results_init(&results, "selfcheck", "reference vs oracle");
    uint64_t seed = o.has_seed ? o.seed : 1;
    double start = hx_now();
    double deadline = o.count ? 0 : start + (double)(o.seconds ? o.seconds : DEFAULT_SECONDS);
    int max_games = o.count ? o.count : 1 << 30, active = n;
    for (int batch = 0; active > 0; batch++) {
        active = 0;
        for (int i = 0; i < n; i++) {
            hx_diff_pair *p = &pairs[i];
            int want = max_games - (int)p->stats.games;
            if (done[i] || want <= 0 || (deadline > 0 && hx_now() > deadline)) {
                done[i] = 1;
                continue;
            }
            /* Batch b uses the same seeds in every run, so a larger budget
             * replays a smaller one's games first, then goes on. */
            uint64_t batch_seed = hx_diff_game_seed(seed, batch);
            hx_diff_observer obs = {hx_diff_print_disagreement, stderr};
            hx_error err;
            if (hx_diff_games(p->variant, p->profile, batch_seed, want < BATCH ? want : BATCH,
                              o.plies ? o.plies : MAX_PLIES, &hx_diff_default_bias, deadline,
                              &obs, &results, &p->stats, &err) < 0)
                fprintf(stderr, "%s\n", err.message);
            active++;
        }
    }
    double seconds = hx_now() - start;
    hx_diff_print_summary(o.quiet ? NULL : stderr, stdout, pairs, n, seconds);
    add_pair_checks(pairs, n, seconds, &results);
    rc = cli_output_end(&out, &results);
    int failed = hx_results_count(&results, HX_PASS) != results.n;
    hx_results_free(&results);
    return rc ? rc : failed ? EXIT_BAD_INPUT : EXIT_OK;
}
