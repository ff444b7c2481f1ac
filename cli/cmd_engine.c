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
 * `go perft` counts in a child process that writes the answer into a pipe,
 * while this process keeps reading commands: `stop` kills the
 * count and ends the exchange with the error form (docs/protocol.md).
 * Every `go perft` ends with a `Nodes searched: N` line, an error too.
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

/* The variant until a setoption names one: the uci reply's default. */
#define DEFAULT_VARIANT "shafran"

typedef struct engine_state {
    char variant[32], profile[64];
    int variant_pinned, profile_pinned;
    char *fen;   /* NULL: the initial position */
    char *moves; /* space-separated, "" for none */
    int line_dropped; /* an over-long line came since the last position */
} engine_state;

/* stdin read with read(2), so that poll() sees every byte not yet taken
 * (stdio would hide buffered lines from it). */
typedef struct line_reader {
    char buf[1 << 16];
    size_t len;
    int eof;
    int dropping; /* inside a line longer than buf, until its newline */
} line_reader;

static void reply(const char *fmt, const char *arg)
{
    printf(fmt, arg);
    fflush(stdout);
}

static void print_uci(const engine_state *s)
{
    printf("id name hexref %s\nid author the hexref project\n", "0.1.0");
    printf("option name UCI_Variant type combo default %s", s->variant);
    for (int i = 0; i < hx_variant_count(); i++)
        printf(" var %s", hx_variant_name(i));
    printf("\noption name HexrefProfile type string default %s\n", s->profile);
    printf("option name HexrefStatus type check default true\nuciok\n");
    fflush(stdout);
}

/* "setoption name NAME value VALUE"; option names are case-insensitive. */
static void set_option(engine_state *s, char *args)
{
    char *name = strstr(args, "name ");
    char *value = strstr(args, " value ");
    if (!name || !value) {
        reply("info string setoption needs 'name N value V'\n", "");
        return;
    }
    *value = '\0';
    name += 5;
    value += 7;
    value[strcspn(value, " \t")] = '\0';
    int is_variant = strcasecmp(name, "UCI_Variant") == 0;
    int is_profile = strcasecmp(name, "HexrefProfile") == 0;
    if ((is_variant && s->variant_pinned) || (is_profile && s->profile_pinned))
        reply("info string %s is pinned by the command line; ignored\n", name);
    else if (is_variant)
        snprintf(s->variant, sizeof s->variant, "%s", value);
    else if (is_profile)
        snprintf(s->profile, sizeof s->profile, "%s", value);
    else
        reply("info string no such option: %s\n", name);
}

static char *dup_text(const char *text)
{
    size_t n = strlen(text) + 1;
    char *p = malloc(n);
    return p ? memcpy(p, text, n) : NULL;
}

/* "position fen F... [moves M...]" or "position startpos [moves M...]". */
static void set_position(engine_state *s, char *args)
{
    s->line_dropped = 0;
    free(s->fen);
    free(s->moves);
    s->fen = NULL;
    s->moves = NULL;
    char *moves = strstr(args, " moves");
    if (moves) {
        *moves = '\0';
        moves += 6;
    }
    while (*args == ' ')
        args++;
    if (strncmp(args, "fen ", 4) == 0)
        s->fen = dup_text(args + 4);
    else if (strncmp(args, "startpos", 8) != 0)
        reply("info string position needs 'fen HEXFEN' or 'startpos'\n", "");
    s->moves = dup_text(moves ? moves : "");
}

/* The position of the last 'position' command, or NULL with err filled. */
static hx_position *current_position(const engine_state *s, hx_error *err)
{
    if (s->line_dropped) {
        snprintf(err->message, sizeof err->message, "a command line longer than 64 KiB was "
                 "ignored: send the position again");
        return NULL;
    }
    const hx_rules *rules = hx_rules_find(s->variant, s->profile, err);
    hx_position *pos = rules ? hx_position_new(rules) : NULL;
    if (rules && !pos)
        snprintf(err->message, sizeof err->message, "out of memory");
    if (pos && (hx_position_set_fen(pos, s->fen, err) != 0 ||
                hx_play_moves(pos, s->moves, 0, err) != 0)) {
        hx_position_free(pos);
        pos = NULL;
    }
    return pos;
}

/* The error form of an answer: an error line and a terminator, so that a
 * driver waiting for "Nodes searched" is never left waiting. */
static void perft_error(const char *message)
{
    printf("error %s\n\nNodes searched: 0\n\n", message);
    fflush(stdout);
}

/* The divide of pos to depth (the library divide), written to out (the
 * child's pipe). */
static void write_divide(hx_position *pos, int depth, FILE *out)
{
    static hx_divide_entry lines[HX_MAX_MOVES];
    int n = depth > 0 ? hx_perft_divide(pos, depth, 0, lines) : 0;
    uint64_t total = depth > 0 ? 0 : 1;
    for (int i = 0; i < n; i++)
        total = lines[i].count > UINT64_MAX - total ? UINT64_MAX : total + lines[i].count;
    if (total == UINT64_MAX) {
        fprintf(out, "error the count does not fit in 64 bits\n\nNodes searched: 0\n\n");
        return;
    }
    for (int i = 0; i < n; i++)
        fprintf(out, "%s: %llu\n", lines[i].move, (unsigned long long)lines[i].count);
    fprintf(out, "\nNodes searched: %llu\n\n", (unsigned long long)total);
}

/* Starts the count in a child that dies with us; returns the read end of
 * its pipe, or -1. */
static int start_count(hx_position *pos, int depth, pid_t *child)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    fflush(stdout);
    *child = fork();
    if (*child < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (*child == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL); /* never outlive the engine */
        close(fds[0]);
        FILE *out = fdopen(fds[1], "w");
        if (out) {
            write_divide(pos, depth, out);
            fclose(out);
        }
        _exit(0);
    }
    close(fds[1]);
    return fds[0];
}

static int next_line(line_reader *r, char *line, size_t cap);
static int fill_reader(line_reader *r);

/* Waits for the count, copying its answer to stdout, while reading
 * commands: stop ends it with the error form, isready is answered. */
static void await_count(line_reader *r, int fd, pid_t child)
{
    int stopped = 0, queued = 0;
    char line[4096], chunk[4096];
    while (!stopped) {
        const char *next = r->len && memchr(r->buf, '\n', r->len) ? r->buf : NULL;
        if (!next && r->len == sizeof r->buf)
            queued = 1; /* a line longer than the buffer: read it after the answer */
        if (next && !queued) { /* the next command, maybe read before the go */
            next += strspn(next, " \t");
            stopped = !strncmp(next, "stop", 4);
            /* Anything else (quit too: `printf 'go perft 3\nquit\n' | hexref
             * engine` wants the answer) waits for the answer, in order. */
            queued = !stopped && strncmp(next, "isready", 7) != 0;
            if (!queued && next_line(r, line, sizeof line) && !stopped)
                printf("readyok\n"), fflush(stdout);
            continue;
        }
        struct pollfd p[2] = {{fd, POLLIN, 0}, {0, POLLIN, 0}};
        if (poll(p, r->eof || queued ? 1 : 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (!r->eof && !queued && p[1].revents) {
            fill_reader(r);
            continue;
        }
        ssize_t got = read(fd, chunk, sizeof chunk);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break; /* the answer is complete */
        fwrite(chunk, 1, (size_t)got, stdout);
        fflush(stdout);
    }
    if (stopped)
        kill(child, SIGKILL);
    close(fd);
    while (waitpid(child, NULL, 0) < 0 && errno == EINTR)
        ;
    if (stopped)
        perft_error("stopped");
}

static void go_perft(const engine_state *s, line_reader *r, int depth)
{
    hx_error err;
    hx_position *pos = current_position(s, &err);
    if (!pos) {
        perft_error(err.message);
        return;
    }
    pid_t child = 0;
    if (depth > hx_perft_max_depth(pos)) {
        snprintf(err.message, sizeof err.message, "depth %d does not fit: the history holds %d "
                 "plies, so the limit here is %d", depth, HX_MAX_PLIES, hx_perft_max_depth(pos));
        perft_error(err.message);
    } else {
        int fd = start_count(pos, depth, &child);
        if (fd < 0)
            perft_error("cannot start the count");
        else
            await_count(r, fd, child);
    }
    hx_position_free(pos);
}

static void go(const engine_state *s, line_reader *r, const char *args)
{
    char *end = NULL;
    while (*args == ' ')
        args++;
    if (strncmp(args, "perft", 5) != 0) {
        reply("info string only 'go perft N' is supported\nbestmove 0000\n", "");
        return;
    }
    long depth = strtol(args + 5, &end, 10);
    char message[96];
    snprintf(message, sizeof message, "go perft needs a depth from 0 to %d (the limit)",
             HX_PERFT_MAX_DEPTH);
    if (end == args + 5 || depth < 0 || depth > HX_PERFT_MAX_DEPTH)
        perft_error(message);
    else
        go_perft(s, r, (int)depth);
}

/* Reads what stdin has (blocking): 0 at end of input or on an error. */
static int fill_reader(line_reader *r)
{
    if (r->eof || r->len == sizeof r->buf)
        return 0;
    ssize_t got;
    while ((got = read(0, r->buf + r->len, sizeof r->buf - r->len)) < 0 && errno == EINTR)
        ;
    if (got <= 0) {
        r->eof = 1;
        return 0;
    }
    r->len += (size_t)got;
    return 1;
}

/* Takes the next complete line (a last one without newline at the end of
 * input) if one is buffered: 1, else 0. A line longer than the buffer is
 * dropped whole (a cut `position` line would name another position), and
 * taking its end returns LINE_DROPPED with line empty. */
enum { LINE_DROPPED = 2 };
static int next_line(line_reader *r, char *line, size_t cap)
{
    char *nl = memchr(r->buf, '\n', r->len);
    size_t n = nl ? (size_t)(nl - r->buf) + 1 : r->len;
    line[0] = '\0';
    if (!nl && r->len == sizeof r->buf) {
        r->dropping = 1;
        r->len = 0;
        return 0;
    }
    if (!n || (!nl && !r->eof))
        return 0;
    size_t keep = n < cap ? n : cap - 1;
    if (!r->dropping)
        memcpy(line, r->buf, keep);
    line[r->dropping ? 0 : keep] = '\0';
    memmove(r->buf, r->buf + n, r->len - n);
    r->len -= n;
    if (r->dropping) {
        r->dropping = 0;
        return LINE_DROPPED;
    }
    return 1;
}

static void status(const engine_state *s)
{
    hx_error err;
    hx_position *pos = current_position(s, &err);
    if (!pos) {
        reply("error %s\n", err.message);
        return;
    }
    reply("status %s\n", hx_status_name(hx_position_status(pos)));
    hx_position_free(pos);
}

static void draw(const engine_state *s)
{
    hx_error err;
    hx_position *pos = current_position(s, &err);
    if (!pos) {
        reply("error %s\n", err.message);
        return;
    }
    char fen[HX_FEN_MAX];
    hx_position_fen(pos, fen);
    cli_draw_position(pos, 0, 0);
    printf("\n%s (%s) Fen: %s\n", s->variant, s->profile, fen);
    fflush(stdout);
    hx_position_free(pos);
}

/* Runs one command line; returns 1 on quit. */
static int dispatch(engine_state *s, line_reader *r, char *line)
{
    line[strcspn(line, "\r\n")] = '\0';
    while (isspace((unsigned char)*line))
        line++;
    char *args = line + strcspn(line, " ");
    if (*args)
        *args++ = '\0';
    if (strcmp(line, "quit") == 0)
        return 1;
    if (strcmp(line, "uci") == 0)
        print_uci(s);
    else if (strcmp(line, "isready") == 0)
        reply("readyok\n", "");
    else if (strcmp(line, "setoption") == 0)
        set_option(s, args);
    else if (strcmp(line, "position") == 0)
        set_position(s, args);
    else if (strcmp(line, "go") == 0)
        go(s, r, args);
    else if (strcmp(line, "status") == 0)
        status(s);
    else if (strcmp(line, "d") == 0)
        draw(s);
    else if (line[0] && strcmp(line, "ucinewgame") != 0 && strcmp(line, "stop") != 0)
        reply("info string unknown command: %s\n", line);
    return 0;
}

int cmd_engine(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("engine", "variant profile", argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    if (o.nargs)
        return cli_usage_error("engine", "unexpected argument '%s'", o.args[0]);
    engine_state s = {{0}, "std", o.variant != NULL, o.profile != NULL, NULL, NULL, 0};
    /* cli_parse checked the names; a -p without -v is pinned for the variant a
     * setoption names later (hexref engine -p neg-centre-double), so it is not
     * checked against the default variant. */
    snprintf(s.variant, sizeof s.variant, "%s", o.variant ? o.variant : DEFAULT_VARIANT);
    snprintf(s.profile, sizeof s.profile, "%s", o.profile ? o.profile : "std");
    static line_reader reader;
    static char line[1 << 16];
    for (;;) {
        int taken = next_line(&reader, line, sizeof line);
        if (taken == LINE_DROPPED) {
            s.line_dropped = 1;
            reply("info string a command line longer than %s was ignored\n", "64 KiB");
        } else if (taken) {
            if (dispatch(&s, &reader, line))
                break;
        } else if (reader.eof) {
            break;
        } else {
            fill_reader(&reader);
        }
    }
    free(s.fen);
    free(s.moves);
    return EXIT_OK;
}
