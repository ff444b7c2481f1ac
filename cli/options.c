/*
 * options.c - one option parser for every subcommand, and the shared
 * position set-up.
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

#include "print.h"
#include "strutil.h"
#include "report_html.h"

typedef enum { T_STR, T_INT, T_U64, T_LONG, T_DOUBLE, T_FLAG, T_CELLS, T_LIST } opt_type;

typedef struct opt_def {
    const char *short_name, *long_name;
    opt_type type;
    size_t offset;
} opt_def;

#define OPT(s, l, t, field) {s, l, t, offsetof(cli_opts, field)}

static const opt_def options[] = {
    OPT("-v", "--variant", T_STR, variant),
    OPT("-p", "--profile", T_STR, profile),
    OPT(NULL, "--fen", T_STR, fen),
    OPT(NULL, "--moves", T_STR, moves),
    OPT("-e", "--engine", T_STR, engine),
    OPT(NULL, "--protocol", T_STR, protocol),
    OPT("-o", "--output", T_STR, output),
    OPT(NULL, "--tier", T_STR, tier),
    OPT(NULL, "--bias", T_STR, bias),
    OPT(NULL, "--cells", T_CELLS, naming),
    OPT(NULL, "--format", T_STR, format),
    OPT(NULL, "--highlight", T_STR, highlight),
    OPT(NULL, "--arrows", T_STR, arrows),
    OPT(NULL, "--report", T_STR, report),
    OPT(NULL, "--flip", T_FLAG, flip),
    OPT(NULL, "--coords", T_FLAG, coords),
    OPT("-t", "--threads", T_INT, threads),
    OPT(NULL, "--hash", T_INT, hash_mb),
    OPT(NULL, "--split", T_INT, split),
    OPT(NULL, "--resume", T_FLAG, resume),
    OPT(NULL, "--no-bulk", T_FLAG, no_bulk),
    OPT(NULL, "--missing", T_FLAG, missing),
    OPT(NULL, "--checkpoint", T_STR, checkpoint),
    OPT(NULL, "--job", T_STR, job),
    OPT("-n", "--count", T_INT, count),
    OPT(NULL, "--check-depth", T_INT, check_depth),
    OPT(NULL, "--seconds", T_LONG, seconds),
    OPT(NULL, "--seed", T_U64, seed),
    OPT(NULL, "--max-nodes", T_U64, max_nodes),
    OPT(NULL, "--random", T_INT, random),
    OPT(NULL, "--plies", T_INT, plies),
    OPT(NULL, "--fixtures", T_FLAG, fixtures),
    OPT(NULL, "--timeout", T_DOUBLE, timeout),
    OPT("-d", "--depth", T_INT, depth),
    OPT("-h", "--help", T_FLAG, help),
    OPT(NULL, "--suite", T_LIST, suites),
    OPT(NULL, "--junit", T_STR, junit),
    OPT("-q", "--quiet", T_FLAG, quiet),
    OPT(NULL, "--verbose", T_FLAG, verbose),
};

/* Does the space-separated list name the option (its long name, no dashes)? */
static int allows(const char *allowed, const opt_def *d)
{
    const char *name = d->long_name + 2;
    size_t n = strlen(name);
    if (strcmp(name, "help") == 0)
        return 1;
    for (const char *s = allowed; s && *s; s += strcspn(s, " "), s += strspn(s, " "))
        if (strncmp(s, name, n) == 0 && (s[n] == ' ' || s[n] == '\0'))
            return 1;
    return 0;
}

static const opt_def *find_option(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
        const opt_def *d = &options[i];
        if ((d->short_name && strlen(d->short_name) == len && !strncmp(name, d->short_name, len)) ||
            (strlen(d->long_name) == len && !strncmp(name, d->long_name, len)))
            return d;
    }
    return NULL;
}

static int parse_number(const char *text, int is_double, double *out)
{
    char *end = NULL;
    errno = 0;
    double v = is_double ? strtod(text, &end) : (double)strtoull(text, &end, 10);
    /* strtoull skips spaces and takes a sign ("-5" wraps): digits only. */
    if (!*text || *end || errno || (!is_double && !isdigit((unsigned char)text[0])))
        return -1;
    *out = v;
    return 0;
}

/* The range a number option takes, for its error message. */
static const char *range_of(opt_type type)
{
    switch (type) {
    case T_INT:
    case T_LONG:
        return " (a whole number from 0 to 1000000000)";
    case T_U64:
        return " (a whole number from 0 to 18446744073709551615)";
    case T_DOUBLE:
        return " (a number above 0)";
    default:
        return "";
    }
}

static int store(cli_opts *o, const opt_def *d, const char *value)
{
    char *base = (char *)o + d->offset;
    double num = 0;
    switch (d->type) {
    case T_STR:
        *(const char **)base = value;
        return 0;
    case T_CELLS:
        if (strcmp(value, "seed") && strcmp(value, "canonical"))
            return -1;
        *(int *)base = strcmp(value, "seed") == 0;
        return 0;
    case T_LIST:
        if (o->nsuites >= CLI_MAX_ARGS)
            return -1;
        o->suites[o->nsuites++] = value;
        return 0;
    case T_U64:
        if (parse_number(value, 0, &num))
            return -1;
        *(uint64_t *)base = strtoull(value, NULL, 10);
        if (d->offset == offsetof(cli_opts, seed))
            o->has_seed = 1;
        return 0;
    case T_DOUBLE:
        if (parse_number(value, 1, &num) || num <= 0)
            return -1;
        *(double *)base = num;
        return 0;
    case T_LONG:
    case T_INT:
        if (parse_number(value, 0, &num) || num > 1e9)
            return -1;
        if (d->type == T_LONG)
            *(long *)base = (long)num;
        else
            *(int *)base = (int)num;
        return 0;
    case T_FLAG:
        return 0;
    }
    return -1;
}

static void defaults(cli_opts *o)
{
    memset(o, 0, sizeof *o);
    o->engine = "reference";
    o->depth = -1;
    o->threads = 1;
    o->check_depth = -1;
}

int cli_parse(const char *command, const char *allowed, int argc, char **argv, cli_opts *o)
{
    defaults(o);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] == '\0' || (a[1] >= '0' && a[1] <= '9')) {
            if (o->nargs >= CLI_MAX_ARGS)
                return cli_usage_error(command, "too many arguments");
            o->args[o->nargs++] = a;
            continue;
        }
        const char *eq = strchr(a, '=');
        size_t len = eq ? (size_t)(eq - a) : strlen(a);
        const opt_def *d = find_option(a, len);
        if (!d)
            return cli_usage_error(command, "unknown option '%s'", a);
        if (!allows(allowed, d))
            return cli_usage_error(command, "'%s' takes no option %s", command, d->long_name);
        if (d->type == T_FLAG) {
            *(int *)((char *)o + d->offset) = 1;
            continue;
        }
        const char *value = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!value)
            return cli_usage_error(command, "option '%s' needs a value", a);
        if (store(o, d, value) != 0)
            return cli_usage_error(command, "bad value '%s' for option %s%s", value, d->long_name,
                                   range_of(d->type));
    }
    if (o->help) {
        cli_usage(stdout, command);
        return CLI_DONE;
    }
    /* One rule for every command: an unknown variant or profile is bad input. */
    return cli_check_names(o->variant, o->profile);
}

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

int cli_require_variant(const char *command, const cli_opts *o)
{
    if (!o->variant)
        return cli_usage_error(command, "-v VARIANT is required (shafran, brusky, glinski, mccooey)");
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

/* cp->position: the start HexFEN and --moves as the engine takes them. With
 * --cells seed the moves are in seed names, which the engine does not read:
 * the HexFEN after them is given (seed names exist only where HexFEN
 * carries the whole state). */
static int set_position_text(const cli_opts *o, const char *start, cli_position *cp)
{
    const char *moves = o->moves ? o->moves + strspn(o->moves, " ,") : "";
    cp->position = o->naming || !*moves ? hx_strdup(cp->fen)
                                        : hx_strfmt("%s moves %s", start, moves);
    return cp->position ? 0 : cli_bad_input("out of memory");
}

static int open_with_oracle(const cli_opts *o, cli_position *cp)
{
    char err[256];
    const char *v = o->variant, *p = o->profile ? o->profile : "std";
    if (o->fen)
        snprintf(cp->fen, sizeof cp->fen, "%s", o->fen);
    else if (cp->engine.start_fen(cp->engine.ctx, v, p, cp->fen, sizeof cp->fen, err, sizeof err))
        return cli_bad_input("%s", err);
    /* Validate the HexFEN before any move, so a bad one is named as such. */
    char status[32];
    if (cp->engine.status(cp->engine.ctx, v, p, cp->fen, status, sizeof status, err, sizeof err))
        return cli_bad_input("bad HexFEN: %s", err);
    char moves[4096];
    if (o->moves && strlen(o->moves) >= sizeof moves)
        return cli_bad_input("--moves is too long for the oracle engine");
    snprintf(moves, sizeof moves, "%s", o->moves ? o->moves : "");
    int index = 0;
    char *save = NULL;
    for (char *m = strtok_r(moves, " ,", &save); m; m = strtok_r(NULL, " ,", &save)) {
        char next[HX_ENGINE_FEN_MAX];
        index++;
        if (cp->engine.play(cp->engine.ctx, v, p, cp->fen, m, next, sizeof next, err, sizeof err))
            return cli_bad_input("move %d ('%s'): %s", index, m, err);
        snprintf(cp->fen, sizeof cp->fen, "%s", next);
    }
    char start[HX_ENGINE_FEN_MAX];
    if (o->fen)
        snprintf(start, sizeof start, "%s", o->fen);
    else if (cp->engine.start_fen(cp->engine.ctx, v, p, start, sizeof start, err, sizeof err))
        return cli_bad_input("%s", err);
    return set_position_text(o, start, cp);
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
    if (hx_engine_by_name(o->engine, &cp->engine) != 0)
        return cli_usage_error(NULL, "unknown engine '%s' (reference or oracle)", o->engine);
    cp->rules = hx_rules_find(o->variant, o->profile, &err);
    if (!cp->rules)
        return cli_bad_input("%s", err.message);
    if (o->naming && !hx_rules_has_naming(cp->rules, 1))
        return seed_naming_error(o->variant);
    if (strcmp(o->engine, "reference") != 0 && o->naming)
        return cli_usage_error(NULL, "--cells seed needs the reference engine");
    if (strcmp(o->engine, "reference") != 0)
        return open_with_oracle(o, cp);
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
    int rc = set_position_text(o, start, cp);
    if (rc)
        cli_position_close(cp);
    return rc;
}

void cli_position_close(cli_position *cp)
{
    hx_position_free(cp->pos);
    cp->pos = NULL;
    free(cp->position);
    cp->position = NULL;
}

int cli_can_write(const char *path)
{
    return hx_output_writable(path);
}

int cli_output_file_open(const char *path, hx_output_file *f)
{
    char err[4200];
    return hx_output_open(f, path, err, sizeof err) == 0 ? 0 : cli_bad_input("%s", err);
}

int cli_output_file_commit(hx_output_file *f)
{
    char err[4200];
    return hx_output_commit(f, err, sizeof err) == 0 ? 0 : cli_bad_input("%s", err);
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
    if (o->format && strcmp(o->format, "text") != 0 && strcmp(o->format, "json") != 0)
        return cli_usage_error(command, "unknown format '%s' (text or json)", o->format);
    out->json = o->format && strcmp(o->format, "json") == 0;
    if (!out->json)
        return 0;
    /* stdout carries JSON only: the text report written through stdout by
     * the command goes to /dev/null, the JSON to the original descriptor. */
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
        if (hx_print_json(out->json_out, r) != 0) {
            fprintf(stderr, "hexref: writing the JSON results failed: %s\n", strerror(errno));
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
    if (variant && hx_profile_count(variant) <= 0)
        return cli_bad_input("unknown variant '%s' (shafran, brusky, glinski, mccooey)", variant);
    if (!profile)
        return 0;
    if (variant)
        return hx_rules_find(variant, profile, &err) ? 0 : cli_bad_input("%s", err.message);
    for (int v = 0; v < hx_variant_count(); v++)
        if (hx_rules_find(hx_variant_name(v), profile, &err))
            return 0;
    return cli_bad_input("unknown profile '%s' (see 'hexref variants')", profile);
}
