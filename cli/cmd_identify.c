/*
 * cmd_identify.c - hexref identify: which profile does an outside engine
 * follow? The options open the engine's session; the runner
 * (harness/identify.h) runs and compares; the printers (print_identify.h,
 * JSON, JUnit) show its result.
 */
#include "cli.h"

#include <stdlib.h>

#include "identify.h"
#include "print_identify.h"
#include "process.h"

static const cli_option identify_options[] = {
    CLI_OPT(CLI_OPT_STRING, 'e', "engine", "'CMD'", CLI_FIELD(engine),
            "the engine's command line, run by /bin/sh -c"),
    CLI_OPT(CLI_OPT_STRING, 0, "protocol", "script|uci", CLI_FIELD(protocol),
            "script (default) or uci"),
    CLI_OPT(CLI_OPT_FLAG, 0, "history", NULL, CLI_FIELD(history),
            "the engine sets up no HexFEN: every query is its initial\n"
            "position plus moves ('startpos'); positions set up on a\n"
            "board are not asked (docs/protocol.md)"),
    CLI_INCLUDE(cli_variant_options),
    CLI_OPT(CLI_OPT_DOUBLE, 0, "timeout", "SECONDS", CLI_FIELD(timeout),
            "limit per query (default 30; raise it for slow engines)"),
    CLI_OPT(CLI_OPT_FLAG, 0, "verbose", NULL, CLI_FIELD(verbose),
            "every profile's differing fixtures, not only the closest's"),
    CLI_INCLUDE(cli_output_options),
    CLI_END};

const cli_command cli_identify_command = {
    "identify", cmd_identify, "tell which rule profile an outside engine follows",
    "hexref identify --engine 'CMD' -v VARIANT [--protocol uci] [FILE|DIR ...]",
    "Tells which rule profile an outside engine follows, rule point by rule point.\n"
    "Runs the fixtures (default: hexref's own) through the engine under every profile\n"
    "of the variant, and the reference under each profile, and reports the readings\n"
    "the engine follows and the profiles it matches. Only fixtures on which the\n"
    "profiles' answers differ count for a reading; where they all agree and the\n"
    "engine differs it has a bug of its own ('none, closest std: ... engine bugs,\n"
    "not a reading'); engine errors are counted apart, skips named by reason.\n"
    "The profile is not told to the engine unless -p is given. Exits 0 on a match.\n",
    identify_options};

/* Runs identify on the open session; the text report, then the results. */
static int identify(const cli_opts *o, hx_session *engine, int protocol, hx_identify_result *r)
{
    char dir[CLI_PATH_MAX];
    const char *slot[1];
    hx_identify_config cfg = {engine, protocol, o->variant, NULL, 0, stderr};
    cli_output out;
    int rc = cli_output_begin("identify", o, &out);
    if (rc)
        return rc;
    hx_identify_print_header(stdout, o->engine, protocol, o->variant, o->profile, o->timeout);
    fflush(stdout);
    hx_identify_observer obs = {hx_identify_progress_event, stderr};
    hx_error err;
    cfg.fixture_paths = cli_fixture_paths(o, dir, slot, &cfg.nfixture_paths);
    if (!cfg.fixture_paths)
        rc = EXIT_BAD_INPUT;
    else if ((rc = hx_identify_run(&cfg, cli_progress_wanted() ? &obs : NULL, r, &err)) != 0)
        /* a fixture file's problem was written where it is, with its line */
        rc = rc == HX_IDENTIFY_BAD_FIXTURES ? EXIT_BAD_INPUT : cli_bad_input("%s", err.message);
    if (rc) {
        if (out.json_out)
            fclose(out.json_out);
        return rc;
    }
    int matched = hx_identify_print_report(stdout, r, o->verbose);
    int wrote = cli_output_end(&out, &r->checks);
    return wrote ? wrote : matched ? EXIT_OK : EXIT_BAD_INPUT;
}

int cmd_identify(int argc, char **argv)
{
    hx_proc_guard_signals(); /* INT, TERM, HUP end the engine too */
    cli_opts o;
    int rc = cli_parse(&cli_identify_command, argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    if ((rc = cli_require_variant("identify", &o)) != 0)
        return rc;
    if (!o.engine || !o.engine[0])
        return cli_usage_error("identify", "--engine 'CMD' is required (the engine's command line)");
    int protocol = o.protocol ? hx_protocol_by_name(o.protocol) : HX_PROTOCOL_SCRIPT;
    if (protocol < 0)
        return cli_usage_error("identify", "unknown protocol '%s' (script or uci)", o.protocol);
    if ((rc = cli_check_names(o.variant, o.profile)) != 0)
        return rc;
    hx_session_config sc = {o.engine, protocol, o.variant, o.profile, o.timeout, 0, o.history};
    hx_error err;
    hx_session *engine = hx_session_open_engine(&sc, &err);
    /* Large (the result lists of every pair of profiles): on the heap. */
    hx_identify_result *r = calloc(1, sizeof *r);
    if (!engine || !r)
        rc = cli_bad_input("%s", engine ? "out of memory" : err.message);
    else
        rc = identify(&o, engine, protocol, r);
    if (r)
        hx_identify_result_free(r);
    free(r);
    hx_session_close(engine);
    return rc;
}
