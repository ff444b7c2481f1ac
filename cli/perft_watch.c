/*
 * perft_watch.c - what a long perft shows and keeps while it runs: progress
 * on a terminal (jobs done, nodes/s, ETA) and, with --checkpoint FILE, the
 * counts of its finished jobs, so that the same command run again resumes
 * where the last run stopped (docs/perft.md, "Checkpoint format").
 *
 * Plain perft and divide (no deep option) show the same line on a terminal
 * once they have counted for a second (PERFT_WATCH_QUIET_FOR); there the
 * jobs are the lines two plies down, each counted by hx_perft itself
 * (perft_watch_count), so the count runs the very code it runs off a
 * terminal.
 *
 * A checkpoint is a text file: HEADER_LINES header lines that name
 * everything the count depends on (hexref's rules version, variant,
 * profile, the start HexFEN and the moves played from it, so that
 * history-dependent state such as diag-firstmove's pawn marks is part of
 * it, the HexFEN reached, depth, jobs), then one `done JOB COUNT CHECK` line
 * per finished job (JOB indexes hx_perft_deep's jobs). CHECK is a hash of
 * the header and the line, so an edited, torn or transplanted line is
 * refused. The file is locked (flock) for the run; each save is a mkstemp
 * file in the same directory, fsynced, locked and renamed over FILE, so a
 * crash leaves the previous complete checkpoint and the lock stays on the
 * file the name points to. (The shared output module of issue 25 item 4
 * could take over the temp-and-rename part; the lock hand-over is this
 * file's own.)
 */
#include "perft_watch.h"

#include "clock.h"
#include "hexref_version.h"
#include "perft_lines.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

enum { HEADER_LINES = 10 };
static const char MAGIC[] = "hexref perft checkpoint 2";
static const double PRINT_EVERY = 0.5, SAVE_EVERY = 5.0; /* seconds */

/* ---- Checkpoint file ----------------------------------------------------- */

/* The moves of --moves as hexref writes them (canonical cell names), one
 * space apart, or "-": the same moves spelt differently are one history. */
static int canonical_moves(const cli_opts *o, const cli_position *cp, char **out)
{
    hx_error err;
    hx_position *pos = hx_position_new(cp->rules);
    size_t cap = (o->moves ? strlen(o->moves) * 2 : 0) + 2, len = 0;
    char *text = malloc(cap), *copy = strdup(o->moves ? o->moves : "");
    int rc = !pos || !text || !copy || hx_position_set_fen(pos, o->fen, &err) != 0;
    char *save = NULL;
    for (char *m = strtok_r(copy, " ,", &save); !rc && m; m = strtok_r(NULL, " ,", &save)) {
        hx_move move;
        char name[HX_MOVE_TEXT_MAX];
        rc = hx_move_parse(pos, m, o->naming, &move, &err) != 0;
        if (rc)
            break;
        hx_move_text(pos, move, 0, name);
        hx_make(pos, move);
        if (len + strlen(name) + 2 > cap && !(text = realloc(text, cap = cap * 2 + strlen(name))))
            rc = 1;
        else
            len += (size_t)sprintf(text + len, "%s%s", len ? " " : "", name);
    }
    if (!rc && !len)
        strcpy(text, "-");
    hx_position_free(pos);
    free(copy);
    if (rc)
        free(text);
    *out = rc ? NULL : text;
    return rc ? cli_bad_input("out of memory") : 0; /* the moves were played once already */
}

static int make_header(perft_watch *pw, const cli_opts *o, const cli_position *cp, int depth)
{
    char fen[HX_FEN_MAX], start[HX_FEN_MAX], *moves = NULL;
    hx_position_fen(cp->pos, fen);
    hx_position *first = hx_position_new(cp->rules);
    hx_error err;
    if (!first || hx_position_set_fen(first, o->fen, &err) != 0) {
        hx_position_free(first);
        return cli_bad_input("out of memory");
    }
    hx_position_fen(first, start);
    hx_position_free(first);
    int rc = canonical_moves(o, cp, &moves);
    if (rc)
        return rc;
    size_t cap = strlen(moves) + 3 * HX_FEN_MAX + 512;
    if (!(pw->header = malloc(cap))) {
        free(moves);
        return cli_bad_input("out of memory");
    }
    snprintf(pw->header, cap,
             "%s\nrules hexref %s\nvariant %s\nprofile %s\nstart %s\nmoves %s\nfen %s\n"
             "depth %d\njobs %d\nlines done JOB COUNT CHECK\n",
             MAGIC, HEXREF_VERSION, o->variant, o->profile ? o->profile : "std", start, moves,
             fen, depth, pw->w.njobs);
    free(moves);
    pw->header_hash = pl_hash_bytes(PL_HASH_START, pw->header, strlen(pw->header));
    return 0;
}

/* The header line `line` (0-based) of text: its start and length. */
static const char *header_line(const char *text, int line, size_t *len)
{
    for (int i = 0; i < line; i++)
        text = strchr(text, '\n') + 1;
    *len = strcspn(text, "\n");
    return text;
}

static int load_error(const perft_watch *pw, long line, const char *what)
{
    return cli_bad_input("%s:%ld: %s", pw->checkpoint, line, what);
}

/* A header line must be this count's: names the first field that differs. */
static int load_header_line(const perft_watch *pw, const char *text, size_t len, long line)
{
    size_t want_len = 0;
    const char *want = header_line(pw->header, (int)line - 1, &want_len);
    if (len == want_len && !memcmp(text, want, len))
        return 0;
    if (line == 1)
        return load_error(pw, line, strncmp(text, "hexref perft checkpoint", 23)
                                        ? "not a checkpoint of hexref perft"
                                        : "a checkpoint of an older hexref (no line checks): "
                                          "remove it to count afresh");
    size_t field = strcspn(want, " ");
    return cli_bad_input("%s:%ld: a checkpoint of another count: its %.*s is '%.*s', this "
                         "count's is '%.*s'", pw->checkpoint, line, (int)field, want,
                         (int)(len > field ? len - field - 1 : 0), text + (len > field ? field + 1 : len),
                         (int)(want_len - field - 1), want + field + 1);
}

/* One `done JOB COUNT CHECK` line (without its newline), strictly. */
static int load_done(perft_watch *pw, const char *text, size_t len, long line)
{
    uint64_t job = 0, count = 0;
    const char *problem = pl_parse_done(text, len, pw->header_hash, (uint64_t)pw->w.njobs, &job, &count);
    if (!problem && count == HX_PERFT_NOT_DONE)
        problem = "a count of 2^64 - 1 (the value of a job not done)";
    if (problem)
        return load_error(pw, line, problem);
    uint64_t *slot = &pw->w.job_nodes[job];
    if (*slot != HX_PERFT_NOT_DONE)
        return load_error(pw, line, "job listed twice");
    *slot = count;
    pw->resumed++;
    pw->resumed_nodes += count;
    return 0;
}

static int load_line(perft_watch *pw, const char *text, ssize_t got, long line, int at_eof)
{
    size_t len = (size_t)got - (got > 0 && text[got - 1] == '\n');
    if (memchr(text, '\0', len))
        return load_error(pw, line, "a NUL byte (not a text file)");
    if ((size_t)got == len)
        return load_error(pw, line, at_eof ? "the last line has no newline (a truncated or torn file)"
                                           : "line without its newline");
    if (memchr(text, '\r', len))
        return load_error(pw, line, "a carriage return (CR) in the line");
    return line <= HEADER_LINES ? load_header_line(pw, text, len, line)
                                : load_done(pw, text, len, line);
}

/* Reads the locked checkpoint: empty (new), or one of this very count. */
static int load_checkpoint(perft_watch *pw)
{
    FILE *in = fdopen(dup(pw->lock_fd), "r");
    if (!in)
        return cli_bad_input("%s: %s", pw->checkpoint, strerror(errno));
    char *text = NULL;
    size_t cap = 0;
    long line = 0;
    int rc = 0;
    ssize_t got;
    while (!rc && (got = getline(&text, &cap, in)) > 0)
        rc = load_line(pw, text, got, ++line, text[got - 1] != '\n');
    if (!rc && ferror(in))
        rc = cli_bad_input("%s: read error", pw->checkpoint);
    if (!rc && line > 0 && line < HEADER_LINES)
        rc = load_error(pw, line, "not a complete checkpoint header (a torn file)");
    free(text);
    fclose(in);
    return rc;
}

/* Opens and locks the checkpoint (created empty if missing) before the
 * count: a path that cannot be written, a file that is not regular (a FIFO
 * is opened without blocking) and a checkpoint in use are refused now. */
static int lock_checkpoint(perft_watch *pw)
{
    for (;;) {
        int fd = open(pw->checkpoint, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        pw->created = fd >= 0;
        if (fd < 0 && errno == EEXIST)
            fd = open(pw->checkpoint, O_RDWR | O_NONBLOCK | O_CLOEXEC);
        struct stat st, now;
        if (fd < 0)
            return cli_bad_input("%s: checkpoint cannot be written: %s", pw->checkpoint, strerror(errno));
        if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
            close(fd);
            return cli_bad_input("%s: not a regular file (a checkpoint must be one)", pw->checkpoint);
        }
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            close(fd);
            return cli_bad_input("%s: checkpoint in use by another run (locked)", pw->checkpoint);
        }
        /* A run that saved between our open and our lock renamed a new
         * file over the name: lock that one instead. */
        if (stat(pw->checkpoint, &now) == 0 && now.st_ino == st.st_ino && now.st_dev == st.st_dev) {
            pw->lock_fd = fd;
            return fcntl(fd, F_SETFL, 0) == 0 ? 0 : cli_bad_input("%s: %s", pw->checkpoint, strerror(errno));
        }
        close(fd);
    }
}

static int write_checkpoint(perft_watch *pw, FILE *out)
{
    fputs(pw->header, out);
    for (int i = 0; i < pw->w.njobs; i++)
        if (pw->w.job_nodes[i] != HX_PERFT_NOT_DONE) {
            unsigned long long n = pw->w.job_nodes[i];
            fprintf(out, "done %d %llu %016llx\n", i, n,
                    (unsigned long long)pl_done_check(pw->header_hash, (uint64_t)i, n));
        }
    return fflush(out) != 0 || ferror(out) || fsync(fileno(out)) != 0 ? -1 : 0;
}

/* Writes a temp file next to the checkpoint, locks it and renames it over
 * the checkpoint; the lock moves with the name. 0, or -1 with errno. */
static int replace_checkpoint(perft_watch *pw)
{
    char *dir_copy = strdup(pw->checkpoint);
    size_t cap = strlen(pw->checkpoint) + 32;
    char *tmp = malloc(cap);
    if (!dir_copy || !tmp) {
        free(dir_copy);
        free(tmp);
        return -1;
    }
    snprintf(tmp, cap, "%s/.%s.XXXXXX", dirname(dir_copy), strrchr(pw->checkpoint, '/')
             ? strrchr(pw->checkpoint, '/') + 1 : pw->checkpoint);
    free(dir_copy);
    struct stat st;
    int fd = mkstemp(tmp), err = 0;
    FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!out || fstat(pw->lock_fd, &st) != 0 || fchmod(fd, st.st_mode & 0777) != 0 ||
        write_checkpoint(pw, out) != 0 || flock(fd, LOCK_EX | LOCK_NB) != 0 ||
        rename(tmp, pw->checkpoint) != 0)
        err = errno ? errno : EIO;
    if (err) {
        if (out)
            fclose(out);
        else if (fd >= 0)
            close(fd);
        if (fd >= 0)
            unlink(tmp);
        free(tmp);
        errno = err;
        return -1;
    }
    free(tmp);
    close(pw->lock_fd);        /* the old file's lock: the new one holds it now */
    pw->lock_fd = dup(fd);
    fclose(out);
    return pw->lock_fd >= 0 ? 0 : -1;
}

/* A save that fails is a warning: the count goes on and is printed. */
static void save_checkpoint(perft_watch *pw)
{
    errno = 0;
    if (replace_checkpoint(pw) == 0) {
        pw->saved = 1;
        return;
    }
    fprintf(stderr, "hexref: warning: %s: checkpoint not written: %s\n", pw->checkpoint,
            strerror(errno ? errno : EIO));
    pw->save_failed = 1;
}

/* ---- Progress ------------------------------------------------------------ */

static void print_progress(perft_watch *pw, double now)
{
    int done = pw->resumed + pw->done, left = pw->total_jobs - done;
    double seconds = now - pw->start;
    double rate = seconds > 0 ? (double)pw->nodes / seconds : 0;
    double eta = pw->done ? seconds / pw->done * left : 0;
    long e = (long)eta;
    fprintf(stderr, "\r%s: %d/%d jobs, %.3g nodes/s, ETA %ld:%02ld:%02ld ", pw->label, done,
            pw->total_jobs, rate, e / 3600, e / 60 % 60, e % 60);
    pw->last_print = now;
}

/* Called by hx_perft_deep_watched after each job, one call at a time. */
static void job_done(void *ctx, int job, uint64_t nodes)
{
    perft_watch *pw = ctx;
    (void)job;
    pw->done++;
    pw->nodes += nodes;
    double now = hx_now();
    if (pw->show && now - pw->start >= pw->show_after && now - pw->last_print >= PRINT_EVERY)
        print_progress(pw, now);
    if (pw->checkpoint && !pw->save_failed && now - pw->last_save >= SAVE_EVERY) {
        pw->last_save = now;
        save_checkpoint(pw); /* a failure is said once; the final save tries again */
    }
}

/* ---- The watch of one count ---------------------------------------------- */

/* What every watch starts with: nothing to show unless stderr is a terminal. */
static void watch_init(perft_watch *pw, const char *label, double show_after)
{
    memset(pw, 0, sizeof *pw);
    pw->lock_fd = -1;
    pw->label = label;
    pw->show_after = show_after;
    pw->show = isatty(STDERR_FILENO);
    pw->start = pw->last_save = hx_now();
}

/* pw->w for a count of n jobs, none done yet. 0, or -1 (memory). */
static int watch_jobs(perft_watch *pw, int n)
{
    pw->w = (hx_perft_watch){.njobs = n, .job_done = job_done, .ctx = pw};
    if (!(pw->w.job_nodes = malloc((size_t)n * sizeof *pw->w.job_nodes)))
        return -1;
    for (int i = 0; i < n; i++)
        pw->w.job_nodes[i] = HX_PERFT_NOT_DONE;
    return 0;
}

int perft_watch_open(perft_watch *pw, const cli_opts *o, cli_position *cp, int depth)
{
    watch_init(pw, "perft", 0);
    pw->checkpoint = o->checkpoint;
    if (!pw->checkpoint && !pw->show)
        return 0;
    int n = hx_perft_deep_jobs(cp->pos, depth);
    if (n <= 0)
        return n < 0 ? cli_bad_input("out of memory") : 0; /* depth < 2: nothing to watch */
    if (watch_jobs(pw, n) != 0)
        return cli_bad_input("out of memory");
    pw->total_jobs = n;
    pw->active = 1;
    int rc = pw->checkpoint ? make_header(pw, o, cp, depth) : 0;
    if (!rc && pw->checkpoint && !(rc = lock_checkpoint(pw)))
        rc = load_checkpoint(pw);
    if (!rc && pw->resumed)
        fprintf(stderr, "checkpoint: %d of %d jobs done in an earlier run (%s)\n", pw->resumed, n,
                pw->checkpoint);
    return rc;
}

/* The lines a plain count of depth is cut into: two plies down (one at
 * depth 3, none below), so that each is still counted by hx_perft with its
 * bulk-counted last ply. */
static int line_plies(int depth) { return depth >= 4 ? 2 : depth == 3 ? 1 : 0; }

void perft_watch_open_lines(perft_watch *pw, const char *label, hx_position *pos, int depth,
                            int below_root)
{
    watch_init(pw, label, PERFT_WATCH_QUIET_FOR);
    if (!(pw->active = pw->show))
        return;
    if (!below_root) {
        pw->total_jobs = (int)hx_perft(pos, line_plies(depth));
        return;
    }
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        hx_make(pos, moves[i]);
        pw->total_jobs += (int)hx_perft(pos, line_plies(depth - 1));
        hx_unmake(pos);
    }
}

/* hx_perft's recursion for the first `plies` plies, a job_done per line. */
static uint64_t count_lines(perft_watch *pw, hx_position *pos, int depth, int plies)
{
    if (plies == 0) {
        uint64_t nodes = hx_perft(pos, depth);
        job_done(pw, 0, nodes);
        return nodes;
    }
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    uint64_t nodes = 0;
    for (int i = 0; i < n && nodes != UINT64_MAX; i++) {
        hx_make(pos, moves[i]);
        uint64_t below = count_lines(pw, pos, depth - 1, plies - 1);
        hx_unmake(pos);
        nodes = below > UINT64_MAX - nodes ? UINT64_MAX : nodes + below;
    }
    return nodes;
}

uint64_t perft_watch_count(perft_watch *pw, hx_position *pos, int depth)
{
    if (!pw->active || depth > hx_perft_max_depth(pos))
        return hx_perft(pos, depth);
    return count_lines(pw, pos, depth, line_plies(depth));
}

int perft_watch_close(perft_watch *pw, int counted)
{
    if (pw->active && pw->show && hx_now() - pw->start >= pw->show_after) {
        print_progress(pw, hx_now()); /* where it ended */
        fputc('\n', stderr);
    }
    if (pw->active && pw->lock_fd >= 0 && (counted || pw->done))
        save_checkpoint(pw);
    if (pw->created && !pw->saved) /* the empty file of the lock, nothing kept */
        unlink(pw->checkpoint);
    if (pw->lock_fd >= 0)
        close(pw->lock_fd);
    free(pw->w.job_nodes);
    free(pw->header);
    pw->w.job_nodes = NULL;
    pw->header = NULL;
    pw->lock_fd = -1;
    return 0;
}
