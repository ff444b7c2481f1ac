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
 * while this process keeps reading commands: `stop`, `quit`, the end of
 * stdin and a closed stdout kill the count at once (the first two whatever
 * is queued), `isready` is answered between whole lines of the answer, and
 * the rest waits for the answer, in order (docs/protocol.md).
 * Every `go perft` ends with a `Nodes searched: N` line, an error too.
 */
#include "cli.h"
#include "hexref_version.h"

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

/* Whether s starts with the whole word (followed by a blank or the end), so
 * that `stopwatch` is not `stop` nor `perft3` `perft`. */
static int token_is(const char *s, const char *word)
{
    size_t n = strlen(word);
    return strncmp(s, word, n) == 0 && (s[n] == '\0' || isspace((unsigned char)s[n]));
}

/* The first whole word `word` in s that follows a blank, or NULL. */
static char *find_token(char *s, const char *word)
{
    for (char *at = strstr(s, word); at; at = strstr(at + 1, word))
        if (at > s && (at[-1] == ' ' || at[-1] == '\t') && token_is(at, word))
            return at;
    return NULL;
}

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

/* "setoption name NAME value VALUE"; option names are case-insensitive. */
static void set_option(engine_state *s, char *args)
{
    while (isspace((unsigned char)*args))
        args++;
    char *name = token_is(args, "name") ? args : NULL;
    char *value = name ? find_token(args, "value") : NULL;
    if (!name || !value) {
        reply("info string setoption needs 'name N value V'\n", "");
        return;
    }
    value[-1] = '\0';
    name += 5;
    value += 6;
    name[strcspn(name, " \t")] = '\0';
    value += strspn(value, " \t");
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
    char *moves = find_token(args, "moves");
    if (moves) {
        moves[-1] = '\0';
        moves += 5;
    }
    while (isspace((unsigned char)*args))
        args++;
    if (token_is(args, "fen"))
        s->fen = dup_text(args + 4);
    else if (!token_is(args, "startpos") || args[8 + strspn(args + 8, " \t")] != '\0')
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
    hx_divide_entry lines[HX_MAX_MOVES];
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
    pid_t parent = getpid();
    *child = fork();
    if (*child < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (*child == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL); /* never outlive the engine */
        if (getppid() != parent)
            _exit(0); /* the engine died before the prctl */
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

enum { LINE_DROPPED = 2 }; /* next_line: the end of a dropped line */
static int next_line(line_reader *r, char *line, size_t cap);
static int fill_reader(line_reader *r);

/* Commands read while a count runs, to be run after it in order. Each
 * entry starts with its kind: 'c' a command line, 'd' the end of an
 * over-long line that was dropped, 's' a go that a later stop ended before
 * it ran. Bounded: when full, stdin is not read until the count ends. */
enum { QUEUE_MAX = 4096 };
typedef struct command_queue {
    char *entry[QUEUE_MAX];
    int head, n;
} command_queue;

static command_queue queue;

static int queue_push(char kind, const char *line)
{
    size_t len = strlen(line);
    char *e = malloc(len + 2);
    if (!e)
        return -1;
    e[0] = kind;
    memcpy(e + 1, line, len + 1);
    queue.entry[(queue.head + queue.n++) % QUEUE_MAX] = e;
    return 0;
}

/* The oldest entry (the caller frees it), or NULL. */
static char *queue_take(void)
{
    if (queue.n == 0)
        return NULL;
    char *e = queue.entry[queue.head];
    queue.head = (queue.head + 1) % QUEUE_MAX;
    queue.n--;
    return e;
}

static void queue_clear(void)
{
    char *e;
    while ((e = queue_take()) != NULL)
        free(e);
}

static const char *skip_blanks(const char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    return s;
}

/* A stop ends every go sent before it: those still queued are answered
 * with the stopped form instead of counting. */
static void stop_queued_goes(void)
{
    for (int i = 0; i < queue.n; i++) {
        char *e = queue.entry[(queue.head + i) % QUEUE_MAX];
        if (e[0] == 'c' && token_is(skip_blanks(e + 1), "go"))
            e[0] = 's';
    }
}

/* quit and the end of input drop the queued commands, but each isready
 * sent before them still gets its readyok. */
static void emit(const char *text, size_t n);
static void answer_queued_isready(void)
{
    for (int i = 0; i < queue.n; i++) {
        const char *e = queue.entry[(queue.head + i) % QUEUE_MAX];
        if (e[0] == 'c' && token_is(skip_blanks(e + 1), "isready"))
            emit("readyok\n", 8);
    }
}

/* stdout is the one place answers are written, a whole line at a time: a
 * failed write (EPIPE: the driver is gone) is remembered and ends the
 * engine. */
static int output_failed;

static void emit(const char *text, size_t n)
{
    if (n && (fwrite(text, 1, n, stdout) != n || fflush(stdout) != 0))
        output_failed = 1;
}

/* How a count ended. */
enum count_end { COUNT_DONE, COUNT_STOPPED, COUNT_QUIT, COUNT_EOF, COUNT_GONE };

/* Takes the commands buffered on stdin while counting: stop and quit act at
 * once, isready is answered at once when nothing is queued before it, the
 * rest is queued. Returns how the count must end, or -1 to go on. */
static int take_commands(line_reader *r)
{
    static char line[1 << 16];
    int taken;
    while (queue.n < QUEUE_MAX && (taken = next_line(r, line, sizeof line)) != 0) {
        line[strcspn(line, "\r\n")] = '\0';
        const char *cmd = skip_blanks(line);
        if (taken == LINE_DROPPED) {
            if (queue_push('d', "") != 0)
                return COUNT_GONE;
        } else if (token_is(cmd, "stop")) {
            return COUNT_STOPPED;
        } else if (token_is(cmd, "quit")) {
            return COUNT_QUIT;
        } else if (token_is(cmd, "isready") && queue.n == 0) {
            emit("readyok\n", 8);
        } else if (queue_push('c', line) != 0) {
            return COUNT_GONE;
        }
    }
    return r->eof && r->len == 0 ? COUNT_EOF : -1;
}

/* Copies the count's output to stdout, whole lines only, so that a readyok
 * never lands inside a line. Returns 0 at the end of the answer. */
static int copy_answer(int fd, char *pending, size_t *len, size_t cap)
{
    ssize_t got = read(fd, pending + *len, cap - *len);
    if (got < 0 && errno == EINTR)
        return 1;
    if (got <= 0) {
        emit(pending, *len); /* a last line without newline, if the child died */
        *len = 0;
        return 0;
    }
    *len += (size_t)got;
    size_t whole = *len;
    while (whole > 0 && pending[whole - 1] != '\n')
        whole--;
    if (whole == 0 && *len == cap)
        whole = *len; /* no line is this long; never stall */
    emit(pending, whole);
    memmove(pending, pending + whole, *len - whole);
    *len -= whole;
    return 1;
}

/* Waits for the count while reading commands (take_commands); also ends it
 * when stdin ends or stdout is closed. Returns 1 if the engine must end. */
static int await_count(line_reader *r, int fd, pid_t child)
{
    static char pending[1 << 16];
    size_t pending_len = 0;
    int end = -1;
    while (end < 0) {
        if ((end = take_commands(r)) >= 0)
            break;
        if (output_failed) {
            end = COUNT_GONE;
            break;
        }
        int read_stdin = queue.n < QUEUE_MAX && !r->eof;
        /* stdout with no events: poll reports POLLERR once a pipe's reader
         * closed it, before anything is written. */
        struct pollfd p[3] = {{fd, POLLIN, 0}, {1, 0, 0}, {0, POLLIN, 0}};
        if (poll(p, read_stdin ? 3 : 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            end = COUNT_GONE;
            break;
        }
        /* Both, when both are ready: a flood of commands never starves the
         * answer. */
        if (p[1].revents & (POLLERR | POLLHUP))
            end = COUNT_GONE;
        else if (p[0].revents && !copy_answer(fd, pending, &pending_len, sizeof pending))
            end = COUNT_DONE;
        if (end < 0 && read_stdin && p[2].revents)
            fill_reader(r);
    }
    if (end != COUNT_DONE)
        kill(child, SIGKILL);
    close(fd);
    while (waitpid(child, NULL, 0) < 0 && errno == EINTR)
        ;
    if (end == COUNT_STOPPED)
        stop_queued_goes();
    if (end == COUNT_STOPPED || end == COUNT_QUIT)
        perft_error("stopped");
    else if (end == COUNT_EOF)
        perft_error("stopped: end of input");
    if (end == COUNT_QUIT || end == COUNT_EOF)
        answer_queued_isready();
    if (end == COUNT_GONE)
        output_failed = 1;
    return end != COUNT_DONE && end != COUNT_STOPPED;
}

/* Returns 1 if the engine must end (see await_count). */
static int go_perft(const engine_state *s, line_reader *r, int depth)
{
    hx_error err;
    hx_position *pos = current_position(s, &err);
    if (!pos) {
        perft_error(err.message);
        return 0;
    }
    pid_t child = 0;
    int end = 0;
    if (depth > hx_perft_max_depth(pos)) {
        snprintf(err.message, sizeof err.message, "depth %d does not fit: the history holds %d "
                 "plies, so the limit here is %d", depth, HX_MAX_PLIES, hx_perft_max_depth(pos));
        perft_error(err.message);
    } else {
        int fd = start_count(pos, depth, &child);
        if (fd < 0)
            perft_error("cannot start the count");
        else
            end = await_count(r, fd, child);
    }
    hx_position_free(pos);
    return end;
}

static int go(const engine_state *s, line_reader *r, const char *args)
{
    char *end = NULL;
    args = skip_blanks(args);
    if (!token_is(args, "perft")) {
        reply("info string only 'go perft N' is supported\nbestmove 0000\n", "");
        return 0;
    }
    long depth = strtol(args + 5, &end, 10);
    char message[96];
    snprintf(message, sizeof message, "go perft needs a depth from 0 to %d (the limit)",
             HX_PERFT_MAX_DEPTH);
    if (end == args + 5 || *skip_blanks(end) != '\0' || depth < 0 || depth > HX_PERFT_MAX_DEPTH) {
        perft_error(message);
        return 0;
    }
    return go_perft(s, r, (int)depth);
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

/* Runs one command line; returns 1 on quit (or when a count ended the
 * engine: see await_count). */
static int dispatch(engine_state *s, line_reader *r, char *line)
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
        reply("readyok\n", "");
    else if (strcmp(line, "setoption") == 0)
        set_option(s, args);
    else if (strcmp(line, "position") == 0)
        set_position(s, args);
    else if (strcmp(line, "go") == 0)
        return go(s, r, args);
    else if (strcmp(line, "status") == 0)
        status(s);
    else if (strcmp(line, "d") == 0)
        draw(s);
    else if (line[0] && strcmp(line, "ucinewgame") != 0 && strcmp(line, "stop") != 0)
        reply("info string unknown command: %s\n", line);
    return 0;
}

/* Runs one entry of the queue (see command_queue); returns 1 to end. */
static int run_queued(engine_state *s, line_reader *r, char *entry)
{
    int end = 0;
    if (entry[0] == 'd') {
        s->line_dropped = 1;
        reply("info string a command line longer than %s was ignored\n", "64 KiB");
    } else if (entry[0] == 's') {
        perft_error("stopped");
    } else {
        end = dispatch(s, r, entry + 1);
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
    static line_reader reader;
    static char line[1 << 16];
    for (int done = 0; !done && !output_failed;) {
        char *entry = queue_take();
        int taken = entry ? 0 : next_line(&reader, line, sizeof line);
        if (entry) {
            done = run_queued(&s, &reader, entry);
        } else if (taken == LINE_DROPPED) {
            s.line_dropped = 1;
            reply("info string a command line longer than %s was ignored\n", "64 KiB");
        } else if (taken) {
            done = dispatch(&s, &reader, line);
        } else if (reader.eof) {
            break;
        } else {
            fill_reader(&reader);
        }
        if (ferror(stdout))
            output_failed = 1;
    }
    queue_clear();
    free(s.fen);
    free(s.moves);
    if (output_failed) {
        fprintf(stderr, "hexref engine: cannot write to stdout (%s): the driver is gone\n",
                strerror(EPIPE));
        return EXIT_BAD_INPUT;
    }
    return EXIT_OK;
}
