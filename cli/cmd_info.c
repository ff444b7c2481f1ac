/*
 * cmd_info.c - variants (what every profile changes) and bench (perft
 * speed of each variant's initial position).
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

int cmd_variants(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("variants", "variant", argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    for (int v = 0; v < hx_variant_count(); v++) {
        const char *variant = hx_variant_name(v);
        if (o.variant && strcmp(o.variant, variant) != 0)
            continue;
        printf("%s\n", variant);
        for (int i = 0; i < hx_profile_count(variant); i++) {
            hx_error err;
            const hx_rules *r = hx_rules_find(variant, hx_profile_name(variant, i), &err);
            if (!r)
                return cli_bad_input("%s", err.message);
            printf("  %-24s %s\n", hx_rules_profile(r), hx_rules_summary(r));
        }
    }
    return EXIT_OK;
}

int cmd_bench(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("bench", "variant profile depth", argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    int depth = 5;
    if ((o.nargs || o.depth >= 0) && (rc = cli_depth("bench", &o, &depth)) != 0)
        return rc;
    uint64_t total = 0;
    double total_time = 0;
    printf("slider attacks: %s; single thread, no hash, bulk counting\n", hx_slider_method());
    printf("%-8s %5s %14s %9s %14s\n", "variant", "depth", "nodes", "seconds", "nodes/s");
    for (int v = 0; v < hx_variant_count(); v++) {
        const char *variant = hx_variant_name(v);
        if (o.variant && strcmp(o.variant, variant) != 0)
            continue;
        hx_error err;
        const hx_rules *r = hx_rules_find(variant, o.profile, &err);
        hx_position *pos = r ? hx_position_new(r) : NULL;
        if (!pos || hx_position_set_fen(pos, NULL, &err) != 0) {
            hx_position_free(pos);
            return cli_bad_input("%s", r ? err.message : err.message);
        }
        double start = hx_now();
        uint64_t nodes = hx_perft(pos, depth);
        double seconds = hx_now() - start;
        hx_position_free(pos);
        total += nodes;
        total_time += seconds;
        printf("%-8s %5d %14llu %9.3f %14.0f\n", variant, depth, (unsigned long long)nodes,
               seconds, seconds > 0 ? (double)nodes / seconds : 0.0);
        fflush(stdout);
    }
    printf("%-8s %5s %14llu %9.3f %14.0f\n", "total", "", (unsigned long long)total, total_time,
           total_time > 0 ? (double)total / total_time : 0.0);
    return EXIT_OK;
}

int cmd_fen(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("fen", "variant profile", argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    if ((rc = cli_require_variant("fen", &o)) != 0)
        return rc;
    if (o.nargs != 1)
        return cli_usage_error("fen", "expected one piece list, e.g. \"W Ke1 Pd5, B Ke10 Pe9\"");
    hx_error err;
    const hx_rules *r = hx_rules_find(o.variant, o.profile, &err);
    char fen[HX_FEN_MAX];
    if (!r || hx_fen_from_pieces(r, o.args[0], fen, &err) != 0)
        return cli_bad_input("%s", err.message);
    printf("%s\n", fen);
    return EXIT_OK;
}
