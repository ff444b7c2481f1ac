/*
 * cmd_engine.c - hexref as a uci engine (docs/protocol.md), so that
 * `hexref verify --protocol uci` can be pointed at hexref itself, and so a
 * uci adapter has a working counterpart to compare with.
 *
 * Only what verify needs: uci, isready, setoption (UCI_Variant,
 * HexrefProfile), position, go perft N, the HexrefStatus extension
 * (`status`), d (draw), quit. A variant or profile given on the command
 * line is pinned: setoption cannot change it, so `hexref engine -p neg-...`
 * behaves like an engine with that bug whatever verify asks for.
 *
 * This file holds the commands; engine_io.c reads them and makes the count
 * of `go perft` in a child process while reading on (stop, quit, isready
 * during a count). Every `go perft` ends with a `Nodes searched: N` line,
 * an error too.
 */
#include "cli.h"
#include "engine_io.h"
#include "engine_state.h"
#include "hexref_version.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

static void print_uci(const engine_state *s)
{
    printf("id name hexref %s\nid author the hexref project\n", HEXREF_VERSION);
    printf("option name UCI_Variant type combo default %s", s->variant);
    for (int i = 0; i < hx_variant_count(); i++)
        printf(" var %s", hx_variant_name(i));
    printf("\noption name HexrefProfile type string default %s\n", s->profile);
    printf("option name HexrefStatus type check default true\nuciok\n");
    fflush(stdout);
}

/* Returns 1 if the engine must end (engine_io_count). */
static int go_perft(const engine_state *s, engine_io *io, int depth)
{
    hx_error err;
    hx_position *pos = engine_current_position(s, &err);
    if (!pos) {
        engine_perft_error(err.message);
        return 0;
    }
    int end = 0;
    if (depth > hx_perft_max_depth(pos)) {
        snprintf(err.message, sizeof err.message, "depth %d does not fit: the history holds %d "
                 "plies, so the limit here is %d", depth, HX_MAX_PLIES, hx_perft_max_depth(pos));
        engine_perft_error(err.message);
    } else {
        end = engine_io_count(io, pos, depth);
    }
    hx_position_free(pos);
    return end;
}

static int go(const engine_state *s, engine_io *io, const char *args)
{
    char *end = NULL;
    args = engine_skip_blanks(args);
    if (!engine_token_is(args, "perft")) {
        engine_reply("info string only 'go perft N' is supported\nbestmove 0000\n", "");
        return 0;
    }
    long depth = strtol(args + 5, &end, 10);
    char message[96];
    snprintf(message, sizeof message, "go perft needs a depth from 0 to %d (the limit)",
             HX_PERFT_MAX_DEPTH);
    if (end == args + 5 || *engine_skip_blanks(end) != '\0' || depth < 0 || depth > HX_PERFT_MAX_DEPTH) {
        engine_perft_error(message);
        return 0;
    }
    return go_perft(s, io, (int)depth);
}

static void status(const engine_state *s)
{
    hx_error err;
    hx_position *pos = engine_current_position(s, &err);
    if (!pos) {
        engine_reply("error %s\n", err.message);
        return;
    }
    engine_reply("status %s\n", hx_status_name(hx_position_status(pos)));
    hx_position_free(pos);
}

static void draw(const engine_state *s)
{
    hx_error err;
    hx_position *pos = engine_current_position(s, &err);
    if (!pos) {
        engine_reply("error %s\n", err.message);
        return;
    }
    char fen[HX_FEN_MAX];
    hx_position_fen(pos, fen);
    cli_draw_position(pos, 0, 0);
    printf("\n%s (%s) Fen: %s\n", s->variant, s->profile, fen);
    fflush(stdout);
    hx_position_free(pos);
}

/* Runs one command line; returns 1 on quit (or when a count ended the
 * engine: see await_count). */
static int dispatch(engine_state *s, engine_io *io, char *line)
{
    line[strcspn(line, "\r\n")] = '\0';
    while (isspace((unsigned char)*line))
        line++;
    char *args = line + strcspn(line, " \t");
    if (*args)
        *args++ = '\0';
    if (strcmp(line, "quit") == 0)
        return 1;
    if (strcmp(line, "uci") == 0)
        print_uci(s);
    else if (strcmp(line, "isready") == 0)
        engine_reply("readyok\n", "");
    else if (strcmp(line, "setoption") == 0)
        engine_set_option(s, args);
    else if (strcmp(line, "position") == 0)
        engine_set_position(s, args);
    else if (strcmp(line, "go") == 0)
        return go(s, io, args);
    else if (strcmp(line, "status") == 0)
        status(s);
    else if (strcmp(line, "d") == 0)
        draw(s);
    else if (line[0] && strcmp(line, "ucinewgame") != 0 && strcmp(line, "stop") != 0)
        engine_reply("info string unknown command: %s\n", line);
    return 0;
}

/* Runs one entry of the queue (see command_queue); returns 1 to end. */
static int run_queued(engine_state *s, engine_io *io, char *entry)
{
    int end = 0;
    if (entry[0] == 'd') {
        s->line_dropped = 1;
        engine_reply("info string a command line longer than %s was ignored\n", "64 KiB");
    } else if (entry[0] == 's') {
        engine_perft_error("stopped");
    } else {
        end = dispatch(s, io, entry + 1);
    }
    free(entry);
    return end;
}

const cli_command cli_engine_command = {
    "engine", cmd_engine, "run hexref as a uci engine on stdin and stdout",
    "hexref engine [-v VARIANT] [-p PROFILE]",
    "Runs hexref as a uci engine on stdin/stdout, for verify --protocol uci.\n"
    "Commands (docs/protocol.md): uci, isready, setoption name UCI_Variant|HexrefProfile\n"
    "value X, position fen|startpos [moves ..], go perft N (N <= 10), stop, status, d,\n"
    "quit. Without setoption the variant is the first that 'hexref variants' lists.\n"
    "-v and -p pin the variant and the profile (setoption cannot change them).\n",
    cli_variant_options};

int cmd_engine(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse(&cli_engine_command, argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    if (o.nargs)
        return cli_usage_error("engine", "unexpected argument '%s'", o.args[0]);
    engine_state s = {{0}, "std", o.variant != NULL, o.profile != NULL, NULL, NULL, 0};
    /* cli_parse checked the names; a -p without -v is pinned for the variant a
     * setoption names later (hexref engine -p neg-centre-double), so it is not
     * checked against the default variant. */
    snprintf(s.variant, sizeof s.variant, "%s", o.variant ? o.variant : hx_variant_name(0));
    snprintf(s.profile, sizeof s.profile, "%s", o.profile ? o.profile : "std");
    /* A closed stdout is an error to see (EPIPE), not a signal that would
     * leave the count child to PDEATHSIG alone. */
    signal(SIGPIPE, SIG_IGN);
    engine_io *io = engine_io_new();
    char *line = malloc(1 << 16);
    if (!io || !line) {
        engine_io_free(io);
        free(line);
        return cli_bad_input("out of memory");
    }
    for (int done = 0; !done && !engine_io_failed(io);) {
        char *entry = engine_io_take_queued(io);
        int taken = entry ? 0 : engine_io_next_line(io, line, 1 << 16);
        if (entry) {
            done = run_queued(&s, io, entry);
        } else if (taken == ENGINE_LINE_DROPPED) {
            s.line_dropped = 1;
            engine_reply("info string a command line longer than %s was ignored\n", "64 KiB");
        } else if (taken) {
            done = dispatch(&s, io, line);
        } else if (engine_io_eof(io)) {
            break;
        } else {
            engine_io_fill(io);
        }
        if (ferror(stdout))
            engine_io_set_failed(io);
    }
    int failed = engine_io_failed(io);
    engine_io_free(io);
    free(line);
    free(s.fen);
    free(s.moves);
    if (failed) {
        fprintf(stderr, "hexref engine: cannot write to stdout (%s): the driver is gone\n",
                strerror(EPIPE));
        return EXIT_BAD_INPUT;
    }
    return EXIT_OK;
}
