/*
 * cmd_fixtures.c - runs the conformance fixtures (docs/fixtures.md) on the
 * reference or the oracle, and prints the results (text, JSON, JUnit).
 */
#include "cli.h"

#include <string.h>

#include "fixtures.h"
#include "print_fixtures.h"

static const cli_option fixtures_options[] = {
    CLI_INCLUDE(cli_variant_options),
    CLI_INCLUDE(cli_generator_options),
    CLI_INCLUDE(cli_output_options),
    CLI_INCLUDE(cli_report_option),
    CLI_END};

const cli_command cli_fixtures_command = {
    "fixtures", cmd_fixtures, "run the conformance fixtures on the reference or the oracle",
    "hexref fixtures [-v VARIANT] [-p PROFILE] [-g reference|oracle] [FILE|DIR ...]",
    "Runs the conformance fixtures (default: hexref's own, in ../share/hexref/fixtures\n"
    "beside the executable, or $HEXREF_DATA/fixtures) and ends with 'N passed,\n"
    "N failed'. Negative-control profiles must fail the fixtures that name them.\n",
    fixtures_options};

/* Runs the fixtures the options name on engine and prints the results. */
static int run_fixtures(const cli_opts *o, hx_fixture_engine *engine)
{
    int rc = cli_check_names(o->variant, o->profile);
    if (rc != 0)
        return rc;
    char dir[CLI_PATH_MAX];
    const char *slot[1];
    int npaths;
    const char *const *paths = cli_fixture_paths(o, dir, slot, &npaths);
    if (!paths)
        return EXIT_BAD_INPUT;
    cli_output out;
    if ((rc = cli_output_begin("fixtures", o, &out)) != 0)
        return rc;
    const char *name = hx_fixture_engine_name(engine);
    hx_results results;
    hx_fixture_stats stats;
    hx_results_init(&results, "fixtures", name);
    rc = hx_fixtures_run(engine, o->variant, o->profile, paths, npaths, out.json ? stderr : stdout,
                         &results, &stats);
    if (rc == 0 && results.n == 0) {
        rc = cli_bad_input("fixtures: no fixture%s%s%s%s runs on %s", o->variant ? " of " : "",
                           o->variant ? o->variant : "", o->profile ? " under " : "",
                           o->profile ? o->profile : "", name);
    } else if (rc == 0) {
        hx_fixtures_print_text(stdout, &results, &stats);
        rc = cli_output_end(&out, &results);
        if (rc == 0 && hx_results_count(&results, HX_PASS) != results.n)
            rc = EXIT_BAD_INPUT;
    } else {
        rc = EXIT_BAD_INPUT;
    }
    if (out.json_out)
        fclose(out.json_out);
    hx_results_free(&results);
    return rc;
}

int cmd_fixtures(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse(&cli_fixtures_command, argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    hx_error err;
    hx_fixture_engine *engine = hx_fixture_engine_own(o.generator, &err);
    if (!engine)
        return cli_usage_error("fixtures", "unknown generator '%s' (reference or oracle)", o.generator);
    rc = run_fixtures(&o, engine);
    hx_fixture_engine_free(engine);
    return rc;
}
