/*
 * gen_output.c - hexref gen's output file (gen.h): the header that records
 * the options, the check of an existing file's header and line ids for
 * --resume (which cuts a torn last line off), and the progress line on a
 * terminal.
 */
#include "gen.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input_file.h"

/* The progress bar, on a terminal only (a log gets the last line of gen). */
void gen_show_progress(const gen_run *g)
{
    if (!cli_progress_wanted())
        return;
    double t = hx_now() - g->start;
    int made = g->done - g->first, left = g->o->count - g->done;
    double eta = made ? t / made * left : 0;
    int width = 30, filled = g->o->count ? width * g->done / g->o->count : width;
    fprintf(stderr, "\r[%.*s%*s] %d/%d positions, %.3g nodes/s, ETA %d:%02d ", filled,
            "##############################", width - filled, "", g->done, g->o->count,
            t > 0 ? (double)g->nodes / t : 0.0, (int)eta / 60, (int)eta % 60);
}

void gen_make_header(gen_run *g)
{
    snprintf(g->header, sizeof g->header,
             "# hexref gen -v %s -p %s --count %d --depth %d --seed %llu --bias %s "
             "--check-depth %d --max-nodes %llu\n",
             hx_rules_variant(g->rules), g->profile, g->o->count, g->depth,
             (unsigned long long)g->o->seed, g->o->bias ? g->o->bias : "none", g->check_depth,
             (unsigned long long)g->o->max_nodes);
}

/* A complete line of the file must end in the id of position *lines. */
static int check_line_id(const gen_run *g, const char *text, long lineno, int *lines)
{
    char want[64];
    snprintf(want, sizeof want, ";id gen-%llu-%d\n", (unsigned long long)g->o->seed, *lines);
    size_t n = strlen(text), w = strlen(want);
    if (n < w || strcmp(text + n - w, want) != 0)
        return cli_bad_input("%s:%ld: expected the line of position %d", g->o->output, lineno,
                             *lines);
    (*lines)++;
    return 0;
}

/* Reads an existing file: checks the header and line ids, counts complete
 * lines, and returns the length of the complete part in *keep. */
static int scan_existing(gen_run *g, FILE *in, int *lines, long *keep)
{
    /* getline, not a fixed buffer: a line longer than the buffer looked
     * like the torn last line of an interrupted write, and --resume cut
     * the file there, dropping the lines after it. */
    char *text = NULL;
    size_t cap = 0;
    ssize_t got;
    long lineno = 0, offset = 0;
    int rc = 0;
    *lines = 0;
    while (!rc && (got = getline(&text, &cap, in)) > 0) {
        lineno++;
        if (text[got - 1] != '\n') {
            /* The partial line of an interrupted write; a torn header
             * means nothing was written yet. */
            if (lineno == 1 && strncmp(text, g->header, (size_t)got) != 0)
                rc = cli_bad_input("%s:1: not a file of hexref gen", g->o->output);
            break;
        }
        if (lineno == 1 && strcmp(text, g->header) != 0)
            rc = cli_bad_input("%s:1: the file was made with other options:\n  %s", g->o->output,
                               text);
        else if (lineno > 1)
            rc = check_line_id(g, text, lineno, lines);
        offset += (long)got;
    }
    free(text);
    *keep = offset; /* 0: killed before the header was complete */
    return rc;
}

static int open_resume(gen_run *g)
{
    hx_error why;
    FILE *in = hx_input_open(g->o->output, &why);
    if (!in)
        return cli_bad_input("%s (--resume needs the file of the interrupted run)", why.message);
    long keep = 0;
    int rc = scan_existing(g, in, &g->first, &keep);
    fclose(in);
    if (rc)
        return rc;
    if (truncate(g->o->output, keep) != 0)
        return cli_bad_input("%s: %s", g->o->output, strerror(errno));
    g->out = fopen(g->o->output, "a");
    if (!g->out)
        return cli_bad_input("%s: %s", g->o->output, strerror(errno));
    if (keep == 0 && (fputs(g->header, g->out) == EOF || fflush(g->out)))
        return cli_bad_input("%s: write error: %s", g->o->output, strerror(errno));
    return 0;
}

int gen_open_output(gen_run *g)
{
    g->first = 0;
    if (g->o->resume)
        return open_resume(g);
    if (access(g->o->output, F_OK) == 0)
        return cli_bad_input("%s exists: continue it with --resume, or remove it", g->o->output);
    g->out = fopen(g->o->output, "w");
    if (!g->out)
        return cli_bad_input("%s: %s", g->o->output, strerror(errno));
    if (fputs(g->header, g->out) == EOF || fflush(g->out))
        return cli_bad_input("%s: write error: %s", g->o->output, strerror(errno));
    return 0;
}

