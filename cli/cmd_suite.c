/*
 * cmd_suite.c - hexref suite: runs perft suites (perft-suites/README.md,
 * read by harness/suite.c). The options name the engine and the rules; for
 * each file the command opens the engine's session (and the other engine's,
 * for the divide difference), the runner (harness/suite_run.h) checks the
 * lines, the text printer (print_suite.h) reports each line as it ends and
 * the other printers (print.h) the results: text, JSON Lines or JUnit.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "oracle.h"
#include "print_suite.h"
#include "session.h"
#include "suite.h"
#include "suite_run.h"

typedef struct suite_run {
    const cli_opts *o;
    const char *engine_name, *other_name; /* other: for the divide difference */
    int quick_only;
    hx_suite_totals totals;
    hx_results results;
} suite_run;

/* The rules of a suite: -v and -p where given, else its header, else its
 * file name; an explicit -p wins over a profile read from the file. */
static int suite_rules(const suite_run *r, const char *path, const hx_suite *s, char *variant,
                       char *profile)
{
    const cli_opts *o = r->o;
    int same_variant = s->variant[0] && (!o->variant || !strcmp(o->variant, s->variant));
    if (!o->variant && !s->variant[0])
        return cli_bad_input("%s: cannot tell the variant and profile from the header or the "
                             "file name (VARIANT-PROFILE.epd), give -v and -p", path);
    snprintf(variant, HX_SUITE_NAME_MAX, "%s", o->variant ? o->variant : s->variant);
    snprintf(profile, HX_SUITE_NAME_MAX, "%s",
             o->profile ? o->profile : same_variant ? s->profile : "std");
    hx_error e;
    if (!hx_rules_find(variant, profile, &e))
        return cli_bad_input("%s: %s", path, e.message);
    return 0;
}

static int run_file(suite_run *r, const char *path)
{
    char variant[HX_SUITE_NAME_MAX], profile[HX_SUITE_NAME_MAX];
    hx_error err;
    hx_suite s;
    if (hx_suite_read(path, &s, &err) != 0)
        return cli_bad_input("%s", err.message);
    int rc = suite_rules(r, path, &s, variant, profile);
    if (!rc && !strcmp(r->engine_name, "oracle") && !oracle_supports(variant, profile)) {
        hx_suite_print_file_skipped(stdout, path, r->engine_name, variant, profile);
        hx_suite_free(&s);
        return 0;
    }
    hx_suite_run_config cfg = {NULL, NULL, r->engine_name, r->other_name, variant, profile,
                               path, r->quick_only, r->o->max_nodes};
    hx_error e;
    if (!rc && !(cfg.engine = hx_session_open_named(r->engine_name, variant, profile, &e)))
        rc = cli_bad_input("%s: %s", path, e.message);
    /* the oracle has no negative controls: then there is no divide to compare */
    cfg.other = rc ? NULL : hx_session_open_named(r->other_name, variant, profile, &e);
    hx_suite_text text = {stdout, r->o->quiet};
    hx_suite_observer obs = {hx_suite_print_line_done, &text};
    if (!rc)
        hx_suite_run(&cfg, &s, &obs, &r->totals, &r->results);
    hx_session_close(cfg.engine);
    hx_session_close(cfg.other);
    hx_suite_free(&s);
    return rc;
}

static int suite_setup(const cli_opts *o, suite_run *r)
{
    memset(r, 0, sizeof *r);
    r->o = o;
    if (!o->nargs)
        return cli_usage_error("suite", "give one or more suite files");
    if (o->tier && strcmp(o->tier, "quick") && strcmp(o->tier, "deep"))
        return cli_usage_error("suite", "--tier must be quick or deep");
    r->quick_only = o->tier && !strcmp(o->tier, "quick");
    if (strcmp(o->generator, "reference") && strcmp(o->generator, "oracle"))
        return cli_usage_error("suite", "unknown generator '%s' (reference or oracle)",
                               o->generator);
    r->engine_name = o->generator;
    r->other_name = strcmp(o->generator, "oracle") ? "oracle" : "reference";
    return cli_check_names(o->variant, o->profile);
}

static const cli_option suite_options[] = {
    CLI_INCLUDE(cli_generator_options),
    CLI_OPT(CLI_OPT_STRING, 0, "tier", "quick|deep", CLI_FIELD(tier),
            "quick: only lines marked ';tier quick'; deep (default): all"),
    CLI_OPT(CLI_OPT_U64, 0, "max-nodes", "N", CLI_FIELD(max_nodes),
            "skip the depths whose expected count exceeds N"),
    CLI_INCLUDE(cli_variant_options),
    CLI_INCLUDE(cli_output_options),
    CLI_INCLUDE(cli_report_option),
    CLI_END};

const cli_command cli_suite_command = {
    "suite", cmd_suite, "run perft suites (EPD files) and report each line",
    "hexref suite [options] FILE...",
    "Runs perft suites and reports pass or fail per line (perft-suites/README.md).\n"
    "A suite is VARIANT-PROFILE.epd, lines 'HEXFEN ;D1 n ;D2 n ... ;id NAME'. A failure\n"
    "prints the divide difference; the run ends with 'N passed, N failed' and exits 1\n"
    "on any failure. With -g oracle, the lines the oracle cannot run are skipped.\n"
    "-v and -p give the variant and profile if the file's header or name does not;\n"
    "an explicit -p wins over the file's profile.\n",
    suite_options};

int cmd_suite(int argc, char **argv)
{
    cli_opts o;
    suite_run r;
    int rc = cli_parse(&cli_suite_command, argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    if ((rc = suite_setup(&o, &r)) != 0)
        return rc;
    cli_output out;
    if ((rc = cli_output_begin("suite", &o, &out)) != 0)
        return rc;
    hx_results_init(&r.results, "suite", r.engine_name);
    for (int i = 0; i < o.nargs && !rc; i++)
        rc = run_file(&r, o.args[i]);
    if (!rc)
        hx_suite_print_skipped(stdout, &r.totals);
    if (!rc && r.results.n == 0)
        rc = cli_bad_input("suite: no line checked (%d read with the tier, %d within "
                           "--max-nodes)", r.totals.selected, r.totals.selected - r.totals.skipped);
    if (!rc) {
        hx_suite_print_summary(stdout, &r.totals);
        rc = cli_output_end(&out, &r.results);
    }
    if (out.json_out)
        fclose(out.json_out);
    hx_results_free(&r.results);
    return rc ? rc : r.totals.failed ? EXIT_BAD_INPUT : EXIT_OK;
}
