/*
 * engine_io.c - the input and output of `hexref engine` (engine_io.h): stdin
 * read with read(2) so that poll() sees every byte not yet taken (stdio
 * would hide buffered lines from it), the queue of commands read while a
 * count runs, stdout written a whole line at a time, and the count itself in
 * a child process whose answer is copied to stdout while commands are read.
 */
#include "engine_io.h"

#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct line_reader {
    char buf[1 << 16];
    size_t len;
    int eof;
    int dropping; /* inside a line longer than buf, until its newline */
} line_reader;

/* Commands read while a count runs, to be run after it in order. Each
 * entry starts with its kind: 'c' a command line, 'd' the end of an
 * over-long line that was dropped, 's' a go that a later stop ended before
 * it ran. Bounded: when full, stdin is not read until the count ends. */
enum { QUEUE_MAX = 4096 };
typedef struct command_queue {
    char *entry[QUEUE_MAX];
    int head, n;
} command_queue;

struct engine_io {
    line_reader in;
    command_queue queue;
    int output_failed;     /* a write to stdout failed: the driver is gone */
    char scratch[1 << 16]; /* a command line taken while counting */
    char pending[1 << 16]; /* the count's output not yet copied (part of a line) */
};

engine_io *engine_io_new(void)
{
    return calloc(1, sizeof(engine_io));
}

int engine_io_failed(const engine_io *io)
{
    return io->output_failed;
}

void engine_io_set_failed(engine_io *io)
{
    io->output_failed = 1;
}

int engine_io_eof(const engine_io *io)
{
    return io->in.eof;
}

/* Whether s starts with the whole word (followed by a blank or the end), so
 * that `stopwatch` is not `stop` nor `perft3` `perft`. */
int engine_token_is(const char *s, const char *word)
{
    size_t n = strlen(word);
    return strncmp(s, word, n) == 0 && (s[n] == '\0' || isspace((unsigned char)s[n]));
}

void engine_reply(const char *fmt, const char *arg)
{
    printf(fmt, arg);
    fflush(stdout);
}

const char *engine_skip_blanks(const char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    return s;
}

/* The error form of an answer: an error line and a terminator, so that a
 * driver waiting for "Nodes searched" is never left waiting. */
void engine_perft_error(const char *message)
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


static int queue_push(engine_io *io, char kind, const char *line)
{
    size_t len = strlen(line);
    char *e = malloc(len + 2);
    if (!e)
        return -1;
    e[0] = kind;
    memcpy(e + 1, line, len + 1);
    io->queue.entry[(io->queue.head + io->queue.n++) % QUEUE_MAX] = e;
    return 0;
}

/* The oldest entry (the caller frees it), or NULL. */
char *engine_io_take_queued(engine_io *io)
{
    if (io->queue.n == 0)
        return NULL;
    char *e = io->queue.entry[io->queue.head];
    io->queue.head = (io->queue.head + 1) % QUEUE_MAX;
    io->queue.n--;
    return e;
}

static void queue_clear(engine_io *io)
{
    char *e;
    while ((e = engine_io_take_queued(io)) != NULL)
        free(e);
}

/* A stop ends every go sent before it: those still queued are answered
 * with the stopped form instead of counting. */
static void stop_queued_goes(engine_io *io)
{
    for (int i = 0; i < io->queue.n; i++) {
        char *e = io->queue.entry[(io->queue.head + i) % QUEUE_MAX];
        if (e[0] == 'c' && engine_token_is(engine_skip_blanks(e + 1), "go"))
            e[0] = 's';
    }
}

/* stdout is the one place answers are written, a whole line at a time: a
 * failed write (EPIPE: the driver is gone) is remembered and ends the
 * engine. */

static void emit(engine_io *io, const char *text, size_t n)
{
    if (n && (fwrite(text, 1, n, stdout) != n || fflush(stdout) != 0))
        io->output_failed = 1;
}

/* quit and the end of input drop the queued commands, but each isready
 * sent before them still gets its readyok. */
static void answer_queued_isready(engine_io *io)
{
    for (int i = 0; i < io->queue.n; i++) {
        const char *e = io->queue.entry[(io->queue.head + i) % QUEUE_MAX];
        if (e[0] == 'c' && engine_token_is(engine_skip_blanks(e + 1), "isready"))
            emit(io, "readyok\n", 8);
    }
}

/* How a count ended. */
enum count_end { COUNT_DONE, COUNT_STOPPED, COUNT_QUIT, COUNT_EOF, COUNT_GONE };

/* Takes the commands buffered on stdin while counting: stop and quit act at
 * once, isready is answered at once when nothing is queued before it, the
 * rest is queued. Returns how the count must end, or -1 to go on. */
static int take_commands(engine_io *io)
{
    char *line = io->scratch;
    int taken;
    while (io->queue.n < QUEUE_MAX &&
           (taken = engine_io_next_line(io, line, sizeof io->scratch)) != 0) {
        line[strcspn(line, "\r\n")] = '\0';
        const char *cmd = engine_skip_blanks(line);
        if (taken == ENGINE_LINE_DROPPED) {
            if (queue_push(io, 'd', "") != 0)
                return COUNT_GONE;
        } else if (engine_token_is(cmd, "stop")) {
            return COUNT_STOPPED;
        } else if (engine_token_is(cmd, "quit")) {
            return COUNT_QUIT;
        } else if (engine_token_is(cmd, "isready") && io->queue.n == 0) {
            emit(io, "readyok\n", 8);
        } else if (queue_push(io, 'c', line) != 0) {
            return COUNT_GONE;
        }
    }
    return io->in.eof && io->in.len == 0 ? COUNT_EOF : -1;
}

/* Copies the count's output to stdout, whole lines only, so that a readyok
 * never lands inside a line. Returns 0 at the end of the answer. */
static int copy_answer(engine_io *io, int fd, char *pending, size_t *len, size_t cap)
{
    ssize_t got = read(fd, pending + *len, cap - *len);
    if (got < 0 && errno == EINTR)
        return 1;
    if (got <= 0) {
        emit(io, pending, *len); /* a last line without newline, if the child died */
        *len = 0;
        return 0;
    }
    *len += (size_t)got;
    size_t whole = *len;
    while (whole > 0 && pending[whole - 1] != '\n')
        whole--;
    if (whole == 0 && *len == cap)
        whole = *len; /* no line is this long; never stall */
    emit(io, pending, whole);
    memmove(pending, pending + whole, *len - whole);
    *len -= whole;
    return 1;
}

/* Waits for the count while reading commands (take_commands); also ends it
 * when stdin ends or stdout is closed. Returns 1 if the engine must end. */
static int await_count(engine_io *io, int fd, pid_t child)
{
    size_t pending_len = 0;
    int end = -1;
    while (end < 0) {
        if ((end = take_commands(io)) >= 0)
            break;
        if (io->output_failed) {
            end = COUNT_GONE;
            break;
        }
        int read_stdin = io->queue.n < QUEUE_MAX && !io->in.eof;
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
        else if (p[0].revents && !copy_answer(io, fd, io->pending, &pending_len, sizeof io->pending))
            end = COUNT_DONE;
        if (end < 0 && read_stdin && p[2].revents)
            engine_io_fill(io);
    }
    if (end != COUNT_DONE)
        kill(child, SIGKILL);
    close(fd);
    while (waitpid(child, NULL, 0) < 0 && errno == EINTR)
        ;
    if (end == COUNT_STOPPED)
        stop_queued_goes(io);
    if (end == COUNT_STOPPED || end == COUNT_QUIT)
        engine_perft_error("stopped");
    else if (end == COUNT_EOF)
        engine_perft_error("stopped: end of input");
    if (end == COUNT_QUIT || end == COUNT_EOF)
        answer_queued_isready(io);
    if (end == COUNT_GONE)
        io->output_failed = 1;
    return end != COUNT_DONE && end != COUNT_STOPPED;
}

/* Reads what stdin has (blocking): 0 at end of input or on an error. */
int engine_io_fill(engine_io *io)
{
    line_reader *r = &io->in;
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
 * taking its end returns ENGINE_LINE_DROPPED with line empty. */
int engine_io_next_line(engine_io *io, char *line, size_t cap)
{
    line_reader *r = &io->in;
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
        return ENGINE_LINE_DROPPED;
    }
    return 1;
}

/* Counts at most this deep are made here, not in a child: they end in
 * well under a millisecond (a move list and its children's, bulk-counted),
 * before any stop could arrive, while a fork costs milliseconds (its page
 * tables: about 4 ms of system time each on the CI machine, where identify
 * asks about 850 of them, at depths 1 and 2, per run). */
enum { INLINE_DEPTH_MAX = 2 };

int engine_io_count(engine_io *io, hx_position *pos, int depth)
{
    if (depth <= INLINE_DEPTH_MAX) {
        write_divide(pos, depth, stdout);
        if (fflush(stdout) != 0 || ferror(stdout))
            io->output_failed = 1;
        return io->output_failed;
    }
    pid_t child = 0;
    int fd = start_count(pos, depth, &child);
    if (fd < 0) {
        engine_perft_error("cannot start the count");
        return 0;
    }
    return await_count(io, fd, child);
}

void engine_io_free(engine_io *io)
{
    if (!io)
        return;
    queue_clear(io);
    free(io);
}
