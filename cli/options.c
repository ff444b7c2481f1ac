/*
 * options.c - what the commands share: the option groups several of them
 * include (cli.h), the usage errors, the position set-up and the output
 * forms. The parser is parse_options.c.
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "oracle.h"
#include "print.h"
#include "strutil.h"
#include "report_html.h"

/* The option groups (cli.h). Their help lines fit every command that
 * includes them; what a command adds (-v is required, say) is its usage. */
const cli_option cli_variant_option[] = {
    CLI_OPT(CLI_OPT_STRING, 'v', "variant", "V", CLI_FIELD(variant),
            "the variant ('hexref variants' lists them)"),
    CLI_END};
const cli_option cli_profile_option[] = {
    CLI_OPT(CLI_OPT_STRING, 'p', "profile", "P", CLI_FIELD(profile),
            "rule profile (default std; see 'hexref variants')"),
    CLI_END};
const cli_option cli_variant_options[] = {
    CLI_INCLUDE(cli_variant_option), CLI_INCLUDE(cli_profile_option), CLI_END};
const cli_option cli_start_options[] = {
    CLI_OPT(CLI_OPT_STRING, 0, "fen", "HEXFEN", CLI_FIELD(fen),
            "start position (default: the profile's initial position)"),
    CLI_OPT(CLI_OPT_STRING, 0, "moves", "\"M1 M2 ..\"", CLI_FIELD(moves),
            "moves played first (e2e5, O-O-O, d8d9q ...)"),
    CLI_END};
/* -e once chose the generator; it now names an outside engine (verify,
 * identify), so the old spelling is refused, never taken as a command. */
const cli_option cli_generator_options[] = {
    CLI_OPT(CLI_OPT_STRING, 'g', "generator", "reference|oracle", CLI_FIELD(generator),
            "the move generator: hexref's reference (default)\nor the independent oracle"),
    CLI_MOVED('e', "engine", "no longer chooses the generator: use -g, --generator "
              "reference|oracle\n(-e, --engine 'CMD' names an outside engine, for verify and identify)"),
    CLI_END};
const cli_option cli_position_options[] = {
    CLI_INCLUDE(cli_variant_options), CLI_INCLUDE(cli_start_options),
    CLI_INCLUDE(cli_generator_options),
    CLI_OPT(CLI_OPT_CELLS, 0, "cells", "seed", CLI_FIELD(naming),
            "read and print seed 004's cell names (a variant that has them)"),
    CLI_END};
const cli_option cli_output_options[] = {
    CLI_OPT(CLI_OPT_STRING, 0, "format", "text|json|markdown", CLI_FIELD(format),
            "json: one JSON object per check on stdout (docs/results.md);\n"
            "markdown: a table of what failed, for a CI job summary"),
    CLI_OPT(CLI_OPT_STRING, 0, "junit", "FILE", CLI_FIELD(junit),
            "also write the checks as JUnit XML to FILE"),
    CLI_OPT(CLI_OPT_FLAG, 'q', "quiet", NULL, CLI_FIELD(quiet), "no timing in the report"),
    CLI_END};
const cli_option cli_report_option[] = {
    CLI_OPT(CLI_OPT_STRING, 0, "report", "FILE.html", CLI_FIELD(report),
            "also write an HTML report: a summary, then each finding's\n"
            "board with the differing moves as arrows, the path, the\n"
            "commands that reproduce it and a fixture (self-contained);\n"
            "'report: FILE' goes to stderr, so the summary line stays\n"
            "the last line of stdout"),
    CLI_END};

int cli_usage_error(const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "hexref%s%s: ", command ? " " : "", command ? command : "");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n(try 'hexref %s%s--help')\n", command ? command : "", command ? " " : "");
    va_end(ap);
    return EXIT_USAGE;
}

int cli_bad_input(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "hexref: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    return EXIT_BAD_INPUT;
}

/* "shafran, brusky, glinski, mccooey", from the rules' list (issue 26:
 * variants are data; a fifth variant needs no edit here). */
static const char *variant_list(char *out, size_t cap)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < hx_variant_count() && used < cap; i++)
        used += (size_t)snprintf(out + used, cap - used, "%s%s", i ? ", " : "", hx_variant_name(i));
    return out;
}

int cli_require_variant(const char *command, const cli_opts *o)
{
    char list[256];
    if (!o->variant)
        return cli_usage_error(command, "-v VARIANT is required (%s)", variant_list(list, sizeof list));
    return 0;
}

int cli_depth(const char *command, const cli_opts *o, int *depth)
{
    *depth = o->depth;
    if (o->nargs == 1) {
        char *end = NULL;
        errno = 0;
        long d = strtol(o->args[0], &end, 10);
        if (*end || end == o->args[0] || d < 0)
            return cli_usage_error(command, "bad depth '%s'", o->args[0]);
        if (errno == ERANGE || d > HX_PERFT_MAX_DEPTH) /* named as given, never clamped */
            return cli_usage_error(command, "depth %s is beyond the limit of %d (0 to %d; deeper "
                                   "counts cannot finish, docs/perft.md)", o->args[0],
                                   HX_PERFT_MAX_DEPTH, HX_PERFT_MAX_DEPTH);
        *depth = (int)d;
    } else if (o->nargs > 1) {
        return cli_usage_error(command, "unexpected argument '%s'", o->args[1]);
    }
    if (*depth < 0)
        return cli_usage_error(command, "DEPTH is required");
    return cli_depth_limit(command, *depth);
}

int cli_depth_limit(const char *command, int depth)
{
    if (depth > HX_PERFT_MAX_DEPTH)
        return cli_usage_error(command, "depth %d is beyond the limit of %d (0 to %d; deeper "
                               "counts cannot finish, docs/perft.md)", depth, HX_PERFT_MAX_DEPTH,
                               HX_PERFT_MAX_DEPTH);
    return 0;
}

int cli_depth_fits(const cli_position *cp, int depth)
{
    int room = cp->pos ? hx_perft_max_depth(cp->pos) : HX_PERFT_MAX_DEPTH;
    if (depth <= room)
        return 0;
    return cli_bad_input("depth %d does not fit after %d moves: the history holds %d plies, so "
                         "the limit here is depth %d", depth, HX_MAX_PLIES - room, HX_MAX_PLIES,
                         room);
}

int cli_finish_output(FILE *f, const char *name)
{
    /* A write that failed earlier left its errno (no library call resets
     * errno to 0); the flush's own failure, if any, is the newer reason. */
    int reason = ferror(f) ? errno : 0;
    int failed = ferror(f);
    errno = 0;
    if (fflush(f) != 0) {
        failed = 1;
        reason = errno;
    }
    if (fclose(f) != 0 && !failed) {
        failed = 1;
        reason = errno;
    }
    if (!failed)
        return 0;
    return cli_bad_input("%s: write error: %s", name,
                         reason ? strerror(reason) : "an earlier write failed");
}

/* The oracle's query: the start HexFEN and --moves (it plays them itself). */
static int set_query(const cli_opts *o, const char *start, cli_position *cp)
{
    const char *moves = o->moves ? o->moves + strspn(o->moves, " ,") : "";
    snprintf(cp->query_fen, sizeof cp->query_fen, "%s", *moves ? start : cp->fen);
    cp->query_moves = hx_strdup(moves);
    return cp->query_moves ? 0 : cli_bad_input("out of memory");
}

static int open_with_oracle(const cli_opts *o, cli_position *cp)
{
    char err[256];
    hx_error e;
    hx_session_error se;
    const char *v = o->variant, *p = o->profile ? o->profile : "std";
    /* A profile the oracle does not implement: named where the first
     * question would have been refused (the HexFEN's check, given --fen). */
    if (!(cp->session = hx_session_open_oracle(v, p, &e)))
        return o->fen ? cli_bad_input("bad HexFEN: %s", e.message) : cli_bad_input("%s", e.message);
    if (o->fen)
        snprintf(cp->fen, sizeof cp->fen, "%s", o->fen);
    else if (oracle_start_fen(v, p, cp->fen, sizeof cp->fen, err, sizeof err))
        return cli_bad_input("%s", err);
    /* Validate the HexFEN before any move, so a bad one is named as such. */
    char status[HX_SESSION_WORD_MAX];
    if (hx_session_status(cp->session, cp->fen, "", status, &se))
        return cli_bad_input("bad HexFEN: %s", se.error.message);
    char moves[4096];
    if (o->moves && strlen(o->moves) >= sizeof moves)
        return cli_bad_input("--moves is too long for the oracle engine");
    snprintf(moves, sizeof moves, "%s", o->moves ? o->moves : "");
    int index = 0;
    char *save = NULL;
    for (char *m = strtok_r(moves, " ,", &save); m; m = strtok_r(NULL, " ,", &save)) {
        char next[HX_FEN_MAX];
        index++;
        if (hx_session_fen(cp->session, cp->fen, m, next, &e))
            return cli_bad_input("move %d ('%s'): %s", index, m, e.message);
        snprintf(cp->fen, sizeof cp->fen, "%s", next);
    }
    char start[HX_FEN_TEXT_MAX];
    if (o->fen)
        snprintf(start, sizeof start, "%s", o->fen);
    else if (oracle_start_fen(v, p, start, sizeof start, err, sizeof err))
        return cli_bad_input("%s", err);
    return set_query(o, start, cp);
}

/* --cells seed on a variant without seed names: say which variants have them. */
static int seed_naming_error(const char *variant)
{
    char list[128] = "";
    hx_error err;
    for (int v = 0; v < hx_variant_count(); v++) {
        const char *name = hx_variant_name(v);
        const hx_rules *r = hx_rules_find(name, NULL, &err);
        if (r && hx_rules_has_naming(r, 1))
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", list[0] ? ", " : "",
                     name);
    }
    return cli_usage_error(NULL, "--cells seed exists only for %s, not %s", list, variant);
}

int cli_position_open(const cli_opts *o, cli_position *cp)
{
    hx_error err;
    memset(cp, 0, sizeof *cp);
    if (strcmp(o->generator, "reference") != 0 && strcmp(o->generator, "oracle") != 0)
        return cli_usage_error(NULL, "unknown generator '%s' (reference or oracle)", o->generator);
    cp->rules = hx_rules_find(o->variant, o->profile, &err);
    if (!cp->rules)
        return cli_bad_input("%s", err.message);
    if (o->naming && !hx_rules_has_naming(cp->rules, 1))
        return seed_naming_error(o->variant);
    if (strcmp(o->generator, "reference") != 0 && o->naming)
        return cli_usage_error(NULL, "--cells seed needs the reference generator");
    if (strcmp(o->generator, "reference") != 0) {
        int rc = open_with_oracle(o, cp);
        if (rc)
            cli_position_close(cp);
        return rc;
    }
    cp->pos = hx_position_new(cp->rules);
    if (!cp->pos)
        return cli_bad_input("out of memory");
    if (hx_position_set_fen(cp->pos, o->fen, &err) != 0) {
        cli_position_close(cp);
        return cli_bad_input("bad HexFEN: %s", err.message);
    }
    char start[HX_FEN_MAX];
    hx_position_fen(cp->pos, start);
    if (hx_play_moves(cp->pos, o->moves, o->naming, &err) != 0) {
        cli_position_close(cp);
        return cli_bad_input("--moves: %s", err.message);
    }
    hx_position_fen(cp->pos, cp->fen);
    return 0;
}

void cli_position_close(cli_position *cp)
{
    hx_position_free(cp->pos);
    cp->pos = NULL;
    hx_session_close(cp->session);
    cp->session = NULL;
    free(cp->query_moves);
    cp->query_moves = NULL;
}

int cli_can_write(const char *path)
{
    return hx_output_writable(path);
}

int cli_output_file_open(const char *path, hx_output_file *f)
{
    hx_error err;
    return hx_output_open(f, path, &err) == 0 ? 0 : cli_bad_input("%s", err.message);
}

int cli_output_file_commit(hx_output_file *f)
{
    hx_error err;
    return hx_output_commit(f, &err) == 0 ? 0 : cli_bad_input("%s", err.message);
}

int cli_output_begin(const char *command, const cli_opts *o, cli_output *out)
{
    memset(out, 0, sizeof *out);
    out->junit = o->junit;
    out->report = o->report;
    if (o->junit && !cli_can_write(o->junit))
        return cli_bad_input("cannot write %s (no such directory, or not writable)", o->junit);
    if (o->report && !cli_can_write(o->report))
        return cli_bad_input("cannot write the report %s (no such directory, or not writable)",
                             o->report);
    if (o->format && strcmp(o->format, "text") != 0 && strcmp(o->format, "json") != 0 &&
        strcmp(o->format, "markdown") != 0)
        return cli_usage_error(command, "unknown format '%s' (text, json or markdown)", o->format);
    out->markdown = o->format && strcmp(o->format, "markdown") == 0;
    out->json = out->markdown || (o->format && strcmp(o->format, "json") == 0);
    if (!out->json)
        return 0;
    /* stdout carries JSON (or Markdown) only: the text report written through
     * stdout by the command goes to /dev/null, the results to the original
     * descriptor. */
    fflush(stdout);
    int fd = dup(STDOUT_FILENO);
    out->json_out = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!out->json_out || !freopen("/dev/null", "w", stdout)) {
        fprintf(stderr, "hexref %s: cannot set up JSON output: %s\n", command, strerror(errno));
        return EXIT_BAD_INPUT;
    }
    return 0;
}

int cli_output_end(cli_output *out, const hx_results *r)
{
    int rc = 0;
    if (out->json) {
        if ((out->markdown ? hx_print_markdown(out->json_out, r) : hx_print_json(out->json_out, r)) != 0) {
            fprintf(stderr, "hexref: writing the results failed: %s\n", strerror(errno));
            rc = EXIT_BAD_INPUT;
        }
        if (fclose(out->json_out) != 0)
            rc = EXIT_BAD_INPUT;
        out->json_out = NULL;
    }
    if (out->junit && hx_write_junit_file(out->junit, r) != 0)
        rc = EXIT_BAD_INPUT;
    if (out->report) {
        char err[4200];
        if (hx_report_html_file(out->report, r, err, sizeof err) != 0)
            rc = cli_bad_input("%s", err);
        else
            fprintf(stderr, "report: %s\n", out->report); /* stdout ends with the summary */
    }
    return rc;
}

int cli_progress_wanted(void)
{
    return isatty(STDERR_FILENO);
}

int cli_check_names(const char *variant, const char *profile)
{
    hx_error err;
    char list[256];
    if (variant && hx_profile_count(variant) <= 0)
        return cli_bad_input("unknown variant '%s' (%s)", variant, variant_list(list, sizeof list));
    if (!profile)
        return 0;
    if (variant)
        return hx_rules_find(variant, profile, &err) ? 0 : cli_bad_input("%s", err.message);
    for (int v = 0; v < hx_variant_count(); v++)
        if (hx_rules_find(hx_variant_name(v), profile, &err))
            return 0;
    return cli_bad_input("unknown profile '%s' (see 'hexref variants')", profile);
}
