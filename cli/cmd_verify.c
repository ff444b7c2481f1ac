/*
 * cmd_verify.c - hexref verify: an outside engine against the reference.
 * The options become an hx_verify_config; the runner (harness/verify.h)
 * does the checks, the printers (harness/print_verify.h, JSON, JUnit, HTML)
 * show its results.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "print_verify.h"
#include "process.h"
#include "verify.h"

enum { VERIFY_DEFAULT_MAX_NODES = 1000000 };

/* The board of a finding's position (hx_verify_text.draw). */
static void draw_board(void *ctx, const char *fen)
{
    hx_error err;
    hx_position *pos = hx_position_new(ctx);
    if (pos && hx_position_set_fen(pos, fen, &err) == 0)
        cli_draw_position(pos, 0, 0);
    hx_position_free(pos);
}

static int check_options(const cli_opts *o, hx_verify_config *cfg)
{
    int rc;
    if ((rc = cli_require_variant("verify", o)) != 0)
        return rc;
    if (!o->engine || !o->engine[0])
        return cli_usage_error("verify", "--engine 'CMD' is required (the engine's command line)");
    cfg->protocol = o->protocol ? hx_protocol_by_name(o->protocol) : HX_PROTOCOL_SCRIPT;
    if (cfg->protocol < 0)
        return cli_usage_error("verify", "unknown protocol '%s' (script or uci)", o->protocol);
    if (o->depth == 0 || o->depth > HX_PERFT_MAX_DEPTH)
        return cli_usage_error("verify", "depth must be from 1 to %d (the limit of a count that "
                               "can finish)", HX_PERFT_MAX_DEPTH);
    if (o->tier && strcmp(o->tier, "quick") && strcmp(o->tier, "deep"))
        return cli_usage_error("verify", "--tier must be quick or deep");
    if (o->has_max_failures && o->max_failures < 1)
        return cli_usage_error("verify", "--max-failures must be at least 1 (leave it out for "
                               "no limit)");
    if (o->nargs && !o->fixtures)
        return cli_usage_error("verify", "unexpected argument '%s'", o->args[0]);
    return 0;
}

/* The options as the runner's configuration; 0, or an exit code. */
static int configure(const cli_opts *o, hx_verify_config *cfg, const hx_rules **rules)
{
    memset(cfg, 0, sizeof *cfg);
    int rc = check_options(o, cfg);
    if (rc)
        return rc;
    cfg->command = o->engine;
    cfg->variant = o->variant;
    cfg->profile = o->profile ? o->profile : "std";
    cfg->timeout = o->timeout;
    cfg->history = o->history;
    cfg->fen = o->fen;
    cfg->moves = o->moves;
    cfg->depth = o->depth;
    cfg->single = o->fen || o->moves || (!o->nsuites && !o->random && !o->fixtures);
    cfg->random = o->random;
    cfg->seed = o->has_seed ? o->seed : 1;
    cfg->suites = (const char *const *)o->suites;
    cfg->nsuites = o->nsuites;
    cfg->tier = o->tier;
    /* A slow engine (JavaScript, Python) answers 10^6 nodes in seconds; the
     * deepest depths of a suite line take it minutes, past --timeout. */
    cfg->max_nodes = o->max_nodes ? o->max_nodes : VERIFY_DEFAULT_MAX_NODES;
    cfg->cap_depth = o->max_nodes != 0; /* the default budget leaves an explicit -d alone */
    cfg->fixtures = o->fixtures;
    cfg->fixture_notes = stdout;
    cfg->max_failures = o->max_failures;
    hx_error err;
    *rules = hx_rules_find(cfg->variant, cfg->profile, &err);
    return *rules ? 0 : cli_bad_input("%s", err.message);
}

static const cli_option verify_options[] = {
    CLI_OPT(CLI_OPT_STRING, 'e', "engine", "'CMD'", CLI_FIELD(engine),
            "the engine's command line, run by /bin/sh -c"),
    CLI_OPT(CLI_OPT_STRING, 0, "protocol", "script|uci", CLI_FIELD(protocol),
            "script (default; perftree: CMD DEPTH HEXFEN [MOVES]) or uci"),
    CLI_OPT(CLI_OPT_FLAG, 0, "history", NULL, CLI_FIELD(history),
            "the engine sets up no HexFEN: every query is its initial\n"
            "position plus moves ('startpos'); positions set up on a\n"
            "board are not asked (docs/protocol.md)"),
    CLI_INCLUDE(cli_variant_options),
    CLI_INCLUDE(cli_start_options),
    CLI_OPT(CLI_OPT_INT, 'd', "depth", "D", CLI_FIELD(depth),
            "perft depth (default 3; 2 with --random; suites: their own)"),
    CLI_OPT_COUNTED(CLI_OPT_LIST, 0, "suite", "FILE", CLI_FIELD(suites), CLI_FIELD(nsuites),
                    "a perft suite, 'HEXFEN ;D1 n ;D2 n ... ;id NAME' (repeatable),\n"
                    "checked at its deepest depth within -d and --max-nodes N"),
    CLI_OPT(CLI_OPT_STRING, 0, "tier", "quick|deep", CLI_FIELD(tier),
            "quick: only the suite lines marked ';tier quick'"),
    CLI_OPT(CLI_OPT_U64, 0, "max-nodes", "N", CLI_FIELD(max_nodes),
            "suites: skip the depths whose expected count exceeds N\n"
            "(default 1000000: raise it for deeper lines); given, it also\n"
            "lowers -d where the count would exceed N"),
    CLI_OPT(CLI_OPT_INT, 0, "random", "N", CLI_FIELD(random),
            "N random reachable positions (--seed S, default 1)"),
    CLI_OPT_COUNTED(CLI_OPT_U64, 0, "seed", "S", CLI_FIELD(seed), CLI_FIELD(has_seed),
                    "the seed of --random (default 1)"),
    CLI_OPT(CLI_OPT_FLAG, 0, "fixtures", NULL, CLI_FIELD(fixtures),
            "the fixtures (default: hexref's own) as depth-1 move sets"),
    CLI_OPT(CLI_OPT_DOUBLE, 0, "timeout", "SECONDS", CLI_FIELD(timeout),
            "limit per query (default 30; raise it for slow engines)"),
    CLI_OPT_COUNTED(CLI_OPT_INT, 0, "max-failures", "N", CLI_FIELD(max_failures),
                    CLI_FIELD(has_max_failures),
                    "stop after N failed checks (default: no limit)"),
    CLI_INCLUDE(cli_output_options),
    CLI_INCLUDE(cli_report_option),
    CLI_END};

const cli_command cli_verify_command = {
    "verify", cmd_verify, "check an outside engine against the reference, down to one move",
    "hexref verify --engine 'CMD' -v VARIANT [options] [FIXTURE FILE|DIR ...]",
    "Checks an outside engine against the reference, down to the position and move.\n"
    "Compares perft divides (docs/protocol.md) of one position (default: the initial\n"
    "one), of suites, of random positions, and the fixtures. A mismatch is followed\n"
    "down to the minimal position; the report names the kind, the moves from the\n"
    "root, the HexFEN, both move sets, a diagram and a command that reproduces it.\n"
    "An engine failure (error, crash, timeout) is narrowed too: asked again at depth\n"
    "1, then child by child one depth lower, down to where it fails ('narrowed:').\n"
    "Checks that reach the same minimal position with the same differing moves are\n"
    "one finding ('3 roots lead here'). Ends with 'N passed, N failed', followed by\n"
    "'(N distinct findings)' when a check failed; exits 0 only if everything agreed\n"
    "and something was checked. The variant and profile (default std) are told to\n"
    "the engine, and --moves are sent to it as moves.\n",
    verify_options};

int cmd_verify(int argc, char **argv)
{
    hx_proc_guard_signals(); /* INT, TERM, HUP end the engine too */
    cli_opts o;
    hx_verify_config cfg;
    const hx_rules *rules;
    int rc = cli_parse(&cli_verify_command, argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    if ((rc = configure(&o, &cfg, &rules)) != 0)
        return rc;
    char dir[CLI_PATH_MAX];
    const char *slot[1];
    if (o.fixtures)
        cfg.fixture_paths = cli_fixture_paths(&o, dir, slot, &cfg.nfixture_paths);
    cli_output out;
    if ((rc = cli_output_begin("verify", &o, &out)) != 0)
        return rc;
    hx_results results;
    hx_results_init(&results, "verify", cfg.command);
    hx_verify_text text = {stdout, &cfg, o.quiet, cli_progress_wanted(), draw_board, (void *)rules, 0};
    hx_verify_observer obs = {hx_verify_text_event, &text};
    hx_verify_summary summary;
    hx_error err;
    hx_verify_print_header(stdout, &cfg);
    if (hx_verify_run(&cfg, &obs, &results, &summary, &err) != 0) {
        rc = cli_bad_input("%s", err.message);
        hx_results_free(&results);
        if (out.json_out)
            fclose(out.json_out);
        return rc;
    }
    hx_verify_print_findings(stdout, &results);
    hx_verify_print_summary(stdout, &summary);
    int wrote = cli_output_end(&out, &results);
    hx_results_free(&results);
    if (wrote)
        return wrote;
    return summary.failed || summary.stop != HX_VERIFY_RAN ? EXIT_BAD_INPUT : EXIT_OK;
}
