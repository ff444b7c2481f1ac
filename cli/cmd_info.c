/*
 * cmd_info.c - variants (what every profile changes) and bench (perft
 * speed of each variant's initial position).
 */
#include "cli.h"
#include "print.h"

#include <stdlib.h>
#include <string.h>

static const cli_option variants_options[] = {
    CLI_INCLUDE(cli_variant_option),
    CLI_OPT(CLI_OPT_STRING, 0, "format", "text|json", CLI_FIELD(format),
            "json: one object per profile, {\"variant\", \"profile\",\n"
            "\"control\" (a negative control or diagnostic), \"summary\"}:\n"
            "what scripts read, never the text"),
    CLI_END};

const cli_command cli_variants_command = {
    "variants", cmd_variants, "list the variants and their rule profiles",
    "hexref variants [-v VARIANT] [--format text|json]",
    "Lists every variant and profile with one line on what each changes.\n", variants_options};

static void print_profile(const hx_rules *r, int json)
{
    if (!json) {
        printf("  %-24s %s\n", hx_rules_profile(r), hx_rules_summary(r));
        return;
    }
    printf("{\"variant\": ");
    hx_json_string(stdout, hx_rules_variant(r));
    printf(", \"profile\": ");
    hx_json_string(stdout, hx_rules_profile(r));
    printf(", \"control\": %s, \"summary\": ", hx_rules_is_control(r) ? "true" : "false");
    hx_json_string(stdout, hx_rules_summary(r));
    printf("}\n");
}

int cmd_variants(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse(&cli_variants_command, argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    int json = o.format && strcmp(o.format, "json") == 0;
    if (o.format && !json && strcmp(o.format, "text") != 0)
        return cli_usage_error("variants", "unknown format '%s' (text or json)", o.format);
    for (int v = 0; v < hx_variant_count(); v++) {
        const char *variant = hx_variant_name(v);
        if (o.variant && strcmp(o.variant, variant) != 0)
            continue;
        if (!json)
            printf("%s\n", variant);
        for (int i = 0; i < hx_profile_count(variant); i++) {
            hx_error err;
            const hx_rules *r = hx_rules_find(variant, hx_profile_name(variant, i), &err);
            if (!r)
                return cli_bad_input("%s", err.message);
            print_profile(r, json);
        }
    }
    return EXIT_OK;
}

static const cli_option bench_options[] = {
    CLI_INCLUDE(cli_variant_options),
    CLI_OPT(CLI_OPT_INT, 'd', "depth", "D", CLI_FIELD(depth), "the depth, instead of the argument DEPTH"),
    CLI_END};

const cli_command cli_bench_command = {
    "bench", cmd_bench, "perft speed of each variant's initial position",
    "hexref bench [-v VARIANT] [-p PROFILE] [DEPTH]",
    "Perft (default depth 5) of each variant's initial position: nodes and nodes/s.\n"
    "The first line names the generator's kernel in use and those this CPU runs;\n"
    "HEXREF_KERNEL=NAME (in the environment of any hexref program) forces one.\n",
    bench_options};

int cmd_bench(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse(&cli_bench_command, argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    int depth = 5;
    if ((o.nargs || o.depth >= 0) && (rc = cli_depth("bench", &o, &depth)) != 0)
        return rc;
    uint64_t total = 0;
    double total_time = 0;
    printf("kernel: %s (slider attacks: %s; this CPU runs:", hx_kernel_name(), hx_slider_method());
    for (int i = 0; i < hx_kernel_count(); i++)
        if (hx_kernel_available(i))
            printf(" %s", hx_kernel_name_at(i));
    printf("); single thread, no hash, bulk counting\n");
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

const cli_command cli_fen_command = {
    "fen", cmd_fen, "the HexFEN of a position written as a piece list",
    "hexref fen -v VARIANT [-p PROFILE] \"W Ke1 Pd5, B Ke10 Pe9, Black to move\"",
    "Prints the HexFEN of a position written as a piece list, the notation of the\n"
    "rules specification (no castling or e.p. rights).\n",
    cli_variant_options};

int cmd_fen(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse(&cli_fen_command, argc, argv, &o);
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
