/*
 * cmd_fixtures.c - runs the conformance fixtures (docs/fixtures.md) on the
 * reference or the oracle.
 */
#include "cli.h"

#include <string.h>

#include "fixtures.h"

int cmd_fixtures(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse(argc, argv, &o);
    if (rc)
        return rc;
    if (o.help) {
        cli_usage(stdout, "fixtures");
        return EXIT_OK;
    }
    hx_engine engine;
    if (hx_engine_by_name(o.engine, &engine) != 0)
        return cli_usage_error("fixtures", "unknown engine '%s' (reference or oracle)", o.engine);
    char dir[CLI_PATH_MAX];
    const char *slot[1];
    int npaths;
    const char *const *paths = cli_fixture_paths(&o, dir, slot, &npaths);
    if (!paths)
        return EXIT_BAD_INPUT;
    hx_tally tally = {0, 0};
    if (hx_fixtures_run(&engine, o.variant, o.profile, paths, npaths, stdout, &tally) != 0)
        return EXIT_BAD_INPUT;
    printf("%d passed, %d failed\n", tally.passed, tally.failed);
    if (!tally.passed && !tally.failed) /* a run that checks nothing must not pass */
        return cli_bad_input("fixtures: no fixture matches%s%s%s%s in the files given",
                             o.variant ? " -v " : "", o.variant ? o.variant : "",
                             o.profile ? " -p " : "", o.profile ? o.profile : "");
    return tally.failed ? EXIT_BAD_INPUT : EXIT_OK;
}
