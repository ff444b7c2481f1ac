/*
 * perft_watch.c - what a long perft shows and keeps while it runs: progress
 * on a terminal (jobs done, nodes/s, ETA) and, with --checkpoint FILE, the
 * counts of its finished jobs, so that the same command run again resumes
 * where the last run stopped (docs/perft.md).
 *
 * A checkpoint is a text file: six header lines that name the count, then
 * one `done JOB COUNT` line per finished job (JOB indexes hx_perft_deep's
 * jobs, which are the same for the same position and depth). It is written
 * to FILE.tmp and renamed over FILE, so a crash leaves the previous complete
 * checkpoint, never half of one.
 */
#include "perft_watch.h"

#include "clock.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { HEADER_LINES = 6 };
static const double PRINT_EVERY = 0.5, SAVE_EVERY = 5.0; /* seconds */

/* ---- Checkpoint file ----------------------------------------------------- */

static void make_header(perft_watch *pw, const cli_opts *o, const cli_position *cp, int depth)
{
    char fen[HX_FEN_MAX];
    hx_position_fen(cp->pos, fen);
    snprintf(pw->header, sizeof pw->header,
             "hexref perft checkpoint\nvariant %s\nprofile %s\nfen %s\ndepth %d\njobs %d\n",
             o->variant, o->profile ? o->profile : "std", fen, depth, pw->w.njobs);
}

/* The header line `line` (0-based) of text, without its newline. */
static void header_line(const char *text, int line, char *out, size_t cap)
{
    for (int i = 0; i < line && text; i++)
        text = strchr(text, '\n') ? strchr(text, '\n') + 1 : NULL;
    size_t len = text ? strcspn(text, "\n") : 0;
    snprintf(out, cap, "%.*s", (int)(len < cap ? len : cap - 1), text ? text : "");
}

static int load_error(const perft_watch *pw, long line, const char *what)
{
    return cli_bad_input("%s:%ld: %s", pw->checkpoint, line, what);
}

/* One `done JOB COUNT` line. */
static int load_done(perft_watch *pw, const char *text, long line)
{
    int job = -1, used = 0;
    unsigned long long count = 0;
    if (sscanf(text, "done %d %llu%n", &job, &count, &used) != 2 || text[used] != '\n' ||
        job < 0 || job >= pw->w.njobs || count == HX_PERFT_NOT_DONE)
        return load_error(pw, line, "expected 'done JOB COUNT' with JOB below the job count");
    uint64_t *slot = &pw->w.job_nodes[job];
    if (*slot != HX_PERFT_NOT_DONE)
        return load_error(pw, line, "job listed twice");
    *slot = count;
    pw->resumed++;
    pw->resumed_nodes += count;
    return 0;
}

/* Reads the checkpoint if it exists: it must be one of this very count. */
static int load_checkpoint(perft_watch *pw)
{
    FILE *in = fopen(pw->checkpoint, "r");
    if (!in)
        return errno == ENOENT ? 0 : cli_bad_input("%s: %s", pw->checkpoint, strerror(errno));
    char text[HX_FEN_MAX + 64], want[HX_FEN_MAX + 64];
    long line = 0;
    int rc = 0;
    while (!rc && fgets(text, sizeof text, in)) {
        line++;
        if (!strchr(text, '\n'))
            rc = load_error(pw, line, "line too long or without its newline (a truncated file)");
        else if (line <= HEADER_LINES) {
            header_line(pw->header, (int)line - 1, want, sizeof want);
            if (strncmp(text, want, strlen(want)) || text[strlen(want)] != '\n')
                rc = cli_bad_input("%s:%ld: a checkpoint of another perft: '%.*s', this one is '%s'",
                                   pw->checkpoint, line, (int)strcspn(text, "\n"), text, want);
        } else {
            rc = load_done(pw, text, line);
        }
    }
    if (!rc && ferror(in))
        rc = cli_bad_input("%s: read error", pw->checkpoint);
    if (!rc && line < HEADER_LINES)
        rc = load_error(pw, line, "not a complete checkpoint header");
    fclose(in);
    return rc;
}

static int save_checkpoint(perft_watch *pw)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", pw->checkpoint) >= (int)sizeof tmp)
        return cli_bad_input("%s: path too long", pw->checkpoint);
    FILE *out = fopen(tmp, "w");
    if (!out)
        return cli_bad_input("%s: %s", tmp, strerror(errno));
    fputs(pw->header, out);
    for (int i = 0; i < pw->w.njobs; i++)
        if (pw->w.job_nodes[i] != HX_PERFT_NOT_DONE)
            fprintf(out, "done %d %llu\n", i, (unsigned long long)pw->w.job_nodes[i]);
    int failed = ferror(out) | fclose(out);
    if (failed || rename(tmp, pw->checkpoint) != 0) {
        int err = errno;
        remove(tmp);
        return cli_bad_input("%s: checkpoint not written: %s", pw->checkpoint, strerror(err));
    }
    return 0;
}

/* ---- Progress ------------------------------------------------------------ */

static void print_progress(perft_watch *pw, double now)
{
    int done = pw->resumed + pw->done, left = pw->w.njobs - done;
    double seconds = now - pw->start;
    double rate = seconds > 0 ? (double)pw->nodes / seconds : 0;
    double eta = pw->done ? seconds / pw->done * left : 0;
    long e = (long)eta;
    fprintf(stderr, "\rperft: %d/%d jobs, %.3g nodes/s, ETA %ld:%02ld:%02ld ", done, pw->w.njobs,
            rate, e / 3600, e / 60 % 60, e % 60);
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
    if (pw->show && now - pw->last_print >= PRINT_EVERY)
        print_progress(pw, now);
    if (pw->checkpoint && !pw->save_failed && now - pw->last_save >= SAVE_EVERY) {
        pw->last_save = now;
        pw->save_failed = save_checkpoint(pw) != 0; /* said once; the final save says it again */
    }
}

/* ---- The watch of one count ---------------------------------------------- */

int perft_watch_open(perft_watch *pw, const cli_opts *o, cli_position *cp, int depth)
{
    memset(pw, 0, sizeof *pw);
    pw->checkpoint = o->checkpoint;
    pw->show = isatty(STDERR_FILENO);
    pw->start = pw->last_save = hx_now();
    if (!pw->checkpoint && !pw->show)
        return 0;
    int n = hx_perft_deep_jobs(cp->pos, depth);
    if (n <= 0)
        return n < 0 ? cli_bad_input("out of memory") : 0; /* depth < 2: nothing to watch */
    if (!(pw->w.job_nodes = malloc((size_t)n * sizeof *pw->w.job_nodes)))
        return cli_bad_input("out of memory");
    for (int i = 0; i < n; i++)
        pw->w.job_nodes[i] = HX_PERFT_NOT_DONE;
    pw->w.njobs = n;
    pw->w.job_done = job_done;
    pw->w.ctx = pw;
    pw->active = 1;
    make_header(pw, o, cp, depth);
    int rc = pw->checkpoint ? load_checkpoint(pw) : 0;
    if (!rc && pw->resumed)
        fprintf(stderr, "checkpoint: %d of %d jobs done in an earlier run (%s)\n", pw->resumed, n,
                pw->checkpoint);
    return rc;
}

int perft_watch_close(perft_watch *pw, int counted)
{
    int rc = 0;
    if (pw->active && pw->show) {
        print_progress(pw, hx_now()); /* where it ended */
        fputc('\n', stderr);
    }
    if (pw->active && pw->checkpoint && (counted || pw->done))
        rc = save_checkpoint(pw);
    free(pw->w.job_nodes);
    pw->w.job_nodes = NULL;
    return rc;
}
